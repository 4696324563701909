import { describe, expect, it } from "vitest";
import { pageWindow, withPage } from "../../ui/page-query.ts";
import { canonicalShopUrl, shopHref, withFilter, withoutPage } from "./shop-query.ts";

describe("shop URLs", () => {
  it("builds /shop or /shop/<category> with the known keys only, in a stable order", () => {
    expect(shopHref(undefined, new URLSearchParams())).toBe("/shop");
    expect(shopHref("kurtas", new URLSearchParams("page=2&color=8&utm=x&search="))).toBe(
      "/shop/kurtas?color=8&page=2",
    );
  });

  it("resets the page on every filter change and removes a filter set to All", () => {
    const query = new URLSearchParams("color=8&size=3&page=4");
    expect(withFilter(query, "tag", "2").toString()).toBe("color=8&size=3&tag=2");
    expect(withFilter(query, "color", null).toString()).toBe("size=3");
    expect(withoutPage(query).toString()).toBe("color=8&size=3");
  });

  it("leaves the default sort out of the URL", () => {
    const query = new URLSearchParams("sort=high2low&page=2");
    expect(withFilter(query, "sort", "default").toString()).toBe("");
    expect(withFilter(query, "sort", "low2high").toString()).toBe("sort=low2high");
  });

  it("writes page 1 as no page at all", () => {
    const query = new URLSearchParams("color=8&page=3");
    expect(withPage(query, 1).toString()).toBe("color=8");
    expect(withPage(query, 5).toString()).toBe("color=8&page=5");
  });

  it("shows up to five page numbers around the current page", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 9)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(5, 9)).toEqual([3, 4, 5, 6, 7]);
    expect(pageWindow(9, 9)).toEqual([5, 6, 7, 8, 9]);
  });
});

describe("canonicalShopUrl", () => {
  const origin = "https://shop.example.pk";
  it("is the shop or category with its page from 2, without sort, search or filters", () => {
    expect(canonicalShopUrl(origin, undefined, undefined)).toBe(`${origin}/shop`);
    expect(canonicalShopUrl(origin, undefined, 1)).toBe(`${origin}/shop`);
    expect(canonicalShopUrl(origin, undefined, 3)).toBe(`${origin}/shop?page=3`);
    expect(canonicalShopUrl(origin, "kurtas", 2)).toBe(`${origin}/shop/kurtas?page=2`);
    expect(canonicalShopUrl(origin, "a b", undefined)).toBe(`${origin}/shop/a%20b`);
  });
});
