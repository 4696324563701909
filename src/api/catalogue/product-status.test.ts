import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ProductStatus } from "../../shared/product-status.ts";
import { type ApiHarness, apiHarness, shopper } from "../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue, variantId } from "../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { catalogueChanged } from "./count-cache.ts";
import { sitemapRepository } from "./sitemap.repository.ts";

const { engine, available } = testEngine();

const contact = {
  email: "sana@example.pk",
  phone: "0300 7654321",
  shipping_address: {
    country: "Pakistan",
    first_name: "Sana",
    last_name: "Iqbal",
    address: "House 3, Street 9",
    city: "Lahore",
  },
};

/** Shoppers see products on sale only: drafts are not there yet, archived products no longer (decision 0030). */
describe.skipIf(!available)(`what shoppers see of drafts and archived products on ${engine}`, () => {
  let database: TestDatabase;
  let catalogue: Catalogue;
  let api: ApiHarness;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    api = apiHarness(database);
  });
  afterAll(() => database?.drop());
  beforeEach(async () => {
    await database.db.updateTable("products").set({ status: "active" }).execute();
    catalogueChanged();
  });

  async function setStatus(productId: number, status: ProductStatus) {
    await database.db.updateTable("products").set({ status }).where("id", "=", productId).execute();
    catalogueChanged();
  }

  const ids = async (query: string) => {
    const { body } = await shopper(api).get(`/products${query}`);
    return { ids: (body.data as { id: number }[]).map((card) => card.id), total: body.meta.total as number };
  };

  it("leaves them out of every listing, its totals, the search and the suggestions", async () => {
    const { tote, clutch, shirt, quoted } = catalogue.products;
    expect((await ids("")).ids).toEqual([quoted, shirt, clutch, tote]);
    await setStatus(shirt, "draft");
    await setStatus(tote, "archived");
    expect(await ids("")).toEqual({ ids: [quoted, clutch], total: 2 });
    expect(await ids("?type=new-arrival")).toEqual({ ids: [], total: 0 });
    expect(await ids("?type=daily-deals")).toEqual({ ids: [clutch], total: 1 });
    expect(await ids("?category=shirts&sort=low2high")).toEqual({ ids: [quoted], total: 1 });
    expect(await ids(`?color=${catalogue.colors.navy.id}`)).toEqual({ ids: [quoted], total: 1 });
    expect(await ids("?search=oxford")).toEqual({ ids: [], total: 0 });
    expect(await ids("?search=tote")).toEqual({ ids: [], total: 0 });
    const suggestions = await shopper(api).get("/search/suggestions?q=oxford");
    expect(suggestions.body).toMatchObject({ products: [], total: 0 });
    // Back on sale: found again.
    await setStatus(shirt, "active");
    expect((await ids("?search=oxford")).ids).toEqual([shirt]);
  });

  it("answers a draft's page 404 and an archived product's page 410; their sizes 404", async () => {
    const { shirt, tote } = catalogue.products;
    await setStatus(shirt, "draft");
    await setStatus(tote, "archived");
    const guest = shopper(api);
    expect(await guest.get("/product/oxford-shirt")).toMatchObject({
      status: 404,
      body: { message: "No Product Found" },
    });
    expect(await guest.get("/product/leather-tote")).toMatchObject({
      status: 410,
      body: { message: "This product is no longer available." },
    });
    const { navy, black } = catalogue.colors;
    expect((await guest.get(`/product-sizes/${shirt}/${navy.id}/sizes`)).status).toBe(404);
    expect((await guest.get(`/product-sizes/${tote}/${black.id}/sizes`)).status).toBe(404);
  });

  it("answers an old slug with the product under its current slug (the page redirects there)", async () => {
    const { clutch } = catalogue.products;
    await database.db
      .insertInto("product_slug_redirects")
      .values({ old_slug: "silk-evening-clutch", product_id: clutch, created_at: new Date().toISOString() })
      .execute();
    const { status, body } = await shopper(api).get("/product/silk-evening-clutch");
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: clutch, slug: "evening-clutch" });
    await setStatus(clutch, "archived");
    expect((await shopper(api).get("/product/silk-evening-clutch")).status).toBe(410);
  });

  it("refuses to put one in the cart, and a checkout of a cart holding one, changing nothing", async () => {
    const { shirt, quoted } = catalogue.products;
    const { navy, black } = catalogue.colors;
    const { small, medium } = catalogue.sizes;
    const guest = shopper(api);
    const navySmall = await variantId(database.db, shirt, navy.id, small.id);
    expect(await guest.post("/cart/add", { id: shirt, quantity: 1, size: navySmall })).toMatchObject({
      status: 200,
    });
    expect(
      await guest.post("/cart/add", {
        id: quoted,
        quantity: 1,
        size: await variantId(database.db, quoted, navy.id, medium.id),
      }),
    ).toMatchObject({ status: 200 });
    await setStatus(shirt, "archived");
    const refused = await guest.post("/cart/add", {
      id: shirt,
      quantity: 1,
      size: await variantId(database.db, shirt, black.id, small.id),
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { message: "Sorry, this product is no longer available." },
    });
    const checkout = await guest.post("/checkout", contact);
    expect(checkout).toMatchObject({
      status: 409,
      body: { message: "Sorry, Oxford_Shirt is no longer available. Please remove it from your cart." },
    });
    const stock = await database.db
      .selectFrom("variants")
      .select("stock")
      .where("id", "=", navySmall)
      .executeTakeFirst();
    expect(stock?.stock).toBe(10);
    expect(await database.db.selectFrom("orders").select("id").execute()).toEqual([]);
    // The cart still shows the line, so the shopper can remove it.
    expect((await guest.get("/cart")).body.cart).toHaveLength(2);
  });

  it("refuses to save one in a wishlist", async () => {
    const { shirt, clutch } = catalogue.products;
    await setStatus(shirt, "draft");
    const guest = shopper(api);
    expect(await guest.post("/wishlist/add", { id: shirt })).toMatchObject({
      status: 404,
      body: { message: "This product is no longer available." },
    });
    expect((await guest.post("/wishlist/add", { id: clutch })).status).toBe(200);
  });

  it("lists only products on sale in the sitemap, and dates a category by those", async () => {
    const { shirt, quoted } = catalogue.products;
    await setStatus(shirt, "draft");
    await setStatus(quoted, "archived");
    const sitemap = sitemapRepository(database.db);
    expect(await sitemap.countProducts(100)).toBe(2);
    expect(await sitemap.lastId()).toBe(Math.max(catalogue.products.tote, catalogue.products.clutch));
    const listed = await sitemap.productsAfter(0, 100);
    expect(listed.map((entry) => entry.slug)).toEqual(["leather-tote", "evening-clutch"]);
    const categories = await sitemap.categories();
    expect(categories.find((category) => category.slug === "shirts")?.lastmod).toBe("");
  });
});
