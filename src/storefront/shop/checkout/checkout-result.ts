import type { CouponOutcome } from "../coupons/coupon-outcome.ts";
import type { CheckoutValues } from "./checkout-fields.ts";

/**
 * A refused checkout: the one-line message above the form, the first error per field, and what was typed. A
 * discount code sent with the form (Apply or Remove) answers the same way, with `coupon` set.
 */
export interface CheckoutFailure {
  formError: string;
  errors: Record<string, string>;
  values: CheckoutValues | null;
  coupon?: CouponOutcome;
}
