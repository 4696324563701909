import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import {
  type ApiHarness,
  apiHarness,
  registeredShopper,
  type Shopper,
  shopper,
} from "../../testing/api-harness.ts";
import { buildCatalogue, variantId } from "../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { createLimitStore } from "../../testing/test-limits.ts";
import { insertProduct } from "../products/product-writer.ts";
import { orderAccessToken } from "./order-access.ts";

const { engine, available } = testEngine();

const SECRET = "test-secret-test-secret-test-secret!";
const NOT_FOUND =
  "We could not find an order with that number and email address. Please check both and try again.";

const contact = {
  email: "Guest.Shopper@Example.pk",
  phone: "0300 1234567",
  shipping_address: {
    country: "Pakistan",
    first_name: "Sana",
    last_name: "Malik",
    address: "House 7, Street 2, G-9/4",
    address_2: "",
    city: "Islamabad",
    postcode: "44090",
  },
  notes: "",
};

describe.skipIf(!available)(`guest orders API on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let product: number;
  let variant: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { categories, colors, sizes } = await buildCatalogue(database.db);
    product = await insertProduct(database.db, {
      slug: "canvas-backpack",
      title: "Canvas Backpack",
      categoryId: categories.bags.id,
      discount: 0,
      newArrival: false,
      dailyDeal: false,
      tagIds: [],
      shortDescription: "",
      images: [],
      variants: [{ colorId: colors.tan.id, sizeId: sizes.oneSize.id, price: 550_000, stock: 1000 }],
    });
    variant = await variantId(database.db, product, colors.tan.id, sizes.oneSize.id);
    api = apiHarness(database);
  });
  afterAll(() => database?.drop());

  async function placeOrder(client: Shopper = shopper(api)) {
    expect((await client.post("/cart/add", { id: product, quantity: 2, size: variant })).status).toBe(200);
    const { status, body } = await client.post("/checkout", contact);
    expect(status).toBe(201);
    return body as { order: { number: string }; access_token: string };
  }

  describe("reading an order with the checkout's access token", () => {
    it("answers the whole order placed as a guest to the token the checkout gave", async () => {
      const placed = await placeOrder();
      expect(placed.access_token).toBe(orderAccessToken(placed.order.number, SECRET));
      expect(placed.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const { status, body } = await shopper(api).post("/guest-order", {
        number: placed.order.number,
        token: placed.access_token,
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        number: placed.order.number,
        status: "awaiting_confirmation",
        email: contact.email,
        phone: contact.phone,
        shipping_address: contact.shipping_address,
        subtotal: 11000,
        delivery_charges: 200,
        total: 11200,
        items: [{ name: "Canvas Backpack", color_name: "Tan", size_name: "One Size", quantity: 2 }],
      });

      const member = await registeredShopper(api, {
        first_name: "Omar",
        last_name: "Farooq",
        email: "omar@example.pk",
      });
      const mine = await placeOrder(member);
      // A registered customer's order is theirs to read in their account: by token it does not exist.
      expect(
        await shopper(api).post("/guest-order", { number: mine.order.number, token: mine.access_token }),
      ).toMatchObject({ status: 404, body: { message: "Order not found." } });
    });

    it("answers 404 to a wrong token, another order's token and an unknown number, all alike", async () => {
      const first = await placeOrder();
      const second = await placeOrder();
      const attempts = [
        { number: first.order.number, token: "A".repeat(43) },
        { number: first.order.number, token: second.access_token },
        { number: first.order.number, token: `${first.access_token}x` },
        {
          number: "BT-000000-AAAAA",
          token: orderAccessToken("BT-000000-AAAAA", "another secret entirely!!"),
        },
      ];
      for (const attempt of attempts) {
        const { status, body } = await shopper(api).post("/guest-order", attempt);
        expect(status).toBe(404);
        expect(body).toEqual({ message: "Order not found." });
      }
      const missing = await shopper(api).post("/guest-order", { number: first.order.number });
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toEqual({ token: ["The token field is required."] });
    });
  });

  it("limits wrong tokens per address and per order number; a right one never counts", async () => {
    const store = createLimitStore("memory");
    onTestFinished(() => store.cleanup());
    const limited = apiHarness(database, { limits: await store.limits({ authAttemptsPer15Min: 3 }) });
    const placed = await placeOrder();
    const right = { number: placed.order.number, token: placed.access_token };
    const owner = shopper(limited, {}, { address: "192.0.2.10" });
    for (let read = 0; read < 5; read++) expect((await owner.post("/guest-order", right)).status).toBe(200);

    const guesser = shopper(limited, {}, { address: "203.0.113.9" });
    for (let attempt = 0; attempt < 3; attempt++) {
      const wrong = { number: `BT-000000-AAAA${attempt + 2}`, token: "A".repeat(43) };
      expect((await guesser.post("/guest-order", wrong)).status).toBe(404);
    }
    expect(await guesser.post("/guest-order", right)).toMatchObject({
      status: 429,
      body: { message: "Too many attempts. Please try again in 15 minutes." },
    });

    // Many addresses trying tokens for one order number.
    for (let attempt = 0; attempt < 3; attempt++) {
      await shopper(limited, {}, { address: `198.51.100.${attempt + 10}` }).post("/guest-order", {
        number: placed.order.number,
        token: `${"B".repeat(42)}${attempt}`,
      });
    }
    expect(
      (await shopper(limited, {}, { address: "198.51.100.60" }).post("/guest-order", right)).status,
    ).toBe(429);
    await store.passTime(15 * 60 + 1);
    expect((await owner.post("/guest-order", right)).status).toBe(200);
  });

  describe("order lookup by number and email", () => {
    it("finds the order whatever the case of the email and the number", async () => {
      const placed = await placeOrder();
      const { status, body } = await shopper(api).post("/order-lookup", {
        number: ` ${placed.order.number.toLowerCase()} `,
        email: "  GUEST.shopper@example.PK ",
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        number: placed.order.number,
        status: "awaiting_confirmation",
        phone: contact.phone,
        total: 11200,
        items: [{ name: "Canvas Backpack", quantity: 2 }],
      });
    });

    it("answers a wrong email and a wrong number with the same status and text", async () => {
      const placed = await placeOrder();
      const wrongEmail = await shopper(api).post("/order-lookup", {
        number: placed.order.number,
        email: "someone.else@example.pk",
      });
      const wrongNumber = await shopper(api).post("/order-lookup", {
        number: "BT-000000-ZZZZZ",
        email: contact.email,
      });
      const bothWrong = await shopper(api).post("/order-lookup", {
        number: "BT-000000-ZZZZZ",
        email: "someone.else@example.pk",
      });
      for (const answer of [wrongEmail, wrongNumber, bothWrong]) {
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ message: NOT_FOUND });
      }
    });

    it("validates the form: both fields required, one valid email", async () => {
      const empty = await shopper(api).post("/order-lookup", { number: " ", email: "" });
      expect(empty.status).toBe(422);
      expect(empty.body.errors).toEqual({
        number: ["Order number is required."],
        email: ["Email is required."],
      });
      const injected = await shopper(api).post("/order-lookup", {
        number: "BT-000000-ZZZZZ",
        email: "a@example.pk\r\nBcc: b@example.pk",
      });
      expect(injected.status).toBe(422);
      expect(injected.body.errors).toEqual({ email: ["Email must be a valid email address."] });
    });

    it("is rate-limited per address and per order number, right answers included", async () => {
      const store = createLimitStore("memory");
      onTestFinished(() => store.cleanup());
      const limited = apiHarness(database, { limits: await store.limits({ authAttemptsPer15Min: 3 }) });
      const placed = await placeOrder();
      const guesser = shopper(limited, {}, { address: "203.0.113.7" });
      for (let attempt = 0; attempt < 3; attempt++) {
        const { status } = await guesser.post("/order-lookup", {
          number: `BT-000000-AAAA${attempt + 2}`,
          email: contact.email,
        });
        expect(status).toBe(404);
      }
      const blocked = await guesser.post("/order-lookup", {
        number: placed.order.number,
        email: contact.email,
      });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ message: "Too many attempts. Please try again in 15 minutes." });
      expect(blocked.headers.get("retry-after")).toBe("900");

      // Many addresses guessing the email of one order number.
      for (let attempt = 0; attempt < 3; attempt++) {
        await shopper(limited, {}, { address: `198.51.100.${attempt}` }).post("/order-lookup", {
          number: placed.order.number,
          email: `guess${attempt}@example.pk`,
        });
      }
      const fourth = await shopper(limited, {}, { address: "198.51.100.50" }).post("/order-lookup", {
        number: placed.order.number,
        email: contact.email,
      });
      expect(fourth.status).toBe(429);

      await store.passTime(15 * 60 + 1);
      expect(
        (await guesser.post("/order-lookup", { number: placed.order.number, email: contact.email })).status,
      ).toBe(200);
    });
  });
});
