import { type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * The rules the code keeps, kept by the database too, so a bug, a script or a hand-written UPDATE cannot store
 * a negative price or a cart line of zero (docs/decisions/0016-input-limits-schema-guards-headers.md):
 *
 * - PostgreSQL: CHECK constraints.
 * - SQLite cannot add a CHECK to an existing table; it would have to rebuild products, orders and the tables
 *   that reference them, and a DROP TABLE with foreign keys on cascades into the children (all order lines
 *   gone). So SQLite gets BEFORE INSERT and BEFORE UPDATE triggers that abort with the same words a CHECK
 *   uses ("CHECK constraint failed: <name>").
 *
 * Emails become unique whatever their case (an index on lower(email)), and the purge job gets indexes on the
 * columns it searches. Rows that already break a rule stop the migration before it changes anything, with a
 * message that says which; nothing is deleted or rewritten behind the operator's back.
 */

/** The order statuses of the shop: checkout creates "pending"; the others are the steps an order goes through. */
const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"];

interface Guard {
  name: string;
  table: string;
  /** The columns the rule reads (an UPDATE of other columns need not check it on SQLite). */
  columns: string[];
  /** What every row must satisfy, in SQL both engines read alike; `c` names a column (`new.x` in a trigger). */
  check: (c: (column: string) => string) => string;
}

const column = (name: string) => name;
const newRow = (name: string) => `new.${name}`;

const statusList = ORDER_STATUSES.map((status) => `'${status}'`).join(", ");

export const GUARDS: Guard[] = [
  {
    name: "cart_items_quantity_positive",
    table: "cart_items",
    columns: ["quantity"],
    check: (c) => `${c("quantity")} > 0`,
  },
  {
    name: "order_items_quantity_positive",
    table: "order_items",
    columns: ["quantity"],
    check: (c) => `${c("quantity")} > 0`,
  },
  {
    name: "products_prices_not_negative",
    table: "products",
    columns: ["price", "sale_price"],
    check: (c) => `${c("price")} >= 0 AND ${c("sale_price")} >= 0`,
  },
  {
    name: "products_discount_percent",
    table: "products",
    columns: ["discount"],
    check: (c) => `${c("discount")} >= 0 AND ${c("discount")} <= 100`,
  },
  {
    name: "variants_price_not_negative",
    table: "variants",
    columns: ["price"],
    check: (c) => `${c("price")} >= 0`,
  },
  {
    name: "order_items_prices_not_negative",
    table: "order_items",
    columns: ["unit_price", "line_total"],
    check: (c) => `${c("unit_price")} >= 0 AND ${c("line_total")} >= 0`,
  },
  {
    name: "orders_totals_not_negative",
    table: "orders",
    columns: ["subtotal", "delivery_charge", "discount", "total"],
    check: (c) =>
      ["subtotal", "delivery_charge", "discount", "total"].map((column) => `${c(column)} >= 0`).join(" AND "),
  },
  {
    name: "orders_status_known",
    table: "orders",
    columns: ["status"],
    check: (c) => `${c("status")} IN (${statusList})`,
  },
];
// Stock (variants_stock_not_negative) has been a CHECK on both engines since 001.

export class SchemaGuardError extends Error {
  override name = "SchemaGuardError";
}

/** Every rule the rows in place break, and emails that differ only in case, as readable lines. */
async function violations(db: Kysely<unknown>): Promise<string[]> {
  const found: string[] = [];
  for (const guard of GUARDS) {
    const check = guard.check(column);
    const { rows } = await sql<{ n: number | string; first: number | null }>`
      select count(*) as n, min(id) as first from ${sql.table(guard.table)} where not (${sql.raw(check)})`.execute(
      db,
    );
    const count = Number(rows[0]?.n ?? 0);
    if (count > 0) {
      found.push(
        `${count} row(s) of ${guard.table} break ${guard.name} (${check}); the first has id ${rows[0]?.first}`,
      );
    }
  }
  const { rows: duplicates } = await sql<{ email: string; n: number | string }>`
    select lower(email) as email, count(*) as n from users group by lower(email) having count(*) > 1
    order by lower(email) limit 20`.execute(db);
  for (const duplicate of duplicates) {
    found.push(`${duplicate.n} users share the email ${duplicate.email} in different cases`);
  }
  return found;
}

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const problems = await violations(db);
  if (problems.length > 0) {
    throw new SchemaGuardError(
      `the database holds rows the new rules refuse, so nothing was changed:\n  ${problems.join("\n  ")}\n` +
        "Correct or remove these rows (merge or rename accounts that share an email), then start the shop again.",
    );
  }

  // PostgreSQL runs every migration in a transaction; SQLite's migrator does not, so this one brings its own.
  if (engine === "postgres") await addGuards(db, engine);
  else await db.transaction().execute((trx) => addGuards(trx, engine));
}

async function addGuards(db: Kysely<unknown>, engine: Engine): Promise<void> {
  for (const guard of GUARDS) {
    if (engine === "postgres") {
      await sql`alter table ${sql.table(guard.table)} add constraint ${sql.id(guard.name)} check (${sql.raw(guard.check(column))})`.execute(
        db,
      );
      continue;
    }
    const refuse = sql.raw(`select raise(abort, 'CHECK constraint failed: ${guard.name}')`);
    const condition = sql.raw(guard.check(newRow));
    await sql`create trigger ${sql.id(`${guard.name}_insert`)} before insert on ${sql.table(guard.table)}
      when not (${condition}) begin ${refuse}; end`.execute(db);
    await sql`create trigger ${sql.id(`${guard.name}_update`)}
      before update of ${sql.join(guard.columns.map((name) => sql.id(name)))} on ${sql.table(guard.table)}
      when not (${condition}) begin ${refuse}; end`.execute(db);
  }

  await db.schema
    .createIndex("users_email_lower_unique")
    .on("users")
    .unique()
    .expression(sql`lower(email)`)
    .execute();
  // The purge job's searches: guest carts by age, tokens by expiry.
  await db.schema.createIndex("carts_updated_idx").on("carts").column("updated_at").execute();
  await db.schema.createIndex("auth_tokens_expires_idx").on("auth_tokens").column("expires_at").execute();
}
