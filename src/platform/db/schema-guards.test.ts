import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { migrateToLatest, StaticProvider } from "./migrate.ts";
import { ORDER_STATUSES } from "./schema.ts";

const { engine, available } = testEngine();

const NOW = "2026-01-05T10:00:00.000Z";

/** One row in every guarded table (plus what they hang on), in the shape 001 and 002 created them. */
async function seedRows(db: Kysely<unknown>) {
  const run = (query: ReturnType<typeof sql>) => query.execute(db);
  await run(sql`insert into categories (name, slug, position) values ('Bags', 'bags', 0)`);
  await run(sql`insert into colors (name, code) values ('Black', '#111111')`);
  await run(sql`insert into sizes (name, position) values ('One Size', 0)`);
  await run(sql`insert into products (slug, title, category_id, short_description, discount, price, sale_price,
      created_at, updated_at)
    values ('tote', 'Tote', (select id from categories), '', 10, 150000, 135000, ${NOW}, ${NOW})`);
  await run(sql`insert into variants (product_id, color_id, size_id, price, stock)
    values ((select id from products), (select id from colors), (select id from sizes), 150000, 4)`);
  await run(sql`insert into users (first_name, last_name, email, password_hash, created_at, updated_at)
    values ('Ali', 'Khan', 'ali@example.test', 'x', ${NOW}, ${NOW})`);
  await run(sql`insert into auth_tokens (user_id, token_hash, created_at, expires_at)
    values ((select id from users), 'hash', ${NOW}, ${NOW})`);
  await run(
    sql`insert into carts (user_id, created_at, updated_at) values ((select id from users), ${NOW}, ${NOW})`,
  );
  await run(sql`insert into cart_items (cart_id, variant_id, quantity, created_at)
    values ((select id from carts), (select id from variants), 2, ${NOW})`);
  await run(sql`insert into orders (number, user_id, email, phone, country, first_name, last_name, address,
      address_2, city, postcode, notes, subtotal, delivery_charge, discount, total, status, created_at)
    values ('BT-1', (select id from users), 'ali@example.test', '0300', 'Pakistan', 'Ali', 'Khan', 'Mall Road',
      '', 'Lahore', '', '', 270000, 25000, 0, 295000, 'pending', ${NOW})`);
  await run(sql`insert into order_items (order_id, product_id, variant_id, product_name, product_slug,
      color_name, size_name, unit_price, quantity, line_total)
    values ((select id from orders), (select id from products), (select id from variants), 'Tote', 'tote',
      'Black', 'One Size', 135000, 2, 270000)`);
}

/** A database migrated only up to 002, as a shop that ran before this change has it. */
async function databaseAt002(): Promise<TestDatabase> {
  const old = await createTestDatabase({ migrate: false });
  const stopped = await new Migrator({
    db: old.db as unknown as Kysely<unknown>,
    provider: new StaticProvider(old.engine),
  }).migrateTo("002-product-images");
  expect(stopped.error).toBeUndefined();
  return old;
}

describe.skipIf(!available)(`schema guards on ${engine}`, () => {
  let database: TestDatabase;
  let db: Kysely<unknown>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db as unknown as Kysely<unknown>;
    await seedRows(db);
  });
  afterAll(() => database?.drop());

  /** Statements that each break one rule, against the rows seedRows made. */
  const breaking: [rule: string, statement: () => ReturnType<typeof sql>][] = [
    [
      "cart_items_quantity_positive",
      () => sql`insert into cart_items (cart_id, variant_id, quantity, created_at)
        values ((select id from carts), (select id from variants), 0, ${NOW})`,
    ],
    ["cart_items_quantity_positive", () => sql`update cart_items set quantity = -3`],
    ["order_items_quantity_positive", () => sql`update order_items set quantity = 0`],
    ["products_prices_not_negative", () => sql`update products set price = -1`],
    ["products_prices_not_negative", () => sql`update products set sale_price = -100`],
    ["products_discount_percent", () => sql`update products set discount = 101`],
    ["products_discount_percent", () => sql`update products set discount = -5`],
    [
      "products_discount_percent",
      () => sql`insert into products (slug, title, category_id, short_description, discount, price, sale_price,
          created_at, updated_at)
        values ('odd', 'Odd', (select id from categories), '', 150, 100, 100, ${NOW}, ${NOW})`,
    ],
    ["variants_price_not_negative", () => sql`update variants set price = -1`],
    ["variants_stock_not_negative", () => sql`update variants set stock = -1`],
    ["order_items_prices_not_negative", () => sql`update order_items set unit_price = -1`],
    ["order_items_prices_not_negative", () => sql`update order_items set line_total = -1`],
    ["orders_totals_not_negative", () => sql`update orders set subtotal = -1`],
    ["orders_totals_not_negative", () => sql`update orders set delivery_charge = -1`],
    ["orders_totals_not_negative", () => sql`update orders set discount = -1`],
    ["orders_totals_not_negative", () => sql`update orders set total = -1`],
    ["orders_status_known", () => sql`update orders set status = 'lost in the post'`],
    [
      "users_email_lower_unique",
      () => sql`insert into users (first_name, last_name, email, password_hash, created_at, updated_at)
        values ('Ali', 'Again', 'ALI@Example.Test', 'x', ${NOW}, ${NOW})`,
    ],
  ];

  it.each(breaking)("refuses a row that breaks %s", async (rule, statement) => {
    const error = await statement()
      .execute(db)
      .then(
        () => null,
        (caught: unknown) => caught as Error,
      );
    expect(error, rule).toBeInstanceOf(Error);
    expect(error?.message ?? "").toContain(rule);
  });

  it("leaves every row as it was after the refused statements", async () => {
    const { rows } = await sql<{
      quantity: number;
      discount: number;
      status: string;
      total: number | string;
    }>`
      select ci.quantity, p.discount, o.status, o.total from cart_items ci, products p, orders o`.execute(db);
    expect(rows.map((row) => ({ ...row, total: Number(row.total) }))).toEqual([
      { quantity: 2, discount: 10, status: "pending", total: 295000 },
    ]);
  });

  it("takes what the rules allow: the edges, every order status, other columns of a guarded row", async () => {
    await sql`update products set discount = 100, price = 0, sale_price = 0`.execute(db);
    await sql`update products set discount = 0, title = 'Tote bag'`.execute(db);
    await sql`update cart_items set quantity = 1`.execute(db);
    await sql`update variants set stock = 0, price = 0`.execute(db);
    for (const status of ORDER_STATUSES) await sql`update orders set status = ${status}`.execute(db);
    await sql`update orders set subtotal = 0, delivery_charge = 0, discount = 0, total = 0`.execute(db);
    await sql`update users set email = 'Ali@Example.test'`.execute(db);
  });
});

describe.skipIf(!available)(`migration 004 over a database with data, on ${engine}`, () => {
  it("applies over rows in place, keeps them, and guards them from then on", async () => {
    const old = await databaseAt002();
    try {
      const db = old.db as unknown as Kysely<unknown>;
      await seedRows(db);
      const applied = await migrateToLatest(old.db, old.engine);
      expect(applied).toContain("004-schema-guards");
      const counts = await sql<{
        products: number | string;
        items: number | string;
        orders: number | string;
      }>`
        select (select count(*) from products) as products, (select count(*) from cart_items) as items,
          (select count(*) from order_items) as orders`.execute(db);
      expect(Object.values(counts.rows[0]!).map(Number)).toEqual([1, 1, 1]);
      await expect(sql`update cart_items set quantity = 0`.execute(db)).rejects.toThrow(
        /cart_items_quantity_positive/,
      );
      // Deleting a cart still cascades to its lines: nothing was rebuilt under the foreign keys.
      await sql`delete from carts`.execute(db);
      expect((await sql`select id from cart_items`.execute(db)).rows).toEqual([]);
    } finally {
      await old.drop();
    }
  });

  it("stops, changing nothing, when rows already break a rule or emails differ only in case", async () => {
    const old = await databaseAt002();
    try {
      const db = old.db as unknown as Kysely<unknown>;
      await seedRows(db);
      await sql`insert into users (first_name, last_name, email, password_hash, created_at, updated_at)
        values ('Ali', 'Twin', 'Ali@Example.test', 'x', ${NOW}, ${NOW})`.execute(db);
      await sql`update products set discount = 120`.execute(db);

      const failure = await migrateToLatest(old.db, old.engine).catch((error: Error) => error);
      expect(failure).toBeInstanceOf(Error);
      const message = (failure as Error).message;
      expect(message).toContain("Migration 004-schema-guards failed");
      expect(message).toContain("1 row(s) of products break products_discount_percent");
      expect(message).toContain("2 users share the email ali@example.test in different cases");

      const migrations = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
      expect(migrations.rows.map((row) => row.name)).not.toContain("004-schema-guards");
      await sql`update cart_items set quantity = 0`.execute(db);
      await sql`update cart_items set quantity = 2`.execute(db);

      // Once the operator has sorted the rows out, the next start applies it.
      await sql`update products set discount = 20`.execute(db);
      await sql`update users set email = 'ali.twin@example.test' where last_name = 'Twin'`.execute(db);
      expect(await migrateToLatest(old.db, old.engine)).toContain("004-schema-guards");
    } finally {
      await old.drop();
    }
  });
});
