import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { CASH_ONLY, paymentFormOrigins } from "../api/payments/payment-registry.ts";
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

describe("where forms may post", () => {
  const formAction = async (origins?: string[]) => {
    const host = new Hono();
    host.use(securityHeaders("production", origins));
    host.get("*", (c) => c.text("body"));
    const csp =
      (await host.request("/order-payment?order=BT-1")).headers.get("content-security-policy") ?? "";
    return /form-action ([^;]*)/.exec(csp)?.[1];
  };

  it("lets forms post to the shop only, or also to the configured payment providers' origins", async () => {
    expect(await formAction()).toBe("'self'");
    const settings = {
      ...CASH_ONLY,
      jazzcash: {
        merchantId: "m",
        password: "p",
        integritySalt: "s",
        url: "https://sandbox.jazzcash.com.pk/ApplicationAPI",
        merchantMpin: undefined,
        txnType: "MWALLET" as const,
      },
      safepay: {
        apiKey: "k",
        secretKey: "s",
        webhookSecret: "w",
        environment: "sandbox" as const,
        url: undefined,
      },
    };
    const origins = paymentFormOrigins(settings);
    expect(origins).toEqual(["https://sandbox.jazzcash.com.pk", "https://sandbox.api.getsafepay.com"]);
    expect(await formAction(origins)).toBe(
      "'self' https://sandbox.jazzcash.com.pk https://sandbox.api.getsafepay.com",
    );
    expect(paymentFormOrigins(CASH_ONLY)).toEqual([]);
  });
});
