import { describe, expect, it } from "vitest";
import { createKeptStore, STALE_MS } from "./kept-store.ts";

const value = (name: string) => ({ name, bytes: 100 });

function store(now = () => 1_000) {
  return createKeptStore<{ name: string; bytes: number }>({ maxBytes: 10_000, ttlMs: 60_000, now });
}

describe("the kept store", () => {
  it("keeps at most maxEntries values, the least recently used going first", () => {
    const kept = createKeptStore<{ name: string; bytes: number }>({
      maxBytes: 10_000,
      maxEntries: 2,
      ttlMs: 60_000,
    });
    kept.begin("/a").finish(value("a"));
    kept.begin("/b").finish(value("b"));
    kept.get("/a");
    kept.begin("/c").finish(value("c"));
    expect(kept.get("/b")).toBeUndefined();
    expect(kept.get("/a")?.name).toBe("a");
    expect(kept.stats()).toEqual({ entries: 2, bytes: 200 });
  });

  it("a stock change stales only the values showing that product's stock", () => {
    const kept = store();
    kept.begin("/product/tote").finish(value("tote"), [1]);
    kept.begin("/product/clutch").finish(value("clutch"), [2]);
    kept.begin("/shop").finish(value("shop"));
    kept.stockChanged([1]);
    expect(kept.get("/product/tote")).toBeUndefined();
    expect(kept.get("/product/clutch")?.name).toBe("clutch");
    expect(kept.get("/shop")?.name).toBe("shop");
    expect(kept.stats().entries).toBe(3);
  });

  it("serves the stale value while one request refreshes it, for at most STALE_MS", async () => {
    let now = 1_000;
    const kept = store(() => now);
    kept.begin("/product/tote").finish(value("old"), [1]);
    kept.stockChanged([1]);
    // The first request after the change finds nothing to serve: it refreshes.
    expect(kept.get("/product/tote")).toBeUndefined();
    expect(kept.pending("/product/tote")).toBeUndefined();
    const refresh = kept.begin("/product/tote");
    // Everyone else meanwhile gets the stale value, until the bound.
    expect(kept.get("/product/tote")?.name).toBe("old");
    now += STALE_MS + 1;
    expect(kept.get("/product/tote")).toBeUndefined();
    const waiting = kept.pending("/product/tote");
    refresh.finish(value("new"), [1]);
    expect((await waiting)?.name).toBe("new");
    expect(kept.get("/product/tote")?.name).toBe("new");
  });

  it("hands the stale value to the request that starts its refresh, within STALE_MS and only once", () => {
    let now = 1_000;
    const kept = store(() => now);
    kept.begin("/product/tote").finish(value("old"), [1]);
    expect(kept.stale("/product/tote")).toBeUndefined();
    kept.stockChanged([1]);
    // The first request gets the stale value to answer and starts the refresh without waiting for it.
    expect(kept.stale("/product/tote")?.name).toBe("old");
    const refresh = kept.begin("/product/tote");
    // While it runs, everyone gets the stale value from `get`; nobody else is asked to refresh.
    expect(kept.stale("/product/tote")).toBeUndefined();
    expect(kept.get("/product/tote")?.name).toBe("old");
    refresh.finish(value("new"), [1]);
    expect(kept.stale("/product/tote")).toBeUndefined();
    expect(kept.get("/product/tote")?.name).toBe("new");
    // Past the bound a stale value is not handed out: the request renders (or waits) as on a miss.
    kept.stockChanged([1]);
    now += STALE_MS + 1;
    expect(kept.stale("/product/tote")).toBeUndefined();
    expect(kept.get("/product/tote")).toBeUndefined();
  });

  it("keeps a refresh that started before a later change stale, so the next request refreshes again", () => {
    const kept = store();
    kept.begin("/product/tote").finish(value("v1"), [1]);
    kept.stockChanged([1]);
    const refresh = kept.begin("/product/tote");
    kept.stockChanged([1]);
    refresh.finish(value("v2, maybe before the second order"), [1]);
    expect(kept.get("/product/tote")).toBeUndefined();
    kept.begin("/product/tote").finish(value("v3"), [1]);
    expect(kept.get("/product/tote")?.name).toBe("v3");
  });

  it("drops the stale value when its refresh is not to be kept", () => {
    const kept = store();
    kept.begin("/product/tote").finish(value("old"), [1]);
    kept.stockChanged([1]);
    kept.begin("/product/tote").finish(null);
    expect(kept.stats().entries).toBe(0);
  });

  it("a catalogue change drops stale and fresh values alike, and the product index with them", () => {
    const kept = store();
    kept.begin("/product/tote").finish(value("tote"), [1]);
    kept.stockChanged([1]);
    kept.clear();
    expect(kept.stats()).toEqual({ entries: 0, bytes: 0 });
    kept.begin("/product/tote").finish(value("again"), [1]);
    expect(kept.get("/product/tote")?.name).toBe("again");
  });
});
