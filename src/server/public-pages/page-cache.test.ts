import { gunzipSync, gzipSync, inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  type CachedPage,
  cachedPage,
  chainedDeflate,
  createPageCache,
  gzipWithNonce,
  hasSlots,
  pageCacheKey,
  stampNonce,
} from "./page-cache.ts";

const page = (body: string, nonce?: string): CachedPage =>
  cachedPage(200, [["content-type", "text/html"]], body, nonce);
const key = (url: string) => pageCacheKey(new URL(url, "http://shop.test"));

describe("the page cache", () => {
  it("keeps pages up to its bytes, dropping the least recently used first", () => {
    const one = page("a".repeat(1000));
    const cache = createPageCache({ maxBytes: one.bytes * 2, ttlMs: 60_000 });
    cache.begin("/a").finish(one);
    cache.begin("/b").finish(page("b".repeat(1000)));
    expect(cache.get("/a")).toBe(one); // /a is now the most recently used
    cache.begin("/c").finish(page("c".repeat(1000)));
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")).toBe(one);
    expect(cache.get("/c")).toBeDefined();
    expect(cache.stats()).toEqual({ entries: 2, bytes: one.bytes * 2 });
  });

  it("never keeps a page larger than the whole cache, and keeps nothing at 0 bytes", () => {
    const small = createPageCache({ maxBytes: 100, ttlMs: 60_000 });
    small.begin("/big").finish(page("x".repeat(1000)));
    expect(small.get("/big")).toBeUndefined();
    const off = createPageCache({ maxBytes: 0, ttlMs: 60_000 });
    expect(off.enabled).toBe(false);
    off.begin("/").finish(page("home"));
    expect(off.get("/")).toBeUndefined();
  });

  it("forgets a page after its TTL", () => {
    let now = 1_000;
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 60_000, now: () => now });
    cache.begin("/").finish(page("home"));
    now += 59_999;
    expect(cache.get("/")).toBeDefined();
    now += 1;
    expect(cache.get("/")).toBeUndefined();
    expect(cache.stats().entries).toBe(0);
  });

  it("renders a page once for everyone asking at the same time (no stampede)", async () => {
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    const claim = cache.begin("/shop");
    const waiting = [cache.pending("/shop"), cache.pending("/shop")];
    expect(waiting.every((promise) => promise !== undefined)).toBe(true);
    const rendered = page("shop");
    claim.finish(rendered);
    expect(await Promise.all(waiting)).toEqual([rendered, rendered]);
    expect(cache.pending("/shop")).toBeUndefined();
    expect(cache.get("/shop")).toBe(rendered);
  });

  it("tells waiters to render their own when the answer is not to be kept", async () => {
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    const claim = cache.begin("/product/gone");
    const waiting = cache.pending("/product/gone");
    claim.finish(null);
    expect(await waiting).toBeNull();
    expect(cache.get("/product/gone")).toBeUndefined();
  });

  it("drops everything on clear, and keeps no render that started before it", async () => {
    const cache = createPageCache({ maxBytes: 1_000_000, ttlMs: 60_000 });
    cache.begin("/").finish(page("home"));
    const before = cache.begin("/shop");
    const waiting = cache.pending("/shop");
    cache.clear();
    expect(cache.get("/")).toBeUndefined();
    expect(cache.pending("/shop")).toBeUndefined();
    before.finish(page("old prices"));
    expect(await waiting).toBeNull();
    expect(cache.get("/shop")).toBeUndefined();
    expect(cache.stats()).toEqual({ entries: 0, bytes: 0 });
  });

  it("cuts the render's nonce out and stamps each response's own in", () => {
    const kept = page('<script nonce="N1">a</script><p>N</p><script nonce="N1">b</script>', "N1");
    expect(stampNonce(kept, "XYZ").toString()).toBe(
      '<script nonce="XYZ">a</script><p>N</p><script nonce="XYZ">b</script>',
    );
    expect(stampNonce(page("<p>no scripts</p>"), "XYZ").toString()).toBe("<p>no scripts</p>");
  });
});

describe("a kept page gzipped per response", () => {
  it("gzips a kept page with each response's nonce, as any client inflates it", () => {
    const nonce = "q1w2e3r4t5y6u7i8o9p0aa==";
    // Repeated text on both sides of each nonce: deflate would reach across it if the segments shared a window.
    const filler = '<div class="card">Leather Tote — Rs. 10,000 ✓</div>'.repeat(400);
    const body = `<html><script nonce="${nonce}">x</script>${filler}<script nonce="${nonce}">y</script>${filler}</html>`;
    const kept = page(body, nonce);
    for (const fresh of ["A".repeat(24), "b", ""]) {
      const gzipped = gzipWithNonce(kept, fresh);
      expect(gunzipSync(gzipped).toString()).toBe(body.replaceAll(nonce, fresh));
      expect(gzipped.byteLength).toBeLessThan(Buffer.byteLength(body) / 10);
    }
    expect(gunzipSync(gzipWithNonce(page("plain"), "N")).toString()).toBe("plain");
    expect(gunzipSync(gzipWithNonce(page(""), "N")).toString()).toBe("");
  });
});

describe("a kept page deflated across its nonces", () => {
  const nonce = "q1w2e3r4t5y6u7i8o9p0aa==";
  const half = Array.from(
    { length: 300 },
    (_, i) => `<div class="card">Tote ${i * 7919} — Rs. ${i * 13}</div>`,
  ).join("");
  const fresh = "Zm9vYmFyYmF6cXV4cXV1eA==";
  // The second half repeats the first, and the fresh nonce's own text comes after it: deflate must say "as
  // before" across the nonce, yet never copy from where the nonce stands.
  const body = `<p>${half}</p><script nonce="${nonce}">x</script><p>${half}</p><i>${fresh}${fresh}</i>`;

  it("refers back past each nonce, as one stream over the whole page would", () => {
    const kept = page(body, nonce);
    const gzipped = gzipWithNonce(kept, fresh);
    expect(gunzipSync(gzipped).toString()).toBe(body.replaceAll(nonce, fresh));
    const whole = gzipSync(body, { level: 9 }).byteLength;
    expect(gzipped.byteLength).toBeLessThan(whole + 100);
    // Deflated part by part (the path for a nonce of another length), the repeat costs the whole half again.
    const apart = gzipWithNonce(kept, "short");
    expect(gunzipSync(apart).toString()).toBe(body.replaceAll(nonce, "short"));
    expect(gzipped.byteLength).toBeLessThan(apart.byteLength * 0.7);
  });

  it("copies nothing from a nonce's place, whatever the next nonce is", () => {
    const kept = page(body, nonce);
    for (const next of [nonce, fresh, "A".repeat(24), "\0".repeat(24)]) {
      expect(gunzipSync(gzipWithNonce(kept, next)).toString()).toBe(body.replaceAll(nonce, next));
    }
  });

  it("deflates a page holding a NUL byte part by part", () => {
    const withNul = `${body}\0\0\0\0`;
    const parts = chainedDeflate([Buffer.from(withNul), Buffer.from(half)], 24);
    expect(inflateRawSync(Buffer.concat([parts[0]!, Buffer.from([3, 0])])).toString()).toBe(withNul);
    expect(inflateRawSync(Buffer.concat([parts[1]!, Buffer.from([3, 0])])).toString()).toBe(half);
    const kept = page(withNul, nonce);
    expect(gunzipSync(gzipWithNonce(kept, fresh)).toString()).toBe(withNul.replaceAll(nonce, fresh));
  });
});

describe("a kept page's slots", () => {
  const nonce = "q1w2e3r4t5y6u7i8o9p0aa==";
  const filler = '<div class="card">Leather Tote — Rs. 10,000 ✓</div>'.repeat(200);
  const body =
    `<html><script nonce="${nonce}">boot</script><header><b id="cart">0 items</b></header>${filler}` +
    `<script nonce="${nonce}">data("cart:[]")</script>${filler}</html>`;
  const slots = new Map([
    ["count", '<b id="cart">0 items</b>'],
    ["data", "cart:[]"],
  ]);

  it("puts a request's own text in each slot, the kept text where it has none, and any nonce", () => {
    const kept = cachedPage(200, [], body, nonce, slots);
    expect(hasSlots(kept, ["count", "data"])).toBe(true);
    const fill = new Map([
      ["count", '<b id="cart">12 items ✓</b>'],
      ["data", 'cart:[{"q":12}]'],
    ]);
    const expected = body
      .replaceAll(nonce, "N2")
      .replace('<b id="cart">0 items</b>', '<b id="cart">12 items ✓</b>')
      .replace("cart:[]", 'cart:[{"q":12}]');
    expect(stampNonce(kept, "N2", fill).toString()).toBe(expected);
    expect(gunzipSync(gzipWithNonce(kept, "N2", fill)).toString()).toBe(expected);
    // Without a fill: the kept page as it was rendered.
    expect(stampNonce(kept, nonce).toString()).toBe(body);
    expect(gunzipSync(gzipWithNonce(kept, nonce)).toString()).toBe(body);
    expect(gunzipSync(gzipWithNonce(kept, nonce, new Map([["data", "x"]]))).toString()).toBe(
      body.replace("cart:[]", "x"),
    );
  });

  it("gzips each request's own texts as themselves, however often and in whatever order they come", () => {
    const kept = cachedPage(200, [], body, nonce, slots);
    const shoppers = Array.from({ length: 40 }, (_, n) => ({
      count: `<b id="cart">${n} items</b>`,
      data: `cart:[{"q":${n}}]`,
    }));
    // Each shopper three times, interleaved: a text deflated before is sent again as its own bytes only.
    for (const round of [0, 1, 2]) {
      for (const [n, own] of shoppers.entries()) {
        const fill = new Map(Object.entries(round === 1 ? shoppers[shoppers.length - 1 - n]! : own));
        const expected = body
          .replaceAll(nonce, "N3")
          .replace('<b id="cart">0 items</b>', fill.get("count")!)
          .replace("cart:[]", fill.get("data")!);
        expect(gunzipSync(gzipWithNonce(kept, "N3", fill)).toString()).toBe(expected);
      }
    }
  });

  it("gzips the page a visitor without a fill gets cut at the nonce only, as compact as before it had slots", () => {
    const page = `<script nonce="${nonce}">boot</script>${filler}<b id="cart">0 items</b>${filler}`;
    const kept = cachedPage(200, [], page, nonce, new Map([["count", '<b id="cart">0 items</b>']]));
    const next = "N2".repeat(12);
    const plain = gzipWithNonce(kept, next);
    const cut = gzipWithNonce(kept, next, new Map([["count", '<b id="cart">0 items</b>']]));
    expect(gunzipSync(plain).toString()).toBe(page.replaceAll(nonce, next));
    expect(gunzipSync(cut).toString()).toBe(page.replaceAll(nonce, next));
    // The second half repeats the first: across the slot's cut it cannot say so.
    expect(plain.byteLength).toBeLessThan(cut.byteLength * 0.75);
  });

  it("has no slot whose text is missing, found twice, or holds the nonce", () => {
    const kept = cachedPage(
      200,
      [],
      body,
      nonce,
      new Map([
        ["missing", "<footer>"],
        ["twice", "Leather Tote"],
        ["nonce", `nonce="${nonce}">boot`],
        ["count", '<b id="cart">0 items</b>'],
      ]),
    );
    expect([...kept.slots.keys()]).toEqual(["count"]);
    expect(hasSlots(kept, ["count", "twice"])).toBe(false);
    expect(stampNonce(kept, nonce).toString()).toBe(body);
  });

  it("cuts a repeated slot (a heart shown twice) at every place, and fills each with the request's text", () => {
    const heart = '<form class="heart">7 off</form>';
    const page = `<p>${heart}</p>${filler}<p>${heart}</p><b id="cart">0 items</b>`;
    const kept = cachedPage(
      200,
      [],
      page,
      undefined,
      new Map([
        ["heart", heart],
        ["count", '<b id="cart">0 items</b>'],
      ]),
      new Set(["heart"]),
    );
    expect(hasSlots(kept, ["heart", "count"])).toBe(true);
    expect(kept.holes.filter((hole) => hole === "heart")).toHaveLength(2);
    const fill = new Map([["heart", '<form class="heart">7 on</form>']]);
    const expected = page.replaceAll(heart, '<form class="heart">7 on</form>');
    expect(stampNonce(kept, undefined, fill).toString()).toBe(expected);
    expect(gunzipSync(gzipWithNonce(kept, undefined, fill)).toString()).toBe(expected);
    expect(stampNonce(kept, undefined).toString()).toBe(page);
    // Overlapping another slot at any place, it is no slot at all (nor is the other).
    const overlapping = cachedPage(
      200,
      [],
      page,
      undefined,
      new Map([
        ["heart", heart],
        ["inner", "7 off</form></p><b"],
      ]),
      new Set(["heart"]),
    );
    expect(hasSlots(overlapping, ["heart"])).toBe(false);
    expect(stampNonce(overlapping, undefined).toString()).toBe(page);
  });
});

describe("page cache keys", () => {
  it("keeps the public pages", () => {
    expect(key("/")).toBe("/");
    expect(key("/shop")).toBe("/shop");
    expect(key("/shop/handbags")).toBe("/shop/handbags");
    expect(key("/product/leather-tote")).toBe("/product/leather-tote");
    for (const path of ["/about", "/contact", "/terms-and-conditions", "/privacy-policy"]) {
      expect(key(path)).toBe(path);
    }
  });

  it("never keeps a personal, back-office, API or unknown page", () => {
    for (const path of [
      "/cart",
      "/checkout",
      "/wishlist",
      "/order-success",
      "/order-lookup",
      "/user-login",
      "/user-dashboard",
      "/my-account",
      "/account/orders",
      "/admin",
      "/admin/products",
      "/api/products",
      "/newsletter/confirm",
      "/logout",
      "/search-suggestions",
      "/shop.data",
      "/_root.data",
      "/product/leather-tote.data",
      "/shop/handbags.data",
      "/product/a/b",
      "/nowhere",
      // The blog is read at each request, so a scheduled post shows at its time (decision 0064).
      "/blogs",
      "/blogs/eid-edit",
    ]) {
      expect(key(path), path).toBeNull();
    }
  });

  it("sorts the parameters a page reads and drops empty ones", () => {
    expect(key("/shop?sort=low2high&color=2&page=2")).toBe("/shop?color=2&page=2&sort=low2high");
    expect(key("/shop?color=2&sort=low2high&page=2")).toBe("/shop?color=2&page=2&sort=low2high");
    expect(key("/shop?color=&size=&tag=3")).toBe("/shop?tag=3");
    expect(key("/shop?search=red+bag")).toBe("/shop?search=red+bag");
    expect(key("/product/leather-tote?color=3&tab=reviews")).toBe(
      "/product/leather-tote?color=3&tab=reviews",
    );
  });

  it("keeps no page with a parameter it does not read, too many parameters or a long value", () => {
    expect(key("/?utm_source=mail")).toBeNull();
    expect(key("/shop?fbclid=x")).toBeNull();
    expect(key("/about?page=2")).toBeNull();
    expect(key(`/shop?search=${"a".repeat(101)}`)).toBeNull();
    expect(key(`/shop?${Array.from({ length: 9 }, () => "color=1").join("&")}`)).toBeNull();
  });
});
