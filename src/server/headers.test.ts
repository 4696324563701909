import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogue } from "../testing/factories.ts";
import { HOST_URL, type HostHarness, hostHarness } from "../testing/host-harness.ts";
import { createTestDatabase, type TestDatabase } from "../testing/test-db.ts";

/** Each `<script ...>` opening tag of a page, with its attributes. */
function scriptTags(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
}

function directives(csp: string | null): Map<string, string[]> {
  return new Map(
    (csp ?? "").split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
}

describe("security and caching headers of the host", () => {
  let database: TestDatabase;
  let host: HostHarness;
  let sessionCookie: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    await buildCatalogue(database.db);
    host = await hostHarness(database);
    const registered = await host.request("/user-register", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: HOST_URL },
      body: new URLSearchParams({
        first_name: "Hina",
        last_name: "Baig",
        email: "hina@example.test",
        password: "correct horse",
        password_confirmation: "correct horse",
      }).toString(),
    });
    expect(registered.status).toBe(302);
    sessionCookie = registered.headers.getSetCookie()[0]!.split(";")[0]!;
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  it("allows scripts only from the site and with this response's nonce, which every inline script carries", async () => {
    const nonces = new Set<string>();
    for (const path of ["/", "/product/leather-tote", "/shop?search=tote", "/cart", "/user-login"]) {
      const response = await host.request(path);
      expect(response.status, path).toBe(200);
      const csp = directives(response.headers.get("content-security-policy"));
      const scriptSrc = csp.get("script-src") ?? [];
      expect(scriptSrc, path).not.toContain("'unsafe-inline'");
      expect(scriptSrc[0]).toBe("'self'");
      const nonce = /^'nonce-([A-Za-z0-9+/=]{20,})'$/.exec(scriptSrc[1] ?? "")?.[1];
      expect(nonce, `${path}: ${scriptSrc.join(" ")}`).toBeDefined();
      nonces.add(nonce!);
      const html = await response.text();
      const executable = scriptTags(html).filter((tag) => !tag.includes('type="application/ld+json"'));
      expect(executable.length, path).toBeGreaterThanOrEqual(3);
      for (const tag of executable) expect(tag, path).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(5);
  });

  it("keeps the rest of the policy and refuses powerful features", async () => {
    const response = await host.request("/");
    const csp = directives(response.headers.get("content-security-policy"));
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    // Every form posts to the shop itself (the contact form too, since it sends through the API).
    expect(csp.get("form-action")).toEqual(["'self'"]);
    const permissions = response.headers.get("permissions-policy") ?? "";
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) {
      expect(permissions).toContain(`${feature}=()`);
    }
    expect((await host.request("/api/categories")).headers.get("permissions-policy")).toBe(permissions);
  });

  it("sends a photo only the headers that mean something on a file", async () => {
    const photo = await host.request("/images/products/no-such-bag/black-front-400.webp");
    expect(photo.status).toBe(404);
    expect(photo.headers.get("content-type")).toContain("application/json");
    expect(photo.headers.get("x-content-type-options")).toBe("nosniff");
    expect(photo.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(photo.headers.get("content-security-policy")).toBeNull();
    expect(photo.headers.get("permissions-policy")).toBeNull();
    // The same name under a page's path is a page, with the page's policy.
    const page = await host.request("/product/black-front-400.webp");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("lets no cache keep a page that shows a shopper's data", async () => {
    const cacheControl = async (path: string, cookie?: string) =>
      (await host.request(path, { headers: cookie ? { cookie } : {} })).headers.get("cache-control");
    for (const path of [
      "/cart",
      "/checkout",
      "/order-success?order=BT-1",
      "/user-login",
      "/user-register",
      "/user-dashboard",
      "/my-account",
      "/account/orders",
      "/account/orders/BT-1",
      "/wishlist",
      "/cart.data",
    ]) {
      expect(await cacheControl(path), path).toBe("private, no-store");
      expect(await cacheControl(path, sessionCookie), `${path} signed in`).toBe("private, no-store");
    }
    // Every page's header shows a signed-in shopper's name, cart and wishlist (and the hearts what they saved).
    for (const path of ["/", "/shop", "/product/leather-tote", "/about", "/_root.data"]) {
      expect(await cacheControl(path, sessionCookie), path).toBe("private, no-store");
      expect(await cacheControl(path, "cart_key=anything"), path).toBe("private, no-store");
      expect(await cacheControl(path, "wishlist_key=anything"), path).toBe("private, no-store");
    }
    // Without a personal cookie the public pages are the same for everyone: a shared cache may keep them a little
    // (docs/decisions/0033-public-html-cache.md); a cookie the shop does not know is not clearly public.
    expect(await cacheControl("/")).toBe("public, max-age=0, s-maxage=30");
    expect(await cacheControl("/shop")).toBe("public, max-age=0, s-maxage=30");
    expect(await cacheControl("/shop", "order_access=anything"), "order access").toBe("private, no-store");
    expect(await cacheControl("/shop", "someone_elses=1"), "unknown cookie").toBe("private, no-store");
  });

  it("marks the API's personal answers private and leaves the public lists cacheable", async () => {
    const cacheControl = async (path: string, init: RequestInit = {}) =>
      (await host.request(path, init)).headers.get("cache-control");
    expect(await cacheControl("/api/cart")).toBe("private, no-store");
    expect(await cacheControl("/api/wishlist")).toBe("private, no-store");
    expect(await cacheControl("/api/wishlist/ids")).toBe("private, no-store");
    expect(await cacheControl("/api/user")).toBe("private, no-store");
    expect(await cacheControl("/api/orders")).toBe("private, no-store");
    expect(await cacheControl("/api/checkout", { method: "POST" })).toBe("private, no-store");
    expect(await cacheControl("/api/categories")).toBe("public, max-age=300");
    expect(await cacheControl("/api/tags")).toBe("public, max-age=300");
  });
});
