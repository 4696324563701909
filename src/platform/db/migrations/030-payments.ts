import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * Online payments beside cash on delivery (docs/decisions/0053-online-payments.md):
 *
 * - `orders` gains its payment: `payment_method` (cod, jazzcash, easypaisa, safepay, bank_transfer; cod for every
 *   order already there), `payment_status` (unpaid, pending, paid, failed, refunded, partly_refunded),
 *   `paid_amount` and `refunded_amount` (paisa), `payment_due_by` (until when a prepaid order's stock is held),
 *   and `payment_flag` ("refund_due": money that arrived for an order already cancelled).
 * - The status "awaiting_payment" joins the guards of migrations 004 and 012 (as 023 did for its statuses; the
 *   list is written out here so later changes to the shop's list do not change this migration).
 * - `payment_attempts`: each time a shopper is sent to a provider, with the reference the provider echoes.
 * - `payment_events`: everything that happened to an order's payment (starts, returns, notifications, queries,
 *   refunds, staff's marks, refused callbacks), with the provider's raw fields, for support.
 * - `payment_refunds`: money given back, through the provider or by hand, never more than was paid.
 * - `payment_proofs`: a bank transfer's proof the shopper uploaded (stored privately), for staff to check.
 */
const STATUSES = sql.raw(
  [
    "awaiting_payment",
    "awaiting_confirmation",
    "pending",
    "processing",
    "shipped",
    "delivered",
    "returning",
    "returned",
    "cancelled",
  ]
    .map((status) => `'${status}'`)
    .join(", "),
);

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === "postgres") await migrate(db, engine);
  else await db.transaction().execute((trx) => migrate(trx, engine));
}

async function migrate(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const money = engine === "postgres" ? "bigint" : "integer";

  await db.schema
    .alterTable("orders")
    .addColumn("payment_method", "text", (c) => c.notNull().defaultTo("cod"))
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("payment_status", "text", (c) => c.notNull().defaultTo("unpaid"))
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("paid_amount", money, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("orders")
    .addColumn("refunded_amount", money, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("orders").addColumn("payment_due_by", "text").execute();
  await db.schema.alterTable("orders").addColumn("payment_flag", "text").execute();
  // Cash already recorded as collected is money paid.
  await sql`update orders set payment_status = 'paid',
    paid_amount = (select sum(amount) from cod_collections where cod_collections.order_id = orders.id)
    where id in (select order_id from cod_collections)`.execute(db);
  await db.schema.createIndex("orders_payment_idx").on("orders").columns(["payment_status", "id"]).execute();
  await db.schema
    .createIndex("orders_payment_method_idx")
    .on("orders")
    .columns(["payment_method", "id"])
    .execute();
  // The hold's expiry job looks for the few orders still waiting for their money.
  await db.schema
    .createIndex("orders_payment_due_idx")
    .on("orders")
    .column("payment_due_by")
    .where(sql.ref("status"), "=", "awaiting_payment")
    .execute();

  await widenStatusGuards(db, engine);

  await db.schema
    .createTable("payment_attempts")
    .addColumn("id", "integer", id)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("amount", money, (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('started', 'pending', 'paid', 'failed', 'cancelled')`),
    )
    .addColumn("provider_reference", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("payment_attempts_order_idx")
    .on("payment_attempts")
    .columns(["order_id", "id"])
    .execute();

  await db.schema
    .createTable("payment_events")
    .addColumn("id", "integer", id)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("attempt_id", "integer", (c) => c.references("payment_attempts.id").onDelete("set null"))
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("amount", money)
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("raw", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("payment_events_order_idx")
    .on("payment_events")
    .columns(["order_id", "id"])
    .execute();

  await db.schema
    .createTable("payment_refunds")
    .addColumn("id", "integer", id)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("attempt_id", "integer", (c) => c.references("payment_attempts.id").onDelete("set null"))
    .addColumn("amount", money, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn("via", "text", (c) => c.notNull().check(sql`via in ('provider', 'manual')`))
    .addColumn("reference", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("actor_email", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("payment_refunds_order_idx")
    .on("payment_refunds")
    .columns(["order_id", "id"])
    .execute();

  await db.schema
    .createTable("payment_proofs")
    .addColumn("id", "integer", id)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("file", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("payment_proofs_order_idx")
    .on("payment_proofs")
    .columns(["order_id", "id"])
    .execute();
}

async function widenStatusGuards(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === "postgres") {
    await sql`alter table orders drop constraint orders_status_known`.execute(db);
    await sql`alter table orders add constraint orders_status_known check (status in (${STATUSES}))`.execute(
      db,
    );
    await sql`alter table order_status_history drop constraint order_status_history_statuses_known`.execute(
      db,
    );
    await sql`alter table order_status_history add constraint order_status_history_statuses_known
      check (from_status in (${STATUSES}) and to_status in (${STATUSES}))`.execute(db);
    return;
  }
  const refuse = sql.raw("select raise(abort, 'CHECK constraint failed: orders_status_known')");
  await sql`drop trigger orders_status_known_insert`.execute(db);
  await sql`drop trigger orders_status_known_update`.execute(db);
  await sql`create trigger orders_status_known_insert before insert on orders
    when not (new.status in (${STATUSES})) begin ${refuse}; end`.execute(db);
  await sql`create trigger orders_status_known_update before update of status on orders
    when not (new.status in (${STATUSES})) begin ${refuse}; end`.execute(db);

  await sql`create table order_status_history_new (
    id integer primary key autoincrement,
    order_id integer not null references orders(id) on delete cascade,
    from_status text not null,
    to_status text not null,
    actor_user_id integer references users(id) on delete set null,
    actor_email text not null,
    note text not null default '',
    created_at text not null,
    constraint order_status_history_statuses_known
      check (from_status in (${STATUSES}) and to_status in (${STATUSES}))
  )`.execute(db);
  await sql`insert into order_status_history_new select id, order_id, from_status, to_status, actor_user_id,
    actor_email, note, created_at from order_status_history`.execute(db);
  await sql`drop table order_status_history`.execute(db);
  await sql`alter table order_status_history_new rename to order_status_history`.execute(db);
  await sql`create index order_status_history_order_idx on order_status_history (order_id, id)`.execute(db);
}
