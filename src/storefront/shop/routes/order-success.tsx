import { data, Link } from "react-router";
import { ORDER_NUMBER } from "../../../shared/contracts/orders.ts";
import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import { CheckIcon } from "../../ui/icons.tsx";
import { OrderSummaryPanel } from "../../ui/order-details.tsx";
import { shopNameOf } from "../../ui/site.ts";
import { ConfirmOrderBox } from "../orders/confirm-order-box.tsx";
import { placedOrder } from "../orders/orders.server.ts";
import type { Route } from "./+types/order-success";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: pageStyles }];

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Thank you for your order | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

/**
 * The checkout redirects here with the order number. Only the shopper who placed the order sees it (their
 * account, or the access token their browser kept as a guest); any other number is the not-found page. The
 * header's cart is reloaded with this page, so it reads empty again.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const number = url.searchParams.get("order") ?? "";
  if (!ORDER_NUMBER.test(number)) throw data(null, { status: 404 });
  const api = context.get(apiContext);
  const order = await placedOrder(api, number);
  // Once it ships, the next steps name the courier's tracking number (a lookup by the order's own email).
  const sent = ["shipped", "delivered", "returning", "returned"].includes(order.status);
  const tracking = sent ? await api.call("trackOrder", { query: { number, email: order.email } }) : undefined;
  return { order, signedIn: api.signedIn, shipment: tracking?.ok ? tracking.data.shipment : null };
}

export default function OrderSuccess({ loaderData }: Route.ComponentProps) {
  const { order, signedIn, shipment } = loaderData;
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
          A confirmation email has been sent to <strong>{order.email}</strong>.
        </p>
        <ConfirmOrderBox order={order} />
        <OrderSummaryPanel order={order} />
        <h2 className="confirmation__subtitle">What happens next</h2>
        <ol className="next-steps">
          {order.status === "awaiting_confirmation" && (
            <li>
              <span className="next-steps__label">Confirm your order</span>
              <span>
                With the link or the code in our message and email (above). We send it once you have.
              </span>
            </li>
          )}
          {order.status === "awaiting_payment" && (
            <li>
              <span className="next-steps__label">Pay for your order</span>
              <span>
                We pack it once your payment arrives.{" "}
                <Link to={`/order-payment?order=${encodeURIComponent(order.number)}`}>Pay now</Link>
              </span>
            </li>
          )}
          <li>
            <span className="next-steps__label">Your order number</span>
            <strong className="order-number" data-testid="order-number">
              {order.number}
            </strong>
          </li>
          <li>
            <span className="next-steps__label">Your tracking number</span>
            {shipment ? (
              <span>
                {shipment.courier}{" "}
                {shipment.tracking_url ? (
                  <a
                    href={shipment.tracking_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="order-number"
                  >
                    {shipment.consignment_number}
                  </a>
                ) : (
                  <strong className="order-number">{shipment.consignment_number}</strong>
                )}{" "}
                · <Link to={`/track?number=${encodeURIComponent(order.number)}`}>Follow it here</Link>
              </span>
            ) : (
              <span>
                We send the courier's tracking number to <strong>{order.phone}</strong> by message and email
                as soon as your order ships.{" "}
                <Link to={`/track?number=${encodeURIComponent(order.number)}`}>Track your parcel</Link>
              </span>
            )}
          </li>
          <li>
            <span className="next-steps__label">Follow your order</span>
            <span>
              {signedIn ? (
                <>
                  See its status any time in your <Link to="/account/orders">Order History</Link>.
                </>
              ) : (
                <>
                  <Link to="/order-lookup">Track your order</Link> with its number and your email address, or
                  in your <Link to="/account/orders">Order History</Link> if you have an account.
                </>
              )}
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
