import { data, Link } from "react-router";
import { apiContext } from "../../lib/api.server.ts";
import { formatDateTime, itemCount } from "../../ui/format.ts";
import { ChevronLeftIcon } from "../../ui/icons.tsx";
import { OrderContact, OrderLines, OrderTotals, ShippingAddress } from "../../ui/order-details.tsx";
import { PaymentLine } from "../../ui/payment-line.tsx";
import { shopNameOf } from "../../ui/site.ts";
import { StatusBadge } from "../../ui/status-badge.tsx";
import type { AccountHandle } from "../account/account-handle.ts";
import { ConfirmOrderBox } from "../orders/confirm-order-box.tsx";
import { TrackingPanel } from "../orders/tracking-panel.tsx";
import { ReturnsSummary } from "../returns/return-history.tsx";
import { orderReturnsPath, RETURN_PAGE_WORDS } from "../returns/return-request.ts";
import type { Route } from "./+types/account-order";

export const handle: AccountHandle = { accountTitle: "Order details" };

export const meta: Route.MetaFunction = ({ params, matches }) => [
  { title: `Order ${params.number} | ${shopNameOf(matches)}` },
  { name: "robots", content: "noindex" },
];

/** Someone else's order and a made-up number both answer 404, so the not-found page shows. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const response = await api.call("getOrder", { params: { number: params.number } });
  if (response.status === 404) throw data(null, { status: 404 });
  if (!response.ok) throw new Response("The order could not be loaded.", { status: 503 });
  // The parcel's way and the order's returns are further reads: without them the page still shows the order.
  const [tracking, returns] = await Promise.all([
    api.call("getOrderTracking", { params: { number: params.number } }),
    api.call("listOrderReturns", { params: { number: params.number } }),
  ]);
  return {
    order: response.data,
    tracking: tracking.ok ? tracking.data : null,
    returns: returns.ok ? returns.data.returns : [],
  };
}

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const { order, tracking, returns } = loaderData;
  return (
    <div className="account-stack">
      <Link to="/account/orders" className="back-link">
        <ChevronLeftIcon size={16} /> All orders
      </Link>
      <ConfirmOrderBox order={order} />
      <section className="account-card" aria-labelledby="order-title">
        <div className="account-card__head">
          <h2 id="order-title" className="account-card__title">
            Order <span className="order-number">{order.number}</span>
          </h2>
          <StatusBadge status={order.status} />
        </div>
        <p className="account-card__meta">
          Placed on <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time> ·{" "}
          {itemCount(order.items)} {itemCount(order.items) === 1 ? "item" : "items"}
        </p>
        <OrderLines order={order} />
        <OrderTotals order={order} />
        <PaymentLine order={order} />
      </section>
      {tracking && <TrackingPanel tracking={tracking} inOrder />}
      {(returns.length > 0 || order.status === "delivered") && (
        <section className="account-card" aria-labelledby="order-returns" data-testid="order-returns-block">
          <h2 id="order-returns" className="account-card__title">
            Returns
          </h2>
          {returns.length > 0 && <ReturnsSummary returns={returns} />}
          <Link to={orderReturnsPath(order.number)} className="button button--outline returns-link">
            {order.status === "delivered" ? RETURN_PAGE_WORDS.link : "See your returns"}
          </Link>
        </section>
      )}
      <div className="account-columns">
        <section className="account-card" aria-labelledby="ship-to">
          <h2 id="ship-to" className="account-card__title">
            Shipping address
          </h2>
          <ShippingAddress order={order} />
        </section>
        <section className="account-card" aria-labelledby="contact-details">
          <h2 id="contact-details" className="account-card__title">
            Contact
          </h2>
          <OrderContact order={order} />
          {order.notes && (
            <>
              <h3 className="account-card__subtitle">Order notes</h3>
              <p className="address-block">{order.notes}</p>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
