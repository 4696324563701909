import { Link } from "react-router";
import type { Order } from "../../shared/contracts/checkout.ts";
import { formatRupees } from "../../shared/money.ts";
import { SHOP_NAME } from "../layout/layout-data.ts";
import { apiContext } from "../lib/api.server.ts";
import pageStyles from "../styles/pages.css?url";
import { CheckIcon } from "../ui/icons.tsx";
import type { Route } from "./+types/order-success";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = () => [
  { title: `Thank you for your order | ${SHOP_NAME}` },
  { name: "robots", content: "noindex" },
];

/** Order numbers look like "BT-261121-7KQ2M"; anything else in the query is ignored rather than echoed. */
const ORDER_NUMBER = /^[A-Z0-9][A-Z0-9-]{2,39}$/;

/**
 * The number comes from the checkout's redirect. A signed-in shopper also sees what they ordered (the API shows
 * an order to its owner only); the header's cart is reloaded with this page, so it reads empty again.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const requested = url.searchParams.get("order") ?? "";
  const number = ORDER_NUMBER.test(requested) ? requested : null;
  const api = context.get(apiContext);
  let order: Order | null = null;
  if (number && api.signedIn) {
    const response = await api.call("getOrder", { params: { number } });
    if (response.ok) order = response.data;
  }
  return { number, order };
}

export default function OrderSuccess({ loaderData }: Route.ComponentProps) {
  const { number, order } = loaderData;
  return (
    <section className="container confirmation" aria-labelledby="confirmation-title">
      <div className="confirmation__card">
        <span className="confirmation__icon" aria-hidden="true">
          <CheckIcon size={34} />
        </span>
        <h1 id="confirmation-title" className="confirmation__title">
          Thank you for your order!
        </h1>
        <p className="confirmation__lead">
          {order ? (
            <>
              A confirmation email has been sent to <strong>{order.email}</strong>.
            </>
          ) : (
            "A confirmation email has been sent to the address you gave us."
          )}
        </p>
        {order && (
          <dl className="summary-list confirmation__totals">
            <div>
              <dt>Items</dt>
              <dd>{order.items.reduce((count, item) => count + item.quantity, 0)}</dd>
            </div>
            <div className="summary-list__grand">
              <dt>Total</dt>
              <dd>{formatRupees(order.total)}</dd>
            </div>
          </dl>
        )}
        <h2 className="confirmation__subtitle">What happens next</h2>
        <ol className="next-steps">
          <li>
            <span className="next-steps__label">Your tracking number</span>
            {number ? (
              <strong className="order-number" data-testid="order-number">
                {number}
              </strong>
            ) : (
              <span>It is in your confirmation email.</span>
            )}
          </li>
          <li>
            <span className="next-steps__label">Follow your order</span>
            <span>
              See its status any time in your <Link to="/account/orders">Order History</Link>.
            </span>
          </li>
          <li>
            <span className="next-steps__label">Questions?</span>
            <span>
              <Link to="/contact">Contact us</Link> with your tracking number and we will help.
            </span>
          </li>
        </ol>
        <Link to="/shop" className="button button--large">
          Shop Now
        </Link>
      </div>
    </section>
  );
}
