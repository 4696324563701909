import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { formText } from "../../ui/forms/api-errors.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { CONNECTION_FAILED, reloadAfterSubmission, submitOrFail } from "../../ui/forms/submission.ts";
import { shopNameOf } from "../../ui/site.ts";
import { loadCheckout, placeOrder } from "../checkout/checkout.server.ts";
import { checkoutValues } from "../checkout/checkout-fields.ts";
import { CheckoutForm } from "../checkout/checkout-form.tsx";
import type { CheckoutFailure } from "../checkout/checkout-result.ts";
import { couponAction } from "../coupons/coupon.server.ts";
import { isCouponIntent } from "../coupons/coupon-outcome.ts";
import type { Route } from "./+types/checkout";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Checkout | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  return loadCheckout(context.get(apiContext));
}

/** Places the order, or (`intent`) applies or removes a discount code and gives back everything typed. */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = formText(form, "intent");
  if (isCouponIntent(intent)) {
    return couponAction(
      context.get(apiContext),
      intent,
      form,
      (coupon): CheckoutFailure => ({ formError: "", errors: {}, values: checkoutValues(form), coupon }),
    );
  }
  return placeOrder(context.get(apiContext), form);
}

/**
 * Spec section 8: no response reads 'Failed to connect to server. Please try again.'; any other answer that is
 * not the shop's (a proxy's error page) 'Something went wrong! ' + its message. The form keeps what was typed.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(request, serverAction, ({ noResponse, message }, form): CheckoutFailure => {
    const formError = noResponse ? CONNECTION_FAILED : `Something went wrong! ${message}`.trim();
    const values = checkoutValues(form);
    // A code's failure shows at the code's field, and the code stays typed there.
    if (isCouponIntent(formText(form, "intent"))) {
      return {
        formError: "",
        errors: {},
        values,
        coupon: { ok: false, message: formError, code: formText(form, "code") },
      };
    }
    return { formError, errors: {}, values };
  });
}

/**
 * After a refused order the summary reloads, so a changed price or stock shows before the next attempt; not
 * after a 5xx, when the reload would fail too.
 */
export const shouldRevalidate = reloadAfterSubmission;

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <PageBanner title="Checkout" />
      <section className="container page-section">
        {loaderData.cart.coupon_message && (
          <FormAlert kind="error">{loaderData.cart.coupon_message}</FormAlert>
        )}
        <CheckoutForm
          lines={loaderData.cart.cart}
          figures={loaderData.summary}
          prefill={loaderData.prefill}
          failure={actionData}
          idempotencyKey={loaderData.idempotencyKey}
          methods={loaderData.methods}
        />
      </section>
    </>
  );
}
