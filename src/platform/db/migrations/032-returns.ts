import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * Returns and exchanges (docs/decisions/0054-returns.md):
 *
 * - `returns`: one request of a delivered order's shopper: what they want (`resolution`: refund, exchange or
 *   credit), why (`reason`, `reason_text`), where it stands (`status`: requested, approved, in_transit, received,
 *   closed, with `outcome` once closed: rejected, refunded, exchanged or credited), how it comes back (`method`:
 *   pickup, drop_off or in_store, with the courier's consignment for a pickup), the note staff wrote for the
 *   shopper, its value in paisa, and what settled it (the refund, the replacement order, the credit code).
 * - `return_items`: the order lines and how many of each, the variant an exchange asked for (its stock held while
 *   `exchange_held` is 1), the condition staff found (restock or write_off) and when the stock came back.
 * - `return_photos`: pictures the shopper sent, re-encoded and stored privately.
 * - `return_events`: the return's timeline, each step with the words the shopper sees.
 * - `products.final_sale`: the owner's flag for items that cannot be returned.
 * - `coupons.credit`: a store-credit code, whose `value` is the balance left (spent by each order that uses it).
 * - `orders.replacement_for`: the return an exchange's replacement order settles.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === "postgres") await migrate(db, engine);
  else await db.transaction().execute((trx) => migrate(trx, engine));
}

async function migrate(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  const money = engine === "postgres" ? "bigint" : "integer";

  await db.schema
    .alterTable("products")
    .addColumn("final_sale", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("coupons")
    .addColumn("credit", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable("orders").addColumn("replacement_for", "integer").execute();

  await db.schema
    .createTable("returns")
    .addColumn("id", "integer", id)
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('requested', 'approved', 'in_transit', 'received', 'closed')`),
    )
    .addColumn("outcome", "text", (c) =>
      c.check(sql`outcome is null or outcome in ('rejected', 'refunded', 'exchanged', 'credited')`),
    )
    .addColumn("resolution", "text", (c) =>
      c.notNull().check(sql`resolution in ('refund', 'exchange', 'credit')`),
    )
    .addColumn("reason", "text", (c) =>
      c.notNull().check(sql`reason in ('wrong_size', 'damaged', 'not_as_pictured', 'changed_mind', 'other')`),
    )
    .addColumn("reason_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("method", "text", (c) =>
      c.check(sql`method is null or method in ('pickup', 'drop_off', 'in_store')`),
    )
    .addColumn("courier", "text")
    .addColumn("consignment_number", "text")
    .addColumn("tracking_url", "text")
    .addColumn("staff_note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("amount", money, (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn("refund_id", "integer", (c) => c.references("payment_refunds.id").onDelete("set null"))
    .addColumn("replacement_order_id", "integer", (c) => c.references("orders.id").onDelete("set null"))
    .addColumn("credit_coupon_id", "integer", (c) => c.references("coupons.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("closed_at", "text")
    .execute();
  await db.schema.createIndex("returns_order_idx").on("returns").columns(["order_id", "id"]).execute();
  // The back office's list, newest first, whole or by status: a page is read in order from the index.
  await db.schema.createIndex("returns_created_idx").on("returns").columns(["created_at", "id"]).execute();
  await db.schema
    .createIndex("returns_status_created_idx")
    .on("returns")
    .columns(["status", "created_at", "id"])
    .execute();

  await db.schema
    .createTable("return_items")
    .addColumn("id", "integer", id)
    .addColumn("return_id", "integer", (c) => c.notNull().references("returns.id").onDelete("cascade"))
    .addColumn("order_item_id", "integer", (c) =>
      c.notNull().references("order_items.id").onDelete("cascade"),
    )
    .addColumn("product_id", "integer", (c) => c.notNull())
    .addColumn("variant_id", "integer", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn("amount", money, (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn("exchange_variant_id", "integer", (c) => c.references("variants.id").onDelete("set null"))
    .addColumn("exchange_held", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("condition", "text", (c) =>
      c.check(sql`condition is null or condition in ('restock', 'write_off')`),
    )
    .addColumn("restocked_at", "text")
    .execute();
  await db.schema
    .createIndex("return_items_return_idx")
    .on("return_items")
    .columns(["return_id", "id"])
    .execute();
  await db.schema
    .createIndex("return_items_order_item_idx")
    .on("return_items")
    .column("order_item_id")
    .execute();
  await db.schema.createIndex("return_items_product_idx").on("return_items").column("product_id").execute();

  await db.schema
    .createTable("return_photos")
    .addColumn("id", "integer", id)
    .addColumn("return_id", "integer", (c) => c.notNull().references("returns.id").onDelete("cascade"))
    .addColumn("file", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("return_photos_return_idx")
    .on("return_photos")
    .columns(["return_id", "id"])
    .execute();

  await db.schema
    .createTable("return_events")
    .addColumn("id", "integer", id)
    .addColumn("return_id", "integer", (c) => c.notNull().references("returns.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("actor_email", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("return_events_return_idx")
    .on("return_events")
    .columns(["return_id", "id"])
    .execute();
}
