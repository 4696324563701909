import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import { addressKey } from "../../../shared/order-risk.ts";
import { ORDER_STATUSES } from "../../../shared/order-status.ts";
import { toE164 } from "../../../shared/phone.ts";
import type { Engine } from "../connection.ts";
import { orderSearchKeys } from "../order-search.ts";

/**
 * Cash-on-delivery orders confirmed, screened and sent back (docs/decisions/0042-cod-orders-confirmed-and-tracked.md):
 *
 * - `orders` gains `phone_e164` (the typed number in E.164, what the shop limits, blocks and searches by; null for
 *   an older order whose number is not a Pakistani one), `address_key` (the address and city as compared),
 *   the confirmation's code (its HMAC), deadline and wrong tries, `confirmed_at`, and `risk_flags`; both keys are
 *   filled in for the orders already there.
 * - The statuses "awaiting_confirmation", "returning" and "returned" join the guards of migrations 004 (orders)
 *   and 012 (their history). SQLite cannot drop a table's CHECK, so the history table is rebuilt there.
 * - `shop_settings`: the owner's settings (JSON by key), starting with order confirmation and risk.
 * - `blocklist`: phones, emails and addresses that may not order cash on delivery, with why, who and when.
 */
const STATUSES = sql.raw(ORDER_STATUSES.map((status) => `'${status}'`).join(", "));
const BACKFILL_BATCH = 1000;

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  // PostgreSQL runs every migration in a transaction; SQLite's migrator does not, so this one brings its own.
  if (engine === "postgres") await migrate(db, engine);
  else await db.transaction().execute((trx) => migrate(trx, engine));
}

async function migrate(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema.alterTable("orders").addColumn("phone_e164", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("address_key", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("orders").addColumn("confirmation_code_hash", "text").execute();
  await db.schema.alterTable("orders").addColumn("confirmation_expires_at", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("confirmation_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("orders").addColumn("confirmed_at", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("risk_flags", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await backfillKeys(db);
  await db.schema
    .createIndex("orders_phone_e164_idx")
    .on("orders")
    .columns(["phone_e164", "created_at"])
    .execute();
  // The search box's phone key is now the E.164 number; PostgreSQL needs its own index for the byte-order prefix.
  await sql`drop index orders_phone_search_idx`.execute(db);
  if (engine === "postgres") {
    await sql`create index orders_phone_search_idx on orders (${orderSearchKeys(engine).phone})`.execute(db);
  }
  await db.schema
    .createIndex("orders_address_key_idx")
    .on("orders")
    .columns(["address_key", "created_at"])
    .execute();

  await widenStatusGuards(db, engine);

  await db.schema
    .createTable("shop_settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("blocklist")
    .addColumn("id", "integer", id)
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('phone', 'email', 'address')`))
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("display", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("blocklist_kind_value_unique", ["kind", "value"])
    .execute();
  await db.schema
    .createIndex("blocklist_created_idx")
    .on("blocklist")
    .columns(["created_at", "id"])
    .execute();
}

/** Fills phone_e164 and address_key for the orders already placed, a batch at a time. */
async function backfillKeys(db: Kysely<unknown>): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await sql<{ id: number; phone: string; address: string; city: string }>`
      select id, phone, address, city from orders where id > ${after} order by id limit ${BACKFILL_BATCH}`.execute(
      db,
    );
    if (rows.length === 0) return;
    for (const row of rows) {
      await sql`update orders set phone_e164 = ${toE164(row.phone) ?? null},
        address_key = ${addressKey(row.address, row.city)} where id = ${row.id}`.execute(db);
    }
    after = rows.at(-1)!.id;
  }
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

  // The history's CHECK is part of its table on SQLite: a new table with the wider one takes its rows.
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
