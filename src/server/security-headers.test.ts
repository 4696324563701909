import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { isFilePath, securityHeaders } from "./security-headers.ts";

const DOCUMENT_ONLY = [
  "content-security-policy",
  "permissions-policy",
  "x-frame-options",
  "cross-origin-opener-policy",
  "referrer-policy",
  "origin-agent-cluster",
  "x-xss-protection",
  "x-download-options",
  "x-dns-prefetch-control",
  "x-permitted-cross-domain-policies",
];
const EVERY_RESPONSE = [
  "x-content-type-options",
  "cross-origin-resource-policy",
  "strict-transport-security",
];

function app() {
  const host = new Hono();
  host.use(securityHeaders("production"));
  host.get("*", (c) => c.text("body"));
  return host;
}

describe("security headers", () => {
  it("sends photos, style sheets, scripts, fonts and icons only the headers that mean something on a file", async () => {
    for (const path of [
      "/images/products/leather-tote/black-front-400.webp",
      "/images/uploads/products/p-1/a-800.avif",
      "/images/sliders/slide-1-mobile.avif",
      "/assets/app-3QYavUgU.css",
      "/assets/entry.client-b4S7YkVp.js",
      "/assets/inter-latin.woff2",
      "/favicon.ico",
      "/apple-touch-icon.png",
      "/site.webmanifest",
    ]) {
      const response = await app().request(path);
      for (const name of DOCUMENT_ONLY) expect(response.headers.get(name), `${path} ${name}`).toBeNull();
      for (const name of EVERY_RESPONSE) expect(response.headers.get(name), `${path} ${name}`).not.toBeNull();
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    }
  });

  it("keeps the full set for pages, JSON, SVG, the service worker and anything that only looks like a file", async () => {
    for (const path of [
      "/",
      "/product/leather-tote",
      "/api/products",
      "/favicon.svg",
      "/images/sliders/drawn.svg",
      "/sw.js",
      "/product/tote.webp",
      "/shop/app.css",
      "/images/../about.png.html",
    ]) {
      const response = await app().request(path);
      for (const name of [...DOCUMENT_ONLY.slice(0, 5), ...EVERY_RESPONSE]) {
        expect(response.headers.get(name), `${path} ${name}`).not.toBeNull();
      }
      expect(response.headers.get("content-security-policy")).toContain("object-src 'none'");
    }
  });

  it("matches whole paths only", () => {
    expect(isFilePath("/images/a.webp")).toBe(true);
    expect(isFilePath("/images/a.webp/")).toBe(false);
    expect(isFilePath("/images/a.webp.html")).toBe(false);
    expect(isFilePath("/imagesx/a.webp")).toBe(false);
    expect(isFilePath("/a/b.png")).toBe(false);
  });
});
