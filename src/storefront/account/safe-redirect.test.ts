import { describe, expect, it } from "vitest";
import { loginHref, safeRedirect } from "./safe-redirect.ts";

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
    ]) {
      expect(safeRedirect(target)).toBe("/user-dashboard");
    }
  });

  it("builds the login link that comes back here", () => {
    expect(loginHref("/account/orders?page=2")).toBe("/user-login?redirect=%2Faccount%2Forders%3Fpage%3D2");
  });
});
