import type { ReactNode } from "react";
import type { CartLine, CartSummary } from "../../../shared/contracts/cart.ts";
import { formatRupees, formatWholeRupees } from "../../../shared/money.ts";

/**
 * The order summary: each line as 'name X quantity' with its total, then Sub Total, Discount, Shipping (the
 * spec's 'Rs. 200', printed from the API's delivery charge) and Total. Every amount is the API's own.
 */
export function OrderSummary({
  lines,
  figures,
  children,
}: {
  lines: CartLine[];
  figures: CartSummary;
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
      <dl className="summary-list">
        <div>
          <dt>Sub Total</dt>
          <dd>{formatRupees(figures.subtotal)}</dd>
        </div>
        <div>
          <dt>Discount</dt>
          <dd>{formatRupees(figures.discount)}</dd>
        </div>
        <div>
          <dt>Shipping</dt>
          <dd>{formatWholeRupees(figures.delivery_charges)}</dd>
        </div>
        <div className="summary-list__grand">
          <dt>Total</dt>
          <dd data-testid="checkout-total">{formatRupees(figures.total)}</dd>
        </div>
      </dl>
      {children}
    </aside>
  );
}
