import type { Dashboard, OutcomeRate } from "../../shared/contracts/admin.ts";
import { PAYMENT_METHOD_NAMES, PAYMENT_METHODS } from "../../shared/payment.ts";
import { SHOP_TIME_ZONE, shopDay, shopDaysEndingOn, startOfShopDay } from "../../shared/shop-time.ts";
import { toRupees } from "../money/money.ts";
import { DELIVERED_STATUSES, type dashboardRepository, WAITING_STATUSES } from "./dashboard.repository.ts";

/**
 * The dashboard's days are the shop's (src/shared/shop-time.ts): a day's figures are those of orders placed
 * between its local midnights.
 */
const DAYS_SHOWN = 30;
/** How many low-stock variants the dashboard lists, and how far it counts them. */
const LOW_STOCK_LISTED = 20;
const LOW_STOCK_COUNTED = 1000;

/** Cities listed by name on the outcome table; the others are summed as one row. */
const CITIES_LISTED = 8;
const NO_COURIER = "No courier booked";

type PaymentRow = Awaited<ReturnType<ReturnType<typeof dashboardRepository>["payments"]>>[number];

/** Orders whose money will not come: cancelled, or refused at the door. */
const NOT_GOING_AHEAD = ["cancelled", "returning", "returned"];
const NOT_PAID_YET = ["unpaid", "pending", "failed"];

/** Sales by payment method and the money paid, still to come and refunded (docs/decisions/0053). */
function payments(rows: PaymentRow[]): Dashboard["payments"] {
  const byMethod = new Map<string, { orders: number; paisa: number }>(
    PAYMENT_METHODS.map((method) => [method, { orders: 0, paisa: 0 }]),
  );
  let paid = 0;
  let pending = 0;
  let refunded = 0;
  for (const row of rows) {
    const total = Number(row.total);
    paid += Number(row.paid);
    refunded += Number(row.refunded);
    if (NOT_PAID_YET.includes(row.payment_status) && !NOT_GOING_AHEAD.includes(row.status)) pending += total;
    const method = byMethod.get(row.payment_method);
    if (method && row.status !== "cancelled") {
      method.orders += Number(row.orders);
      method.paisa += total;
    }
  }
  return {
    by_method: PAYMENT_METHODS.map((method) => ({
      method,
      name: PAYMENT_METHOD_NAMES[method],
      orders: byMethod.get(method)!.orders,
      sales: toRupees(byMethod.get(method)!.paisa),
    })),
    paid: toRupees(paid),
    pending: toRupees(pending),
    refunded: toRupees(refunded),
  };
}

type OutcomeRow = Awaited<ReturnType<ReturnType<typeof dashboardRepository>["outcomes"]>>[number];

const percent = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;

function rate(label: string, delivered: number, refused: number): OutcomeRate {
  const total = delivered + refused;
  return {
    label,
    delivered,
    refused,
    delivery_rate: percent(delivered, total),
    refused_rate: percent(refused, total),
  };
}

/**
 * Sums outcome rows by a key (a city as typed varies in case and spaces: " lahore" is Lahore), most orders first;
 * each group is named by its most common spelling.
 */
function groupOutcomes(
  rows: OutcomeRow[],
  key: (row: OutcomeRow) => string,
  label: (row: OutcomeRow) => string,
) {
  const groups = new Map<string, { spellings: Map<string, number>; delivered: number; refused: number }>();
  for (const row of rows) {
    const group = groups.get(key(row)) ?? { spellings: new Map(), delivered: 0, refused: 0 };
    const count = Number(row.orders);
    if ((DELIVERED_STATUSES as readonly string[]).includes(row.status)) group.delivered += count;
    else group.refused += count;
    group.spellings.set(label(row), (group.spellings.get(label(row)) ?? 0) + count);
    groups.set(key(row), group);
  }
  return [...groups.values()]
    .map(({ spellings, delivered, refused }) => ({
      label: [...spellings].sort(
        (a, b) => b[1] - a[1] || a[0].localeCompare(b[0], "en", { caseFirst: "upper" }),
      )[0]![0],
      delivered,
      refused,
    }))
    .sort((a, b) => b.delivered + b.refused - (a.delivered + a.refused) || a.label.localeCompare(b.label));
}

function outcomes(rows: OutcomeRow[], courierName: (id: string) => string): Dashboard["outcomes"] {
  const overall = groupOutcomes(
    rows,
    () => "",
    () => "All orders",
  )[0];
  const cities = groupOutcomes(
    rows,
    (row) => row.city.trim().toLowerCase(),
    (row) => row.city.trim() || "(no city)",
  );
  const listed = cities.slice(0, CITIES_LISTED);
  const others = cities.slice(CITIES_LISTED);
  if (others.length > 0) {
    listed.push({
      label: "Other cities",
      delivered: others.reduce((sum, city) => sum + city.delivered, 0),
      refused: others.reduce((sum, city) => sum + city.refused, 0),
    });
  }
  const couriers = groupOutcomes(
    rows,
    (row) => row.courier ?? "",
    (row) => (row.courier ? courierName(row.courier) : NO_COURIER),
  );
  const rated = (group: { label: string; delivered: number; refused: number }) =>
    rate(group.label, group.delivered, group.refused);
  return {
    overall: overall ? rated(overall) : null,
    by_city: listed.map(rated),
    by_courier: couriers.map(rated),
  };
}

const PERIODS = [
  { key: "today", label: "Today", days: 1 },
  { key: "7d", label: "Last 7 days", days: 7 },
  { key: "30d", label: "Last 30 days", days: 30 },
] as const;

/**
 * The back office's first page: sales and orders today and over the last 7 and 30 days (cancelled orders count
 * in neither; sales are order totals), each of the last 30 days for the chart, how many orders wait in each
 * status, the delivery and refused rates of the last 30 days' orders (overall, by city, by courier), their sales
 * by payment method with the money paid, still to come and refunded, and the variants running out of stock.
 */
export function dashboardService(
  repository: ReturnType<typeof dashboardRepository>,
  options: { lowStockThreshold: number; courierName?: (id: string) => string; now?: () => Date },
) {
  const now = options.now ?? (() => new Date());
  const courierName = options.courierName ?? ((id: string) => id);
  /** The shop's calendar day of a UTC hour ("2026-03-10T19" is 11 March in Lahore). */
  const localDay = (utcHour: string) => shopDay(Date.parse(`${utcHour}:00:00.000Z`));

  return {
    async get(): Promise<Dashboard> {
      const days = shopDaysEndingOn(shopDay(now().getTime()), DAYS_SHOWN);
      const since = new Date(startOfShopDay(days[0]!)).toISOString();
      const [hours, waiting, lowStock, lowStockTotal, outcomeRows, paymentRows] = await Promise.all([
        repository.hourlySales(since),
        repository.waitingOrders(),
        repository.lowStock(options.lowStockThreshold, LOW_STOCK_LISTED),
        repository.countLowStock(options.lowStockThreshold, LOW_STOCK_COUNTED + 1),
        repository.outcomes(since),
        repository.payments(since),
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
        outcomes: outcomes(outcomeRows, courierName),
        payments: payments(paymentRows),
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
