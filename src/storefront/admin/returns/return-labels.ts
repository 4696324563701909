import type { AdminReturnView } from "../../../shared/contracts/returns.ts";
import {
  RETURN_FILTERS,
  RETURN_STATUS_NAMES,
  type ReturnFilter,
  type ReturnOutcome,
  type ReturnStatus,
} from "../../../shared/returns.ts";

/**
 * The back office's returns screens' shared words and links (admin/routes/returns.tsx, return.tsx,
 * returns-report.tsx). What a shopper reads comes from `shared/returns.ts`; these are staff's.
 */

export const RETURNS_PATH = "/admin/returns";
export const RETURNS_REPORT_PATH = "/admin/returns/report";
export const returnPath = (id: number) => `${RETURNS_PATH}/${id}`;

/** A photo the shopper sent: the API serves it to the staff session's cookie, on the same origin. */
export const returnPhotoHref = (id: number, photo: number) => `/api/admin/returns/${id}/photos/${photo}`;

/** `?status=` as the list's tabs name it; anything else is "All". */
export function returnFilterOf(value: string | null): ReturnFilter | "" {
  return RETURN_FILTERS.find((filter) => filter === value) ?? "";
}

/** The tab's name: the status's, "New" for those waiting for staff. */
export const RETURN_FILTER_NAMES: Record<ReturnFilter, string> = {
  new: RETURN_STATUS_NAMES.requested,
  approved: RETURN_STATUS_NAMES.approved,
  in_transit: RETURN_STATUS_NAMES.in_transit,
  received: RETURN_STATUS_NAMES.received,
  closed: RETURN_STATUS_NAMES.closed,
};

/** A return's badge colour: waiting for staff stands out; a closed one by how it ended. */
export function returnBadgeClass(status: ReturnStatus, outcome: ReturnOutcome | null): string {
  if (outcome === "rejected") return "admin-badge admin-badge--danger";
  if (outcome) return "admin-badge admin-badge--success";
  if (status === "requested") return "admin-badge admin-badge--warning";
  return "admin-badge admin-badge--info";
}

export type ReturnActionName = AdminReturnView["actions"][number];

/** What the page says once a step is done (the customer is mailed and texted at every step). */
export const RETURN_DONE: Record<ReturnActionName, string> = {
  approve: "The return is approved. The customer has been told how to send it back.",
  reject: "The return is rejected. The customer has been told why.",
  in_transit: "The return is marked as on its way back.",
  receive: "The return is received. Restocked items are back in stock.",
  settle: "The return is settled and closed.",
};

export const isReturnAction = (value: string | null): value is ReturnActionName =>
  value !== null && Object.hasOwn(RETURN_DONE, value);

/** The fallback sentence when a step fails without the API's own words. */
export const RETURN_NOT_SAVED = "The return was not changed. Please try again.";

/** A product whose wrong-size returns reach this share of the units sold has its size chart checked. */
export const WRONG_SIZE_ALERT_RATE = 0.1;

/** "12.5%" from 0.125. */
export const percent = (rate: number) =>
  `${(Math.round(rate * 1000) / 10).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;

const monthFormat = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

/** "May 2026" from the report's "2026-05". */
export function monthName(month: string): string {
  const date = new Date(`${month.slice(0, 7)}-01T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? month : monthFormat.format(date);
}

/** The months the report may cover (the API takes 1 to 24). */
export const REPORT_MONTHS = [3, 6, 12, 24] as const;
export const DEFAULT_REPORT_MONTHS = 12;
