import { brotliDecompressSync, gunzipSync } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookiePolicy, SESSION_COOKIE, setCookieHeader } from "../../shared/cookies.server.ts";
import { type AdminHarness, adminHarness, SAME_ORIGIN } from "../../testing/admin-harness.ts";
import { HARNESS_CONFIG, registeredShopper, shopper } from "../../testing/api-harness.ts";
import {
  buildCatalogue,
  type Catalogue,
  orderFor,
  plainProduct,
  variantId,
} from "../../testing/factories.ts";
import { HOST_URL, type HostHarness, hostHarness } from "../../testing/host-harness.ts";
import { CHECKOUT_CONTACT } from "../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";

const { engine, available } = testEngine();

const PUBLIC = "public, max-age=0, s-maxage=30";

/** The nonce of the CSP header's script-src, and every nonce attribute in the page. */
function nonces(response: Response, html: string) {
  const header = /script-src[^;]*'nonce-([^']+)'/.exec(
    response.headers.get("content-security-policy") ?? "",
  )?.[1];
  const inPage = [...html.matchAll(/<script\b[^>]*\bnonce="([^"]*)"/g)].map((match) => match[1]);
  return { header, inPage };
}

describe.skipIf(!available)(`cached public pages on ${engine}`, () => {
  let database: TestDatabase;
  let host: HostHarness;
  let admin: AdminHarness;
  let catalogue: Catalogue;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    host = await hostHarness(database);
    admin = await adminHarness(database, host.api);
  }, 60_000);

  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  async function page(path: string, headers: Record<string, string> = {}) {
    const response = await host.request(path, { headers: { accept: "text/html", ...headers } });
    return { response, html: await response.text(), cache: response.headers.get("x-cache") };
  }

  /** The page rendered, then kept: a second request is a hit. */
  async function cached(path: string) {
    host.pages.clear();
    expect((await page(path)).cache, path).toBe("miss");
    const again = await page(path);
    expect(again.cache, path).toBe("hit");
    return again.html;
  }

  it("serves a public page from the cache with shared-cache headers and every security header", async () => {
    const first = await page("/product/leather-tote");
    const second = await page("/product/leather-tote");
    expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
    for (const { response } of [first, second]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe(PUBLIC);
      expect(response.headers.get("vary")).toBe("Cookie, Accept-Encoding");
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(response.headers.get("content-security-policy")).toMatch(/script-src 'self' 'nonce-/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(response.headers.get("referrer-policy")).toBe("same-origin");
      expect(response.headers.get("permissions-policy")).toContain("camera=()");
      expect(response.headers.get("x-request-id")).toBeTruthy();
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    expect(first.response.headers.get("x-request-id")).not.toBe(second.response.headers.get("x-request-id"));
    expect(second.html).toContain("Leather Tote");
  }, 60_000);

  it("stamps each response's own nonce into a cached page, matching its CSP header", async () => {
    await cached("/");
    const one = await page("/");
    const two = await page("/");
    expect([one.cache, two.cache]).toEqual(["hit", "hit"]);
    const a = nonces(one.response, one.html);
    const b = nonces(two.response, two.html);
    expect(a.header).toBeTruthy();
    expect(a.inPage.length).toBeGreaterThan(0);
    expect(new Set(a.inPage)).toEqual(new Set([a.header]));
    expect(new Set(b.inPage)).toEqual(new Set([b.header]));
    expect(a.header).not.toBe(b.header);
    expect(one.html.replaceAll(a.header!, "N")).toBe(two.html.replaceAll(b.header!, "N"));
  });

  it("gives a shared cache the same page for the same query in any order", async () => {
    host.pages.clear();
    const first = await page(`/shop?sort=low2high&color=${catalogue.colors.black.id}`);
    const second = await page(`/shop?color=${catalogue.colors.black.id}&sort=low2high`);
    expect([first.cache, second.cache]).toEqual(["miss", "hit"]);
    expect((await page("/shop?utm_source=mail")).cache).toBeNull();
  });

  it("never serves a cached page to a request with a personal cookie, nor keeps its page", async () => {
    host.pages.clear();
    const guest = shopper(host.api);
    const { clutch } = catalogue.products;
    const size = await variantId(database.db, clutch, catalogue.colors.black.id, catalogue.sizes.oneSize.id);
    expect((await guest.post("/cart/add", { id: clutch, size, quantity: 1 })).status).toBe(200);
    const cookie = [...guest.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    for (const other of [
      "order_access=x",
      "shop_session=x",
      "wishlist_key=x",
      "unknown=1",
      `${cookie}; a=1`,
    ]) {
      const answer = await page("/product/leather-tote", { cookie: other });
      expect(answer.cache, other).toBeNull();
      expect(answer.response.headers.get("cache-control"), other).toBe("private, no-store");
      expect(answer.response.headers.get("vary"), other).toContain("Cookie");
    }
    expect(host.pages.stats().entries).toBe(0);
    // A guest whose only cookie is their cart's gets the page kept for visitors without cookies with their cart
    // in it (guest-cart-pages.host.test.ts), personal, and their page is not what is kept.
    const withCart = await page("/product/leather-tote", { cookie });
    expect(withCart.cache).toBe("splice");
    expect(withCart.response.headers.get("cache-control")).toBe("private, no-store");
    expect(withCart.html).toContain('aria-label="Cart, 1 item"');
    const kept = await page("/product/leather-tote");
    expect(kept.cache).toBe("hit");
    expect(kept.html).toContain('aria-label="Cart, 0 items"');
  });

  it("keeps no personal page, no error page and no answer that is not a GET", async () => {
    host.pages.clear();
    for (const path of ["/cart", "/checkout", "/wishlist", "/user-login", "/admin", "/order-lookup"]) {
      expect((await page(path)).cache, path).toBeNull();
    }
    const missing = await page("/product/no-such-thing");
    expect(missing.response.status).toBe(404);
    expect(missing.cache).toBeNull();
    const head = await host.request("/about", { method: "HEAD" });
    expect(head.headers.get("x-cache")).toBeNull();
    const posted = await host.request("/contact", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: HOST_URL },
      body: "name=A",
    });
    expect(posted.headers.get("x-cache")).toBeNull();
    expect(host.pages.stats().entries).toBe(0);
    // A HEAD of a kept page is answered from it.
    await cached("/about");
    const kept = await host.request("/about", { method: "HEAD" });
    expect(kept.headers.get("x-cache")).toBe("hit");
    expect(await kept.text()).toBe("");
  });

  it("keeps no page that sets a cookie", async () => {
    host.pages.clear();
    // A session the API no longer knows is cleared by the page that meets it: that page sets a cookie.
    const stale = setCookieHeader(SESSION_COOKIE, "revoked-token", cookiePolicy(HARNESS_CONFIG)).split(
      ";",
    )[0]!;
    const answer = await page("/shop", { cookie: stale });
    expect(answer.response.headers.get("set-cookie")).toBeTruthy();
    expect(answer.cache).toBeNull();
    expect(host.pages.stats().entries).toBe(0);
  });

  it("sends a cached page gzipped to a client that takes gzip, with its own nonce, and br-only clients br", async () => {
    await cached("/terms-and-conditions");
    const plain = await page("/terms-and-conditions");
    for (const accept of ["gzip, deflate, br, zstd", "gzip"]) {
      const response = await host.request("/terms-and-conditions", {
        headers: { "accept-encoding": accept },
      });
      expect(response.headers.get("content-encoding"), accept).toBe("gzip");
      expect(response.headers.get("x-cache")).toBe("hit");
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(Number(response.headers.get("content-length"))).toBe(bytes.byteLength);
      const html = gunzipSync(bytes).toString();
      const { header, inPage } = nonces(response, html);
      expect(new Set(inPage)).toEqual(new Set([header]));
      const other = nonces(plain.response, plain.html).header!;
      expect(html.replaceAll(header!, "N")).toBe(plain.html.replaceAll(other, "N"));
    }
    const br = await host.request("/terms-and-conditions", { headers: { "accept-encoding": "br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toContain("<html");
  });

  describe("drops the cached pages after each catalogue writer", () => {
    it("a product's update (title, discount)", async () => {
      const { tote } = catalogue.products;
      expect(await cached("/product/leather-tote")).toContain("Leather Tote");
      const saved = await admin.staff.call("PATCH", `/admin/products/${tote}`, {
        title: "Leather Tote Renamed",
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const after = await page("/product/leather-tote");
      expect(after.cache).toBe("miss");
      expect(after.html).toContain("Leather Tote Renamed");
    });

    it("a variant's price and stock", async () => {
      const id = await plainProduct(database.db, catalogue, "priced-bag");
      const before = await cached("/product/priced-bag");
      expect(before).toContain("1,000");
      const saved = await admin.staff.call("PATCH", `/admin/products/${id}`, {
        variants: [
          { color_id: catalogue.colors.black.id, size_id: catalogue.sizes.oneSize.id, price: 1750, stock: 2 },
        ],
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const after = await page("/product/priced-bag");
      expect(after.cache).toBe("miss");
      expect(after.html).toContain("1,750");
    });

    it("a product's creation and deletion", async () => {
      expect(await cached("/shop?search=Zephyr")).not.toContain("Zephyr Satchel");
      const created = await admin.staff.post("/admin/products", {
        title: "Zephyr Satchel",
        description: "<p>New.</p>",
        category_id: catalogue.categories.bags.id,
        tag_ids: [],
        new_arrival: true,
        daily_deal: false,
        discount: 0,
        status: "active",
        variants: [
          { color_id: catalogue.colors.black.id, size_id: catalogue.sizes.oneSize.id, price: 999, stock: 3 },
        ],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const listed = await page("/shop?search=Zephyr");
      expect(listed.cache).toBe("miss");
      expect(listed.html).toContain("Zephyr Satchel");

      expect((await cached(`/product/${created.body.slug}`)).length).toBeGreaterThan(0);
      expect((await admin.staff.call("DELETE", `/admin/products/${created.body.id}`)).status).toBe(200);
      const gone = await page(`/product/${created.body.slug}`);
      expect(gone.response.status).toBe(404);
    });

    it("an archive (a product with orders)", async () => {
      const id = await plainProduct(database.db, catalogue, "archived-bag");
      const buyer = await registeredShopper(host.api, {
        first_name: "Ali",
        last_name: "Raza",
        email: "ali.archive@example.pk",
      });
      await orderFor(database.db, {
        userId: (await buyer.get("/user")).body.id,
        productIds: [id],
        status: "delivered",
      });
      await cached("/product/archived-bag");
      const removed = await admin.staff.call("DELETE", `/admin/products/${id}`);
      expect(removed.body.outcome).toBe("archived");
      const after = await page("/product/archived-bag");
      expect(after.cache).toBeNull();
      expect(after.response.status).toBe(410);
    });

    it("a product photo's upload, alt text, order and removal", async () => {
      const id = await plainProduct(database.db, catalogue, "photo-bag");
      const bytes = await sharp({ create: { width: 900, height: 900, channels: 3, background: "#8a6d4b" } })
        .png()
        .toBuffer();
      const upload = async (alt: string) => {
        const form = new FormData();
        form.append("image", new File([new Uint8Array(bytes)], "bag.png", { type: "image/png" }));
        form.append("alt", alt);
        const response = await host.api.request(`/admin/products/${id}/images`, {
          method: "POST",
          headers: { authorization: `Bearer ${admin.staff.token}` },
          body: form,
        });
        expect(response.status).toBe(201);
        return (await response.json()) as { id: number };
      };
      await cached("/product/photo-bag");
      const first = await upload("Photo bag, front");
      expect((await page("/product/photo-bag")).html).toContain("Photo bag, front");
      const second = await upload("Photo bag, back");

      await cached("/product/photo-bag");
      const alt = await admin.staff.call("PATCH", `/admin/products/${id}/images/${first.id}`, {
        alt: "Photo bag, open",
      });
      expect(alt.status).toBe(200);
      const altered = await page("/product/photo-bag");
      expect(altered.cache).toBe("miss");
      expect(altered.html).toContain("Photo bag, open");

      await cached("/product/photo-bag");
      const order = await admin.staff.call("PUT", `/admin/products/${id}/images/order`, {
        ids: [second.id, first.id],
      });
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      expect((await page("/product/photo-bag")).cache).toBe("miss");

      await cached("/product/photo-bag");
      expect((await admin.staff.call("DELETE", `/admin/products/${id}/images/${first.id}`)).status).toBe(200);
      const removed = await page("/product/photo-bag");
      expect(removed.cache).toBe("miss");
      expect(removed.html).not.toContain("Photo bag, open");
    });

    it("a review's approval and hiding (the product's rating)", async () => {
      const id = await plainProduct(database.db, catalogue, "reviewed-bag");
      const author = await registeredShopper(host.api, {
        first_name: "Sana",
        last_name: "Malik",
        email: "sana.cache@example.pk",
      });
      await orderFor(database.db, {
        userId: (await author.get("/user")).body.id,
        productIds: [id],
        status: "delivered",
      });
      const written = await author.post("/product/reviewed-bag/reviews", {
        rating: 4,
        title: "Sturdy",
        body: "Worth the money, would buy again.",
      });
      expect(written.status).toBe(201);
      expect(await cached("/product/reviewed-bag")).not.toContain("Worth the money");
      expect(
        (await admin.staff.call("PATCH", `/admin/reviews/${written.body.id}`, { status: "approved" })).status,
      ).toBe(200);
      const approved = await page("/product/reviewed-bag");
      expect(approved.cache).toBe("miss");
      expect(approved.html).toContain("Worth the money");

      await cached("/product/reviewed-bag");
      expect(
        (await admin.staff.call("PATCH", `/admin/reviews/${written.body.id}`, { status: "hidden" })).status,
      ).toBe(200);
      const hidden = await page("/product/reviewed-bag");
      expect(hidden.cache).toBe("miss");
      expect(hidden.html).not.toContain("Worth the money");
    });

    it("a checkout (stock down) and the order's cancellation (stock back)", async () => {
      const id = await plainProduct(database.db, catalogue, "last-bag");
      const size = await variantId(database.db, id, catalogue.colors.black.id, catalogue.sizes.oneSize.id);
      await cached("/product/last-bag");
      const guest = shopper(host.api);
      expect((await guest.post("/cart/add", { id, size, quantity: 5 })).status).toBe(200);
      const placed = await guest.post("/checkout", CHECKOUT_CONTACT);
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const soldOut = await page("/product/last-bag");
      expect(soldOut.cache).toBe("miss");

      await cached("/product/last-bag");
      const cancelled = await admin.staff.call("PATCH", `/admin/orders/${placed.body.order.number}`, {
        status: "cancelled",
      });
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      expect((await page("/product/last-bag")).cache).toBe("miss");
    });
  });

  it("renders every public page when the cache is off (PAGE_CACHE_MB=0), with the same headers", async () => {
    const off = await hostHarness(database, { PAGE_CACHE_MB: "0" });
    try {
      for (let i = 0; i < 2; i++) {
        const response = await off.request("/about", { headers: { ...SAME_ORIGIN } });
        expect(response.headers.get("x-cache")).toBeNull();
        expect(response.headers.get("cache-control")).toBe(PUBLIC);
      }
      expect(off.pages.stats().entries).toBe(0);
    } finally {
      await off.close();
    }
  }, 60_000);
});
