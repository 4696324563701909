import type { ReactNode } from "react";
import type { CartSummary } from "../../../shared/contracts/cart.ts";
import { formatRupees, formatWholeRupees } from "../../../shared/money.ts";
import { COD_FEE_LABEL, discountLabel } from "../../ui/price-labels.ts";

/**
 * The summary's lines between the items and the total: Sub Total, Discount (with the code and `remove`),
 * Shipping (the spec's whole-rupee 'Rs. 200', with the API's note on why under it), and the cash-on-delivery
 * fee as its own line when there is one. Every amount is the API's own.
 */
export function PriceRows({ figures, remove }: { figures: CartSummary; remove?: ReactNode }) {
  return (
    <>
      <div>
        <dt>Sub Total</dt>
        <dd>{formatRupees(figures.subtotal)}</dd>
      </div>
      <div className={figures.coupon ? "summary-list__coupon" : undefined} data-testid="summary-discount">
        <dt>
          {discountLabel(figures.coupon?.code)}
          {figures.coupon && remove}
        </dt>
        <dd>{formatRupees(figures.discount)}</dd>
      </div>
      <div className={figures.delivery_note ? "summary-list__noted" : undefined}>
        <dt>Shipping</dt>
        <dd>{formatWholeRupees(figures.delivery_charges)}</dd>
        {figures.delivery_note && (
          <dd className="summary-list__note" data-testid="delivery-note">
            {figures.delivery_note}
          </dd>
        )}
      </div>
      {figures.cod_fee > 0 && (
        <div data-testid="summary-cod-fee">
          <dt>{COD_FEE_LABEL}</dt>
          <dd>{formatRupees(figures.cod_fee)}</dd>
        </div>
      )}
    </>
  );
}
