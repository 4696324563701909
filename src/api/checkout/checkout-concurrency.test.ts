import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiHarness, apiHarness, type Shopper, shopper } from "../../testing/api-harness.ts";
import { buildCatalogue, variantId } from "../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { insertProduct } from "../products/product-writer.ts";

const { engine, available } = testEngine();

const contact = {
  email: "sana@example.pk",
  phone: "0300 7654321",
  shipping_address: {
    country: "Pakistan",
    first_name: "Sana",
    last_name: "Malik",
    address: "Flat 3, Block B, Gulberg III",
    address_2: "",
    city: "Lahore",
    postcode: "54660",
  },
  notes: "",
};

describe.skipIf(!available)(`checkouts at the same moment on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let product: number;
  let first: number;
  let second: number;
  const STOCK = 30;
  const PAIRS = 20;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { categories, colors, sizes } = await buildCatalogue(database.db);
    api = apiHarness(database);
    product = await insertProduct(database.db, {
      slug: "weekender",
      title: "Weekender",
      categoryId: categories.bags.id,
      shortDescription: "",
      images: [],
      discount: 0,
      newArrival: false,
      dailyDeal: false,
      tagIds: [],
      variants: [
        { colorId: colors.black.id, sizeId: sizes.oneSize.id, price: 500_000, stock: STOCK },
        { colorId: colors.tan.id, sizeId: sizes.oneSize.id, price: 500_000, stock: STOCK },
      ],
    });
    first = await variantId(database.db, product, colors.black.id, sizes.oneSize.id);
    second = await variantId(database.db, product, colors.tan.id, sizes.oneSize.id);
  });
  afterAll(() => database?.drop());

  const stockOf = async (id: number) =>
    (await database.db.selectFrom("variants").select("stock").where("id", "=", id).executeTakeFirstOrThrow())
      .stock;

  async function cartWith(variants: number[]): Promise<Shopper> {
    const guest = shopper(api);
    for (const size of variants) {
      expect((await guest.post("/cart/add", { id: product, quantity: 1, size })).status).toBe(200);
    }
    return guest;
  }

  it("never deadlocks on the same two items added in opposite orders, and sells exactly the stock", async () => {
    // Each pair: one cart added black then tan, the other tan then black; their lines are taken in that order.
    const carts: Shopper[] = [];
    for (let pair = 0; pair < PAIRS; pair++) {
      carts.push(await cartWith([first, second]), await cartWith([second, first]));
    }

    const answers = await Promise.all(carts.map((cart) => cart.post("/checkout", contact)));

    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    const placed = answers.filter((answer) => answer.status === 201);
    // Forty carts of one of each for thirty of each: thirty orders, ten told the stock ran out.
    expect(placed).toHaveLength(STOCK);
    expect(statuses.filter((status) => status === 409)).toHaveLength(carts.length - STOCK);
    expect(await stockOf(first)).toBe(0);
    expect(await stockOf(second)).toBe(0);

    const numbers = placed.map((answer) => answer.body.order.number as string);
    const orders = await database.db
      .selectFrom("orders")
      .innerJoin("order_items", "order_items.order_id", "orders.id")
      .select(["orders.number", "order_items.variant_id", "order_items.quantity"])
      .execute();
    expect(new Set(orders.map((row) => row.number))).toEqual(new Set(numbers));
    const sold = (id: number) =>
      orders.filter((row) => row.variant_id === id).reduce((sum, row) => sum + row.quantity, 0);
    expect(sold(first)).toBe(STOCK);
    expect(sold(second)).toBe(STOCK);
  });
});

describe.skipIf(!available || engine !== "postgres")(
  `a sale's checkouts waiting for a turn on ${engine}`,
  () => {
    let database: TestDatabase;
    let api: ApiHarness;
    let product: number;
    let onSale: number;
    let soldOut: number;

    beforeAll(async () => {
      database = await createTestDatabase();
      const { categories, colors, sizes } = await buildCatalogue(database.db);
      api = apiHarness(database);
      product = await insertProduct(database.db, {
        slug: "sale-tote",
        title: "Sale Tote",
        categoryId: categories.bags.id,
        shortDescription: "",
        images: [],
        discount: 0,
        newArrival: false,
        dailyDeal: false,
        tagIds: [],
        variants: [
          { colorId: colors.black.id, sizeId: sizes.oneSize.id, price: 500_000, stock: 10 },
          { colorId: colors.tan.id, sizeId: sizes.oneSize.id, price: 500_000, stock: 1 },
        ],
      });
      onSale = await variantId(database.db, product, colors.black.id, sizes.oneSize.id);
      soldOut = await variantId(database.db, product, colors.tan.id, sizes.oneSize.id);
    });
    afterAll(() => database?.drop());

    async function cartOf(size: number): Promise<Shopper> {
      const guest = shopper(api);
      expect((await guest.post("/cart/add", { id: product, quantity: 1, size })).status).toBe(200);
      return guest;
    }

    it("refuses a cart the stock surely cannot fill at once, while every turn is taken by orders waiting for a row", async () => {
      // Four orders of the black tote fill the process's turns (`ordersAtOnce`, 4) and wait on its row, which
      // another transaction holds; the tan one sold out after a fifth shopper put it in their cart.
      const buyers = await Promise.all([1, 2, 3, 4].map(() => cartOf(onSale)));
      const late = await cartOf(soldOut);
      await database.db.updateTable("variants").set({ stock: 0 }).where("id", "=", soldOut).execute();
      let release = () => {};
      let released = false;
      let holding = () => {};
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const holder = database.db.transaction().execute(async (trx) => {
        await sql`select id from variants where id = ${onSale} for update`.execute(trx);
        holding();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
      await held;
      const orders = buyers.map((buyer, index) =>
        buyer.post("/checkout", { ...contact, email: `buyer-${index}@example.pk` }),
      );
      // Every turn is taken once the four wait for the row's lock.
      for (let tries = 0; tries < 200; tries++) {
        const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`.execute(database.db);
        if (rows[0]?.n === 4) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      // The refusal does not wait for a turn: it is answered while the four orders still wait for the row.
      const refused = await late.post("/checkout", { ...contact, email: "late@example.pk" });
      const answeredWhileHeld = !released;
      released = true;
      release();
      await holder;
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        "Sorry, Sale Tote (Tan, One Size) is out of stock. Please update your cart.",
      );
      expect(answeredWhileHeld).toBe(true);
      expect((await Promise.all(orders)).map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
      expect(
        (
          await database.db
            .selectFrom("variants")
            .select("stock")
            .where("id", "=", onSale)
            .executeTakeFirstOrThrow()
        ).stock,
      ).toBe(6);
    });

    it("lets checkouts waiting for a turn leave the queue, refused, once this process sees their variant sold out", async () => {
      // The black tote's four orders take every turn and wait for its row; two carts of the tan one (1 left, read
      // before they queue) wait behind them for a turn.
      await database.db.updateTable("variants").set({ stock: 10 }).where("id", "=", onSale).execute();
      await database.db.updateTable("variants").set({ stock: 2 }).where("id", "=", soldOut).execute();
      const buyers = await Promise.all([1, 2, 3, 4].map(() => cartOf(onSale)));
      const waiting = await Promise.all([1, 2].map(() => cartOf(soldOut)));
      await database.db.updateTable("variants").set({ stock: 1 }).where("id", "=", soldOut).execute();
      let release = () => {};
      let holding = () => {};
      const held = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const holder = database.db.transaction().execute(async (trx) => {
        await sql`select id from variants where id = ${onSale} for update`.execute(trx);
        holding();
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      });
      await held;
      const orders = buyers.map((buyer, index) =>
        buyer.post("/checkout", { ...contact, email: `turn-${index}@example.pk` }),
      );
      for (let tries = 0; tries < 200; tries++) {
        const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
         where datname = current_database() and wait_event_type = 'Lock'`.execute(database.db);
        if (rows[0]?.n === 4) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      let settled = 0;
      const queued = waiting.map((cart, index) =>
        cart.post("/checkout", { ...contact, email: `queued-${index}@example.pk` }).finally(() => {
          settled += 1;
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(settled).toBe(0);
      // The tan one sells out elsewhere (another instance); this process sees it when a shopper tries to add it.
      await database.db.updateTable("variants").set({ stock: 0 }).where("id", "=", soldOut).execute();
      expect((await shopper(api).post("/cart/add", { id: product, quantity: 1, size: soldOut })).status).toBe(
        409,
      );
      const refusals = await Promise.all(queued);
      const answeredWhileHeld = settled === 2;
      release();
      await holder;
      expect(answeredWhileHeld).toBe(true);
      for (const refused of refusals) {
        expect(refused.status).toBe(409);
        expect(refused.body.message).toBe(
          "Sorry, Sale Tote (Tan, One Size) is out of stock. Please update your cart.",
        );
      }
      expect((await Promise.all(orders)).map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
    });
  },
);
