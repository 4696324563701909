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

/**
 * The three questions a checkout asks of its phone's and address's earlier orders, in one round trip: any refused
 * at the door (phone), any in the last day (phone), any in the last day (address). A question whose key is absent
 * answers false.
 */
async function checkoutHistory(
  db: Db,
  keys: { phone_e164: string | null; address_key: string },
  where: { refused: string[]; since: string },
): Promise<{ refused: boolean; phoneRecent: boolean; addressRecent: boolean }> {
  const phone = keys.phone_e164;
  const row = await db
    .selectNoFrom((eb) => {
      const orders = () => eb.selectFrom("orders").select(eb.lit(1).as("one"));
      const never = eb.lit(false);
      return [
        (phone === null
          ? never
          : eb.exists(orders().where("phone_e164", "=", phone).where("status", "in", where.refused))
        ).as("refused"),
        (phone === null
          ? never
          : eb.exists(orders().where("phone_e164", "=", phone).where("created_at", ">=", where.since))
        ).as("phone_recent"),
        eb
          .exists(orders().where("address_key", "=", keys.address_key).where("created_at", ">=", where.since))
          .as("address_recent"),
      ];
    })
    .executeTakeFirstOrThrow();
  // PostgreSQL answers booleans, SQLite 0 or 1.
  const yes = (value: unknown) => Number(value) > 0;
  return {
    refused: yes(row.refused),
    phoneRecent: yes(row.phone_recent),
    addressRecent: yes(row.address_recent),
  };
}

export const riskRepository = { countOrders, checkoutHistory };
