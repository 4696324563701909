import { Link, useFetcher } from "react-router";
import type { Cart } from "../../../shared/contracts/cart.ts";
import { formatRupees, formatWholeRupees } from "../../../shared/money.ts";
import { CouponField, RemoveCouponButton } from "../coupons/coupon-form.tsx";
import { COUPON_FETCHER, type CouponOutcome } from "../coupons/coupon-outcome.ts";
import { PriceRows } from "../coupons/price-rows.tsx";
import type { CartResult } from "./cart-result.ts";

/**
 * The Cart Total box: the item count and the API's total, the API's delivery charge, the discount code's field,
 * and the way to checkout when there is something. With a code applied or a cash-on-delivery fee, it shows the
 * checkout's figures (Sub Total, Discount, Shipping, the fee) and their total, so the Grand Total is what will be
 * paid; otherwise it is the spec's box. `outcome` is a code's outcome after a post without JavaScript.
 */
export function CartTotals({
  cart,
  syncing,
  outcome,
}: {
  cart: Cart;
  syncing: boolean;
  outcome: CouponOutcome | undefined;
}) {
  const coupon = useFetcher<CartResult>({ key: COUPON_FETCHER });
  const pending = coupon.state !== "idle";
  const shown = coupon.data ? { ...coupon.data, code: coupon.data.code ?? "" } : outcome;
  const { summary } = cart;
  const priced = summary.coupon !== null || summary.cod_fee > 0;
  return (
    <aside className="summary-card" aria-labelledby="cart-total-title" aria-busy={syncing}>
      <h2 id="cart-total-title" className="summary-card__title">
        Cart Total
      </h2>
      <dl className={`summary-list${syncing ? " is-syncing" : ""}`}>
        <div>
          <dt>Total products</dt>
          <dd data-testid="cart-total-products">{cart.quantity}</dd>
        </div>
        {priced && (
          <PriceRows
            figures={summary}
            remove={
              summary.coupon && (
                <coupon.Form method="post" action="/cart" className="coupon-remove-form">
                  <RemoveCouponButton code={summary.coupon.code} pending={pending} />
                </coupon.Form>
              )
            }
          />
        )}
        <div className="summary-list__grand">
          <dt>Grand Total</dt>
          <dd data-testid="cart-grand-total">{formatRupees(priced ? summary.total : cart.total)}</dd>
        </div>
      </dl>
      {!priced && (
        <p className="summary-card__note">
          Shipping of {formatWholeRupees(summary.delivery_charges)} is added at checkout.
          {summary.delivery_note && (
            <span className="summary-card__delivery-note" data-testid="delivery-note">
              {summary.delivery_note}
            </span>
          )}
        </p>
      )}
      <coupon.Form method="post" action="/cart" className="coupon-form">
        <CouponField applied={summary.coupon} outcome={shown} pending={pending} />
      </coupon.Form>
      {cart.quantity > 0 && (
        <Link to="/checkout" className="button button--block">
          Proceed to Checkout
        </Link>
      )}
    </aside>
  );
}
