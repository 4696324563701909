import type { Dashboard } from "../../shared/contracts/admin.ts";
import { SHOP_TIME_ZONE, shopDay, shopDaysEndingOn, startOfShopDay } from "../../shared/shop-time.ts";
import { toRupees } from "../money/money.ts";
import { type dashboardRepository, WAITING_STATUSES } from "./dashboard.repository.ts";

/**
 * The dashboard's days are the shop's (src/shared/shop-time.ts): a day's figures are those of orders placed
 * between its local midnights.
 */
const DAYS_SHOWN = 30;
/** How many low-stock variants the dashboard lists, and how far it counts them. */
const LOW_STOCK_LISTED = 20;
const LOW_STOCK_COUNTED = 1000;

const PERIODS = [
  { key: "today", label: "Today", days: 1 },
  { key: "7d", label: "Last 7 days", days: 7 },
  { key: "30d", label: "Last 30 days", days: 30 },
] as const;

/**
 * The back office's first page: sales and orders today and over the last 7 and 30 days (cancelled orders count
 * in neither; sales are order totals), each of the last 30 days for the chart, how many orders wait in each
 * status, and the variants running out of stock.
 */
export function dashboardService(
  repository: ReturnType<typeof dashboardRepository>,
  options: { lowStockThreshold: number; now?: () => Date },
) {
  const now = options.now ?? (() => new Date());
  /** The shop's calendar day of a UTC hour ("2026-03-10T19" is 11 March in Lahore). */
  const localDay = (utcHour: string) => shopDay(Date.parse(`${utcHour}:00:00.000Z`));

  return {
    async get(): Promise<Dashboard> {
      const days = shopDaysEndingOn(shopDay(now().getTime()), DAYS_SHOWN);
      const [hours, waiting, lowStock, lowStockTotal] = await Promise.all([
        repository.hourlySales(new Date(startOfShopDay(days[0]!)).toISOString()),
        repository.waitingOrders(),
        repository.lowStock(options.lowStockThreshold, LOW_STOCK_LISTED),
        repository.countLowStock(options.lowStockThreshold, LOW_STOCK_COUNTED + 1),
      ]);
      const byDay = new Map(days.map((date) => [date, { orders: 0, paisa: 0 }]));
      for (const row of hours) {
        const day = byDay.get(localDay(row.hour));
        if (!day) continue;
        day.orders += Number(row.orders);
        day.paisa += Number(row.sales);
      }
      const series = days.map((date) => ({ date, ...byDay.get(date)! }));
      const counts = new Map(waiting.map((row) => [row.status, Number(row.count)]));
      return {
        time_zone: SHOP_TIME_ZONE,
        periods: PERIODS.map(({ key, label, days: length }) => {
          const window = series.slice(-length);
          return {
            key,
            label,
            orders: window.reduce((sum, day) => sum + day.orders, 0),
            sales: toRupees(window.reduce((sum, day) => sum + day.paisa, 0)),
          };
        }),
        daily_sales: series.map((day) => ({
          date: day.date,
          orders: day.orders,
          sales: toRupees(day.paisa),
        })),
        orders_waiting: WAITING_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 })),
        low_stock: {
          threshold: options.lowStockThreshold,
          total: Math.min(lowStockTotal, LOW_STOCK_COUNTED),
          more: lowStockTotal > LOW_STOCK_COUNTED,
          variants: lowStock,
        },
      };
    },
  };
}
