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
function fakeShop(pages: Record<string, string>, ready: number) {
  const asked = new Map<string, number>();
  const requests: { path: string; headers: Record<string, string> }[] = [];
  const get: WarmGet = async (path, headers) => {
    requests.push({ path, headers });
    if (path in pages) return { status: 200, contentType: "text/html", text: pages[path]! };
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
        "/": '<img src="/images/a.webp"/><img src="/images/b.webp"/>',
        "/cart": '<img src="/images/b.webp"/>',
      },
      2,
    );
    const result = await warmPages(shop.get, [{ path: "/" }, { path: "/cart", headers: { cookie: "c=1" } }], {
      pauseMs: 1,
    });
    // Passes 1-2 WebP (one unchanged), 3 AVIF (changed), 4 and 5 AVIF (two unchanged: settled).
    expect(result).toEqual({ pages: 2, failed: [], images: 2, avif: 2, passes: 5, settled: true });
    expect(describeWarm(result)).toBe("warmed 2 pages and 2 images (2 as AVIF) in 5 passes");
    expect(shop.requests[1]).toEqual({ path: "/cart", headers: { accept: "text/html", cookie: "c=1" } });
    const imageRequests = shop.requests.filter((request) => request.path.startsWith("/images/"));
    expect(imageRequests).toHaveLength(10);
    expect(imageRequests.every((request) => request.headers.accept === IMAGE_ACCEPT)).toBe(true);
  });

  it("stops at the deadline and says it did not settle", async () => {
    let answers = 0;
    const get: WarmGet = async (path) => {
      if (path === "/") return { status: 200, contentType: "text/html", text: '<img src="/images/a.webp"/>' };
      answers++;
      return { status: 200, contentType: answers % 2 === 0 ? "image/avif" : "image/webp", text: "" };
    };
    const result = await warmPages(get, [{ path: "/" }], { pauseMs: 5, timeoutMs: 40 });
    expect(result.settled).toBe(false);
    expect(result.passes).toBeGreaterThan(1);
    expect(describeWarm(result)).toMatch(/in \d+ passes, not settled by the deadline$/);
  });

  it("lists a page that does not answer 200 and asks for the images of the others only", async () => {
    const shop = fakeShop({ "/": '<img src="/images/a.webp"/>' }, 0);
    const result = await warmPages(shop.get, [{ path: "/missing" }, { path: "/" }], { pauseMs: 1 });
    expect(result).toMatchObject({ failed: ["/missing answered 404"], images: 1, avif: 1, settled: true });
    expect(describeWarm(result)).toMatch(/; \/missing answered 404$/);
  });
});
