import { randomUUID } from "node:crypto";
import { data, redirect } from "react-router";
import { PAYMENT_METHOD_NAMES } from "../../../shared/payment.ts";
import type { ApiClient } from "../../lib/api.server.ts";
import { failureStatus, firstErrors, formText, joinedMessages } from "../../ui/forms/api-errors.ts";
import { loadCart } from "../cart/cart.server.ts";
import { checkoutPayload, checkoutValues, IDEMPOTENCY_FIELD } from "./checkout-fields.ts";
import type { CheckoutFailure } from "./checkout-result.ts";

/**
 * The checkout page's data: the cart (an empty cart goes back to /cart), the signed-in shopper's details for
 * prefilling, and the summary exactly as the API worked it out with the cart. The page sends that total back
 * with the order, and the API refuses the order if the total it would charge now differs. Each rendering also
 * makes a new Idempotency-Key for this checkout attempt (a hidden field): a double submit or a browser's
 * re-sent POST carries the same key, and the API places one order for it; a refused attempt reloads the page
 * with a new key.
 */
const COD = { id: "cod", name: PAYMENT_METHOD_NAMES.cod } as const;

export async function loadCheckout(api: ApiClient) {
  const [user, cart, offered] = await Promise.all([
    api.user(),
    loadCart(api),
    api.call("listPaymentMethods"),
  ]);
  if (!cart) throw new Response("The cart could not be loaded.", { status: 503 });
  if (cart.quantity === 0 || cart.cart.length === 0) throw redirect("/cart");
  return {
    cart,
    prefill: user
      ? { email: user.email, phone: user.phone ?? "", first_name: user.first_name, last_name: user.last_name }
      : null,
    summary: cart.summary,
    // Without an answer the checkout offers what every shop has: cash on delivery.
    methods: offered.ok && offered.data.methods.length > 0 ? offered.data.methods : [COD],
    idempotencyKey: randomUUID(),
  };
}

/**
 * Places the order with the API. Success goes to the confirmation page with the order number (a guest's browser
 * keeps the order's access token in a signed cookie, decision 0019); a 422 joins every
 * message into one line (and marks each field); any other refusal reads 'Something went wrong! ' + message.
 */
export async function placeOrder(api: ApiClient, form: FormData) {
  const values = checkoutValues(form);
  const key = formText(form, IDEMPOTENCY_FIELD).trim();
  const response = await api.call("checkout", {
    body: checkoutPayload(values, formText(form, "total")),
    ...(key ? { headers: { "Idempotency-Key": key } } : {}),
  });
  if (response.ok) {
    const { order, access_token, payment } = response.data;
    // A guest's browser keeps the order's access token, so the confirmation page can show it to them alone.
    if (!api.signedIn) api.keepOrderAccess(order.number, access_token);
    // A prepaid order goes on to its payment (decision 0053); cash on delivery to the confirmation.
    const page = payment?.pay_url ? "/order-payment" : "/order-success";
    return redirect(`${page}?order=${encodeURIComponent(order.number)}`);
  }
  const failure: CheckoutFailure =
    response.status === 422
      ? {
          formError: joinedMessages(response.data.errors) || response.data.message || "",
          errors: firstErrors(response.data.errors),
          values,
        }
      : { formError: `Something went wrong! ${response.data.message ?? ""}`.trim(), errors: {}, values };
  return data(failure, { status: failureStatus(response.status) });
}
