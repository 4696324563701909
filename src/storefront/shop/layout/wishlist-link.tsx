import { Link } from "react-router";
import type { WishlistIds } from "../../../shared/contracts/wishlist.ts";
import { HeartIcon } from "../../ui/icons.tsx";
import { itemCount } from "../../ui/item-count.ts";
import { useSavedProducts } from "../wishlist/saved-products.ts";

/**
 * The header's heart: a link to /wishlist with the number of saved products. The count is the server's, with the
 * saves it has answered meanwhile counted (a heart pressed shows at once; the count says it is done, so it waits
 * for the answer); without the server's ids (they could not be read) it shows none.
 */
export function WishlistLink({ wishlist }: { wishlist: WishlistIds | null }) {
  const count = useSavedProducts(wishlist?.product_ids, "saved").size;
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
