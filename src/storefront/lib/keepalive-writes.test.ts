import { describe, expect, it, vi } from "vitest";
import { KEEPALIVE_MAX_BYTES, keepWritesAlive, withKeepalive } from "./keepalive-writes.ts";

const ORIGIN = "https://shop.example";

describe("keepalive for the page's writes", () => {
  it("sends a small same-origin action (a heart, Add To Cart) with keepalive", () => {
    const heart = new URLSearchParams({ intent: "add", id: "7" });
    expect(withKeepalive("/wishlist.data", { method: "POST", body: heart }, ORIGIN)?.keepalive).toBe(true);
    const form = new FormData();
    form.set("quantity", "2");
    expect(
      withKeepalive(`${ORIGIN}/product/tote.data`, { method: "post", body: form }, ORIGIN)?.keepalive,
    ).toBe(true);
    expect(withKeepalive("/cart.data", { method: "POST", body: '{"id":1}' }, ORIGIN)?.keepalive).toBe(true);
  });

  it("leaves reads, other sites, other URLs, large bodies, files and a caller's own choice alone", () => {
    const small = new URLSearchParams({ id: "7" });
    const cases: [RequestInfo | URL, RequestInit | undefined][] = [
      ["/wishlist.data", { method: "GET" }],
      ["/wishlist.data", undefined],
      ["https://elsewhere.example/wishlist.data", { method: "POST", body: small }],
      ["/api/wishlist/add", { method: "POST", body: small }],
      ["/wishlist.data", { method: "POST", body: "x".repeat(KEEPALIVE_MAX_BYTES + 1) }],
      ["/wishlist.data", { method: "POST", body: new Blob(["x"]) }],
      ["/wishlist.data", { method: "POST", body: small, keepalive: false }],
    ];
    const withFile = new FormData();
    withFile.set("photo", new File(["x"], "x.jpg"));
    cases.push(["/returns.data", { method: "POST", body: withFile }]);
    for (const [input, init] of cases) expect(withKeepalive(input, init, ORIGIN)?.keepalive).not.toBe(true);
  });

  it("wraps the window's fetch once, passing every request on", async () => {
    const calls: [RequestInfo | URL, RequestInit | undefined][] = [];
    const original = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push([input, init]);
      return new Response("ok");
    });
    const win = { fetch: original, location: { origin: ORIGIN } } as unknown as Window & typeof globalThis;
    keepWritesAlive(win);
    keepWritesAlive(win);
    await win.fetch("/wishlist.data", { method: "POST", body: new URLSearchParams({ id: "1" }) });
    await win.fetch("/shop.data");
    expect(calls).toHaveLength(2);
    expect(calls[0]?.[1]?.keepalive).toBe(true);
    expect(calls[1]?.[1]).toBeUndefined();
  });
});
