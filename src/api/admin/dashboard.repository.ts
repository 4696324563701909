import { type Kysely, sql } from "kysely";
import type { Database } from "../../platform/db/schema.ts";
import { LIVE_STATUS } from "../../shared/product-status.ts";

/** The statuses of orders the shop still has work on: the dashboard counts these. */
export const WAITING_STATUSES = ["pending", "processing", "shipped"] as const;

/** An order that reached the customer's door ended in one of these: delivered, or refused (on its way back or back). */
export const DELIVERED_STATUSES = ["delivered"] as const;
export const REFUSED_STATUSES = ["returning", "returned"] as const;

/**
 * The dashboard's reads, each an index range over what it reports, never a scan of the whole catalogue or order
 * history: orders of the last 30 days (by created_at), orders still waiting (by status), variants low on stock
 * (by stock, counted only up to a cap).
 */
export function dashboardRepository(db: Kysely<Database>) {
  // The UTC hour of an order, "2026-03-10T19": the service turns hours into the shop's days (UTC+5), so the SQL is
  // the same on both engines and does no date arithmetic per row.
  const hour = sql<string>`substr(orders.created_at, 1, 13)`;

  return {
    /** Orders and sales (paisa) per UTC hour since `fromIso`; cancelled orders left out. */
    hourlySales: (fromIso: string) =>
      db
        .selectFrom("orders")
        .select([
          hour.as("hour"),
          (eb) => eb.fn.countAll<number>().as("orders"),
          (eb) => eb.fn.sum<number>("total").as("sales"),
        ])
        .where("created_at", ">=", fromIso)
        .where("status", "!=", "cancelled")
        .groupBy(hour)
        .execute(),

    /**
     * Orders placed since `fromIso` that reached an outcome (delivered or refused), counted by city, courier of their
     * live shipment (null: none booked) and status. An index range per status (orders_status_idx: status,
     * created_at) and one probe per order of the live-shipment index: the cost follows the window, not the history.
     */
    outcomes: (fromIso: string) =>
      db
        .selectFrom("orders")
        .leftJoin("shipments", (join) =>
          join.onRef("shipments.order_id", "=", "orders.id").on("shipments.cancelled_at", "is", null),
        )
        .select([
          "orders.city",
          "shipments.courier",
          "orders.status",
          (eb) => eb.fn.countAll<number>().as("orders"),
        ])
        .where("orders.status", "in", [...DELIVERED_STATUSES, ...REFUSED_STATUSES])
        .where("orders.created_at", ">=", fromIso)
        .groupBy(["orders.city", "shipments.courier", "orders.status"])
        .execute(),

    /**
     * Orders placed since `fromIso` grouped by payment method, payment status and order status, with their
     * count, totals, money received and money refunded (paisa): one index range over the window
     * (orders_created_idx), whatever the history's length.
     */
    payments: (fromIso: string) =>
      db
        .selectFrom("orders")
        .select([
          "payment_method",
          "payment_status",
          "status",
          (eb) => eb.fn.countAll<number | string>().as("orders"),
          (eb) => eb.fn.sum<number | string>("total").as("total"),
          (eb) => eb.fn.sum<number | string>("paid_amount").as("paid"),
          (eb) => eb.fn.sum<number | string>("refunded_amount").as("refunded"),
        ])
        .where("created_at", ">=", fromIso)
        .groupBy(["payment_method", "payment_status", "status"])
        .execute(),

    /** How many orders wait in each of WAITING_STATUSES (statuses with none are absent). */
    waitingOrders: () =>
      db
        .selectFrom("orders")
        .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
        .where("status", "in", [...WAITING_STATUSES])
        .groupBy("status")
        .execute(),

    /**
     * The variants with the least stock (at most `threshold`), fewest first, with what a person needs to find them.
     * Only products on sale: a draft or an archived product's empty shelf needs no restocking.
     */
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
        .where("products.status", "=", LIVE_STATUS)
        .orderBy("variants.stock")
        .orderBy("variants.id")
        .limit(limit)
        .execute(),

    /** How many variants on sale have at most `threshold` in stock, counted up to `cap` (a large catalogue stops there). */
    async countLowStock(threshold: number, cap: number): Promise<number> {
      const row = await db
        .selectFrom((eb) =>
          eb
            .selectFrom("variants")
            .innerJoin("products", "products.id", "variants.product_id")
            .select("variants.id")
            .where("variants.stock", "<=", threshold)
            .where("products.status", "=", LIVE_STATUS)
            .limit(cap)
            .as("low"),
        )
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
