import type { ReactNode } from "react";
import type { CartLine, CartSummary } from "../../../shared/contracts/cart.ts";
import { formatRupees } from "../../../shared/money.ts";
import { PriceRows } from "../coupons/price-rows.tsx";

/**
 * The order summary: each line as 'name X quantity' with its total, the discount code's field, then Sub Total,
 * Discount, Shipping (the spec's 'Rs. 200', printed from the API's delivery charge), the cash-on-delivery fee
 * when there is one, and Total. Every amount is the API's own.
 */
export function OrderSummary({
  lines,
  figures,
  coupon,
  remove,
  children,
}: {
  lines: CartLine[];
  figures: CartSummary;
  /** The discount code's field, between the items and the figures. */
  coupon?: ReactNode;
  /** The Discount line's 'Remove', shown when a code is applied. */
  remove?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <aside className="summary-card checkout-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="summary-card__title">
        Your order
      </h2>
      <ul className="summary-lines">
        {lines.map((line) => (
          <li key={line.id} className="summary-lines__item">
            <span>
              <span className="summary-lines__name">
                {line.name} X {line.quantity}
              </span>
              <span className="summary-lines__variant">
                {line.attributes.color_name} · {line.attributes.size_name}
              </span>
            </span>
            <span className="summary-lines__total">{formatRupees(line.total)}</span>
          </li>
        ))}
      </ul>
      {coupon}
      <dl className="summary-list">
        <PriceRows figures={figures} remove={remove} />
        <div className="summary-list__grand">
          <dt>Total</dt>
          <dd data-testid="checkout-total">{formatRupees(figures.total)}</dd>
        </div>
      </dl>
      {children}
    </aside>
  );
}
