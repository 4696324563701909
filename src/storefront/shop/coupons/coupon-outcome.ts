import { SOMETHING_WENT_WRONG } from "../../ui/forms/submission.ts";

/** The submit buttons' `intent` values for a discount code, on the cart page and the checkout page alike. */
export const COUPON_INTENTS = ["apply-coupon", "remove-coupon"] as const;
export type CouponIntent = (typeof COUPON_INTENTS)[number];

export function isCouponIntent(value: unknown): value is CouponIntent {
  return (COUPON_INTENTS as readonly unknown[]).includes(value);
}

/** The fetcher both pages send a code through with JavaScript, so the cart totals can show they will move. */
export const COUPON_FETCHER = "coupon";

/** The outcome of applying or removing a code: the API's sentence, and what was typed, kept in the field. */
export interface CouponOutcome {
  ok: boolean;
  message: string;
  code: string;
}

export const COUPON_FALLBACK = SOMETHING_WENT_WRONG;
