import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ApiHarness,
  apiHarness,
  registeredShopper,
  type Shopper,
  shopper,
} from "../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue, variantId } from "../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";

const { engine, available } = testEngine();

// A double-tapped "Add to cart", or a page with several add buttons fired at once, on a cart that does not exist yet.
describe.skipIf(!available)(`adds to a new cart at the same moment on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let catalogue: Catalogue;
  let shirtNavyS: number;
  const TIMES = 10;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    api = apiHarness(database);
    const { products, colors, sizes } = catalogue;
    // Ten in stock, so all ten adds of one fit.
    shirtNavyS = await variantId(database.db, products.shirt, colors.navy.id, sizes.small.id);
  });
  afterAll(() => database?.drop());

  async function addAtOnce(client: Shopper) {
    const add = { id: catalogue.products.shirt, quantity: 1, size: shirtNavyS };
    const answers = await Promise.all(Array.from({ length: TIMES }, () => client.post("/cart/add", add)));
    return answers.map((answer) => answer.status);
  }

  const cartLines = (where: { user_id: number } | { cart_id: number }) => {
    const query = database.db
      .selectFrom("carts")
      .innerJoin("cart_items", "cart_items.cart_id", "carts.id")
      .select(["carts.id as cart_id", "cart_items.variant_id", "cart_items.quantity"]);
    return (
      "user_id" in where
        ? query.where("carts.user_id", "=", where.user_id)
        : query.where("carts.id", "=", where.cart_id)
    ).execute();
  };

  it("a guest with a cart cookie whose cart is gone: one cart, one line of ten, no errors", async () => {
    const guest = shopper(api);
    const add = { id: catalogue.products.shirt, quantity: 1, size: shirtNavyS };
    expect((await guest.post("/cart/add", add)).status).toBe(200);
    const [first] = await database.db
      .selectFrom("carts")
      .select("id")
      .orderBy("id", "desc")
      .limit(1)
      .execute();
    // The cart is cleared away (as an old cart would be) while the browser keeps its cookie.
    await database.db.deleteFrom("carts").where("id", "=", first!.id).execute();
    const before = await database.db.selectFrom("carts").select("id").execute();

    expect(await addAtOnce(guest)).toEqual(Array(TIMES).fill(200));
    const after = await database.db.selectFrom("carts").select("id").execute();
    expect(after).toHaveLength(before.length + 1);
    const created = after.find((row) => !before.some((old) => old.id === row.id))!;
    expect(await cartLines({ cart_id: created.id })).toEqual([
      { cart_id: created.id, variant_id: shirtNavyS, quantity: TIMES },
    ]);
    expect((await guest.get("/cart")).body.quantity).toBe(TIMES);
  });

  it("a signed-in shopper with no cart yet: one cart, one line of ten, no errors", async () => {
    const client = await registeredShopper(api, {
      first_name: "Bilal",
      last_name: "Ahmed",
      email: "bilal@example.pk",
    });

    expect(await addAtOnce(client)).toEqual(Array(TIMES).fill(200));
    const lines = await cartLines({ user_id: (await client.get("/user")).body.id });
    expect(lines).toEqual([{ cart_id: expect.any(Number), variant_id: shirtNavyS, quantity: TIMES }]);
  });
});
