import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ApiHarness, apiHarness, shopper } from "../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue, variantId } from "../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";

const { engine, available } = testEngine();

describe.skipIf(!available)(`cart API on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let catalogue: Catalogue;
  let toteBlack: number;
  let toteTan: number;
  let shirtNavyS: number;
  let shirtNavyM: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    api = apiHarness(database);
    const { products, colors, sizes } = catalogue;
    toteBlack = await variantId(database.db, products.tote, colors.black.id, sizes.oneSize.id);
    toteTan = await variantId(database.db, products.tote, colors.tan.id, sizes.oneSize.id);
    shirtNavyS = await variantId(database.db, products.shirt, colors.navy.id, sizes.small.id);
    shirtNavyM = await variantId(database.db, products.shirt, colors.navy.id, sizes.medium.id);
  });
  afterAll(() => database?.drop());

  const counts = async () => ({
    items: Number(
      (
        await database.db
          .selectFrom("cart_items")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    quantity: Number(
      (
        await database.db
          .selectFrom("cart_items")
          .select((eb) => eb.fn.sum("quantity").as("q"))
          .executeTakeFirstOrThrow()
      ).q ?? 0,
    ),
  });

  describe("a guest", () => {
    let guest: ReturnType<typeof shopper>;
    beforeEach(() => {
      guest = shopper(api);
    });

    it("starts with an empty cart and no cookie", async () => {
      const { status, body, headers } = await guest.get("/cart");
      expect(status).toBe(200);
      // Nothing to deliver, so no delivery charge: an empty cart's figures are all zero.
      expect(body).toEqual({
        quantity: 0,
        total: 0,
        cart: [],
        summary: {
          subtotal: 0,
          discount: 0,
          delivery_charges: 0,
          cod_fee: 0,
          delivery_note: "",
          coupon: null,
          total: 0,
        },
        coupon_message: null,
      });
      expect(headers.getSetCookie()).toEqual([]);
    });

    it("adds an item, gets an httpOnly SameSite=Lax cookie for 30 days, and sees discounted prices", async () => {
      const added = await guest.post("/cart/add", {
        id: catalogue.products.tote,
        quantity: 2,
        size: toteBlack,
      });
      expect(added.status).toBe(200);
      expect(added.body.message).toBe("Your item has been added to the cart!");
      const cookie = added.headers.getSetCookie()[0] ?? "";
      expect(cookie).toMatch(/^cart_key=[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43};/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Max-Age=2592000/);

      const { body } = await guest.get("/cart");
      expect(body).toEqual({
        quantity: 2,
        total: 20000,
        cart: [
          {
            id: expect.any(Number),
            name: "Leather Tote",
            price: 10000,
            quantity: 2,
            total: 20000,
            attributes: {
              slug: "leather-tote",
              image: "/images/products/leather-tote/black-front-800.webp",
              color_name: "Black",
              color_code: "#111111",
              size_name: "One Size",
              variation_id: toteBlack,
              product_id: catalogue.products.tote,
              stock: 5,
            },
          },
        ],
        summary: {
          subtotal: 20000,
          discount: 0,
          delivery_charges: 200,
          cod_fee: 0,
          delivery_note: "",
          coupon: null,
          total: 20200,
        },
        coupon_message: null,
      });
    });

    it("merges the same variant into one line and keeps lines per variant", async () => {
      await guest.post("/cart/add", { id: catalogue.products.shirt, quantity: 1, size: shirtNavyS });
      await guest.post("/cart/add", { id: catalogue.products.shirt, quantity: 2, size: shirtNavyS });
      const { body } = await guest.post("/cart/add", {
        id: catalogue.products.shirt,
        quantity: 1,
        size: shirtNavyM,
      });
      expect(body.cart.map((line: { quantity: number }) => line.quantity)).toEqual([3, 1]);
      expect(body.quantity).toBe(4);
      // 3 x 2,699.10 + 1 x 2,879.10
      expect(body.total).toBe(10976.4);
      expect(body.cart.map((line: { total: number }) => line.total)).toEqual([8097.3, 2879.1]);
      expect(body.summary).toMatchObject({
        subtotal: 10976.4,
        discount: 0,
        delivery_charges: 200,
        total: 11176.4,
      });
    });

    it("never goes beyond stock, and a refusal changes nothing", async () => {
      await guest.post("/cart/add", { id: catalogue.products.shirt, quantity: 2, size: shirtNavyM });
      const before = await counts();
      const refused = await guest.post("/cart/add", {
        id: catalogue.products.shirt,
        quantity: 1,
        size: shirtNavyM,
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        message: "Sorry, only 2 left in stock. You already have 2 in your cart.",
      });
      expect(await counts()).toEqual(before);
      const first = await shopper(api).post("/cart/add", {
        id: catalogue.products.shirt,
        quantity: 3,
        size: shirtNavyM,
      });
      expect(first.body).toEqual({ message: "Sorry, only 2 left in stock." });
      expect(await counts()).toEqual(before);
    });

    it("refuses an out-of-stock variant and a size that belongs to another product", async () => {
      const soldOut = await guest.post("/cart/add", {
        id: catalogue.products.tote,
        quantity: 1,
        size: toteTan,
      });
      expect(soldOut).toMatchObject({ status: 409, body: { message: "Sorry, this item is out of stock." } });
      // A new shopper refused a sold-out item gets no cart: nothing is written for a refusal.
      const cartRows = async () =>
        Number(
          (
            await database.db
              .selectFrom("carts")
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = { ...(await counts()), carts: await cartRows() };
      const newcomer = await shopper(api).post("/cart/add", {
        id: catalogue.products.tote,
        quantity: 1,
        size: toteTan,
      });
      expect(newcomer).toMatchObject({ status: 409, body: { message: "Sorry, this item is out of stock." } });
      expect({ ...(await counts()), carts: await cartRows() }).toEqual(before);
      const mismatch = await guest.post("/cart/add", {
        id: catalogue.products.clutch,
        quantity: 1,
        size: toteBlack,
      });
      expect(mismatch).toMatchObject({
        status: 404,
        body: { message: "The selected size is not available for this product." },
      });
      expect((await guest.get("/cart")).body.quantity).toBe(0);
    });

    it("updates a line's quantity from 1 to stock", async () => {
      const { body } = await guest.post("/cart/add", {
        id: catalogue.products.shirt,
        quantity: 1,
        size: shirtNavyS,
      });
      const line = body.cart[0];
      const updated = await guest.post("/update-cart", {
        product_id: line.id,
        quantity: 10,
        variation_id: shirtNavyS,
      });
      expect(updated.status).toBe(200);
      expect(updated.body.cart[0].quantity).toBe(10);
      const tooMany = await guest.post("/update-cart", {
        product_id: line.id,
        quantity: 11,
        variation_id: shirtNavyS,
      });
      expect(tooMany).toMatchObject({ status: 409, body: { message: "Sorry, only 10 left in stock." } });
      const zero = await guest.post("/update-cart", {
        product_id: line.id,
        quantity: 0,
        variation_id: shirtNavyS,
      });
      expect(zero).toMatchObject({
        status: 422,
        body: { errors: { quantity: ["The quantity must be at least 1."] } },
      });
      const wrongVariant = await guest.post("/update-cart", {
        product_id: line.id,
        quantity: 1,
        variation_id: shirtNavyM,
      });
      expect(wrongVariant).toMatchObject({
        status: 404,
        body: { message: "This item is no longer in your cart." },
      });
      expect((await guest.get("/cart")).body.cart[0].quantity).toBe(10);
    });

    it("updates the line named by variation_id when product_id is the product, as the spec's client sends it", async () => {
      await guest.post("/cart/add", { id: catalogue.products.shirt, quantity: 1, size: shirtNavyM });
      const { body } = await guest.post("/cart/add", {
        id: catalogue.products.shirt,
        quantity: 2,
        size: shirtNavyS,
      });
      const lineS = body.cart.find(
        (line: { attributes: { variation_id: number } }) => line.attributes.variation_id === shirtNavyS,
      );
      expect(lineS.attributes.product_id).toBe(catalogue.products.shirt);
      // Otherwise this test could not tell a product id from a line id.
      expect(body.cart.map((line: { id: number }) => line.id)).not.toContain(catalogue.products.shirt);

      const updated = await guest.post("/update-cart", {
        product_id: catalogue.products.shirt,
        quantity: 3,
        variation_id: shirtNavyS,
      });
      expect(updated.status).toBe(200);
      const quantities = Object.fromEntries(
        updated.body.cart.map((line: { quantity: number; attributes: { variation_id: number } }) => [
          line.attributes.variation_id,
          line.quantity,
        ]),
      );
      expect(quantities).toEqual({ [shirtNavyS]: 3, [shirtNavyM]: 1 });

      // The line's own id is still accepted for product_id, as before.
      const byLineId = await guest.post("/update-cart", {
        product_id: lineS.id,
        quantity: 4,
        variation_id: shirtNavyS,
      });
      expect(byLineId.status).toBe(200);

      // Another product's id, or a variant that is not in the cart, names no line.
      const otherProduct = await guest.post("/update-cart", {
        product_id: catalogue.products.tote,
        quantity: 1,
        variation_id: shirtNavyS,
      });
      expect(otherProduct).toMatchObject({
        status: 404,
        body: { message: "This item is no longer in your cart." },
      });
      const notInCart = await guest.post("/update-cart", {
        product_id: catalogue.products.tote,
        quantity: 1,
        variation_id: toteBlack,
      });
      expect(notInCart.status).toBe(404);
      const after = await guest.get("/cart");
      expect(after.body.cart.map((line: { quantity: number }) => line.quantity).sort()).toEqual([1, 4]);
    });

    it("removes a line and clears the cart", async () => {
      await guest.post("/cart/add", { id: catalogue.products.shirt, quantity: 1, size: shirtNavyS });
      const { body } = await guest.post("/cart/add", {
        id: catalogue.products.clutch,
        quantity: 1,
        size: await clutchVariant(),
      });
      const removed = await guest.post("/cart/remove", { id: body.cart[0].id });
      expect(removed.status).toBe(200);
      expect(removed.body.message).toBe("Item Removed From Cart Successfully!");
      expect(removed.body.cart).toHaveLength(1);
      const again = await guest.post("/cart/remove", { id: body.cart[0].id });
      expect(again).toMatchObject({ status: 404, body: { message: "This item is no longer in your cart." } });
      const cleared = await guest.get("/cart/clear");
      expect(cleared.status).toBe(200);
      expect((await guest.get("/cart")).body).toEqual({
        quantity: 0,
        total: 0,
        cart: [],
        summary: {
          subtotal: 0,
          discount: 0,
          delivery_charges: 0,
          cod_fee: 0,
          delivery_note: "",
          coupon: null,
          total: 0,
        },
        coupon_message: null,
      });
    });

    it("empties the cart with POST, or with the spec's GET unless a browser sends that GET from another site", async () => {
      const fill = () =>
        guest.post("/cart/add", { id: catalogue.products.shirt, quantity: 1, size: shirtNavyS });
      const quantity = async () => (await guest.get("/cart")).body.quantity;

      await fill();
      expect(await guest.post("/cart/clear")).toMatchObject({
        status: 200,
        body: { message: "Your cart is now empty.", quantity: 0 },
      });

      const crossSite: Record<string, string>[] = [
        { "sec-fetch-site": "cross-site" },
        { origin: "https://evil.example" },
        { origin: "null" },
        { "sec-fetch-site": "cross-site", origin: "http://shop.test" },
      ];
      await fill();
      for (const headers of crossSite) {
        const refused = shopper(api, headers);
        refused.cookies = guest.cookies;
        expect(await refused.get("/cart/clear"), JSON.stringify(headers)).toMatchObject({
          status: 403,
          body: { message: "The cart can only be emptied from this shop. Send POST /api/cart/clear." },
        });
      }
      expect(await quantity()).toBe(1);

      const sameSite: Record<string, string>[] = [
        {},
        { "sec-fetch-site": "same-origin", origin: "http://shop.test" },
        { "sec-fetch-site": "same-site" },
        { "sec-fetch-site": "none" },
      ];
      for (const headers of sameSite) {
        await fill();
        const allowed = shopper(api, headers);
        allowed.cookies = guest.cookies;
        expect((await allowed.get("/cart/clear")).status, JSON.stringify(headers)).toBe(200);
        expect(await quantity()).toBe(0);
      }
    });

    it("cannot see or touch another guest's cart", async () => {
      const other = shopper(api);
      const { body } = await other.post("/cart/add", {
        id: catalogue.products.shirt,
        quantity: 1,
        size: shirtNavyS,
      });
      expect((await guest.get("/cart")).body.quantity).toBe(0);
      expect((await guest.post("/cart/remove", { id: body.cart[0].id })).status).toBe(404);
      expect(
        (
          await guest.post("/update-cart", {
            product_id: body.cart[0].id,
            quantity: 2,
            variation_id: shirtNavyS,
          })
        ).status,
      ).toBe(404);
      expect((await other.get("/cart")).body.quantity).toBe(1);
    });

    it("ignores a forged cart cookie", async () => {
      guest.cookies.set("cart_key", "not-a-real-key");
      expect((await guest.get("/cart")).body.quantity).toBe(0);
    });
  });

  async function clutchVariant() {
    return variantId(
      database.db,
      catalogue.products.clutch,
      catalogue.colors.black.id,
      catalogue.sizes.oneSize.id,
    );
  }

  describe("bad input on every write", () => {
    const malformed = ["{", "[1,2]", "null", '"text"', "x".repeat(70_000)];

    it.each(["/cart/add", "/cart/remove", "/update-cart"])(
      "%s answers malformed JSON with a 4xx message",
      async (path) => {
        for (const body of malformed) {
          const response = await api.request(path, {
            method: "POST",
            body,
            headers: { "content-type": "application/json" },
          });
          expect(response.status).toBeGreaterThanOrEqual(400);
          expect(response.status).toBeLessThan(500);
          expect(typeof (await response.json()).message).toBe("string");
        }
      },
    );

    it.each([
      [{}, "id", "The product field is required."],
      [{ id: "abc", quantity: 1, size: 1 }, "id", "The product must be a number."],
      [{ id: 1, quantity: -1, size: 1 }, "quantity", "The quantity must be at least 1."],
      [{ id: 1, quantity: 1e9, size: 1 }, "quantity", "The quantity may not be greater than 999."],
      [{ id: 1, quantity: 1.5, size: 1 }, "quantity", "The quantity must be a whole number."],
      [{ id: 1, quantity: 1, size: 1e12 }, "size", "The size is too large."],
      [{ id: 1, quantity: "many", size: 1 }, "quantity", "The quantity must be a number."],
    ])("cart/add refuses %j", async (payload, field, message) => {
      const guest = shopper(api);
      const before = await counts();
      const { status, body } = await guest.post("/cart/add", payload);
      expect(status).toBe(422);
      expect(body.errors[field]).toContain(message);
      expect(await counts()).toEqual(before);
    });

    it("answers unknown ids with 404 and changes nothing", async () => {
      const guest = shopper(api);
      const before = await counts();
      expect((await guest.post("/cart/add", { id: 99999, quantity: 1, size: 99999 })).status).toBe(404);
      expect((await guest.post("/cart/remove", { id: 99999 })).status).toBe(404);
      expect(
        (await guest.post("/update-cart", { product_id: 99999, quantity: 1, variation_id: 1 })).status,
      ).toBe(404);
      expect(await counts()).toEqual(before);
    });
  });
});
