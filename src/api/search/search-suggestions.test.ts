import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiHarness, apiHarness } from "../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue } from "../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";

const { engine, available } = testEngine();

describe.skipIf(!available)(`GET /api/search/suggestions on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let catalogue: Catalogue;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    api = apiHarness(database);
  });
  afterAll(() => database?.drop());

  async function get(path: string) {
    const response = await api.request(path);
    return { status: response.status, body: await response.json(), headers: response.headers };
  }

  it("answers the listing's matches as small cards plus matching categories, publicly cacheable", async () => {
    const { status, body, headers } = await get("/search/suggestions?q=%20Shirt%20");
    expect(status).toBe(200);
    expect(headers.get("cache-control")).toBe("public, max-age=300");
    expect(body.query).toBe("Shirt");
    // The title hit first; the search also finds what the category name "Shirts" covers (the kid's tee).
    expect(body.products[0]).toEqual({
      id: catalogue.products.shirt,
      slug: "oxford-shirt",
      title: "Oxford_Shirt",
      image: null,
      price: 2999,
      discount_price: 2699.1,
    });
    expect(body.products.map((product: { slug: string }) => product.slug)).toEqual([
      "oxford-shirt",
      "kids-tee",
    ]);
    expect(body.categories).toEqual([
      { id: catalogue.categories.shirts.id, name: "Shirts", slug: "shirts", parent_id: null },
    ]);
    expect(body.total).toBe(2);
  });

  it("gives the discounted price like the product card, and categories case-insensitively", async () => {
    const { body } = await get("/search/suggestions?q=TOTE");
    expect(body.products).toEqual([
      {
        id: catalogue.products.tote,
        slug: "leather-tote",
        title: "Leather Tote",
        image: "/images/products/leather-tote/black-front-800.webp",
        price: 12500,
        discount_price: 10000,
      },
    ]);
    expect((await get("/search/suggestions?q=handB")).body.categories).toEqual([
      { id: catalogue.categories.bags.id, name: "Handbags", slug: "handbags", parent_id: null },
    ]);
  });

  it("answers empty lists when nothing matches, and treats % and _ as plain text", async () => {
    for (const q of ["zzzz", "%%", "__"]) {
      const { status, body } = await get(`/search/suggestions?q=${encodeURIComponent(q)}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ products: [], categories: [], total: 0 });
    }
  });

  it("refuses a missing, too short or too long q with a 422 naming the field", async () => {
    for (const query of ["", "?q=", "?q=a", "?q=%20a%20", `?q=${"x".repeat(101)}`]) {
      const { status, body } = await get(`/search/suggestions${query}`);
      expect(status, query).toBe(422);
      expect(body.errors.q, query).toHaveLength(1);
    }
  });
});
