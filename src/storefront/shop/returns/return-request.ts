import { RETURN_PHOTO_MAX_BYTES, RETURN_PHOTOS_MAX } from "../../../shared/returns.ts";
import { formText } from "../../ui/forms/api-errors.ts";

/**
 * The shopper's return page (/order-returns, decision 0054) as the browser and the server both need it: its
 * address, the request form's field names, what a refused request keeps, and the page's own sentences (the
 * statuses, reasons, resolutions and the API's refusals come from shared/returns.ts).
 */

/** The page of an order's returns; a guest's link carries the order-access token, a customer's needs none. */
export function orderReturnsPath(number: string, token?: string | null): string {
  const query = new URLSearchParams({ order: number });
  if (token) query.set("token", token);
  return `/order-returns?${query.toString()}`;
}

/** Each order item's fields: how many to return, and (for an exchange) the size or colour wanted instead. */
export const quantityField = (orderItemId: number) => `quantity_${orderItemId}`;
export const exchangeField = (orderItemId: number) => `exchange_${orderItemId}`;

/** What the shopper chose and typed, given back with a refusal so the form shows it again (photos aside). */
export interface ReturnRequestValues {
  /** Form field name → value, for the per-item quantities and exchanges. */
  items: Record<string, string>;
  reason: string;
  reason_text: string;
  resolution: string;
}

/** A refused or failed request: a sentence above the form and each field's first error. */
export interface ReturnRequestResult {
  message: string;
  errors: Partial<Record<"items" | "reason" | "reason_text" | "resolution" | "photos", string>>;
  values: ReturnRequestValues;
}

/** The form's values from a submitted form (the server's action, and the browser's when no answer came). */
export function requestValues(form: FormData): ReturnRequestValues {
  const items: Record<string, string> = {};
  for (const [name, value] of form.entries()) {
    if (/^(quantity|exchange)_\d+$/.test(name) && typeof value === "string") items[name] = value;
  }
  return {
    items,
    reason: formText(form, "reason"),
    reason_text: formText(form, "reason_text"),
    resolution: formText(form, "resolution"),
  };
}

const PHOTO_MB = RETURN_PHOTO_MAX_BYTES / 1024 / 1024;

/** The page's own sentences. */
export const RETURN_PAGE_WORDS = {
  title: "Return or exchange items",
  link: "Return or exchange items",
  returnBy: (date: string) => `Return by ${date}`,
  finalSale: "Final sale: cannot be returned",
  photosHint: `Up to ${RETURN_PHOTOS_MAX} photos, JPEG, PNG or WebP, at most ${PHOTO_MB} MB each. They help us with a damaged or wrong item.`,
  exchangeLabel: "For an exchange: the size or colour you want instead",
  exchangeNone: "Choose a size or colour",
  soldOut: "(sold out)",
  failed: "Your request could not be sent. Please try again in a moment; nothing you chose is lost.",
  tooLarge: `The photos are too large to send: at most ${RETURN_PHOTOS_MAX} photos of ${PHOTO_MB} MB each.`,
  unavailable: "We could not load this order's returns just now. Please try again in a moment.",
  requested: (number: string) =>
    `We have your return request ${number}. We will email you once the shop has looked at it.`,
} as const;
