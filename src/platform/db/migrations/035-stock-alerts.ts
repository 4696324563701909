import { type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * "Notify me when it's back" (issue 35, item 5; docs/decisions/0061-back-in-stock.md): one row per shopper waiting
 * for a sold-out variant. An alert is one-shot: the sweep sets `notified_at` in the transaction that queues its
 * mail. Waiting alerts are unique per variant and address (the same request twice is one alert); once told, the
 * address may wait again for the next sell-out.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable("stock_alerts")
    .addColumn("id", "integer", (c) =>
      engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("variant_id", "integer", (c) => c.notNull().references("variants.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("notified_at", "text")
    .execute();
  // The sweep's and the back office's read: waiting alerts by variant. Also the one-alert-per-address rule.
  await sql`CREATE UNIQUE INDEX stock_alerts_waiting_idx ON stock_alerts (variant_id, email) WHERE notified_at IS NULL`.execute(
    db,
  );
}
