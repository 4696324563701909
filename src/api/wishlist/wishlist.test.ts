import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { MAX_WISHLIST_ITEMS, WISHLIST_MESSAGES } from "../../shared/wishlist-rules.ts";
import { type ApiHarness, apiHarness, registeredShopper, shopper } from "../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue, variantId } from "../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { insertProduct, type NewVariant } from "../products/product-writer.ts";

const { engine, available } = testEngine();

describe.skipIf(!available)(`wishlist API on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let catalogue: Catalogue;
  let tote: number;
  let shirt: number;
  let clutch: number;
  let toteBlack: number;
  let toteTan: number;
  let shirtNavyM: number;
  let shirtBlackS: number;
  let soldOut: number;
  let emailCounter = 0;

  const newEmail = () => `wisher-${++emailCounter}@example.test`;
  const register = (email = newEmail()) =>
    registeredShopper(api, { first_name: "Ayesha", last_name: "Khan", email });

  const rowCounts = async () => ({
    wishlists: Number(
      (
        await database.db
          .selectFrom("wishlists")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    items: Number(
      (
        await database.db
          .selectFrom("wishlist_items")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  /** A plain bag (no photos, no discount) with these variants, through the catalogue's writer. */
  const bag = (slug: string, title: string, variants: NewVariant[]) =>
    insertProduct(database.db, {
      slug,
      title,
      categoryId: catalogue.categories.bags.id,
      shortDescription: "",
      images: [],
      discount: 0,
      newArrival: false,
      dailyDeal: false,
      tagIds: [],
      variants,
    });

  /** `count` bare products (no variants: enough to be saved), slugged `<prefix>-<n>`, written in one insert. */
  async function fillerProducts(prefix: string, count: number) {
    const now = new Date().toISOString();
    const rows = Array.from({ length: count }, (_, index) => ({
      slug: `${prefix}-${index}`,
      title: `Filler ${index}`,
      category_id: catalogue.categories.bags.id,
      short_description: "",
      image: null,
      back_image: null,
      discount: 0,
      own_discount: 0,
      new_arrival: 0,
      daily_deal: 0,
      rating: 0,
      reviews: 0,
      price: 100,
      sale_price: 100,
      created_at: now,
      updated_at: now,
    }));
    return database.db.insertInto("products").values(rows).returning("id").execute();
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    api = apiHarness(database);
    const { products, colors, sizes } = catalogue;
    ({ tote, shirt, clutch } = products);
    toteBlack = await variantId(database.db, tote, colors.black.id, sizes.oneSize.id);
    toteTan = await variantId(database.db, tote, colors.tan.id, sizes.oneSize.id);
    shirtNavyM = await variantId(database.db, shirt, colors.navy.id, sizes.medium.id);
    shirtBlackS = await variantId(database.db, shirt, colors.black.id, sizes.small.id);
    soldOut = await bag("sold-out-satchel", "Sold Out Satchel", [
      { colorId: colors.black.id, sizeId: sizes.small.id, price: 200_000, stock: 0 },
      { colorId: colors.black.id, sizeId: sizes.medium.id, price: 210_000, stock: 0 },
    ]);
  });
  afterAll(() => database?.drop());

  describe("a guest", () => {
    let guest: ReturnType<typeof shopper>;
    beforeEach(() => {
      guest = shopper(api);
    });

    it("starts with an empty wishlist and no cookie", async () => {
      const list = await guest.get("/wishlist");
      expect(list.status).toBe(200);
      expect(list.body).toEqual({ count: 0, limit: MAX_WISHLIST_ITEMS, items: [] });
      expect(list.headers.getSetCookie()).toEqual([]);
      const ids = await guest.get("/wishlist/ids");
      expect(ids.body).toEqual({ count: 0, product_ids: [] });
      expect(list.headers.get("cache-control")).toBe("private, no-store");
    });

    it("saves a product, gets its own httpOnly cookie for 30 days, and sees the product's card", async () => {
      const added = await guest.post("/wishlist/add", { id: tote });
      expect(added.status).toBe(200);
      expect(added.body).toEqual({ message: WISHLIST_MESSAGES.added, count: 1, product_ids: [tote] });
      const cookie = added.headers.getSetCookie()[0] ?? "";
      expect(cookie).toMatch(/^wishlist_key=[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43};/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Max-Age=2592000/);
      // The cart's cookie is not involved.
      expect(guest.cookies.has("cart_key")).toBe(false);

      const list = await guest.get("/wishlist");
      expect(list.body.count).toBe(1);
      // The tote opens on Black (in stock; Tan is sold out): Rs. 12,500 less 20%, with Black's photo.
      expect(list.body.items).toEqual([
        {
          id: tote,
          slug: "leather-tote",
          title: "Leather Tote",
          image: "/images/products/leather-tote/black-front-800.webp",
          price: 12_500,
          discount_price: 10_000,
          discount: 20,
          available: true,
          stock: 5,
          sold_out: false,
          saved_variation_id: null,
          variation_id: toteBlack,
          options: [
            {
              id: toteBlack,
              color_id: catalogue.colors.black.id,
              color_name: "Black",
              color_code: "#111111",
              size_name: "One Size",
              price: 10_000,
              regular_price: 12_500,
              stock: 5,
            },
            {
              id: toteTan,
              color_id: catalogue.colors.tan.id,
              color_name: "Tan",
              color_code: "#c19a6b",
              size_name: "One Size",
              price: 10_400,
              regular_price: 13_000,
              stock: 0,
            },
          ],
          added_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ]);
    });

    it("holds a product once: saving it again changes nothing but the variant it remembers", async () => {
      await guest.post("/wishlist/add", { id: shirt });
      const again = await guest.post("/wishlist/add", { id: shirt, variation_id: shirtNavyM });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ message: WISHLIST_MESSAGES.alreadyThere, count: 1, product_ids: [shirt] });
      const list = await guest.get("/wishlist");
      expect(list.body.items).toHaveLength(1);
      expect(list.body.items[0]).toMatchObject({
        saved_variation_id: shirtNavyM,
        variation_id: shirtNavyM,
        // Navy M: Rs. 3,199 less 10%.
        price: 3_199,
        discount_price: 2_879.1,
      });
    });

    it("lists the newest first and removes one; removing it again is no error", async () => {
      await guest.post("/wishlist/add", { id: tote });
      await guest.post("/wishlist/add", { id: clutch });
      expect((await guest.get("/wishlist/ids")).body).toEqual({ count: 2, product_ids: [clutch, tote] });

      const removed = await guest.post("/wishlist/remove", { id: tote });
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ message: WISHLIST_MESSAGES.removed, count: 1, product_ids: [clutch] });
      const again = await guest.post("/wishlist/remove", { id: tote });
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ message: WISHLIST_MESSAGES.notThere, count: 1, product_ids: [clutch] });
      expect((await guest.get("/wishlist")).body.items.map((item: { id: number }) => item.id)).toEqual([
        clutch,
      ]);
    });

    it("removing without a wishlist answers an empty one and sets no cookie", async () => {
      const removed = await guest.post("/wishlist/remove", { id: tote });
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ message: WISHLIST_MESSAGES.notThere, count: 0, product_ids: [] });
      expect(removed.headers.getSetCookie()).toEqual([]);
    });

    it("refuses an unknown product (404) or a malformed one (422) and stores nothing", async () => {
      const before = await rowCounts();
      const unknown = await guest.post("/wishlist/add", { id: 999_999 });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: WISHLIST_MESSAGES.productGone });

      const missing = await guest.post("/wishlist/add", {});
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toEqual({ id: ["The product field is required."] });
      const text = await guest.post("/wishlist/add", { id: "abc" });
      expect(text.status).toBe(422);
      expect(text.body.errors.id).toEqual(["The product must be a number."]);
      const negative = await guest.post("/wishlist/remove", { id: -3 });
      expect(negative.status).toBe(422);
      expect(negative.body.errors.id).toEqual(["The product must be a positive number."]);

      // A variant of another product.
      const foreign = await guest.post("/wishlist/add", { id: tote, variation_id: shirtNavyM });
      expect(foreign.status).toBe(404);
      expect(foreign.body).toEqual({ message: WISHLIST_MESSAGES.sizeGone });
      const badVariant = await guest.post("/wishlist/add", { id: tote, variation_id: 1.5 });
      expect(badVariant.status).toBe(422);
      expect(badVariant.body.errors.variation_id).toEqual(["The variation must be a whole number."]);

      expect(await rowCounts()).toEqual(before);
      expect((await guest.get("/wishlist/ids")).body.count).toBe(0);
    });

    it("accepts a blank variant, as an HTML form sends it", async () => {
      const added = await guest.post("/wishlist/add", { id: clutch, variation_id: "" });
      expect(added.status).toBe(200);
      expect((await guest.get("/wishlist")).body.items[0].saved_variation_id).toBeNull();
    });

    it("marks a sold-out product, which can still be saved", async () => {
      const added = await guest.post("/wishlist/add", { id: soldOut });
      expect(added.status).toBe(200);
      const [item] = (await guest.get("/wishlist")).body.items;
      expect(item).toMatchObject({
        id: soldOut,
        title: "Sold Out Satchel",
        image: null,
        sold_out: true,
        stock: 0,
        price: 2_000,
        discount_price: null,
      });
      // Nothing in stock: it opens on the first size, like the product page.
      expect(item.options.map((option: { stock: number }) => option.stock)).toEqual([0, 0]);
      expect(item.variation_id).toBe(item.options[0].id);
    });

    it("opens on the product's default when the remembered variant has sold out", async () => {
      await guest.post("/wishlist/add", { id: tote, variation_id: toteTan });
      const [item] = (await guest.get("/wishlist")).body.items;
      expect(item.saved_variation_id).toBe(toteTan);
      expect(item.variation_id).toBe(toteBlack);
      expect(item.price).toBe(12_500);
    });

    it("refuses changes a browser sends from another site", async () => {
      const evil = shopper(api, { origin: "https://evil.example" });
      const add = await evil.post("/wishlist/add", { id: tote });
      expect(add.status).toBe(403);
      expect(add.body).toEqual({ message: WISHLIST_MESSAGES.crossSite });
      expect(add.headers.getSetCookie()).toEqual([]);

      await guest.post("/wishlist/add", { id: tote });
      const fromElsewhere = shopper(api, { "sec-fetch-site": "cross-site" });
      fromElsewhere.cookies = guest.cookies;
      const remove = await fromElsewhere.post("/wishlist/remove", { id: tote });
      expect(remove.status).toBe(403);
      expect((await guest.get("/wishlist/ids")).body.product_ids).toEqual([tote]);

      // The shop's own pages (its origin) may.
      const own = shopper(api, { origin: "http://shop.test", "sec-fetch-site": "same-origin" });
      expect((await own.post("/wishlist/add", { id: tote })).status).toBe(200);
    });

    it("saves only products on sale, and keeps one withdrawn later, marked unavailable", async () => {
      const withdrawn = await bag("withdrawn-hobo", "Withdrawn Hobo", [
        { colorId: catalogue.colors.black.id, sizeId: catalogue.sizes.small.id, price: 100_000, stock: 4 },
      ]);
      const draft = await bag("draft-hobo", "Draft Hobo", [
        { colorId: catalogue.colors.black.id, sizeId: catalogue.sizes.small.id, price: 100_000, stock: 4 },
      ]);
      await database.db.updateTable("products").set({ status: "draft" }).where("id", "=", draft).execute();
      const refused = await guest.post("/wishlist/add", { id: draft });
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual({ message: WISHLIST_MESSAGES.productGone });

      expect((await guest.post("/wishlist/add", { id: withdrawn })).status).toBe(200);
      expect((await guest.get("/wishlist")).body.items[0].available).toBe(true);
      await database.db
        .updateTable("products")
        .set({ status: "archived" })
        .where("id", "=", withdrawn)
        .execute();
      const [item] = (await guest.get("/wishlist")).body.items;
      expect(item).toMatchObject({ id: withdrawn, available: false, sold_out: false });
      expect((await guest.post("/wishlist/add", { id: withdrawn })).status).toBe(404);
      expect((await guest.post("/wishlist/remove", { id: withdrawn })).body.count).toBe(0);
    });

    it("loses a product that leaves the catalogue", async () => {
      const gone = await bag("short-lived", "Short Lived", [
        { colorId: catalogue.colors.black.id, sizeId: catalogue.sizes.small.id, price: 100, stock: 1 },
      ]);
      await guest.post("/wishlist/add", { id: gone });
      await guest.post("/wishlist/add", { id: clutch });
      await database.db.deleteFrom("products").where("id", "=", gone).execute();
      expect((await guest.get("/wishlist/ids")).body).toEqual({ count: 1, product_ids: [clutch] });
    });
  });

  describe("the limit", () => {
    it(`holds ${MAX_WISHLIST_ITEMS} products and refuses one more with a message, changing nothing`, async () => {
      const fillers = await fillerProducts("filler", MAX_WISHLIST_ITEMS);
      const guest = shopper(api);
      const email = newEmail();
      const user = await register(email);
      for (const client of [guest, user]) {
        for (const { id } of fillers) expect((await client.post("/wishlist/add", { id })).status).toBe(200);
        const full = await client.post("/wishlist/add", { id: tote });
        expect(full.status).toBe(409);
        expect(full.body).toEqual({ message: WISHLIST_MESSAGES.full });
        expect((await client.get("/wishlist/ids")).body.count).toBe(MAX_WISHLIST_ITEMS);
        // A product already there is not "one more".
        expect((await client.post("/wishlist/add", { id: fillers[0]!.id })).status).toBe(200);
      }
      // Signing in with a full account: the guest's products find no room and are dropped, not over the limit.
      const another = shopper(api);
      await another.post("/wishlist/add", { id: clutch });
      const login = await another.post("/login", { email, password: "correct horse" });
      expect(login.status).toBe(200);
      another.token = login.body.token;
      const merged = (await another.get("/wishlist/ids")).body;
      expect(merged.count).toBe(MAX_WISHLIST_ITEMS);
      expect(merged.product_ids).not.toContain(clutch);
      await database.db.deleteFrom("products").where("slug", "like", "filler-%").execute();
    }, 60_000);

    it("is not passed by two saves at the same moment, and a double click saves once", async () => {
      const fillers = await fillerProducts("racer", MAX_WISHLIST_ITEMS - 1);
      const user = await register();
      for (const { id } of fillers) await user.post("/wishlist/add", { id });
      const raced = await Promise.all([
        user.post("/wishlist/add", { id: tote }),
        user.post("/wishlist/add", { id: clutch }),
      ]);
      expect(raced.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect((await user.get("/wishlist/ids")).body.count).toBe(MAX_WISHLIST_ITEMS);

      const twice = await register();
      const clicks = await Promise.all([0, 1, 2].map(() => twice.post("/wishlist/add", { id: shirt })));
      expect(clicks.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect((await twice.get("/wishlist/ids")).body).toEqual({ count: 1, product_ids: [shirt] });
      await database.db.deleteFrom("products").where("slug", "like", "racer-%").execute();
    }, 60_000);
  });

  describe("a signed-in shopper", () => {
    it("keeps the wishlist on the account, apart from other shoppers and without a guest cookie", async () => {
      const ayesha = await register();
      const bilal = await register();
      const added = await ayesha.post("/wishlist/add", { id: shirt, variation_id: shirtBlackS });
      expect(added.status).toBe(200);
      expect(added.headers.getSetCookie()).toEqual([]);
      expect((await ayesha.get("/wishlist/ids")).body).toEqual({ count: 1, product_ids: [shirt] });
      expect((await bilal.get("/wishlist/ids")).body).toEqual({ count: 0, product_ids: [] });
      expect((await bilal.post("/wishlist/remove", { id: shirt })).body.message).toBe(
        WISHLIST_MESSAGES.notThere,
      );
      expect((await ayesha.get("/wishlist")).body.items[0].variation_id).toBe(shirtBlackS);

      // Signed out (another device), the same browser is a guest again with its own empty wishlist.
      const sameBrowser = shopper(api);
      expect((await sameBrowser.get("/wishlist/ids")).body.count).toBe(0);
    });

    it("is refused with 401 for a token that is no longer valid", async () => {
      const stale = shopper(api);
      stale.token = "x".repeat(43);
      expect((await stale.get("/wishlist")).status).toBe(401);
      expect((await stale.post("/wishlist/add", { id: tote })).status).toBe(401);
    });
  });

  describe("signing in", () => {
    it("merges the guest's wishlist into the account's at login, once per product, and drops the guest cookie", async () => {
      const email = newEmail();
      const account = await register(email);
      await account.post("/wishlist/add", { id: clutch });
      await account.post("/wishlist/add", { id: tote });

      const guest = shopper(api);
      await guest.post("/wishlist/add", { id: tote, variation_id: toteTan });
      await guest.post("/wishlist/add", { id: shirt, variation_id: shirtNavyM });
      const before = await rowCounts();

      const login = await guest.post("/login", { email, password: "correct horse" });
      expect(login.status).toBe(200);
      expect(login.headers.getSetCookie().some((cookie) => /^wishlist_key=;.*Max-Age=0/.test(cookie))).toBe(
        true,
      );
      guest.token = login.body.token;

      const merged = (await guest.get("/wishlist")).body;
      // The shirt joins; the tote was saved on the account already and stays as it was.
      expect(merged.items.map((item: { id: number }) => item.id).sort()).toEqual(
        [clutch, shirt, tote].sort(),
      );
      expect(merged.items.find((item: { id: number }) => item.id === shirt).saved_variation_id).toBe(
        shirtNavyM,
      );
      expect(merged.items.find((item: { id: number }) => item.id === tote).saved_variation_id).toBeNull();
      // The guest's wishlist is gone with its items.
      const after = await rowCounts();
      expect(after.wishlists).toBe(before.wishlists - 1);
      expect(after.items).toBe(before.items - 1);
    });

    it("moves a guest's wishlist into a new account at registration", async () => {
      const guest = shopper(api);
      await guest.post("/wishlist/add", { id: soldOut });
      await guest.post("/wishlist/add", { id: clutch });
      const registered = await guest.post("/register", {
        first_name: "Sana",
        last_name: "Malik",
        email: newEmail(),
        password: "correct horse",
        password_confirmation: "correct horse",
      });
      expect(registered.status).toBe(201);
      expect(guest.cookies.has("wishlist_key")).toBe(false);
      guest.token = registered.body.token;
      expect((await guest.get("/wishlist/ids")).body).toEqual({ count: 2, product_ids: [clutch, soldOut] });
    });

    it("keeps the cart and the wishlist apart when both merge", async () => {
      const guest = shopper(api);
      await guest.post("/cart/add", { id: tote, quantity: 1, size: toteBlack });
      await guest.post("/wishlist/add", { id: shirt });
      const registered = await guest.post("/register", {
        first_name: "Omar",
        last_name: "Farooq",
        email: newEmail(),
        password: "correct horse",
        password_confirmation: "correct horse",
      });
      guest.token = registered.body.token;
      expect((await guest.get("/cart")).body.cart.map((line: { name: string }) => line.name)).toEqual([
        "Leather Tote",
      ]);
      expect((await guest.get("/wishlist/ids")).body.product_ids).toEqual([shirt]);
    });

    it("a failed login moves nothing", async () => {
      const email = newEmail();
      const account = await register(email);
      const guest = shopper(api);
      await guest.post("/wishlist/add", { id: clutch });
      const refused = await guest.post("/login", { email, password: "wrong!" });
      expect(refused.status).toBe(422);
      expect((await guest.get("/wishlist/ids")).body.product_ids).toEqual([clutch]);
      expect((await account.get("/wishlist/ids")).body.count).toBe(0);
    });
  });
});
