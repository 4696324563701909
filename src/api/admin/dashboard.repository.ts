import { type Kysely, sql } from "kysely";
import type { Engine } from "../../platform/db/connection.ts";
import type { Database } from "../../platform/db/schema.ts";

/**
 * Pakistan Standard Time, UTC+5 all year (no daylight saving): the shop's days for the dashboard. Timestamps are
 * stored in UTC; a day's figures are those of orders placed between local midnights.
 */
export const SHOP_UTC_OFFSET_HOURS = 5;
export const SHOP_TIME_ZONE = "Asia/Karachi";

/** The dashboard's reads: each an index range (orders by time or status, variants by stock), never a scan. */
export function dashboardRepository(db: Kysely<Database>, engine: Engine) {
  // The local calendar date of an order; the one expression that differs between the engines. The offset is
  // written into the SQL (a constant, not a parameter) so PostgreSQL sees the same expression in GROUP BY.
  const hours = sql.raw(`'${SHOP_UTC_OFFSET_HOURS} hours'`);
  const localDate =
    engine === "sqlite"
      ? sql<string>`substr(datetime(orders.created_at, ${sql.raw(`'+${SHOP_UTC_OFFSET_HOURS} hours'`)}), 1, 10)`
      : sql<string>`to_char((orders.created_at::timestamptz at time zone 'UTC') + interval ${hours}, 'YYYY-MM-DD')`;

  return {
    /** Orders and sales (paisa) per local day since `fromIso`; cancelled orders left out. */
    dailySales: (fromIso: string) =>
      db
        .selectFrom("orders")
        .select([
          localDate.as("day"),
          (eb) => eb.fn.countAll<number>().as("orders"),
          (eb) => eb.fn.sum<number>("total").as("sales"),
        ])
        .where("created_at", ">=", fromIso)
        .where("status", "!=", "cancelled")
        .groupBy(localDate)
        .execute(),

    ordersByStatus: () =>
      db
        .selectFrom("orders")
        .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
        .groupBy("status")
        .execute(),

    /** The variants with the least stock (at most `threshold`), fewest first, with what a person needs to find them. */
    lowStock: (threshold: number, limit: number) =>
      db
        .selectFrom("variants")
        .innerJoin("products", "products.id", "variants.product_id")
        .innerJoin("colors", "colors.id", "variants.color_id")
        .innerJoin("sizes", "sizes.id", "variants.size_id")
        .select([
          "variants.id as variant_id",
          "variants.product_id",
          "products.title as product_title",
          "products.slug as product_slug",
          "colors.name as color_name",
          "sizes.name as size_name",
          "variants.stock",
        ])
        .where("variants.stock", "<=", threshold)
        .orderBy("variants.stock")
        .orderBy("variants.id")
        .limit(limit)
        .execute(),

    countLowStock: async (threshold: number) =>
      Number(
        (
          await db
            .selectFrom("variants")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .where("stock", "<=", threshold)
            .executeTakeFirstOrThrow()
        ).n,
      ),
  };
}
