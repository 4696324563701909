import { data, Link } from "react-router";
import { formatRupees } from "../../shared/money.ts";
import { formatDateTime, itemCount } from "../account/account-format.ts";
import type { AccountHandle } from "../account/account-handle.ts";
import { StatusBadge } from "../account/orders-table.tsx";
import { SHOP_NAME } from "../layout/layout-data.ts";
import { apiContext } from "../lib/api.server.ts";
import { ChevronLeftIcon } from "../ui/icons.tsx";
import type { Route } from "./+types/account-order";

export const handle: AccountHandle = { accountTitle: "Order details" };

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Order ${params.number} | ${SHOP_NAME}` },
  { name: "robots", content: "noindex" },
];

/** Someone else's order and a made-up number both answer 404, so the not-found page shows. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const response = await api.call("getOrder", { params: { number: params.number } });
  if (response.status === 404) throw data(null, { status: 404 });
  if (!response.ok) throw new Response("The order could not be loaded.", { status: 503 });
  return { order: response.data };
}

export default function AccountOrder({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const address = order.shipping_address;
  return (
    <div className="account-stack">
      <Link to="/account/orders" className="back-link">
        <ChevronLeftIcon size={16} /> All orders
      </Link>
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
        <div className="orders-table-wrap">
          <table className="orders-table order-lines">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Unit Price</th>
                <th scope="col">Qty</th>
                <th scope="col">Subtotal</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item) => (
                <tr key={`${item.product_id}-${item.color_name}-${item.size_name}`} data-testid="order-line">
                  <th scope="row" data-label="Product">
                    <Link to={`/product/${item.slug}`}>{item.name}</Link>
                    <span className="order-lines__variant">
                      Colour: {item.color_name} · Size: {item.size_name}
                    </span>
                  </th>
                  <td data-label="Unit Price">{formatRupees(item.price)}</td>
                  <td data-label="Qty">{item.quantity}</td>
                  <td data-label="Subtotal">{formatRupees(item.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="summary-list order-totals">
          <div>
            <dt>Sub Total</dt>
            <dd>{formatRupees(order.subtotal)}</dd>
          </div>
          <div>
            <dt>Discount</dt>
            <dd>{formatRupees(order.discount)}</dd>
          </div>
          <div>
            <dt>Shipping</dt>
            <dd>{formatRupees(order.delivery_charges)}</dd>
          </div>
          <div className="summary-list__grand">
            <dt>Total</dt>
            <dd>{formatRupees(order.total)}</dd>
          </div>
        </dl>
      </section>
      <div className="account-columns">
        <section className="account-card" aria-labelledby="ship-to">
          <h2 id="ship-to" className="account-card__title">
            Shipping address
          </h2>
          <address className="address-block">
            {address.first_name} {address.last_name}
            <br />
            {address.address}
            {address.address_2 && (
              <>
                <br />
                {address.address_2}
              </>
            )}
            <br />
            {[address.city, address.postcode].filter(Boolean).join(" ")}
            <br />
            {address.country}
          </address>
        </section>
        <section className="account-card" aria-labelledby="contact-details">
          <h2 id="contact-details" className="account-card__title">
            Contact
          </h2>
          <p className="address-block">
            {order.email}
            <br />
            {order.phone}
          </p>
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
