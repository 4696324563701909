/**
 * The shop's clock: Pakistan Standard Time, UTC+5 all year (no daylight saving). Timestamps are stored and
 * sent in UTC (ISO text); the shop's days run from one local midnight to the next, and people read and type
 * times in the shop's time. Every rule about it lives here (docs/decisions/0036-one-home-per-rule.md).
 * No zod, so the API, the contracts and the storefront all use it as it is.
 */

/** The IANA zone, for `Intl.DateTimeFormat` and for the API's answers ("Asia/Karachi"). */
export const SHOP_TIME_ZONE = "Asia/Karachi";
/** The zone's offset as ISO text writes it. */
export const SHOP_UTC_OFFSET = "+05:00";
/** The zone's offset in minutes east of UTC (fixed: no daylight saving). */
export const SHOP_UTC_OFFSET_MINUTES = 5 * 60;

const OFFSET_MS = SHOP_UTC_OFFSET_MINUTES * 60_000;
/** Every one of the shop's days is this long (no daylight saving). */
const DAY_MS = 24 * 60 * 60 * 1000;

/** A time of one of the shop's days as ISO text: ("2026-10-01", "12:00") is "2026-10-01T12:00:00+05:00". */
export function atShopTime(day: string, time = "00:00"): string {
  return `${day}T${time}:00${SHOP_UTC_OFFSET}`;
}

/** A shop's day's first instant, in milliseconds since the epoch: "2026-10-01" is 2026-09-30T19:00:00Z. */
export function startOfShopDay(day: string): number {
  return Date.parse(atShopTime(day));
}

/** The first instant after a shop's day (the next day's first), in milliseconds since the epoch. */
export function afterShopDay(day: string): number {
  return startOfShopDay(day) + DAY_MS;
}

/** The shop's calendar day (YYYY-MM-DD) of an instant: 19:00 UTC on 10 March is 11 March in Lahore. */
export function shopDay(instant: number): string {
  return new Date(instant + OFFSET_MS).toISOString().slice(0, 10);
}

/** `count` calendar days (YYYY-MM-DD) ending with `lastDay`, oldest first. */
export function shopDaysEndingOn(lastDay: string, count: number): string[] {
  const last = Date.parse(`${lastDay}T00:00:00.000Z`);
  return Array.from({ length: count }, (_, index) =>
    new Date(last - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** An ISO time as a `datetime-local` field shows it, in the shop's time ("2026-12-01T09:00"); "" for none. */
export function shopLocalInput(iso: string | null): string {
  if (!iso) return "";
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return "";
  return new Date(time + OFFSET_MS).toISOString().slice(0, 16);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** An ISO time for people, in the shop's time: "1 Dec 2026, 09:00". */
export function shopTimeText(iso: string): string {
  const local = new Date(Date.parse(iso) + OFFSET_MS);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}, ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?$/;

/**
 * A moment from JSON or a form: an ISO time with its zone ("2026-12-01T04:00:00Z"), or a date and time as
 * a `datetime-local` field sends it ("2026-12-01T09:00", the shop's time), or a date alone (its start).
 * Answered as an ISO time in UTC; undefined when it is none of these (or no such day or time).
 */
export function parseShopTime(text: string): string | undefined {
  const local = LOCAL_TIME.exec(text);
  if (local) {
    const [, y, mo, d, h = "00", mi = "00"] = local;
    const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi));
    const check = new Date(utc);
    if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d)) return undefined;
    if (Number(h) > 23 || Number(mi) > 59) return undefined;
    return new Date(utc - OFFSET_MS).toISOString();
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}
