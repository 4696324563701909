import { Link } from "react-router";
import type { Order } from "../../shared/contracts/checkout.ts";
import { formatRupees } from "../../shared/money.ts";
import { formatDateTime } from "./format.ts";
import { PaymentLine } from "./payment-line.tsx";
import { COD_FEE_LABEL, discountLabel } from "./price-labels.ts";
import { StatusBadge } from "./status-badge.tsx";

/**
 * One order's summary as the account's order page, the confirmation page and the order lookup show it: the
 * lines, the API's figures, the amount the courier collects, and where it goes. Amounts are the API's own.
 */
export function OrderLines({ order }: { order: Order }) {
  return (
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
  );
}

/**
 * Sub Total, Discount (naming the code that priced the order), Shipping, the cash-on-delivery fee when there was
 * one, and Total; with `due`, the total again as what is paid on delivery.
 */
export function OrderTotals({ order, due = false }: { order: Order; due?: boolean }) {
  return (
    <dl className="summary-list order-totals" data-testid="order-totals">
      <div>
        <dt>Sub Total</dt>
        <dd>{formatRupees(order.subtotal)}</dd>
      </div>
      <div>
        <dt>{discountLabel(order.coupon_code)}</dt>
        <dd>{formatRupees(order.discount)}</dd>
      </div>
      <div>
        <dt>Shipping</dt>
        <dd>{formatRupees(order.delivery_charges)}</dd>
      </div>
      {order.cod_fee > 0 && (
        <div>
          <dt>{COD_FEE_LABEL}</dt>
          <dd>{formatRupees(order.cod_fee)}</dd>
        </div>
      )}
      <div className="summary-list__grand">
        <dt>Total</dt>
        <dd>{formatRupees(order.total)}</dd>
      </div>
      {due && (
        <div className="summary-list__due">
          <dt>Amount due on delivery</dt>
          <dd data-testid="amount-due">{formatRupees(order.total)}</dd>
        </div>
      )}
    </dl>
  );
}

export function ShippingAddress({ order }: { order: Order }) {
  const address = order.shipping_address;
  return (
    <address className="address-block" data-testid="shipping-address">
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
  );
}

export function OrderContact({ order }: { order: Order }) {
  return (
    <p className="address-block" data-testid="order-contact">
      {order.email}
      <br />
      {order.phone}
    </p>
  );
}

/**
 * A whole order for a shopper without the account pages (confirmation, lookup): status and date, the lines,
 * the figures with the amount due on delivery (cash on delivery only), how it is paid, the address and the
 * contact details.
 */
export function OrderSummaryPanel({ order }: { order: Order }) {
  // A prepaid order (decision 0053) owes the courier nothing.
  const cod = (order.payment_method ?? "cod") === "cod" && order.payment_status !== "paid";
  return (
    <section className="order-panel" aria-labelledby="order-panel-title" data-testid="order-summary">
      <div className="order-panel__head">
        <h2 id="order-panel-title" className="order-panel__title">
          Order <span className="order-number">{order.number}</span>
        </h2>
        <StatusBadge status={order.status} />
      </div>
      <p className="order-panel__meta">
        Placed on <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
      </p>
      <OrderLines order={order} />
      <OrderTotals order={order} due={cod} />
      <PaymentLine order={order} />
      {cod && <p className="order-panel__note">Pay the courier in cash when your order arrives.</p>}
      <div className="order-panel__columns">
        <div>
          <h3 className="order-panel__subtitle">Shipping to</h3>
          <ShippingAddress order={order} />
        </div>
        <div>
          <h3 className="order-panel__subtitle">Contact</h3>
          <OrderContact order={order} />
        </div>
      </div>
    </section>
  );
}
