import { SOMETHING_WENT_WRONG } from "../../ui/forms/submission.ts";
import { COUPON_INTENTS } from "../coupons/coupon-outcome.ts";

export const REMOVED_MESSAGE = "Item Removed From Cart Successfully!";
/** Spec: a failed cart update shows the server's message, or this when there is none. */
export const FALLBACK_FAILURE = SOMETHING_WENT_WRONG;

const CART_INTENTS = ["update", "remove", "clear", ...COUPON_INTENTS] as const;
export type CartIntent = (typeof CART_INTENTS)[number];

export function isCartIntent(value: string): value is CartIntent {
  return (CART_INTENTS as readonly string[]).includes(value);
}

/** The outcome of a cart change, for the toast (or, without JavaScript, the note above the table). */
export interface CartResult {
  intent: CartIntent | "unknown";
  ok: boolean;
  message: string;
  /** The discount code as typed (apply-coupon), kept in its field after a refusal. */
  code?: string;
}
