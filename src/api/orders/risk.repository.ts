import type { Db } from "../../platform/db/schema.ts";

/**
 * The counts an order's risk is read from, each on an index of migration 023 (phone_e164 or address_key, then
 * created_at). `before` leaves the order itself (and anything placed after it) out.
 */
type Key = { column: "phone_e164" | "address_key" | "user_id"; value: string | number };

async function countOrders(
  db: Db,
  key: Key,
  where: { statuses?: string[]; since?: string; beforeId?: number },
) {
  let query = db
    .selectFrom("orders")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where(key.column, "=", key.value as never);
  if (where.statuses) query = query.where("status", "in", where.statuses);
  if (where.since) query = query.where("created_at", ">=", where.since);
  if (where.beforeId !== undefined) query = query.where("id", "<", where.beforeId);
  return Number((await query.executeTakeFirstOrThrow()).n);
}

export const riskRepository = { countOrders };
