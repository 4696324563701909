import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminHarness, adminHarness } from "../../../testing/admin-harness.ts";
import { apiHarness, type Shopper, shopper } from "../../../testing/api-harness.ts";
import { buildCatalogue } from "../../../testing/factories.ts";
import { bagInColours, CHECKOUT_CONTACT, withoutConfirmation } from "../../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";

const { engine, available } = testEngine();

const contact = CHECKOUT_CONTACT;

/**
 * Cancelling gives stock back while checkouts take it, under the same locks (variants in ascending id); two
 * changes of one order at once: the first wins, the second is told where it left the order. On PostgreSQL these
 * really run at once (a pool of connections); on SQLite the writers take turns, and the outcome must be the same.
 */
describe.skipIf(!available)(`order changes at the same moment on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;
  let product: number;
  let first: number;
  let second: number;
  const STOCK = 40;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await adminHarness(database, apiHarness(database));
    // Changes after the confirmation race here; confirming is src/api/orders/order-confirmation.test.ts's.
    await withoutConfirmation(database.db);
    ({
      product,
      variants: [first, second],
    } = await bagInColours(database.db, await buildCatalogue(database.db), {
      slug: "weekender",
      title: "Weekender",
      variants: [
        { price: 500_000, stock: STOCK },
        { price: 500_000, stock: STOCK },
      ],
    }));
  });
  afterAll(() => database?.drop());

  const stockOf = async (id: number) =>
    (await database.db.selectFrom("variants").select("stock").where("id", "=", id).executeTakeFirstOrThrow())
      .stock;

  async function cartWith(variants: number[]): Promise<Shopper> {
    const guest = shopper(admin.api);
    for (const size of variants) {
      expect((await guest.post("/cart/add", { id: product, quantity: 1, size })).status).toBe(200);
    }
    return guest;
  }

  const patch = (client: Shopper, number: string, status: string) =>
    client.call("PATCH", `/admin/orders/${number}`, { status });

  /** Pieces of `variant` in the orders that still hold their stock (every status but cancelled). */
  async function heldBy(variant: number): Promise<number> {
    const rows = await database.db
      .selectFrom("order_items")
      .innerJoin("orders", "orders.id", "order_items.order_id")
      .select("order_items.quantity")
      .where("order_items.variant_id", "=", variant)
      .where("orders.status", "!=", "cancelled")
      .execute();
    return rows.reduce((sum, row) => sum + row.quantity, 0);
  }

  it("never loses or invents stock when cancels race checkouts of the same items, and never deadlocks", async () => {
    // Carts are filled while there is stock for all of them (adding does not take stock; checkout does).
    const later: Shopper[] = [];
    for (let pair = 0; pair < 15; pair++) {
      later.push(await cartWith([first, second]), await cartWith([second, first]));
    }
    const placed: string[] = [];
    for (let pair = 0; pair < 10; pair++) {
      for (const cart of [await cartWith([first, second]), await cartWith([second, first])]) {
        const { status, body } = await cart.post("/checkout", contact);
        expect(status).toBe(201);
        placed.push(body.order.number);
      }
    }
    expect(await stockOf(first)).toBe(STOCK - 20);

    // Twenty cancels (alternating staff and owner) and thirty checkouts for the twenty left, all at once.
    const cancels = placed.map((number, index) =>
      patch(index % 2 === 0 ? admin.staff : admin.owner, number, "cancelled"),
    );
    const checkouts = later.map((cart) => cart.post("/checkout", contact));
    const [cancelled, checkedOut] = await Promise.all([Promise.all(cancels), Promise.all(checkouts)]);

    expect(cancelled.map((answer) => answer.status)).toEqual(placed.map(() => 200));
    const statuses = checkedOut.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    // At least the twenty left before the cancels sell; the stock the cancels give back may sell too.
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(20);

    for (const variant of [first, second]) {
      const stock = await stockOf(variant);
      expect(stock).toBeGreaterThanOrEqual(0);
      expect(stock + (await heldBy(variant))).toBe(STOCK);
    }
  });

  it("lets one of many cancels of one order win: its stock goes back once, with one history row and one mail", async () => {
    const cart = await cartWith([first, second]);
    const placed = await cart.post("/checkout", contact);
    expect(placed.status).toBe(201);
    const number = placed.body.order.number as string;
    const before = { first: await stockOf(first), second: await stockOf(second) };

    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        patch(index % 2 === 0 ? admin.staff : admin.owner, number, "cancelled"),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused).toHaveLength(7);
    for (const answer of refused) {
      expect(answer.status).toBe(422);
      expect(answer.body.message).toBe("This order has already been cancelled.");
    }
    expect(await stockOf(first)).toBe(before.first + 1);
    expect(await stockOf(second)).toBe(before.second + 1);

    const order = await database.db
      .selectFrom("orders")
      .select("id")
      .where("number", "=", number)
      .executeTakeFirstOrThrow();
    const history = await database.db
      .selectFrom("order_status_history")
      .selectAll()
      .where("order_id", "=", order.id)
      .execute();
    expect(history.map((row) => [row.from_status, row.to_status])).toEqual([["pending", "cancelled"]]);
    const mails = await database.db
      .selectFrom("mail_outbox")
      .select("subject")
      .where("reference", "=", number)
      .orderBy("id")
      .execute();
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your order ${number} is confirmed`,
      `Your order ${number} was cancelled`,
    ]);
    const audit = await database.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity_id", "=", number)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it("lets the first of two different changes win; the second is judged on what the first left", async () => {
    const cart = await cartWith([first]);
    const placed = await cart.post("/checkout", contact);
    const number = placed.body.order.number as string;
    expect((await patch(admin.staff, number, "processing")).status).toBe(200);
    const stock = await stockOf(first);

    // Shipping and cancelling a processing order at once: whichever goes first, the other is refused.
    const [shipped, cancelled] = await Promise.all([
      patch(admin.staff, number, "shipped"),
      patch(admin.owner, number, "cancelled"),
    ]);
    expect([shipped.status, cancelled.status].sort()).toEqual([200, 422]);
    if (shipped.status === 200) {
      expect(cancelled.body.message).toBe("An order that has been shipped cannot be cancelled.");
      expect(await stockOf(first)).toBe(stock);
    } else {
      expect(shipped.body.message).toBe("This order has been cancelled; its status can no longer change.");
      expect(await stockOf(first)).toBe(stock + 1);
    }
  });
});
