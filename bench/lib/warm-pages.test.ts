import { describe, expect, it } from "vitest";
import { describeWarm, IMAGE_ACCEPT, imagePaths, type WarmGet, warmPages } from "./warm-pages.ts";

describe("imagePaths", () => {
  it("takes src, every srcset and imagesrcset candidate and a preload's href, each once, in order", () => {
    const html = [
      '<link rel="preload" as="image" href="/images/sliders/slide-1-mobile.avif" fetchpriority="high"/>',
      '<link rel="preload" as="image" imagesrcset="/images/p/a-400.webp 400w, /images/p/a-800.webp 800w"/>',
      '<img src="/images/p/a-400.webp" srcset="/images/p/a-400.webp 400w,/images/p/a-800.webp 800w" alt=""/>',
      '<img src="/images/p/b.webp?v=2&amp;x=1" alt=""/>',
    ].join("");
    expect(imagePaths(html)).toEqual([
      "/images/sliders/slide-1-mobile.avif",
      "/images/p/a-400.webp",
      "/images/p/a-800.webp",
      "/images/p/b.webp?v=2&x=1",
    ]);
  });

  it("leaves out other hosts, other folders and links that are not images", () => {
    const html =
      '<a href="/shop">Shop</a><link rel="stylesheet" href="/assets/app.css"/>' +
      '<img src="https://cdn.example/images/x.webp"/><img src="//cdn.example/images/y.webp"/>' +
      '<img data-src="/images/lazy.webp"/>';
    expect(imagePaths(html)).toEqual([]);
  });
});

/** A shop whose photos turn into AVIF after `ready` requests for them, as the background encoder does. */
function fakeShop(pages: Record<string, { status?: number; html: string }>, ready: number) {
  const asked = new Map<string, number>();
  const requests: { path: string; headers: Record<string, string> }[] = [];
  const get: WarmGet = async (path, headers) => {
    requests.push({ path, headers });
    const page = pages[path];
    if (page) return { status: page.status ?? 200, contentType: "text/html", text: page.html };
    if (!path.startsWith("/images/")) return { status: 404, contentType: "text/plain", text: "" };
    const count = (asked.get(path) ?? 0) + 1;
    asked.set(path, count);
    return { status: 200, contentType: count > ready ? "image/avif" : "image/webp", text: "" };
  };
  return { get, requests };
}

describe("warmPages", () => {
  it("asks for each page with its headers, then for its images as a phone does until the answers settle", async () => {
    const shop = fakeShop(
      {
        "/": { html: '<img src="/images/a.webp"/><img src="/images/b.webp"/>' },
        "/cart": { html: '<img src="/images/b.webp"/>' },
      },
      2,
    );
    const result = await warmPages(shop.get, [{ path: "/" }, { path: "/cart", headers: { cookie: "c=1" } }], {
      pauseMs: 1,
      quietMs: 0,
    });
    // Passes 1-2 WebP (one unchanged), 3 AVIF (changed), 4 and 5 AVIF (two unchanged: settled).
    expect(result).toMatchObject({ pages: 2, failed: [], images: 2, avif: 2, passes: 5, settled: true });
    expect(describeWarm(result)).toMatch(/^warmed 2 pages and 2 images \(2 as AVIF\) in 5 passes, [\d.]+ s$/);
    expect(shop.requests[1]).toEqual({ path: "/cart", headers: { accept: "text/html", cookie: "c=1" } });
    const imageRequests = shop.requests.filter((request) => request.path.startsWith("/images/"));
    expect(imageRequests).toHaveLength(10);
    expect(imageRequests.every((request) => request.headers.accept === IMAGE_ACCEPT)).toBe(true);
  });

  it("waits out a quiet window, so an encoder slower than a few passes is not taken for idle", async () => {
    const firstAsked = new Map<string, number>();
    const slowShop: WarmGet = async (path) => {
      if (path === "/") return { status: 200, contentType: "text/html", text: '<img src="/images/a.webp"/>' };
      const first = firstAsked.get(path) ?? performance.now();
      firstAsked.set(path, first);
      const ready = performance.now() - first >= 60;
      return { status: 200, contentType: ready ? "image/avif" : "image/webp", text: "" };
    };
    const hasty = await warmPages(slowShop, [{ path: "/" }], { pauseMs: 5, quietMs: 0 });
    expect(hasty).toMatchObject({ avif: 0, settled: true });
    firstAsked.clear();
    const patient = await warmPages(slowShop, [{ path: "/" }], { pauseMs: 5, quietMs: 150 });
    expect(patient).toMatchObject({ avif: 1, settled: true });
  });

  it("stops at the deadline and says it did not settle", async () => {
    let answers = 0;
    const get: WarmGet = async (path) => {
      if (path === "/") return { status: 200, contentType: "text/html", text: '<img src="/images/a.webp"/>' };
      answers++;
      return { status: 200, contentType: answers % 2 === 0 ? "image/avif" : "image/webp", text: "" };
    };
    const result = await warmPages(get, [{ path: "/" }], { pauseMs: 5, timeoutMs: 40, quietMs: 0 });
    expect(result.settled).toBe(false);
    expect(result.passes).toBeGreaterThan(1);
    expect(describeWarm(result)).toMatch(/ s, not settled by the deadline$/);
  });

  it("lists a page that does not answer 200 and asks only for the images of the others", async () => {
    const shop = fakeShop(
      {
        "/": { html: '<img src="/images/a.webp"/>' },
        "/gone": { status: 404, html: '<img src="/images/not-found-art.webp"/>' },
      },
      0,
    );
    const result = await warmPages(shop.get, [{ path: "/gone" }, { path: "/" }], { pauseMs: 1, quietMs: 0 });
    expect(result).toMatchObject({ failed: ["/gone answered 404"], images: 1, avif: 1, settled: true });
    expect(shop.requests.some((request) => request.path === "/images/not-found-art.webp")).toBe(false);
    expect(describeWarm(result)).toMatch(/; \/gone answered 404$/);
  });

  it("is done at once when the pages name no images", async () => {
    const shop = fakeShop({ "/": { html: "<p>No pictures</p>" } }, 0);
    const result = await warmPages(shop.get, [{ path: "/" }]);
    expect(result).toMatchObject({ images: 0, passes: 1, settled: true });
    expect(shop.requests).toHaveLength(1);
  });
});
