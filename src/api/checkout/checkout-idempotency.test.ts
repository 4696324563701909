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
import { openApiDocument } from "../contract/openapi.ts";
import { KEY_REUSED, purgeIdempotencyKeys } from "../idempotency/idempotency.ts";
import { insertProduct } from "../products/product-writer.ts";

const { engine, available } = testEngine();

const contact = {
  email: "hina@example.pk",
  phone: "0300 1112223",
  shipping_address: {
    country: "Pakistan",
    first_name: "Hina",
    last_name: "Baig",
    address: "House 7, Street 9, G-9/4",
    address_2: "",
    city: "Islamabad",
    postcode: "44090",
  },
  notes: "",
};

describe.skipIf(!available)(`checkout with an Idempotency-Key on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let catalogue: Catalogue;
  let products = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    api = apiHarness(database);
  });
  afterAll(() => database?.drop());

  /** A fresh product with `stock` left; answers its product and variant ids. */
  async function freshVariant(stock = 20) {
    products += 1;
    const { categories, colors, sizes } = catalogue;
    const product = await insertProduct(database.db, {
      slug: `keyed-bag-${products}`,
      title: `Keyed Bag ${products}`,
      categoryId: categories.bags.id,
      shortDescription: "",
      images: [],
      discount: 0,
      newArrival: false,
      dailyDeal: false,
      tagIds: [],
      variants: [{ colorId: colors.black.id, sizeId: sizes.oneSize.id, price: 250_000, stock }],
    });
    return { product, variant: await variantId(database.db, product, colors.black.id, sizes.oneSize.id) };
  }

  async function withItem(client: Shopper, quantity = 1) {
    const item = await freshVariant();
    const added = await client.post("/cart/add", { id: item.product, quantity, size: item.variant });
    expect(added.status).toBe(200);
    return item;
  }

  const checkout = (client: Shopper, key: string | undefined, body: object = contact) =>
    shopperWithKey(client, key).post("/checkout", body);

  /** The same shopper (cookies, token), sending `Idempotency-Key: key`. */
  function shopperWithKey(client: Shopper, key: string | undefined): Shopper {
    return {
      ...client,
      call: async (method, path, json) => {
        const headers = new Headers();
        if (client.cookies.size > 0) {
          headers.set("cookie", [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; "));
        }
        if (client.token) headers.set("authorization", `Bearer ${client.token}`);
        if (key !== undefined) headers.set("Idempotency-Key", key);
        const response = await api.request(path, { method, headers, json });
        return { status: response.status, body: await response.json(), headers: response.headers };
      },
      post(path, json) {
        return this.call("POST", path, json ?? {});
      },
    };
  }

  const ordersFor = (email: string) =>
    database.db.selectFrom("orders").select(["id", "number"]).where("email", "=", email).execute();
  const stockOf = async (id: number) =>
    (await database.db.selectFrom("variants").select("stock").where("id", "=", id).executeTakeFirstOrThrow())
      .stock;
  const mailsFor = (number: string) =>
    database.db.selectFrom("mail_outbox").select("id").where("reference", "=", number).execute();

  it("answers the same key twice with the same stored answer and places one order", async () => {
    const guest = shopper(api);
    const { variant } = await withItem(guest, 2);
    const email = "twice@example.pk";
    const first = await checkout(guest, "attempt-1", { ...contact, email });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();

    const again = await checkout(guest, "attempt-1", { ...contact, email });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");

    expect(await ordersFor(email)).toHaveLength(1);
    expect(await stockOf(variant)).toBe(18);
    expect(await mailsFor(first.body.order.number)).toHaveLength(1);
  });

  it("places one order when ten requests with the same key arrive at once", async () => {
    const client = await registeredShopper(api, {
      first_name: "Omar",
      last_name: "Farooq",
      email: "racing@example.pk",
    });
    const { variant } = await withItem(client);
    const email = "racing-order@example.pk";
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => checkout(client, "one-click", { ...contact, email })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    const numbers = new Set(answers.map((answer) => answer.body.order.number));
    expect(numbers.size).toBe(1);
    expect(answers.filter((answer) => answer.headers.get("idempotent-replayed") === "true")).toHaveLength(9);
    expect(await ordersFor(email)).toHaveLength(1);
    expect(await stockOf(variant)).toBe(19);
    expect(await mailsFor([...numbers][0]!)).toHaveLength(1);
  });

  it("refuses the same key with a different body (422), and places nothing for it", async () => {
    const guest = shopper(api);
    await withItem(guest);
    const placed = await checkout(guest, "reused-key", { ...contact, email: "first-body@example.pk" });
    expect(placed.status).toBe(201);
    await withItem(guest);
    const other = await checkout(guest, "reused-key", { ...contact, email: "other-body@example.pk" });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: KEY_REUSED, errors: { "Idempotency-Key": [KEY_REUSED] } });
    expect(await ordersFor("other-body@example.pk")).toHaveLength(0);
    // The cart is untouched: a new key places it.
    const fresh = await checkout(guest, "new-key", { ...contact, email: "other-body@example.pk" });
    expect(fresh.status).toBe(201);
  });

  it("scopes keys to the shopper: another shopper's same key places their own order", async () => {
    const ayesha = shopper(api);
    const bilal = shopper(api);
    await withItem(ayesha);
    await withItem(bilal);
    const first = await checkout(ayesha, "shared-key", { ...contact, email: "ayesha@example.pk" });
    const second = await checkout(bilal, "shared-key", { ...contact, email: "ayesha@example.pk" });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.order.number).not.toBe(first.body.order.number);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
  });

  it("stores nothing for a refused attempt, so its key can place the order once the cart is fixed", async () => {
    const guest = shopper(api);
    const refused = await checkout(guest, "after-refusal", { ...contact, email: "refused-first@example.pk" });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe("Your cart is empty.");
    await withItem(guest);
    const placed = await checkout(guest, "after-refusal", { ...contact, email: "refused-first@example.pk" });
    expect(placed.status).toBe(201);
    expect(await ordersFor("refused-first@example.pk")).toHaveLength(1);
  });

  it("answers a used key's stored answer even when the cart has since run short of stock", async () => {
    const guest = shopper(api);
    await withItem(guest);
    const email = "replay-after-sellout@example.pk";
    const first = await checkout(guest, "before-sellout", { ...contact, email });
    expect(first.status).toBe(201);
    // The same shopper fills the cart again with something that then sells out: a new key is refused for it
    // before queueing, the used key still gets its order.
    const { variant } = await withItem(guest);
    await database.db.updateTable("variants").set({ stock: 0 }).where("id", "=", variant).execute();
    const fresh = await checkout(guest, "after-sellout", { ...contact, email });
    expect(fresh.status).toBe(409);
    expect(fresh.body.message).toMatch(/^Sorry, Keyed Bag \d+ \(Black, One Size\) is out of stock\./);
    const again = await checkout(guest, "before-sellout", { ...contact, email });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await ordersFor(email)).toHaveLength(1);
  });

  it("refuses a malformed key with a clear 422", async () => {
    const guest = shopper(api);
    await withItem(guest);
    for (const key of ["has spaces", "x".repeat(256), "clé"]) {
      const answer = await checkout(guest, key, { ...contact, email: "bad-key@example.pk" });
      expect(answer.status).toBe(422);
      expect(answer.body.errors).toEqual({
        "Idempotency-Key": ["Idempotency-Key must be 1 to 255 visible ASCII characters."],
      });
    }
    expect(await ordersFor("bad-key@example.pk")).toHaveLength(0);
  });

  it("forgets a key after 24 hours; the purge deletes expired keys", async () => {
    const guest = shopper(api);
    await withItem(guest);
    expect((await checkout(guest, "old-key", { ...contact, email: "old-key@example.pk" })).status).toBe(201);
    const dayAndHourAgo = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await database.db
      .updateTable("idempotency_keys")
      .set({ created_at: dayAndHourAgo })
      .where("key", "=", "old-key")
      .execute();

    await withItem(guest);
    const later = await checkout(guest, "old-key", { ...contact, email: "old-key-later@example.pk" });
    expect(later.status).toBe(201);
    expect(await ordersFor("old-key-later@example.pk")).toHaveLength(1);

    await database.db
      .updateTable("idempotency_keys")
      .set({ created_at: dayAndHourAgo })
      .where("key", "=", "attempt-1")
      .execute();
    const before = await database.db.selectFrom("idempotency_keys").select("key").execute();
    expect(await purgeIdempotencyKeys(database.db)).toBe(1);
    const after = await database.db.selectFrom("idempotency_keys").select("key").execute();
    expect(after).toHaveLength(before.length - 1);
    expect(after.map((row) => row.key)).not.toContain("attempt-1");
  });

  it("documents the optional Idempotency-Key header in the OpenAPI document", () => {
    const document = openApiDocument("http://shop.test") as {
      paths: Record<
        string,
        Record<string, { parameters?: { name: string; in: string; required: boolean }[] }>
      >;
    };
    expect(document.paths["/api/checkout"]!.post!.parameters).toEqual([
      expect.objectContaining({ name: "Idempotency-Key", in: "header", required: false }),
    ]);
  });
});
