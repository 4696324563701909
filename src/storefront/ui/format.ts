import { SHOP_TIME_ZONE } from "../../shared/shop-time.ts";

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: SHOP_TIME_ZONE });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: SHOP_TIME_ZONE,
});

/** "21 Nov 2026", in Pakistan time, the same on the server and in the browser. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}

/** "pending" -> "Pending". */
export function statusLabel(status: string): string {
  return status.charAt(0).toUpperCase() + status.slice(1).replaceAll("_", " ");
}

export function itemCount(items: { quantity: number }[]): number {
  return items.reduce((count, item) => count + item.quantity, 0);
}

const longDateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: SHOP_TIME_ZONE });

/** "28 December 2026", in Pakistan time: a date a shopper must act by. */
export function formatLongDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : longDateFormat.format(date);
}
