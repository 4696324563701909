import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * Parcels handed to couriers (docs/decisions/0045-couriers.md):
 * - `shipments`: one row per booking of an order with a courier. The row is written (status "booking", no
 *   consignment yet) before the courier is called, so a partial unique index lets an order have at most one live
 *   shipment (`cancelled_at` null): two staff booking one order get one consignment, and a retry after a lost
 *   answer finds the row and its idempotency key instead of booking again.
 * - `shipment_events`: what the courier reported, by poll or by push; unique on (shipment, courier's status,
 *   when), so a push repeated or racing a poll is stored once.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable("shipments")
    .addColumn("id", "integer", id)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("courier", "text", (c) => c.notNull())
    .addColumn("consignment_number", "text")
    .addColumn("tracking_url", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("cod_amount", "integer", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("booked_by", "text", (c) => c.notNull())
    .addColumn("booked_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("cancelled_at", "text")
    .addColumn("last_error", "text")
    .execute();
  await db.schema
    .createIndex("shipments_one_live_per_order")
    .on("shipments")
    .column("order_id")
    .unique()
    .where(sql.ref("cancelled_at"), "is", null)
    .execute();
  await db.schema
    .createIndex("shipments_consignment_idx")
    .on("shipments")
    .columns(["courier", "consignment_number"])
    .execute();
  await db.schema.createIndex("shipments_status_idx").on("shipments").column("status").execute();

  await db.schema
    .createTable("shipment_events")
    .addColumn("id", "integer", id)
    .addColumn("shipment_id", "integer", (c) => c.notNull().references("shipments.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("courier_status", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("location", "text", (c) => c.notNull())
    .addColumn("happened_at", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .addUniqueConstraint("shipment_events_once", ["shipment_id", "courier_status", "happened_at"])
    .execute();
}
