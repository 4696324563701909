import { useEffect, useState } from "react";
import { Link } from "react-router";
import { addressLine } from "../../../shared/contracts/shop-details.ts";
import { apiContext } from "../../lib/api.server.ts";
import pageStyles from "../../styles/pages.css?url";
import { formatDateTime, itemCount } from "../../ui/format.ts";
import { OrderTotals, ShippingAddress } from "../../ui/order-details.tsx";
import { type LayoutHandle, useShopDetails } from "../../ui/site.ts";
import { answerOrThrow } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { requireStaff } from "../admin-session.server.ts";
import { orderPath, STATUS_NAMES } from "../orders/order-labels.ts";
import { OrderLinesTable } from "../orders/order-lines-table.tsx";
import adminStyles from "../styles/admin.css?url";
import printStyles from "../styles/order-print.css?url";
import ordersStyles from "../styles/orders.css?url";
import type { Route } from "./+types/order-print";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: pageStyles },
  { rel: "stylesheet", href: adminStyles },
  { rel: "stylesheet", href: ordersStyles },
  { rel: "stylesheet", href: printStyles },
];

/** A sheet of paper: no shop header, footer or back-office menu. */
export const handle: LayoutHandle = { showHeader: false, showFooter: false };

export const meta: Route.MetaFunction = ({ params }) => adminMeta(`Packing slip ${params.number}`);

/** The back office's own guard (this page sits outside its layout, so the menu stays off the paper). */
export const middleware: Route.MiddlewareFunction[] = [requireStaff];

export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow" });

export async function loader({ context, params }: Route.LoaderArgs) {
  return {
    order: answerOrThrow(
      await context.get(apiContext).call("adminGetOrder", { params: { number: params.number } }),
    ),
  };
}

/** Printing needs JavaScript; without it the page says how to print instead of showing a dead button. */
function PrintButton() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready)
    return <p className="print-sheet__hint">Use your browser's Print command (Ctrl+P) to print it.</p>;
  return (
    <button type="button" className="button" onClick={() => window.print()}>
      Print
    </button>
  );
}

/** The packing slip and invoice of one order, for the parcel: what is in it, where it goes, what is due. */
export default function AdminOrderPrint({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const pieces = itemCount(order.items);
  const shop = useShopDetails();
  return (
    <div className="print-sheet">
      <div className="print-sheet__tools">
        <Link to={orderPath(order.number)} className="button button--outline">
          Back to the order
        </Link>
        <PrintButton />
      </div>
      <article className="print-sheet__page" aria-labelledby="slip-title">
        <header className="print-sheet__head">
          <div>
            <p className="print-sheet__shop">{shop.name}</p>
            <p className="print-sheet__contact">
              {addressLine(shop)}
              <br />
              {shop.phone} · {shop.email}
            </p>
          </div>
          <div className="print-sheet__order">
            <h1 id="slip-title" className="print-sheet__title">
              Packing slip &amp; invoice
            </h1>
            <dl className="print-sheet__facts">
              <div>
                <dt>Order</dt>
                <dd className="order-number">{order.number}</dd>
              </div>
              <div>
                <dt>Placed</dt>
                <dd>
                  <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
                </dd>
              </div>
              <div>
                <dt>Status</dt>
                <dd>{STATUS_NAMES[order.status]}</dd>
              </div>
              <div>
                <dt>Items</dt>
                <dd>{pieces}</dd>
              </div>
            </dl>
          </div>
        </header>

        <div className="print-sheet__columns">
          <section aria-labelledby="slip-ship-to">
            <h2 id="slip-ship-to" className="print-sheet__subtitle">
              Ship to
            </h2>
            <ShippingAddress order={order} />
            <p className="address-block">{order.phone}</p>
          </section>
          <section aria-labelledby="slip-bill-to">
            <h2 id="slip-bill-to" className="print-sheet__subtitle">
              Customer
            </h2>
            <p className="address-block">
              {order.shipping_address.first_name} {order.shipping_address.last_name}
              <br />
              {order.email}
            </p>
          </section>
        </div>

        <OrderLinesTable order={order} />
        <OrderTotals order={order} due />
        <p className="print-sheet__due">Cash on delivery: the courier collects the amount due.</p>
        {order.notes && (
          <section aria-labelledby="slip-notes">
            <h2 id="slip-notes" className="print-sheet__subtitle">
              Customer's notes
            </h2>
            <p className="print-sheet__notes">{order.notes}</p>
          </section>
        )}
        <p className="print-sheet__thanks">Thank you for shopping with {shop.name}.</p>
      </article>
    </div>
  );
}
