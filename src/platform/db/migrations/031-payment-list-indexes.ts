import type { Kysely } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * The back office's order list filtered by payment status or by payment method (issue 31). The list is newest
 * first (created_at, then id), so these indexes are keyed as the status filter's is (orders_status_idx: status,
 * created_at): a page reads its 25 rows in order from the index, however many orders match. Migration 030's
 * (payment_status, id) and (payment_method, id) would find the matches but leave them all to be sorted.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createIndex("orders_payment_created_idx")
    .on("orders")
    .columns(["payment_status", "created_at"])
    .execute();
  await db.schema
    .createIndex("orders_payment_method_created_idx")
    .on("orders")
    .columns(["payment_method", "created_at"])
    .execute();
}
