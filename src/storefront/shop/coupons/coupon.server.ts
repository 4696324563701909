import { data } from "react-router";
import type { ApiClient } from "../../lib/api.server.ts";
import { failureStatus, firstErrors, formText } from "../../ui/forms/api-errors.ts";
import { COUPON_FALLBACK, type CouponIntent, type CouponOutcome } from "./coupon-outcome.ts";

/**
 * Applies the typed code to the cart, or takes the cart's code off. A refusal carries the API's sentence (the
 * code field's, else the answer's message) and keeps what was typed; `status` is the answer's, for the page.
 */
export async function changeCoupon(
  api: ApiClient,
  intent: CouponIntent,
  form: FormData,
): Promise<{ status: number; outcome: CouponOutcome }> {
  const code = formText(form, "code").trim();
  const response =
    intent === "apply-coupon"
      ? await api.call("applyCoupon", { body: { code } })
      : await api.call("removeCoupon");
  if (response.ok) return { status: 200, outcome: { ok: true, message: response.data.message, code } };
  const message = firstErrors(response.data.errors).code || response.data.message || COUPON_FALLBACK;
  return { status: failureStatus(response.status), outcome: { ok: false, message, code } };
}

/** `changeCoupon` as an action's answer: the page's own result around the outcome, with the API's status. */
export async function couponAction<Result>(
  api: ApiClient,
  intent: CouponIntent,
  form: FormData,
  wrap: (outcome: CouponOutcome) => Result,
) {
  const { status, outcome } = await changeCoupon(api, intent, form);
  return data(wrap(outcome), { status });
}
