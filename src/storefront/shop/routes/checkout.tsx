import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { CONNECTION_FAILED, reloadAfterSubmission, submitOrFail } from "../../ui/forms/submission.ts";
import { SHOP_NAME } from "../../ui/site.ts";
import { loadCheckout, placeOrder } from "../checkout/checkout.server.ts";
import { checkoutValues } from "../checkout/checkout-fields.ts";
import { CheckoutForm } from "../checkout/checkout-form.tsx";
import type { CheckoutFailure } from "../checkout/checkout-result.ts";
import type { Route } from "./+types/checkout";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Checkout | ${SHOP_NAME}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ context }: Route.LoaderArgs) {
  return loadCheckout(context.get(apiContext));
}

export async function action({ context, request }: Route.ActionArgs) {
  return placeOrder(context.get(apiContext), await readForm(request));
}

/**
 * Spec section 8: no response reads 'Failed to connect to server. Please try again.'; any other answer that is
 * not the shop's (a proxy's error page) 'Something went wrong! ' + its message. The form keeps what was typed.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    ({ noResponse, message }, form): CheckoutFailure => ({
      formError: noResponse ? CONNECTION_FAILED : `Something went wrong! ${message}`.trim(),
      errors: {},
      values: checkoutValues(form),
    }),
  );
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
        <CheckoutForm
          lines={loaderData.cart.cart}
          figures={loaderData.summary}
          prefill={loaderData.prefill}
          failure={actionData}
          idempotencyKey={loaderData.idempotencyKey}
        />
      </section>
    </>
  );
}
