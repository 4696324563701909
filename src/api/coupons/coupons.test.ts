import type { Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CouponTable } from "../../platform/db/schema.ts";
import { COUPON_MESSAGES } from "../../shared/contracts/coupons.ts";
import { type ApiHarness, apiHarness, type Shopper, shopper } from "../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue } from "../../testing/factories.ts";
import { bagInColours, CHECKOUT_CONTACT, withoutConfirmation } from "../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { couponDroppedAtCheckout, deliveryChangedAtCheckout } from "../checkout/checkout.service.ts";
import { shopSettingsRepository } from "../settings/shop-settings.repository.ts";

const { engine, available } = testEngine();
const DAY = 24 * 3_600_000;

/** Discount codes and delivery pricing through the API (docs/decisions/0047). */
describe.skipIf(!available)(`discount codes and delivery pricing on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let catalogue: Catalogue;
  let bag: { product: number; variants: readonly [number] };
  let sale: { product: number; variants: readonly [number] };

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    // Rs. 3,000 a bag; a second product at Rs. 1,000 with its own 20% off.
    bag = await bagInColours(database.db, catalogue, {
      slug: "canvas-tote-codes",
      title: "Canvas Tote",
      variants: [{ price: 300_000, stock: 10_000 }],
    });
    sale = await bagInColours(database.db, catalogue, {
      slug: "mini-pouch-codes",
      title: "Mini Pouch",
      variants: [{ price: 100_000, stock: 10_000 }],
    });
    await database.db.updateTable("products").set({ discount: 20 }).where("id", "=", sale.product).execute();
    api = apiHarness(database);
    await withoutConfirmation(database.db);
  });
  afterAll(() => database?.drop());

  let sequence = 0;
  async function coupon(values: Partial<Insertable<CouponTable>> = {}): Promise<string> {
    sequence += 1;
    const now = new Date().toISOString();
    const code = values.code ?? `CODE${engine.toUpperCase()}${sequence}`;
    await database.db
      .insertInto("coupons")
      .values({
        kind: "percent",
        value: 10,
        starts_at: null,
        ends_at: null,
        max_uses: null,
        max_uses_per_customer: null,
        created_by: "tests",
        created_at: now,
        updated_at: now,
        ...values,
        code,
      })
      .execute();
    return code;
  }

  async function cartWith(lines: [product: number, variant: number, quantity: number][]): Promise<Shopper> {
    const client = shopper(api);
    for (const [id, size, quantity] of lines) {
      expect((await client.post("/cart/add", { id, quantity, size })).status).toBe(200);
    }
    return client;
  }

  it("applies a code whatever its case: the cart's summary shows the code and its discount", async () => {
    const code = await coupon({ value: 10 });
    const client = await cartWith([[bag.product, bag.variants[0], 2]]);
    const applied = await client.post("/cart/coupon", { code: ` ${code.toLowerCase()} ` });
    expect(applied.status).toBe(200);
    expect(applied.body.message).toBe(COUPON_MESSAGES.applied(code));
    expect(applied.body.summary).toEqual({
      subtotal: 6000,
      discount: 600,
      delivery_charges: 200,
      cod_fee: 0,
      delivery_note: "",
      coupon: { code, description: "10% off" },
      total: 5600,
    });
    // It stays on the cart.
    expect((await client.get("/cart")).body.summary.coupon.code).toBe(code);
    const removed = await client.post("/cart/coupon/remove");
    expect(removed.body).toMatchObject({
      message: COUPON_MESSAGES.removed,
      summary: { discount: 0, coupon: null },
    });
  });

  it("refuses each code that does not apply with its own sentence, and leaves the cart as it was", async () => {
    const now = Date.now();
    const cases: [Partial<Insertable<CouponTable>> | string, string][] = [
      ["NOSUCHCODE", COUPON_MESSAGES.notValid],
      [{ status: "paused" }, COUPON_MESSAGES.notValid],
      [{ ends_at: new Date(now - DAY).toISOString() }, COUPON_MESSAGES.expired],
      [{ starts_at: new Date(now + DAY).toISOString() }, COUPON_MESSAGES.notStarted],
      [{ max_uses: 3, uses: 3 }, COUPON_MESSAGES.usedUp],
      [{ min_subtotal: 1_000_000 }, COUPON_MESSAGES.belowMinimum("Rs. 10,000")],
      [{ scope: "products", scope_ids: JSON.stringify([sale.product]) }, COUPON_MESSAGES.outOfScope],
      [
        { scope: "categories", scope_ids: JSON.stringify([catalogue.categories.shirts.id]) },
        COUPON_MESSAGES.outOfScope,
      ],
    ];
    const client = await cartWith([[bag.product, bag.variants[0], 1]]);
    for (const [values, sentence] of cases) {
      const code = typeof values === "string" ? values : await coupon(values);
      const refused = await client.post("/cart/coupon", { code });
      expect(refused.status, sentence).toBe(422);
      expect(refused.body).toEqual({ message: sentence, errors: { code: [sentence] } });
      expect((await client.get("/cart")).body.summary.coupon).toBeNull();
    }
    expect((await shopper(api).post("/cart/coupon", { code: await coupon() })).body.errors).toEqual({
      code: [COUPON_MESSAGES.emptyCart],
    });
    expect((await client.post("/cart/coupon", { code: "" })).body.errors).toEqual({
      code: [COUPON_MESSAGES.required],
    });
  });

  it("discounts only the lines in its scope, and never items already discounted when told", async () => {
    const client = await cartWith([
      [bag.product, bag.variants[0], 1],
      [sale.product, sale.variants[0], 1],
    ]);
    // Rs. 3,000 + Rs. 800 (the pouch at 20% off).
    const onlyPouch = await coupon({
      scope: "products",
      scope_ids: JSON.stringify([sale.product]),
      value: 50,
    });
    expect((await client.post("/cart/coupon", { code: onlyPouch })).body.summary).toMatchObject({
      subtotal: 3800,
      discount: 400,
    });
    const fullPriceOnly = await coupon({ exclude_discounted: 1, value: 10 });
    expect((await client.post("/cart/coupon", { code: fullPriceOnly })).body.summary).toMatchObject({
      discount: 300,
    });
    const underBags = await coupon({
      scope: "categories",
      scope_ids: JSON.stringify([catalogue.categories.bags.id]),
    });
    expect((await client.post("/cart/coupon", { code: underBags })).body.summary).toMatchObject({
      discount: 380,
    });
  });

  it("takes an amount off no more than the lines cost, and a free-delivery code says why delivery is free", async () => {
    const client = await cartWith([[sale.product, sale.variants[0], 1]]);
    const big = await coupon({ kind: "amount", value: 500_000 });
    expect((await client.post("/cart/coupon", { code: big })).body.summary).toMatchObject({
      subtotal: 800,
      discount: 800,
      delivery_charges: 200,
      total: 200,
      coupon: { description: "Rs. 5,000 off" },
    });
    const free = await coupon({ kind: "free_delivery", value: 0 });
    expect((await client.post("/cart/coupon", { code: free })).body.summary).toMatchObject({
      discount: 0,
      delivery_charges: 0,
      delivery_note: "Free delivery with your code",
      total: 800,
    });
  });

  it("drops a code that stopped applying when the cart changes, and says why once", async () => {
    const code = await coupon({ min_subtotal: 500_000 });
    const client = await cartWith([[bag.product, bag.variants[0], 2]]);
    expect((await client.post("/cart/coupon", { code })).status).toBe(200);
    const line = (await client.get("/cart")).body.cart[0];
    const changed = await client.post("/update-cart", {
      product_id: bag.product,
      variation_id: line.attributes.variation_id,
      quantity: 1,
    });
    expect(changed.body.coupon_message).toBe(
      COUPON_MESSAGES.dropped(code, COUPON_MESSAGES.belowMinimum("Rs. 5,000")),
    );
    expect(changed.body.summary).toMatchObject({ discount: 0, coupon: null });
    expect((await client.get("/cart")).body.coupon_message).toBeNull();
  });

  it("prices the order with the code, records its use, and refuses it to the same phone past its limit", async () => {
    const code = await coupon({ value: 10, max_uses_per_customer: 1 });
    const first = await cartWith([[bag.product, bag.variants[0], 1]]);
    await first.post("/cart/coupon", { code });
    const placed = await first.post("/checkout", CHECKOUT_CONTACT);
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({
      subtotal: 3000,
      discount: 300,
      delivery_charges: 200,
      total: 2900,
      coupon_code: code,
    });
    const stored = await database.db
      .selectFrom("coupons")
      .select("uses")
      .where("code", "=", code)
      .executeTakeFirstOrThrow();
    expect(stored.uses).toBe(1);
    const redemptions = await database.db
      .selectFrom("coupon_redemptions")
      .innerJoin("coupons", "coupons.id", "coupon_redemptions.coupon_id")
      .select(["coupon_redemptions.discount", "coupon_redemptions.phone_e164"])
      .where("coupons.code", "=", code)
      .execute();
    expect(redemptions).toEqual([{ discount: 30_000, phone_e164: "+923001234567" }]);

    // The same phone, written another way, in another browser: told at checkout, and the cart loses the code.
    const second = await cartWith([[bag.product, bag.variants[0], 1]]);
    expect((await second.post("/cart/coupon", { code })).status).toBe(200);
    const refused = await second.post("/checkout", { ...CHECKOUT_CONTACT, phone: "+92 300 1234567" });
    expect(refused.status).toBe(422);
    const sentence = couponDroppedAtCheckout(code, COUPON_MESSAGES.usedByYou);
    expect(refused.body).toEqual({ message: sentence, errors: { code: [sentence] } });
    expect((await second.get("/cart")).body.summary).toMatchObject({ coupon: null, discount: 0 });
    // Placed again, it goes through without the code.
    expect((await second.post("/checkout", CHECKOUT_CONTACT)).body.order).toMatchObject({
      discount: 0,
      coupon_code: null,
    });
  });

  it("prices delivery from the owner's settings: a city's charge, free from a subtotal (exactly met), a COD fee", async () => {
    await shopSettingsRepository.write(
      database.db,
      "delivery",
      JSON.stringify({
        flat_charge: 250,
        free_from: 6000,
        city_charges: [{ city: "Karachi", charge: 350 }],
        cod_fee: 50,
      }),
      "tests",
      new Date(),
    );
    try {
      const client = await cartWith([[bag.product, bag.variants[0], 1]]);
      expect((await client.get("/cart")).body.summary).toMatchObject({
        subtotal: 3000,
        delivery_charges: 250,
        cod_fee: 50,
        delivery_note: "",
        total: 3300,
      });
      // The shopper saw Rs. 3,300: Karachi's delivery is said before anything is charged, and then shown.
      const toKarachi = {
        ...CHECKOUT_CONTACT,
        shipping_address: { ...CHECKOUT_CONTACT.shipping_address, city: " Karachi " },
      };
      const told = await client.post("/checkout", { ...toKarachi, total: 3300 });
      expect(told.status).toBe(422);
      const sentence = deliveryChangedAtCheckout("Karachi", 35_000);
      expect(told.body).toEqual({ message: sentence, errors: { "shipping_address.city": [sentence] } });
      expect((await client.get("/cart")).body.summary).toMatchObject({
        delivery_charges: 350,
        delivery_note: "Delivery to Karachi",
        total: 3400,
      });
      const karachi = await client.post("/checkout", { ...toKarachi, total: 3400 });
      expect(karachi.body.order).toMatchObject({ delivery_charges: 350, cod_fee: 50, total: 3400 });
      const two = await cartWith([[bag.product, bag.variants[0], 2]]);
      expect((await two.get("/cart")).body.summary).toMatchObject({
        subtotal: 6000,
        delivery_charges: 0,
        delivery_note: "Free delivery on orders of Rs. 6,000 or more",
        total: 6050,
      });
    } finally {
      await database.db.deleteFrom("shop_settings").where("key", "=", "delivery").execute();
    }
  });

  it.skipIf(engine !== "postgres")(
    "gives a one-use code to exactly one of 30 shoppers checking out at once on two instances",
    async () => {
      const code = await coupon({ value: 10, max_uses: 1 });
      const other = apiHarness(database);
      const clients = await Promise.all(
        Array.from({ length: 30 }, async (_, index) => {
          const client = shopper(index % 2 === 0 ? api : other);
          expect(
            (await client.post("/cart/add", { id: bag.product, quantity: 1, size: bag.variants[0] })).status,
          ).toBe(200);
          expect((await client.post("/cart/coupon", { code })).status).toBe(200);
          return client;
        }),
      );
      const answers = await Promise.all(
        clients.map((client, index) =>
          client.post("/checkout", { ...CHECKOUT_CONTACT, phone: `0301 ${String(1_000_000 + index)}` }),
        ),
      );
      const placed = answers.filter((answer) => answer.status === 201);
      expect(placed).toHaveLength(1);
      expect(placed[0]!.body.order.discount).toBe(300);
      const told = answers.filter((answer) => answer.status === 422);
      expect(told).toHaveLength(29);
      for (const answer of told) expect(answer.body.errors.code[0]).toContain(COUPON_MESSAGES.usedUp);
      const used = await database.db
        .selectFrom("coupons")
        .select("uses")
        .where("code", "=", code)
        .executeTakeFirstOrThrow();
      expect(used.uses).toBe(1);
      // Each can place the order without it.
      const again = await clients[answers.findIndex((answer) => answer.status === 422)]!.post(
        "/checkout",
        CHECKOUT_CONTACT,
      );
      expect(again.status).toBe(201);
      expect(again.body.order.discount).toBe(0);
    },
  );
});
