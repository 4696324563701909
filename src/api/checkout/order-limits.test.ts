import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type ApiHarness, apiHarness, shopper } from "../../testing/api-harness.ts";
import { buildCatalogue, variantId } from "../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { createLimitStore, limitStores, type TestLimitStore } from "../../testing/test-limits.ts";
import { insertProduct } from "../products/product-writer.ts";

const { engine, available } = testEngine();

const TOO_MANY_ORDERS = "Too many orders have been placed in a short time. Please try again in 60 minutes.";

const contact = (phone: string) => ({
  email: "ali@example.pk",
  phone,
  shipping_address: {
    country: "Pakistan",
    first_name: "Ali",
    last_name: "Raza",
    address: "House 12, Street 4, F-7/2",
    city: "Islamabad",
  },
  notes: "",
});

describe.skipIf(!available)(`cash-on-delivery order limits on ${engine}`, () => {
  let database: TestDatabase;
  let product: number;
  let variant: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { categories, colors, sizes } = await buildCatalogue(database.db);
    product = await insertProduct(database.db, {
      slug: "plenty-tote",
      title: "Plenty Tote",
      categoryId: categories.bags.id,
      discount: 0,
      newArrival: false,
      dailyDeal: false,
      shortDescription: "",
      images: [],
      tagIds: [],
      variants: [{ colorId: colors.black.id, sizeId: sizes.oneSize.id, price: 100_000, stock: 100_000 }],
    });
    variant = await variantId(database.db, product, colors.black.id, sizes.oneSize.id);
  });
  afterAll(() => database?.drop());

  const orderCount = async () =>
    Number(
      (
        await database.db
          .selectFrom("orders")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A guest at `address` with one tote in the cart, placing an order with `phone`. */
  async function order(api: ApiHarness, address: string, phone: string, extra: Record<string, unknown> = {}) {
    const guest = shopper(api, {}, { address });
    expect((await guest.post("/cart/add", { id: product, quantity: 1, size: variant })).status).toBe(200);
    return guest.post("/checkout", { ...contact(phone), ...extra });
  }

  for (const { name: storeName, available: storeAvailable } of limitStores) {
    describe.skipIf(!storeAvailable)(`counted in ${storeName}`, () => {
      let store: TestLimitStore;
      beforeEach(() => {
        store = createLimitStore(storeName);
      });
      afterEach(() => store.cleanup());

      it("refuses a phone number's orders past the hourly allowance, from any address", async () => {
        const api = apiHarness(database, { limits: await store.limits({ ordersPerPhonePerHour: 2 }) });
        expect((await order(api, "198.51.100.1", "0300 1234567")).status).toBe(201);
        expect((await order(api, "198.51.100.2", "03001234567")).status).toBe(201);
        const before = await orderCount();

        const refused = await order(api, "198.51.100.3", "+92 300 1234567");
        expect(refused.status).toBe(429);
        expect(refused.body).toEqual({ message: TOO_MANY_ORDERS });
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3590);
        expect(await orderCount()).toBe(before);

        expect((await order(api, "198.51.100.3", "0321 7654321")).status).toBe(201);
        await store.passTime(3601);
        expect((await order(api, "198.51.100.3", "0300 1234567")).status).toBe(201);
      });

      it("refuses an address's orders past the hourly allowance, whatever the phone", async () => {
        const api = apiHarness(database, { limits: await store.limits({ ordersPerAddressPerHour: 3 }) });
        for (let n = 0; n < 3; n++) {
          expect((await order(api, "203.0.113.40", `0300 000000${n}`)).status).toBe(201);
        }
        const refused = await order(api, "203.0.113.40", "0300 0000009");
        expect(refused.status).toBe(429);
        expect(refused.body).toEqual({ message: TOO_MANY_ORDERS });
        expect((await order(api, "203.0.113.41", "0300 0000009")).status).toBe(201);
      });

      it("counts only placed orders: refused checkouts use up nothing", async () => {
        const api = apiHarness(database, {
          limits: await store.limits({ ordersPerPhonePerHour: 1, ordersPerAddressPerHour: 1 }),
        });
        // An empty cart (422) and a stale total (409), three times each.
        for (let attempt = 0; attempt < 3; attempt++) {
          const empty = await shopper(api, {}, { address: "203.0.113.60" }).post(
            "/checkout",
            contact("0333 5550000"),
          );
          expect(empty.status).toBe(422);
          expect((await order(api, "203.0.113.60", "0333 5550000", { total: 1 })).status).toBe(409);
        }
        // The address's allowance refuses this one; its phone's allowance must come back untouched.
        expect((await order(api, "203.0.113.60", "0333 5550000")).status).toBe(201);
        expect((await order(api, "203.0.113.60", "0333 5551111")).status).toBe(429);
        expect((await order(api, "203.0.113.61", "0333 5551111")).status).toBe(201);
        expect((await order(api, "203.0.113.62", "0333 5551111")).status).toBe(429);
      });

      it("counts an order sent again with its Idempotency-Key once", async () => {
        const api = apiHarness(database, { limits: await store.limits({ ordersPerPhonePerHour: 2 }) });
        const guest = shopper(api, { "Idempotency-Key": "sent-twice" }, { address: "203.0.113.70" });
        expect((await guest.post("/cart/add", { id: product, quantity: 1, size: variant })).status).toBe(200);
        const first = await guest.post("/checkout", contact("0345 1110000"));
        const again = await guest.post("/checkout", contact("0345 1110000"));
        expect([first.status, again.status]).toEqual([201, 201]);
        expect(again.body.order.number).toBe(first.body.order.number);
        // The repeat placed nothing, so the phone still has its second order.
        expect((await order(api, "203.0.113.71", "0345 1110000")).status).toBe(201);
        expect((await order(api, "203.0.113.72", "0345 1110000")).status).toBe(429);
      });
    });
  }
});
