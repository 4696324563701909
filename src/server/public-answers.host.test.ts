import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminHarness, adminHarness } from "../testing/admin-harness.ts";
import { shopper } from "../testing/api-harness.ts";
import { buildCatalogue, type Catalogue, plainProduct, variantId } from "../testing/factories.ts";
import { type HostHarness, hostHarness, registeredCookie } from "../testing/host-harness.ts";
import { CHECKOUT_CONTACT } from "../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../testing/test-db.ts";

const { engine, available } = testEngine();

const PUBLIC = "public, max-age=0, s-maxage=30";

/**
 * The API's public reads kept by the host (src/server/public-answers.ts, decision 0056), through the whole host
 * as a browser or a client of the API reaches it.
 */
describe.skipIf(!available)(`kept public API answers on ${engine}`, () => {
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

  async function get(path: string, headers: Record<string, string> = {}) {
    const response = await host.request(path, { headers });
    return { response, text: await response.text(), cache: response.headers.get("x-cache") };
  }

  /** The API's own answer, without the host (and so without its cache). */
  async function apiOwn(path: string) {
    return (await host.api.app.request(path)).text();
  }

  it("fills each public read once, then answers it from the cache with the API's own bytes", async () => {
    host.answers.clear();
    for (const path of [
      "/api/products",
      "/api/products?color=1&sort=low2high",
      "/api/products?search=tote&sort=high2low",
      "/api/product/leather-tote",
      `/api/product-sizes/${catalogue.products.tote}/${catalogue.colors.black.id}/sizes`,
      "/api/categories",
      "/api/colors",
      "/api/sizes",
      "/api/tags",
      "/api/sliders",
      "/api/sale",
      "/api/search/suggestions?q=tote",
    ]) {
      const first = await get(path);
      const second = await get(path);
      expect([first.response.status, first.cache, second.cache], path).toEqual([200, "miss", "hit"]);
      expect(second.text, path).toBe(first.text);
      expect(second.text, path).toBe(await apiOwn(path));
      expect(second.response.headers.get("content-type"), path).toMatch(/^application\/json/);
      expect(second.response.headers.get("etag"), path).toMatch(/^"[\w-]+"$/);
      expect(second.response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(second.response.headers.get("set-cookie"), path).toBeNull();
    }
    expect((await get("/api/products")).response.headers.get("cache-control")).toBe(PUBLIC);
    expect((await get("/api/categories")).response.headers.get("cache-control")).toBe("public, max-age=300");
  });

  it("keys a read by its known parameters in any order", async () => {
    host.answers.clear();
    expect((await get("/api/products?sort=low2high&color=1&page=1")).cache).toBe("miss");
    expect((await get("/api/products?page=1&color=1&sort=low2high")).cache).toBe("hit");
    expect((await get("/api/products?color=1&sort=low2high")).cache).toBe("miss");
  });

  it("answers 304 to a matching If-None-Match, and gzip with its own ETag", async () => {
    const { response, text } = await get("/api/products?take=4");
    const etag = response.headers.get("etag")!;
    const again = await get("/api/products?take=4", { "if-none-match": etag });
    expect(again.response.status).toBe(304);
    expect(again.text).toBe("");
    expect(again.response.headers.get("etag")).toBe(etag);
    expect(again.response.headers.get("cache-control")).toBe(PUBLIC);
    expect(
      (await get("/api/products?take=4", { "if-none-match": `"other", W/${etag}` })).response.status,
    ).toBe(304);
    expect((await get("/api/products?take=4", { "if-none-match": '"other"' })).response.status).toBe(200);

    const zipped = await host.request("/api/products?take=4", { headers: { "accept-encoding": "gzip, br" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("vary")).toBe("Accept-Encoding");
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe(text);
    const zippedEtag = zipped.headers.get("etag")!;
    expect(zippedEtag).not.toBe(etag);
    const notModified = await host.request("/api/products?take=4", {
      headers: { "accept-encoding": "gzip", "if-none-match": zippedEtag },
    });
    expect(notModified.status).toBe(304);
  });

  it("answers a HEAD from a kept answer, without a body", async () => {
    await get("/api/tags");
    const head = await host.request("/api/tags", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-cache")).toBe("hit");
    expect(await head.text()).toBe("");
  });

  it("keeps no error, no unknown parameter and no personal read", async () => {
    host.answers.clear();
    for (const path of [
      "/api/products?sort=nope",
      "/api/product/no-such-bag",
      "/api/product-sizes/999999/1/sizes",
      "/api/products?utm_source=mail",
      "/api/cart",
    ]) {
      const first = await get(path);
      const second = await get(path);
      expect([first.cache, second.cache], path).toEqual([null, null]);
      expect(second.text, path).toBe(first.text);
    }
    expect((await get("/api/products?sort=nope")).response.status).toBe(422);
    expect((await get("/api/products?utm_source=mail")).text).toBe(await apiOwn("/api/products"));
    expect(host.answers.stats().entries).toBe(0);
  });

  it("gives a shopper with a session, a cart or any cookie the same bytes as everyone", async () => {
    const session = await registeredCookie(host, database, "answers@example.com");
    const guest = shopper(host.api);
    const size = await variantId(
      database.db,
      catalogue.products.shirt,
      catalogue.colors.navy.id,
      catalogue.sizes.small.id,
    );
    expect((await guest.post("/cart/add", { id: catalogue.products.shirt, size, quantity: 1 })).status).toBe(
      200,
    );
    const cart = [...guest.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    host.answers.clear();
    const path = "/api/product/oxford-shirt";
    const anonymous = await get(path);
    for (const cookie of [session, cart, "tracking=xyz"]) {
      const personal = await get(path, { cookie });
      expect(personal.cache).toBe("hit");
      expect(personal.text).toBe(anonymous.text);
      // The API's own answer reads no cookie either: what is kept is what this shopper would have got.
      expect(await (await host.api.app.request(path, { headers: { cookie } })).text()).toBe(anonymous.text);
    }
  }, 60_000);

  it("drops every kept answer on a catalogue write", async () => {
    const id = await plainProduct(database.db, catalogue, "answered-bag");
    await get("/api/product/answered-bag");
    await get("/api/categories");
    expect((await get("/api/product/answered-bag")).cache).toBe("hit");
    const saved = await admin.staff.call("PATCH", `/admin/products/${id}`, { title: "Answered Bag Renamed" });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await get("/api/product/answered-bag");
    expect(after.cache).toBe("miss");
    expect(after.text).toContain("Answered Bag Renamed");
    expect((await get("/api/categories")).cache).toBe("miss");
  });

  it("an order refreshes only the sizes of the products it took stock from", async () => {
    const id = await plainProduct(database.db, catalogue, "stocked-bag");
    const black = catalogue.colors.black.id;
    const sizesPath = `/api/product-sizes/${id}/${black}/sizes`;
    const otherSizes = `/api/product-sizes/${catalogue.products.shirt}/${catalogue.colors.navy.id}/sizes`;
    for (const path of [sizesPath, otherSizes, "/api/products", "/api/product/stocked-bag"]) {
      await get(path);
      expect((await get(path)).cache, path).toBe("hit");
    }
    const size = await variantId(database.db, id, black, catalogue.sizes.oneSize.id);
    const guest = shopper(host.api);
    expect((await guest.post("/cart/add", { id, size, quantity: 2 })).status).toBe(200);
    const placed = await guest.post("/checkout", CHECKOUT_CONTACT);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);

    const after = await get(sizesPath);
    expect(after.cache).toBe("miss");
    expect(JSON.parse(after.text)[0].stock).toBe(3);
    for (const path of [otherSizes, "/api/products", "/api/product/stocked-bag"]) {
      expect((await get(path)).cache, path).toBe("hit");
    }
  });

  it("answers every read from the API when the cache is off (API_CACHE_MB=0)", async () => {
    const off = await hostHarness(database, { API_CACHE_MB: "0" });
    try {
      for (let i = 0; i < 2; i++) {
        const response = await off.request("/api/products");
        expect(response.headers.get("x-cache")).toBeNull();
        expect(response.headers.get("cache-control")).toBe(PUBLIC);
      }
      expect(off.answers.stats().entries).toBe(0);
    } finally {
      await off.close();
    }
  }, 60_000);
});
