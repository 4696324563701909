import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PHONE_NOT_PAKISTANI } from "../../shared/phone.ts";
import { LIVE_STATUS } from "../../shared/product-status.ts";
import {
  type ApiHarness,
  apiHarness,
  registeredShopper,
  type Shopper,
  shopper,
} from "../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue, variantId } from "../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { insertProduct } from "../products/product-writer.ts";

const { engine, available } = testEngine();

const contact = {
  email: "ali@example.pk",
  phone: "0300 1234567",
  shipping_address: {
    country: "Pakistan",
    first_name: "Ali",
    last_name: "Raza",
    address: "House 12, Street 4, F-7/2",
    address_2: "",
    city: "Islamabad",
    postcode: "44000",
  },
  notes: "Please call before delivery.",
};

describe.skipIf(!available)(`checkout and orders API on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let catalogue: Catalogue;
  let shirt: number;
  let shirtNavyS: number;
  let tote: number;
  let toteBlack: number;
  let fresh = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    api = apiHarness(database);
  });
  afterAll(() => database?.drop());

  // Each test buys from its own shirt and tote, so no test depends on the stock another one left behind.
  beforeEach(async () => {
    fresh += 1;
    const { categories, colors, sizes } = catalogue;
    const base = {
      shortDescription: "",
      images: [],
      newArrival: false,
      dailyDeal: false,
    };
    shirt = await insertProduct(database.db, {
      ...base,
      slug: `oxford-shirt-${fresh}`,
      title: "Oxford_Shirt",
      categoryId: categories.shirts.id,
      discount: 10,
      tagIds: [],
      variants: [{ colorId: colors.navy.id, sizeId: sizes.small.id, price: 299_900, stock: 10 }],
    });
    tote = await insertProduct(database.db, {
      ...base,
      slug: `leather-tote-${fresh}`,
      title: "Leather Tote",
      categoryId: categories.bags.id,
      discount: 20,
      tagIds: [],
      variants: [{ colorId: colors.black.id, sizeId: sizes.oneSize.id, price: 1_250_000, stock: 5 }],
    });
    shirtNavyS = await variantId(database.db, shirt, colors.navy.id, sizes.small.id);
    toteBlack = await variantId(database.db, tote, colors.black.id, sizes.oneSize.id);
  });

  const stockOf = async (id: number) =>
    (await database.db.selectFrom("variants").select("stock").where("id", "=", id).executeTakeFirstOrThrow())
      .stock;
  const orderCount = async () =>
    Number(
      (
        await database.db
          .selectFrom("orders")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function guestWith(
    lines: [productId: number, variant: number, quantity: number][],
  ): Promise<Shopper> {
    const guest = shopper(api);
    for (const [id, size, quantity] of lines) {
      expect((await guest.post("/cart/add", { id, quantity, size })).status).toBe(200);
    }
    return guest;
  }

  it("places a guest order priced by the server, takes the stock, empties the cart and sends the email", async () => {
    const guest = await guestWith([
      [shirt, shirtNavyS, 2],
      [tote, toteBlack, 1],
    ]);
    const shirtStock = await stockOf(shirtNavyS);
    const toteStock = await stockOf(toteBlack);

    const { status, body } = await guest.post("/checkout", {
      ...contact,
      total: 15598.2,
      cart: [{ price: 1 }],
    });
    expect(status).toBe(201);
    expect(body.order).toMatchObject({
      number: expect.stringMatching(/^BT-\d{6}-[A-Z2-9]{5}$/),
      // The shop asks cash-on-delivery orders to be confirmed (on by default), within 48 hours.
      status: "awaiting_confirmation",
      confirm_by: expect.any(String),
      email: "ali@example.pk",
      shipping_address: contact.shipping_address,
      notes: "Please call before delivery.",
      subtotal: 15398.2,
      delivery_charges: 200,
      discount: 0,
      total: 15598.2,
      items: [
        {
          name: "Oxford_Shirt",
          color_name: "Navy",
          size_name: "S",
          price: 2699.1,
          quantity: 2,
          total: 5398.2,
        },
        {
          name: "Leather Tote",
          color_name: "Black",
          size_name: "One Size",
          price: 10000,
          quantity: 1,
          total: 10000,
        },
      ],
    });
    expect(await stockOf(shirtNavyS)).toBe(shirtStock - 2);
    expect(await stockOf(toteBlack)).toBe(toteStock - 1);
    expect((await guest.get("/cart")).body).toMatchObject({ quantity: 0, total: 0, cart: [] });

    const stored = await database.db
      .selectFrom("orders")
      .selectAll()
      .where("number", "=", body.order.number)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      user_id: null,
      subtotal: 1_539_820,
      delivery_charge: 20_000,
      total: 1_559_820,
      status: "awaiting_confirmation",
      phone_e164: "+923001234567",
      risk_flags: "",
    });
    const deadline = Date.parse(stored.confirmation_expires_at ?? "") - Date.parse(stored.created_at);
    expect(deadline).toBe(48 * 3_600_000);
    expect(stored.confirmation_code_hash).toMatch(/^[\w-]{43}$/);

    await api.deliverMail();
    const mails = fs
      .readdirSync(api.outboxDir)
      .map((file) => fs.readFileSync(path.join(api.outboxDir, file), "utf8"));
    const mail = mails.find((text) => text.includes(body.order.number));
    expect(mail).toBeDefined();
    expect(mail).toMatch(/^To: ali@example\.pk$/m);
    expect(mail).toContain(`Subject: Please confirm your order ${body.order.number}`);
  });

  it("refuses an empty cart", async () => {
    const { status, body } = await shopper(api).post("/checkout", contact);
    expect(status).toBe(422);
    expect(body).toEqual({ message: "Your cart is empty.", errors: { cart: ["Your cart is empty."] } });
  });

  it("answers each missing field with the spec's message, and changes nothing", async () => {
    const guest = await guestWith([[shirt, shirtNavyS, 1]]);
    const before = await stockOf(shirtNavyS);
    const { status, body } = await guest.post("/checkout", {
      email: "",
      phone: "  ",
      shipping_address: { country: "Pakistan", first_name: "", last_name: null, address: "", city: "" },
    });
    expect(status).toBe(422);
    expect(body.errors).toEqual({
      email: ["Email is required."],
      phone: ["Phone is required."],
      "shipping_address.first_name": ["First name is required."],
      "shipping_address.last_name": ["Last name is required."],
      "shipping_address.address": ["Address is required."],
      "shipping_address.city": ["City is required."],
    });
    expect(await stockOf(shirtNavyS)).toBe(before);
    expect((await guest.get("/cart")).body.quantity).toBe(1);
  });

  it("takes a Pakistani phone however it is written, refuses any other with 422, and stores both forms", async () => {
    const guest = await guestWith([[shirt, shirtNavyS, 1]]);
    const before = await orderCount();
    for (const phone of ["call me", "+44 20 7946 0958", "0300 12345", "12345678901234"]) {
      const { status, body } = await guest.post("/checkout", { ...contact, phone });
      expect(status, phone).toBe(422);
      expect(body, phone).toEqual({ message: PHONE_NOT_PAKISTANI, errors: { phone: [PHONE_NOT_PAKISTANI] } });
    }
    expect(await orderCount()).toBe(before);
    const { status, body } = await guest.post("/checkout", { ...contact, phone: "+92 (321) 765-4321" });
    expect(status).toBe(201);
    expect(body.order.phone).toBe("+92 (321) 765-4321");
    const stored = await database.db
      .selectFrom("orders")
      .select(["phone", "phone_e164"])
      .where("number", "=", body.order.number)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ phone: "+92 (321) 765-4321", phone_e164: "+923217654321" });
  });

  it("accepts any non-empty Pakistani phone, but the email must be exactly one valid address", async () => {
    const guest = await guestWith([[shirt, shirtNavyS, 1]]);
    const before = await orderCount();
    for (const email of [
      "not an email",
      "ali@example.pk, bilal@example.pk",
      "ali@example.pk;bilal@example.pk",
      "Ali Raza <ali@example.pk>",
      "ali@example.pk\nbilal@example.pk",
      "ali@localhost",
      `${"a".repeat(244)}@example.pk`,
    ]) {
      const { status, body } = await guest.post("/checkout", { ...contact, email });
      expect(status, email).toBe(422);
      expect(body.errors.email, email).toEqual([expect.any(String)]);
    }
    expect(await orderCount()).toBe(before);
    expect((await guest.get("/cart")).body.quantity).toBe(1);
    const { status } = await guest.post("/checkout", {
      ...contact,
      email: "  Ali.Raza+bags@Example.PK ",
      phone: "0300-7654321",
    });
    expect(status).toBe(201);
  });

  it("refuses an email carrying a Bcc: header line, so the confirmation never reaches a second recipient", async () => {
    const guest = await guestWith([[shirt, shirtNavyS, 1]]);
    const before = await orderCount();
    for (const email of [
      "ali@example.pk\r\nBcc: intruder@example.com",
      "ali@example.pk\nBcc: intruder@example.com",
      "ali@example.pk\rCc: intruder@example.com",
      "ali@example.pk%0d%0aBcc:intruder@example.com",
    ]) {
      const { status, body } = await guest.post("/checkout", { ...contact, email });
      expect(status).toBe(422);
      expect(body).toEqual({
        message: "Email must be a valid email address.",
        errors: { email: ["Email must be a valid email address."] },
      });
    }
    expect(await orderCount()).toBe(before);
    const mails = fs
      .readdirSync(api.outboxDir)
      .map((file) => fs.readFileSync(path.join(api.outboxDir, file), "utf8"));
    expect(mails.filter((mail) => mail.includes("intruder@example.com"))).toEqual([]);

    // The same cart with a proper address: one mail, one recipient, no copy headers.
    const { status, body } = await guest.post("/checkout", contact);
    expect(status).toBe(201);
    await api.deliverMail();
    const mail = fs
      .readdirSync(api.outboxDir)
      .map((file) => fs.readFileSync(path.join(api.outboxDir, file), "utf8"))
      .find((text) => text.includes(body.order.number));
    const headers = mail?.slice(0, mail.search(/\r?\n\r?\n/)) ?? "";
    expect(headers).toMatch(/^To: ali@example\.pk$/m);
    expect(headers).not.toMatch(/^(Cc|Bcc):/im);
  });

  it("refuses a client total that disagrees with the server's and changes nothing", async () => {
    const guest = await guestWith([[shirt, shirtNavyS, 1]]);
    const before = await stockOf(shirtNavyS);
    const orders = await orderCount();
    const { status, body } = await guest.post("/checkout", { ...contact, total: 1 });
    expect(status).toBe(409);
    expect(body.message).toBe(
      "The prices in your cart have changed. Please review your order and place it again.",
    );
    expect(await stockOf(shirtNavyS)).toBe(before);
    expect(await orderCount()).toBe(orders);
  });

  it("refuses a country other than Pakistan", async () => {
    const guest = await guestWith([[shirt, shirtNavyS, 1]]);
    const { status, body } = await guest.post("/checkout", {
      ...contact,
      shipping_address: { ...contact.shipping_address, country: "India" },
    });
    expect(status).toBe(422);
    expect(body.errors).toEqual({ "shipping_address.country": ["We only ship to Pakistan."] });
  });

  it("rolls the whole order back when one line has run out since it was added", async () => {
    const guest = await guestWith([
      [shirt, shirtNavyS, 1],
      [tote, toteBlack, 1],
    ]);
    const shirtBefore = await stockOf(shirtNavyS);
    await database.db.updateTable("variants").set({ stock: 0 }).where("id", "=", toteBlack).execute();
    const orders = await orderCount();
    const { status, body } = await guest.post("/checkout", contact);
    expect(status).toBe(409);
    expect(body.message).toBe(
      "Sorry, Leather Tote (Black, One Size) is out of stock. Please update your cart.",
    );
    expect(await stockOf(shirtNavyS)).toBe(shirtBefore);
    expect(await orderCount()).toBe(orders);
    expect((await guest.get("/cart")).body.quantity).toBe(2);
  });

  it("says a withdrawn product is no longer available before saying another line ran out", async () => {
    const toteStock = await stockOf(toteBlack);
    await database.db.updateTable("variants").set({ stock: 5 }).where("id", "=", toteBlack).execute();
    const guest = await guestWith([
      [shirt, shirtNavyS, 1],
      [tote, toteBlack, 1],
    ]);
    await database.db.updateTable("variants").set({ stock: 0 }).where("id", "=", toteBlack).execute();
    await database.db.updateTable("products").set({ status: "archived" }).where("id", "=", shirt).execute();
    try {
      const { status, body } = await guest.post("/checkout", contact);
      expect(status).toBe(409);
      expect(body.message).toMatch(/no longer available/);
    } finally {
      await database.db
        .updateTable("products")
        .set({ status: LIVE_STATUS })
        .where("id", "=", shirt)
        .execute();
      await database.db
        .updateTable("variants")
        .set({ stock: toteStock })
        .where("id", "=", toteBlack)
        .execute();
    }
  });

  it("keeps the order when the mail transport fails", async () => {
    const failing = apiHarness(database, {
      mailer: {
        send: () => Promise.reject(new Error("SMTP is down")),
      },
    });
    const guest = shopper(failing);
    await guest.post("/cart/add", { id: shirt, quantity: 1, size: shirtNavyS });
    const { status, body } = await guest.post("/checkout", contact);
    expect(status).toBe(201);
    expect(
      await database.db.selectFrom("orders").select("id").where("number", "=", body.order.number).execute(),
    ).toHaveLength(1);
  });

  it("sells the last 5 exactly once to 50 shoppers checking out at the same moment", async () => {
    const variant = await scarceVariant(5);
    const shoppers = await Promise.all(
      Array.from({ length: 50 }, () => guestWith([[variant.productId, variant.variantId, 1]])),
    );
    const orders = await orderCount();
    const answers = await Promise.all(shoppers.map((guest) => guest.post("/checkout", contact)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(45);
    for (const answer of answers.filter((a) => a.status === 409)) {
      expect(answer.body.message).toBe(
        "Sorry, Limited Edition Clutch (Black, One Size) is out of stock. Please update your cart.",
      );
    }
    expect(await stockOf(variant.variantId)).toBe(0);
    expect(await orderCount()).toBe(orders + 5);
  });

  async function scarceVariant(stock: number) {
    const productId = await insertProduct(database.db, {
      slug: `limited-${stock}-${Date.now()}`,
      title: "Limited Edition Clutch",
      categoryId: catalogue.categories.bags.id,
      shortDescription: "",
      images: [],
      discount: 0,
      newArrival: false,
      dailyDeal: false,
      tagIds: [],
      variants: [
        { colorId: catalogue.colors.black.id, sizeId: catalogue.sizes.oneSize.id, price: 100_000, stock },
      ],
    });
    return {
      productId,
      variantId: await variantId(
        database.db,
        productId,
        catalogue.colors.black.id,
        catalogue.sizes.oneSize.id,
      ),
    };
  }

  describe("a double click", () => {
    it("places one order when the same cart checks out twice at once", async () => {
      const guest = await guestWith([[shirt, shirtNavyS, 1]]);
      const orders = await orderCount();
      const [first, second] = await Promise.all([
        guest.post("/checkout", contact),
        guest.post("/checkout", contact),
      ]);
      expect([first.status, second.status].sort()).toEqual([201, 422]);
      expect(await orderCount()).toBe(orders + 1);
    });
  });

  describe("order history", () => {
    it("lists the user's own orders newest first and hides everyone else's", async () => {
      const owner = await registeredShopper(api, {
        first_name: "Hina",
        last_name: "Shah",
        email: "hina@example.pk",
      });
      const numbers: string[] = [];
      for (let i = 0; i < 2; i++) {
        await owner.post("/cart/add", { id: shirt, quantity: 1, size: shirtNavyS });
        numbers.push((await owner.post("/checkout", contact)).body.order.number);
      }
      const history = await owner.get("/orders");
      expect(history.status).toBe(200);
      expect(history.body.data.map((order: { number: string }) => order.number)).toEqual(numbers.reverse());
      expect(history.body.meta).toMatchObject({ total: 2, current_page: 1, last_page: 1 });
      expect((await owner.get(`/orders/${numbers[0]}`)).body.items[0].name).toBe("Oxford_Shirt");

      const stranger = await registeredShopper(api, {
        first_name: "Omar",
        last_name: "Butt",
        email: "omar@example.pk",
      });
      expect((await stranger.get("/orders")).body.data).toEqual([]);
      expect(await stranger.get(`/orders/${numbers[0]}`)).toMatchObject({
        status: 404,
        body: { message: "Order not found." },
      });
      expect((await shopper(api).get("/orders")).status).toBe(401);
      expect((await owner.get("/orders?page=0")).status).toBe(422);
    });
  });

  describe("bad input", () => {
    it("answers malformed JSON, wrong types and huge strings with a 4xx and changes nothing", async () => {
      const guest = await guestWith([[shirt, shirtNavyS, 1]]);
      const before = await stockOf(shirtNavyS);
      const orders = await orderCount();
      for (const raw of ["{", "[]", "null", "x".repeat(70_000)]) {
        const response = await api.request("/checkout", {
          method: "POST",
          body: raw,
          headers: { "content-type": "application/json" },
        });
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
      }
      const payloads = [
        { ...contact, email: 12 },
        { ...contact, shipping_address: "nowhere" },
        { ...contact, notes: "n".repeat(5000) },
        { ...contact, phone: ["0300"] },
        { ...contact, total: "lots" },
        { ...contact, shipping_address: { ...contact.shipping_address, city: "c".repeat(1000) } },
      ];
      for (const payload of payloads) {
        const { status, body } = await guest.post("/checkout", payload);
        expect(status).toBe(422);
        expect(typeof body.message).toBe("string");
      }
      expect(await stockOf(shirtNavyS)).toBe(before);
      expect(await orderCount()).toBe(orders);
    });
  });
});
