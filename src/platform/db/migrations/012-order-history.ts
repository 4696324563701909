import { type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";
import { byteOrder, orderSearchKeys } from "../order-search.ts";

/**
 * The back office's orders (docs/decisions/0029-order-workflow.md):
 *
 * - `order_status_history`: every change of an order's status, from what to what, by whom (the email is copied,
 *   so the row still names someone whose account was later removed), with the staff's note.
 * - Indexes for the order list, newest first, at 100,000 orders and more: by time, by status and time, and the
 *   three keys the search box finds an order by (its number, the email, the phone's digits; see order-search.ts).
 *   The first two are created only when missing: the dashboard (migration 007) may have made them already.
 */
const STATUSES = sql.raw(
  ["pending", "processing", "shipped", "delivered", "cancelled"].map((status) => `'${status}'`).join(", "),
);

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  // PostgreSQL runs every migration in a transaction; SQLite's migrator does not, so this one brings its own.
  if (engine === "postgres") await migrate(db, engine);
  else await db.transaction().execute((trx) => migrate(trx, engine));
}

async function migrate(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable("order_status_history")
    .addColumn("id", "integer", (c) =>
      engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("from_status", "text", (c) => c.notNull())
    .addColumn("to_status", "text", (c) => c.notNull())
    .addColumn("actor_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("actor_email", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addCheckConstraint(
      "order_status_history_statuses_known",
      sql`from_status in (${STATUSES}) and to_status in (${STATUSES})`,
    )
    .execute();
  await db.schema
    .createIndex("order_status_history_order_idx")
    .on("order_status_history")
    .columns(["order_id", "id"])
    .execute();

  await db.schema
    .createIndex("orders_created_idx")
    .ifNotExists()
    .on("orders")
    .columns(["created_at", "id"])
    .execute();
  await db.schema
    .createIndex("orders_status_idx")
    .ifNotExists()
    .on("orders")
    .columns(["status", "created_at"])
    .execute();

  const keys = orderSearchKeys(engine);
  await sql`create index orders_email_search_idx on orders (${keys.email})`.execute(db);
  // The phone's digits as typed (migration 023 replaces this index with one on the number in E.164).
  const phoneDigits = sql.raw(
    "replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '')",
  );
  await sql`create index orders_phone_search_idx on orders (${byteOrder(phoneDigits, engine)})`.execute(db);
  // SQLite's unique index on the number already compares byte by byte; PostgreSQL's follows the collation.
  if (engine === "postgres") {
    await sql`create index orders_number_search_idx on orders (${keys.number})`.execute(db);
  }
}
