import { describe, expect, it } from "vitest";
import { loginHref, pagePath, safeRedirect } from "./safe-redirect.ts";

describe("safeRedirect", () => {
  it("keeps paths on this site, query included", () => {
    expect(safeRedirect("/account/orders?page=2")).toBe("/account/orders?page=2");
    expect(safeRedirect("/my-account")).toBe("/my-account");
  });

  it("sends anything else to the dashboard", () => {
    for (const target of [
      null,
      undefined,
      "",
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "/\t/evil.example",
      "javascript:alert(1)",
      "/%2F/evil.example",
      "/%2f%2fevil.example",
      "%2F%2Fevil.example",
      "/%5Cevil.example",
      "/%255C%255Cevil.example",
      "/%09/evil.example",
      "/%E0%A4%A",
      // Local as written, protocol-relative once dot segments are resolved.
      "/.//evil.example",
      "/x/..//evil.example",
      "/%2e%2e//evil.example",
      "/%2E%2E//evil.example",
      "/a/../%5Cevil.example",
      "/a/..%2F%2Fevil.example",
      "/./\\evil.example",
      "/x/../\\evil.example",
      "/x/..\\/evil.example",
      "/x/../%09/evil.example",
      "/x/..\t//evil.example",
      "/x/../%2F%2Fevil.example",
      "/x/../%252F%252Fevil.example",
      "http://site.invalid/x",
      "https:evil.example",
      "\\\\evil.example",
      " //evil.example",
    ]) {
      expect(safeRedirect(target)).toBe("/user-dashboard");
    }
  });

  it("turns a data request's address back into its page's", () => {
    expect(safeRedirect("/my-account.data?_routes=routes%2Faccount-layout%2Croutes%2Fmy-account")).toBe(
      "/my-account",
    );
    expect(safeRedirect("/account/orders.data?page=2&_routes=routes%2Faccount-orders")).toBe(
      "/account/orders?page=2",
    );
    expect(safeRedirect("/_.data")).toBe("/");
    expect(safeRedirect("/shop?search=a%2Fb#top")).toBe("/shop?search=a%2Fb#top");
  });

  it("builds the login link that comes back here", () => {
    expect(loginHref("/account/orders?page=2")).toBe("/user-login?redirect=%2Faccount%2Forders%3Fpage%3D2");
  });
});

describe("pagePath", () => {
  it("is the page of a document or data request, with its query", () => {
    expect(pagePath(new URL("http://shop.test/account/orders?page=2"))).toBe("/account/orders?page=2");
    expect(
      pagePath(new URL("http://shop.test/account/orders.data?page=2&_routes=routes%2Faccount-orders")),
    ).toBe("/account/orders?page=2");
    expect(pagePath(new URL("http://shop.test/my-account.data?index"))).toBe("/my-account");
    expect(pagePath(new URL("http://shop.test/_.data"))).toBe("/");
  });
});
