import { Link } from "react-router";
import type { WishlistIds } from "../../../shared/contracts/wishlist.ts";
import { HeartIcon } from "../../ui/icons.tsx";
import { itemCount } from "../../ui/item-count.ts";
import { useSavedProducts } from "../wishlist/saved-products.ts";

/**
 * The header's heart: a link to /wishlist with the number of saved products. The count is the server's, with the
 * hearts pressed meanwhile already counted; without the server's ids (they could not be read) it shows none.
 */
export function WishlistLink({ wishlist }: { wishlist: WishlistIds | null }) {
  const count = useSavedProducts(wishlist?.product_ids).size;
  return (
    <Link
      to="/wishlist"
      className="icon-button header-icon"
      aria-label={wishlist ? `Wishlist, ${itemCount(count)}` : "Wishlist"}
    >
      <HeartIcon />
      {wishlist && (
        <span className="count-badge" aria-hidden="true" data-testid="wishlist-count">
          {count}
        </span>
      )}
    </Link>
  );
}
