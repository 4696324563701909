import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * Cash collected on delivery (docs/decisions/0046-cash-collected.md): one row per order whose cash the courier
 * (or the shop's own rider) paid over, with the amount, the day, the payment reference and where it came from (an
 * uploaded payment report, fetched from the courier, or typed by staff). Unique on the order: an order is paid
 * once, and a report uploaded twice records nothing new. `expected_amount` is the cash that was due when the
 * payment was recorded (the live shipment's COD amount, else the order's total), so the mismatches are a partial
 * index rather than a join over every payment.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable("cod_collections")
    .addColumn("id", "integer", id)
    .addColumn("order_id", "integer", (c) => c.notNull().unique().references("orders.id").onDelete("cascade"))
    .addColumn("courier", "text", (c) => c.notNull())
    .addColumn("consignment_number", "text")
    .addColumn("amount", "integer", (c) => c.notNull().check(sql`amount >= 0`))
    .addColumn("expected_amount", "integer", (c) => c.notNull())
    .addColumn("collected_on", "text", (c) => c.notNull())
    .addColumn("reference", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull().check(sql`source in ('report', 'fetched', 'manual')`))
    .addColumn("recorded_by", "text", (c) => c.notNull())
    .addColumn("recorded_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("cod_collections_mismatch_idx")
    .on("cod_collections")
    .columns(["recorded_at", "id"])
    .where(sql.ref("amount"), "<>", sql.ref("expected_amount"))
    .execute();
}
