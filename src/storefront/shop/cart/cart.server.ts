import { data, redirect } from "react-router";
import type { Cart } from "../../../shared/contracts/cart.ts";
import type { ApiClient } from "../../lib/api.server.ts";
import { failureStatus, formText } from "../../ui/forms/api-errors.ts";
import { couponAction } from "../coupons/coupon.server.ts";
import { isCouponIntent } from "../coupons/coupon-outcome.ts";
import { type CartResult, FALLBACK_FAILURE, REMOVED_MESSAGE } from "./cart-result.ts";

function number(form: FormData, name: string): number {
  return Number(formText(form, name));
}

function failed(intent: CartResult["intent"], status: number, message: string | undefined) {
  const result: CartResult = { intent, ok: false, message: message || FALLBACK_FAILURE };
  return data(result, { status: failureStatus(status) });
}

/**
 * One cart change per submission: `update` sets a line's quantity, `remove` drops a line, `clear` empties the
 * cart and goes home (spec), `apply-coupon` and `remove-coupon` apply the typed discount code or take it off.
 * The API checks stock, ownership and codes; its refusal message is passed on as it is.
 */
export async function changeCart(api: ApiClient, form: FormData) {
  const intent = formText(form, "intent");
  if (intent === "update") {
    const response = await api.call("updateCart", {
      body: {
        product_id: number(form, "id"),
        quantity: number(form, "quantity"),
        variation_id: number(form, "variation_id"),
      },
    });
    if (!response.ok) return failed(intent, response.status, response.data.message);
    const result: CartResult = { intent, ok: true, message: response.data.message ?? "" };
    return result;
  }
  if (intent === "remove") {
    const response = await api.call("removeFromCart", { body: { id: number(form, "id") } });
    if (!response.ok) return failed(intent, response.status, response.data.message);
    const result: CartResult = { intent, ok: true, message: response.data.message || REMOVED_MESSAGE };
    return result;
  }
  if (intent === "clear") {
    const response = await api.call("clearCart");
    if (!response.ok) return failed(intent, response.status, response.data.message);
    return redirect("/");
  }
  if (isCouponIntent(intent)) {
    return couponAction(api, intent, form, (outcome): CartResult => ({ intent, ...outcome }));
  }
  return failed("unknown", 400, undefined);
}

/** The cart as the API has it, or null when it could not be loaded. */
export async function loadCart(api: ApiClient): Promise<Cart | null> {
  const response = await api.call("getCart");
  return response.ok ? response.data : null;
}
