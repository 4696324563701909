import { describe, expect, it } from "vitest";
import { concurrencyLane, LANE_TIMEOUT_CODE } from "./concurrency-lane.ts";
import { isDatabaseUnavailable } from "./db/errors.ts";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe("concurrencyLane", () => {
  it("runs at most `limit` at once and the rest in arrival order", async () => {
    const lane = concurrencyLane(2, 10_000);
    const gates = [deferred(), deferred(), deferred(), deferred()];
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const runs = gates.map((gate, index) =>
      lane(async () => {
        started.push(index);
        running++;
        most = Math.max(most, running);
        await gate.promise;
        running--;
        return index;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    gates[1]!.resolve();
    await runs[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(most).toBe(2);
  });

  it("frees the slot when the work fails", async () => {
    const lane = concurrencyLane(1, 10_000);
    await expect(lane(() => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await lane(async () => "next")).toBe("next");
  });

  it("fails a waiter whose turn did not come in time as the database being busy (a 503), and goes on", async () => {
    const lane = concurrencyLane(1, 20);
    const gate = deferred();
    const first = lane(() => gate.promise);
    const late = lane(async () => "never");
    const error = await late.catch((caught: unknown) => caught);
    expect((error as { code?: string }).code).toBe(LANE_TIMEOUT_CODE);
    expect(isDatabaseUnavailable(error)).toBe(true);
    gate.resolve();
    await first;
    expect(await lane(async () => "after")).toBe("after");
  });

  it("takes a waiter out of the queue when its signal aborts, with the reason, and keeps the order of the rest", async () => {
    const lane = concurrencyLane(1, 10_000);
    const gate = deferred();
    const first = lane(() => gate.promise);
    const leaving = new AbortController();
    const started: string[] = [];
    const left = lane(async () => started.push("left"), leaving.signal);
    const next = lane(async () => started.push("next"));
    leaving.abort(new Error("sold out while waiting"));
    await expect(left).rejects.toThrow("sold out while waiting");
    gate.resolve();
    await first;
    await next;
    expect(started).toEqual(["next"]);
    // An abort after the turn came changes nothing; one before asking is refused at once.
    const late = new AbortController();
    const ran = lane(async () => "ran", late.signal);
    late.abort(new Error("too late"));
    expect(await ran).toBe("ran");
    await expect(lane(async () => "never", late.signal)).rejects.toThrow("too late");
    expect(await lane(async () => "free")).toBe("free");
  });
});
