import { useId } from "react";
import { useFetcher, useLocation } from "react-router";
import { useHydrated } from "../../ui/hooks.ts";
import { HeartIcon } from "../../ui/icons.tsx";
import { useResultToast } from "../../ui/result-toast.ts";
import { useLayoutWishlist, useSavedProducts, wishlistFetcherKey } from "./saved-products.ts";
import type { WishlistResult } from "./wishlist-result.ts";

/**
 * The heart on a product card or the product page: a toggle button (`aria-pressed`) named for what pressing it
 * does, with the product's title ("Add to wishlist: Leather Tote", "Remove from wishlist: Leather Tote"). On a
 * card it is the heart alone; on the product page the words show beside it.
 *
 * It posts to the wishlist page's action. Without JavaScript that is a plain form that also names this page
 * (`back`): the action saves or removes and sends the shopper back here. Once JavaScript runs, a fetcher sends it
 * without `back`: the heart (and the header's count) change at once, the answer is toasted, and a refusal puts
 * both back as the server has them.
 */
export function WishlistToggle({
  productId,
  title,
  variantId,
  look = "card",
}: {
  productId: number;
  title: string;
  /** The colour and size chosen on the product page, remembered with the saved product. */
  variantId?: number | null;
  look?: "card" | "page";
}) {
  const place = useId();
  const fetcher = useFetcher<WishlistResult>({ key: wishlistFetcherKey(productId, place) });
  const saved = useSavedProducts(useLayoutWishlist()?.product_ids);
  const location = useLocation();
  const hydrated = useHydrated();
  const pressed = saved.has(productId);
  const action = pressed ? "Remove from wishlist" : "Add to wishlist";

  useResultToast(fetcher);

  return (
    <fetcher.Form
      method="post"
      action="/wishlist"
      className={`wishlist-toggle wishlist-toggle--${look}`}
      // Pressed but not saved yet: the heart shows the choice, the header's count waits for the answer.
      aria-busy={fetcher.state === "submitting" || undefined}
    >
      <input type="hidden" name="intent" value={pressed ? "remove" : "add"} />
      <input type="hidden" name="id" value={productId} />
      {variantId ? <input type="hidden" name="variation_id" value={variantId} /> : null}
      {!hydrated && <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />}
      <button
        type="submit"
        className="wishlist-toggle__button"
        aria-pressed={pressed}
        aria-label={`${action}: ${title}`}
        title={look === "card" ? action : undefined}
      >
        <HeartIcon size={look === "page" ? 22 : 20} fill={pressed ? "currentColor" : "none"} />
        {look === "page" && <span aria-hidden="true">{action}</span>}
      </button>
    </fetcher.Form>
  );
}
