import { useEffect, useRef } from "react";
import { Form, Link, useFetcher, useFetchers } from "react-router";
import type { Cart, CartLine } from "../../../shared/contracts/cart.ts";
import { imageVariants } from "../../../shared/images.ts";
import { formatRupees } from "../../../shared/money.ts";
import { CloseIcon, MinusIcon, PlusIcon } from "../../ui/icons.tsx";
import type { Removals } from "../../ui/removal-toasts.ts";
import { useToast } from "../../ui/toast.tsx";
import { COUPON_FETCHER } from "../coupons/coupon-outcome.ts";
import type { CartResult } from "./cart-result.ts";

const lineKey = (line: CartLine) => `cart-line-${line.id}`;

/**
 * The cart's lines. Each line changes through its own fetcher: the new quantity shows at once (taken from the
 * pending submission), the server's answer replaces it, and a refusal falls back to the server's quantity with a
 * toast. Money is never worked out here: while a change is on its way the line's subtotal keeps the API's last
 * figure, dimmed and marked busy, until the API's new cart arrives. Without JavaScript the same buttons post the
 * form and the page comes back updated.
 */
export function CartTable({ cart, removals }: { cart: Cart; removals: Removals }) {
  return (
    <div className="cart-table-wrap">
      <table className="cart-table">
        <thead>
          <tr>
            <th scope="col">Image</th>
            <th scope="col">Product Name</th>
            <th scope="col">Unit Price</th>
            <th scope="col">Qty</th>
            <th scope="col">Subtotal</th>
            <th scope="col">Action</th>
          </tr>
        </thead>
        <tbody>
          {cart.cart.map((line) => (
            <CartRow
              key={line.id}
              line={line}
              onRemove={() => removals.requested(line.id)}
              onRemoveRefused={() => removals.refused(line.id)}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function CartRow({
  line,
  onRemove,
  onRemoveRefused,
}: {
  line: CartLine;
  onRemove: () => void;
  onRemoveRefused: () => void;
}) {
  const fetcher = useFetcher<CartResult>({ key: lineKey(line) });
  const { show } = useToast();
  const handled = useRef<CartResult | undefined>(undefined);

  const pending = fetcher.formData;
  const pendingIntent = pending?.get("intent");
  const syncing = pendingIntent === "update";
  const quantity = syncing ? Number(pending?.get("quantity")) : line.quantity;
  const { stock } = line.attributes;
  const image = imageVariants(line.attributes.image);
  const productHref = `/product/${line.attributes.slug}`;

  // One toast per refusal: the quantity (or the removed line) is back as the server has it.
  useEffect(() => {
    const result = fetcher.data;
    if (!result || handled.current === result) return;
    handled.current = result;
    if (result.ok) return;
    if (result.intent === "remove") onRemoveRefused();
    show(result.message, "error");
  }, [fetcher.data, show, onRemoveRefused]);

  if (pendingIntent === "remove") return null;

  const hidden = (
    <>
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={line.id} />
      <input type="hidden" name="variation_id" value={line.attributes.variation_id} />
    </>
  );

  return (
    <tr className="cart-row" data-testid="cart-row" data-line={line.id}>
      <td className="cart-row__image">
        <Link to={productHref} tabIndex={-1} aria-hidden="true">
          <img
            src={image.src}
            srcSet={image.srcSet}
            sizes="96px"
            width={96}
            height={96}
            alt=""
            loading="lazy"
          />
        </Link>
      </td>
      <td className="cart-row__name">
        <Link to={productHref} className="cart-row__title">
          {line.name}
        </Link>
        <p className="cart-row__variant">
          <span>
            <span
              className="swatch swatch--small"
              style={{ backgroundColor: line.attributes.color_code }}
              aria-hidden="true"
            />
            Colour: {line.attributes.color_name}
          </span>
          <span>Size: {line.attributes.size_name}</span>
        </p>
        {stock < line.quantity && (
          <p className="cart-row__warning">{stock > 0 ? `Only ${stock} left in stock.` : "Out Of Stock"}</p>
        )}
      </td>
      <td className="cart-row__price" data-label="Unit Price">
        {formatRupees(line.price)}
      </td>
      <td className="cart-row__qty" data-label="Qty">
        <fetcher.Form method="post" action="/cart" className="qty-stepper">
          {hidden}
          <button
            type="submit"
            name="quantity"
            value={quantity - 1}
            className="qty-stepper__button"
            aria-label={`Decrease quantity of ${line.name}`}
            disabled={quantity <= 1}
          >
            <MinusIcon size={16} />
          </button>
          <input
            className="qty-stepper__value"
            value={quantity}
            readOnly
            aria-label={`Quantity of ${line.name}`}
            data-testid="cart-qty"
          />
          <button
            type="submit"
            name="quantity"
            value={quantity + 1}
            className="qty-stepper__button"
            aria-label={`Increase quantity of ${line.name}`}
            disabled={quantity >= stock}
          >
            <PlusIcon size={16} />
          </button>
        </fetcher.Form>
      </td>
      <td
        className={`cart-row__subtotal${syncing ? " is-syncing" : ""}`}
        data-label="Subtotal"
        data-testid="cart-line-subtotal"
        aria-busy={syncing}
      >
        {formatRupees(line.total)}
      </td>
      <td className="cart-row__action">
        <fetcher.Form method="post" action="/cart" onSubmit={onRemove}>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="id" value={line.id} />
          <button type="submit" className="icon-button cart-row__remove" aria-label={`Remove ${line.name}`}>
            <CloseIcon size={18} />
          </button>
        </fetcher.Form>
      </td>
    </tr>
  );
}

/** True while any cart line or the discount code is being changed, so the totals can show they are about to move. */
export function useCartSyncing(): boolean {
  return useFetchers().some(
    (fetcher) =>
      (fetcher.key.startsWith("cart-line-") || fetcher.key === COUPON_FETCHER) && fetcher.state !== "idle",
  );
}

/** 'Continue Shopping' and 'Clear Shopping Cart' under the table. */
export function CartActions() {
  return (
    <div className="cart-actions">
      <Link to="/shop" className="button button--outline">
        Continue Shopping
      </Link>
      <Form method="post" action="/cart">
        <input type="hidden" name="intent" value="clear" />
        <button type="submit" className="button button--ghost">
          Clear Shopping Cart
        </button>
      </Form>
    </div>
  );
}
