import { redirect } from "react-router";
import { apiContext } from "../../lib/api.server.ts";
import { cspNonceContext } from "../../lib/csp-nonce.ts";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { orderNumberOf, startOrderPayment } from "../orders/order-payment.server.ts";
import type { Route } from "./+types/order-payment-start";

/**
 * "Pay Rs. X with JazzCash" (a plain form post, with or without JavaScript, since the answer leaves the shop): the
 * provider's page by a redirect, or a page that posts the provider's form itself. See order-payment.server.ts.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await readForm(request);
  return startOrderPayment(context.get(apiContext), form, context.get(cspNonceContext));
}

/** Opened as an address (a reload after the post, say): the order's payment page. */
export function loader({ url }: Route.LoaderArgs) {
  return redirect(`/order-payment?order=${encodeURIComponent(orderNumberOf(url))}`);
}
