import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopper } from "../testing/api-harness.ts";
import { buildCatalogue, type Catalogue, plainProduct, variantId } from "../testing/factories.ts";
import { type HostHarness, hostHarness } from "../testing/host-harness.ts";
import { CHECKOUT_CONTACT } from "../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../testing/test-db.ts";

const { engine, available } = testEngine();

/**
 * An order that leaves stock refreshes only the kept pages that show that product's stock (decision 0056): its
 * own product page, whose size picker holds each size's stock; every other kept page stays a hit.
 */
describe.skipIf(!available)(`kept pages after an order on ${engine}`, () => {
  let database: TestDatabase;
  let host: HostHarness;
  let catalogue: Catalogue;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    host = await hostHarness(database);
  }, 60_000);

  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  async function page(path: string) {
    const response = await host.request(path, { headers: { accept: "text/html" } });
    return { html: await response.text(), cache: response.headers.get("x-cache") };
  }

  it("refreshes the ordered product's page with its new stock, and no other page", async () => {
    const id = await plainProduct(database.db, catalogue, "flash-bag");
    const others = [
      "/",
      "/shop",
      "/shop?search=tote",
      "/product/leather-tote",
      "/product/evening-clutch",
      "/about",
    ];
    for (const path of ["/product/flash-bag", ...others]) {
      await page(path);
      expect((await page(path)).cache, path).toBe("hit");
    }
    expect((await page("/product/flash-bag")).html).toContain('max="5"');

    const size = await variantId(database.db, id, catalogue.colors.black.id, catalogue.sizes.oneSize.id);
    const guest = shopper(host.api);
    expect((await guest.post("/cart/add", { id, size, quantity: 2 })).status).toBe(200);
    const placed = await guest.post("/checkout", CHECKOUT_CONTACT);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);

    // The first request after the order is answered the kept page at once (its stock a moment old, decision
    // 0058) and starts its refresh; the refreshed page follows, kept.
    const after = await page("/product/flash-bag");
    expect(after.cache).toBe("hit");
    expect(after.html).toContain('max="5"');
    let refreshed = after;
    for (let tries = 0; tries < 100 && !refreshed.html.includes('max="3"'); tries++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      refreshed = await page("/product/flash-bag");
    }
    expect(refreshed.html).toContain('max="3"');
    expect(refreshed.cache).toBe("hit");
    for (const path of others) expect((await page(path)).cache, path).toBe("hit");
  }, 60_000);

  it("drops every page when the order sells a variant out (listings show it)", async () => {
    const id = await plainProduct(database.db, catalogue, "last-ones");
    for (const path of ["/product/last-ones", "/about"]) {
      await page(path);
      expect((await page(path)).cache, path).toBe("hit");
    }
    const size = await variantId(database.db, id, catalogue.colors.black.id, catalogue.sizes.oneSize.id);
    const guest = shopper(host.api);
    expect((await guest.post("/cart/add", { id, size, quantity: 5 })).status).toBe(200);
    expect((await guest.post("/checkout", CHECKOUT_CONTACT)).status).toBe(201);
    expect((await page("/about")).cache).toBe("miss");
    expect((await page("/product/last-ones")).html).toContain("Out Of Stock");
  }, 60_000);
});
