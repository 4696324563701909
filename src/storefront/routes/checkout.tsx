import { isRouteErrorResponse, type ShouldRevalidateFunctionArgs } from "react-router";
import { loadCheckout, placeOrder } from "../checkout/checkout.server.ts";
import { CheckoutForm } from "../checkout/checkout-form.tsx";
import { type CheckoutFailure, CONNECTION_FAILED } from "../checkout/checkout-result.ts";
import { readForm } from "../forms/read-form.server.ts";
import { SHOP_NAME } from "../layout/layout-data.ts";
import { apiContext } from "../lib/api.server.ts";
import pageStyles from "../styles/pages.css?url";
import { PageBanner } from "../ui/breadcrumb.tsx";
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

/** When the browser cannot reach the server at all, the form says so instead of failing the page. */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<CheckoutFailure> {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    return { formError: CONNECTION_FAILED, errors: {}, values: null };
  }
}

/** After a refused order the summary reloads, so a changed price or stock shows before the next attempt. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET") return true;
  return defaultShouldRevalidate;
}

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
