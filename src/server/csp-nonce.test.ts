import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { describe, expect, it } from "vitest";
import { nonceSource, pageNonce } from "./csp-nonce.ts";

describe("CSP nonces", () => {
  it("draws 16 fresh bytes for every nonce, across refills of the pool, never the same twice", () => {
    const next = nonceSource(4);
    const nonces = Array.from({ length: 1000 }, next);
    expect(new Set(nonces).size).toBe(1000);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });

  it("gives a page a nonce in its policy and to the page, and JSON, images and assets none", async () => {
    const app = new Hono<{ Variables: { secureHeadersNonce?: string } }>();
    app.use(secureHeaders({ contentSecurityPolicy: { scriptSrc: ["'self'", pageNonce()] } }));
    app.get("*", (c) => c.text(c.get("secureHeadersNonce") ?? "none"));

    const page = await app.request("/product/a-bag");
    const nonce = await page.text();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(page.headers.get("content-security-policy")).toContain(`script-src 'self' 'nonce-${nonce}'`);
    const again = await (await app.request("/product/a-bag")).text();
    expect(again).not.toBe(nonce);

    for (const path of ["/api/products", "/api", "/images/products/a.webp", "/assets/entry.js"]) {
      const answer = await app.request(path);
      expect(await answer.text()).toBe("none");
      expect(answer.headers.get("content-security-policy")).not.toContain("nonce-");
    }
    // Only those prefixes: a page whose path merely starts with the letters is a page.
    expect(await (await app.request("/apis-and-more")).text()).not.toBe("none");
  });
});
