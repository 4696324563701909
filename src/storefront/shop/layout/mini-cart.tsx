import { Link } from "react-router";
import type { Cart } from "../../../shared/contracts/cart.ts";
import { imageVariants } from "../../../shared/images.ts";
import { formatRupees } from "../../../shared/money.ts";
import { Dropdown } from "../../ui/dropdown.tsx";
import { BagIcon } from "../../ui/icons.tsx";
import { itemCount } from "../../ui/item-count.ts";
import { discountLabel } from "../../ui/price-labels.ts";

/**
 * The cart icon with its count and, when the cart loaded, the mini cart dropdown: its lines, the total, and
 * the discount code applied to it and what it takes off, view-cart and checkout buttons, or 'No items added to
 * cart'. Every figure is the API's own.
 */
export function MiniCart({
  cart,
  open,
  onToggle,
}: {
  cart: Cart | null;
  open: boolean;
  onToggle: (open: boolean) => void;
}) {
  const quantity = cart?.quantity ?? 0;
  const icon = (
    <>
      <BagIcon />
      <span className="count-badge" aria-hidden="true" data-testid="cart-count">
        {quantity}
      </span>
    </>
  );

  if (!cart) {
    return (
      <Link to="/cart" className="icon-button header-icon" aria-label="Cart">
        {icon}
      </Link>
    );
  }

  return (
    <Dropdown
      className="mini-cart"
      open={open}
      onToggle={onToggle}
      label={`Cart, ${itemCount(quantity)}`}
      summary={icon}
    >
      <div className="mini-cart__panel" data-testid="mini-cart">
        {quantity > 0 ? (
          <>
            <p className="mini-cart__heading">
              Your cart <span>({itemCount(quantity)})</span>
            </p>
            <ul className="mini-cart__lines">
              {cart.cart.map((line) => {
                const image = imageVariants(line.attributes.image);
                return (
                  <li key={line.id} className="mini-cart__line">
                    <img
                      src={image.src}
                      srcSet={image.srcSet}
                      sizes="64px"
                      width={64}
                      height={64}
                      alt=""
                      loading="lazy"
                      decoding="async"
                    />
                    <div>
                      <Link to={`/product/${line.attributes.slug}`} className="mini-cart__name">
                        {line.name}
                      </Link>
                      <p className="mini-cart__variant">
                        <span
                          className="swatch swatch--small"
                          style={{ backgroundColor: line.attributes.color_code }}
                          aria-hidden="true"
                        />
                        {line.attributes.color_name} / {line.attributes.size_name}
                      </p>
                      <p className="mini-cart__price">
                        {line.quantity} × {formatRupees(line.price)}
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
            <p className="mini-cart__total">
              <span>Total</span>
              <strong>{formatRupees(cart.total)}</strong>
            </p>
            {cart.summary.coupon && (
              <p className="mini-cart__discount" data-testid="mini-cart-discount">
                <span>{discountLabel(cart.summary.coupon.code)}</span>
                <strong>{formatRupees(cart.summary.discount)}</strong>
              </p>
            )}
            <div className="mini-cart__actions">
              <Link to="/cart" className="button button--outline">
                View cart
              </Link>
              <Link to="/checkout" className="button">
                Checkout
              </Link>
            </div>
          </>
        ) : (
          <p className="mini-cart__empty">No items added to cart</p>
        )}
      </div>
    </Dropdown>
  );
}
