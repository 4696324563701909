import { ORDER_STATUSES } from "../../platform/db/schema.ts";
import type { Dashboard } from "../../shared/contracts/admin.ts";
import { toRupees } from "../money/money.ts";
import { type dashboardRepository, SHOP_TIME_ZONE, SHOP_UTC_OFFSET_HOURS } from "./dashboard.repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const DAYS_SHOWN = 30;
/** How many low-stock variants the dashboard lists (the total says how many there are). */
const LOW_STOCK_LISTED = 20;

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
  return {
    async get(): Promise<Dashboard> {
      const offsetMs = SHOP_UTC_OFFSET_HOURS * 60 * 60 * 1000;
      const today = new Date(now().getTime() + offsetMs).toISOString().slice(0, 10);
      const firstDay = Date.parse(`${today}T00:00:00.000Z`) - (DAYS_SHOWN - 1) * DAY_MS;
      const days = Array.from({ length: DAYS_SHOWN }, (_, index) =>
        new Date(firstDay + index * DAY_MS).toISOString().slice(0, 10),
      );
      const [daily, statuses, lowStock, lowStockTotal] = await Promise.all([
        repository.dailySales(new Date(firstDay - offsetMs).toISOString()),
        repository.ordersByStatus(),
        repository.lowStock(options.lowStockThreshold, LOW_STOCK_LISTED),
        repository.countLowStock(options.lowStockThreshold),
      ]);
      const byDay = new Map(
        daily.map((row) => [row.day, { orders: Number(row.orders), paisa: Number(row.sales) }]),
      );
      const series = days.map((date) => ({ date, ...(byDay.get(date) ?? { orders: 0, paisa: 0 }) }));
      const counts = new Map(statuses.map((row) => [row.status, Number(row.count)]));
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
        orders_by_status: ORDER_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 })),
        low_stock: { threshold: options.lowStockThreshold, total: lowStockTotal, variants: lowStock },
      };
    },
  };
}
