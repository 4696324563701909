import { useCallback, useState } from "react";
import { Link, useFetcher } from "react-router";
import type { WishlistItem, WishlistOption } from "../../../shared/contracts/wishlist.ts";
import { imageVariants } from "../../../shared/images.ts";
import { formatRupees } from "../../../shared/money.ts";
import { CloseIcon } from "../../ui/icons.tsx";
import type { Removals } from "../../ui/removal-toasts.ts";
import { useResultToast } from "../../ui/result-toast.ts";
import { wishlistFetcherKey } from "./saved-products.ts";
import type { WishlistResult } from "./wishlist-result.ts";

/** The saved products, newest first: each with its photo, title, price, stock, a colour and size, and Remove. */
export function WishlistItems({ items, removals }: { items: WishlistItem[]; removals: Removals }) {
  return (
    <ul className="wishlist-items">
      {items.map((item) => (
        <WishlistRow
          key={item.id}
          item={item}
          onRemove={() => removals.requested(item.id)}
          onRemoveRefused={() => removals.refused(item.id)}
        />
      ))}
    </ul>
  );
}

function optionLabel(option: WishlistOption): string {
  const name = `${option.color_name} / ${option.size_name}`;
  return option.stock > 0 ? `${name}, ${formatRupees(option.price)}` : `${name}, sold out`;
}

/**
 * One saved product. Its Add To Cart puts the chosen colour and size (only those in stock can be chosen) in the
 * cart through the cart's own operation; Remove hides the row at once and brings it back, with a toast, when
 * refused. Without JavaScript both post the page, which then shows the answer above the list.
 */
function WishlistRow({
  item,
  onRemove,
  onRemoveRefused,
}: {
  item: WishlistItem;
  onRemove: () => void;
  onRemoveRefused: () => void;
}) {
  const remover = useFetcher<WishlistResult>({ key: wishlistFetcherKey(item.id, "wishlist-page") });
  const buyer = useFetcher<WishlistResult>({ key: `wishlist-cart:${item.id}` });
  const [chosenId, setChosenId] = useState(item.variation_id);
  // A removal that worked is announced by the page once the row is gone; a refused one brings the row back.
  const onRemoveAnswer = useCallback(
    (result: WishlistResult) => {
      if (result.ok) return false;
      onRemoveRefused();
      return undefined;
    },
    [onRemoveRefused],
  );
  useResultToast(remover, onRemoveAnswer);
  useResultToast(buyer);

  if (remover.formData?.get("intent") === "remove") return null;

  const chosen = item.options.find((option) => option.id === chosenId) ?? null;
  const price = chosen ? chosen.regular_price : item.price;
  const current = chosen ? chosen.price : (item.discount_price ?? item.price);
  const discounted = item.discount_price !== null;
  const image = imageVariants(item.image);
  const href = `/product/${item.slug}`;
  // Nothing to buy: the shop has withdrawn it, or every colour and size is sold out.
  const unavailable = !item.available ? "No longer available" : item.sold_out ? "Sold out" : null;
  const canBuy = unavailable === null && chosen !== null && chosen.stock > 0;
  const adding = buyer.state !== "idle";
  const chooserId = `wishlist-option-${item.id}`;

  return (
    <li className={`wishlist-item${unavailable ? " is-unavailable" : ""}`} data-testid="wishlist-item">
      <Link to={href} className="wishlist-item__image" tabIndex={-1} aria-hidden="true">
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes="(max-width: 767px) 96px, 120px"
          width={120}
          height={120}
          alt=""
          loading="lazy"
        />
        {unavailable && <span className="badge badge--unavailable">{unavailable}</span>}
      </Link>
      <div className="wishlist-item__info">
        <h3 className="wishlist-item__title">
          <Link to={href}>{item.title}</Link>
        </h3>
        <p className="price">
          <span className="price__current">{formatRupees(current)}</span>
          {discounted && (
            <del className="price__old">
              <span className="visually-hidden">Was </span>
              {formatRupees(price)}
            </del>
          )}
        </p>
        <p className="wishlist-item__stock" data-testid="wishlist-stock">
          {unavailable ? (
            <span className="stock stock--out">{unavailable}</span>
          ) : chosen && chosen.stock > 0 ? (
            <span className="stock stock--in">In Stock, {chosen.stock} left.</span>
          ) : (
            <span className="stock stock--out">Out Of Stock</span>
          )}
        </p>
      </div>
      <buyer.Form method="post" action="/wishlist" className="wishlist-item__buy">
        <input type="hidden" name="intent" value="add-to-cart" />
        <input type="hidden" name="id" value={item.id} />
        {item.options.length > 1 ? (
          <div className="wishlist-item__chooser">
            <label htmlFor={chooserId}>Colour and size</label>
            <select
              id={chooserId}
              name="size"
              value={chosenId ?? ""}
              onChange={(event) => setChosenId(Number(event.target.value))}
              disabled={unavailable !== null}
            >
              {item.options.map((option) => (
                <option key={option.id} value={option.id} disabled={option.stock <= 0}>
                  {optionLabel(option)}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <p className="wishlist-item__only-option">
            {chosen && `${chosen.color_name} / ${chosen.size_name}`}
            <input type="hidden" name="size" value={chosenId ?? ""} />
          </p>
        )}
        <button type="submit" className="button button--small" disabled={!canBuy || adding}>
          {adding ? "Adding..." : "Add To Cart"}
        </button>
      </buyer.Form>
      <remover.Form method="post" action="/wishlist" className="wishlist-item__remove" onSubmit={onRemove}>
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="id" value={item.id} />
        <button type="submit" className="link-button" aria-label={`Remove ${item.title} from wishlist`}>
          <CloseIcon size={16} />
          <span aria-hidden="true">Remove</span>
        </button>
      </remover.Form>
    </li>
  );
}
