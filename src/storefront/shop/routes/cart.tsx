import { Suspense } from "react";
import { Await, Link } from "react-router";
import type { Cart } from "../../../shared/contracts/cart.ts";
import { apiContext, siteContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import shopStyles from "../../styles/shop.css?url";
import { PageBanner } from "../../ui/breadcrumb.tsx";
import { formText } from "../../ui/forms/api-errors.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { CONNECTION_FAILED, reloadAfterSubmission, submitOrFail } from "../../ui/forms/submission.ts";
import { BagIcon } from "../../ui/icons.tsx";
import { useRemovalToasts } from "../../ui/removal-toasts.ts";
import { shopNameOf } from "../../ui/site.ts";
import { changeCart, loadCart } from "../cart/cart.server.ts";
import { type CartResult, FALLBACK_FAILURE, isCartIntent, REMOVED_MESSAGE } from "../cart/cart-result.ts";
import { CartShimmer } from "../cart/cart-shimmer.tsx";
import { CartActions, CartTable, useCartSyncing } from "../cart/cart-table.tsx";
import { CartTotals } from "../cart/cart-totals.tsx";
import { type CouponOutcome, isCouponIntent } from "../coupons/coupon-outcome.ts";
import type { Route } from "./+types/cart";

// shop.css styles the empty state and pagination these pages share with the shop.
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: shopStyles },
  { rel: "stylesheet", href: pageStyles },
];

/**
 * Crawlers may read the cart (decision 0020, amended): without a cookie it is the empty cart, one page. The
 * canonical link folds any query string onto /cart.
 */
export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: `Cart | ${shopNameOf(matches)}` },
  {
    name: "description",
    content:
      "Review the bags and clothing in your cart, change quantities and check out. Delivery across Pakistan.",
  },
  ...(loaderData ? [{ tagName: "link", rel: "canonical", href: loaderData.canonical }] : []),
];

/** The cart streams, so a client navigation shows the shimmer rows at once; documents arrive complete. */
export function loader({ context }: Route.LoaderArgs) {
  return {
    cart: loadCart(context.get(apiContext)),
    canonical: `${context.get(siteContext).publicUrl}/cart`,
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  return changeCart(context.get(apiContext), await readForm(request));
}

/**
 * A change that never reached the server (or came back as a proxy's error page) is a refusal like any other:
 * the line goes back to what the server last said, with the spec's toast.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(request, serverAction, ({ noResponse, message }, form): CartResult => {
    const intent = formText(form, "intent");
    return {
      intent: isCartIntent(intent) ? intent : "unknown",
      ok: false,
      message: noResponse ? CONNECTION_FAILED : message || FALLBACK_FAILURE,
      code: formText(form, "code"),
    };
  });
}

/**
 * After any cart change, refused or not, the lines are reloaded so they show the server's truth; not after a
 * 5xx, when the reload would fail too and the lines the shopper sees are still the last the server sent.
 */
export const shouldRevalidate = reloadAfterSubmission;

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  // A code's outcome shows at the code's field; any other change's above the table.
  const couponOutcome: CouponOutcome | undefined =
    actionData && isCouponIntent(actionData.intent)
      ? { ...actionData, code: actionData.code ?? "" }
      : undefined;
  return (
    <>
      <PageBanner title="Cart" />
      <section className="container page-section" aria-labelledby="cart-heading">
        <h2 id="cart-heading" className="page-section__title">
          Your cart items
        </h2>
        {/* Without JavaScript the buttons post the page; the outcome shows here instead of a toast. */}
        {actionData && !couponOutcome && (
          <FormAlert kind={actionData.ok ? "success" : "error"}>{actionData.message}</FormAlert>
        )}
        <Suspense fallback={<CartShimmer />}>
          <Await resolve={loaderData.cart}>
            {(cart) => <CartContents cart={cart} couponOutcome={couponOutcome} />}
          </Await>
        </Suspense>
      </section>
    </>
  );
}

function CartContents({
  cart,
  couponOutcome,
}: {
  cart: Cart | null;
  couponOutcome: CouponOutcome | undefined;
}) {
  const syncing = useCartSyncing();
  const removals = useRemovalToasts(cart?.cart, REMOVED_MESSAGE);
  if (!cart || cart.quantity === 0 || cart.cart.length === 0) {
    return (
      <div className="empty-state">
        <span className="empty-state__icon">
          <BagIcon size={40} />
        </span>
        <p className="empty-state__title">No items found in cart</p>
        {!cart && <p>We could not load your cart just now. Please try again in a moment.</p>}
        <Link to="/shop" className="button">
          Shop Now
        </Link>
      </div>
    );
  }
  return (
    <>
      {cart.coupon_message && <FormAlert kind="error">{cart.coupon_message}</FormAlert>}
      <div className="cart-layout">
        <div className="cart-layout__lines">
          <CartTable cart={cart} removals={removals} />
          <CartActions />
        </div>
        <CartTotals cart={cart} syncing={syncing} outcome={couponOutcome} />
      </div>
    </>
  );
}
