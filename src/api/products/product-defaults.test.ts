import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiHarness, apiHarness, shopper } from "../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue, variantId } from "../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { insertProduct } from "./product-writer.ts";

const { engine, available } = testEngine();

/**
 * The product page opens on the first colour and size in stock, and the card shows that variant's price
 * (docs/decisions/0020-product-defaults-crawlers-first-start.md): one rule, kept when stock sells out.
 */
describe.skipIf(!available)(`the variant a product opens on, on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let catalogue: Catalogue;
  let red: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    api = apiHarness(database);
    const { categories, colors, sizes } = catalogue;
    red = (
      await database.db
        .insertInto("colors")
        .values({ name: "Red", code: "#b91c1c" })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
    const base = {
      categoryId: categories.bags.id,
      shortDescription: "",
      images: [],
      newArrival: false,
      dailyDeal: false,
      tagIds: [],
    };
    // Black is sold out; Tan has only its M left; the cheapest size (S, Rs. 1,000) is sold out everywhere.
    ids.twoTone = await insertProduct(database.db, {
      ...base,
      slug: "two-tone-satchel",
      title: "Two-Tone Satchel",
      discount: 10,
      variants: [
        { colorId: colors.black.id, sizeId: sizes.small.id, price: 100_000, stock: 0 },
        { colorId: colors.black.id, sizeId: sizes.medium.id, price: 120_000, stock: 0 },
        { colorId: colors.tan.id, sizeId: sizes.medium.id, price: 120_000, stock: 4 },
        { colorId: colors.tan.id, sizeId: sizes.small.id, price: 100_000, stock: 0 },
        { colorId: red, sizeId: sizes.medium.id, price: 125_000, stock: 2 },
      ],
    });
    ids.plain = await insertProduct(database.db, {
      ...base,
      slug: "plain-satchel",
      title: "Plain Satchel",
      discount: 0,
      variants: [{ colorId: colors.black.id, sizeId: sizes.oneSize.id, price: 105_000, stock: 3 }],
    });
  });
  afterAll(() => database?.drop());

  async function get(path: string) {
    const response = await api.request(path);
    return { status: response.status, body: await response.json() };
  }
  const variant = (colorId: number, sizeId: number) => variantId(database.db, ids.twoTone!, colorId, sizeId);

  it("opens on the first colour and size in stock, and says which size each colour opens on", async () => {
    const { colors, sizes } = catalogue;
    const { body } = await get("/product/two-tone-satchel");
    expect(body).toMatchObject({
      price: 1200,
      discount_price: 1080,
      default_color_id: colors.tan.id,
      default_variation_id: await variant(colors.tan.id, sizes.medium.id),
      colors: [
        { color_id: colors.black.id, default_variation_id: await variant(colors.black.id, sizes.small.id) },
        { color_id: colors.tan.id, default_variation_id: await variant(colors.tan.id, sizes.medium.id) },
        { color_id: red, default_variation_id: await variant(red, sizes.medium.id) },
      ],
    });
    const tanSizes = await get(`/product-sizes/${ids.twoTone}/${colors.tan.id}/sizes`);
    const opensOn = tanSizes.body.find((size: { id: number }) => size.id === body.default_variation_id);
    expect(opensOn).toMatchObject({ size_name: "M", price: "1,080.00", regular_price: "1,200.00", stock: 4 });
  });

  it("gives the card the price of the variant the page opens on, and sorts by it", async () => {
    const { body } = await get("/products?search=satchel&sort=low2high");
    expect(
      body.data.map((card: { slug: string; price: number; discount_price: number | null }) => [
        card.slug,
        card.price,
        card.discount_price,
      ]),
    ).toEqual([
      ["plain-satchel", 1050, null],
      ["two-tone-satchel", 1200, 1080],
    ]);
  });

  it("moves the card price with the default when an order sells the default variant out", async () => {
    const { colors, sizes } = catalogue;
    const buyer = shopper(api);
    const tanM = await variant(colors.tan.id, sizes.medium.id);
    expect((await buyer.post("/cart/add", { id: ids.twoTone, quantity: 4, size: tanM })).status).toBe(200);
    const order = await buyer.post("/checkout", {
      email: "ali@example.pk",
      phone: "0300 1234567",
      shipping_address: {
        country: "Pakistan",
        first_name: "Ali",
        last_name: "Raza",
        address: "House 12, Street 4",
        address_2: "",
        city: "Islamabad",
        postcode: "",
      },
      notes: "",
    });
    expect(order.status).toBe(201);

    const detail = await get("/product/two-tone-satchel");
    expect(detail.body).toMatchObject({
      price: 1250,
      discount_price: 1125,
      default_color_id: red,
      default_variation_id: await variant(red, sizes.medium.id),
    });
    const cards = await get("/products?search=satchel&sort=high2low");
    expect(cards.body.data.map((card: { slug: string; price: number }) => [card.slug, card.price])).toEqual([
      ["two-tone-satchel", 1250],
      ["plain-satchel", 1050],
    ]);
  });
});
