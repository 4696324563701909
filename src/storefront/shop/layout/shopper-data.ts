import type { User } from "../../../shared/contracts/account.ts";
import type { WishlistIds } from "../../../shared/contracts/wishlist.ts";

/**
 * Who the shopper is, as the root loader hands it to the page: the signed-in user (null for a guest) and their
 * saved products' ids (null when they could not be read), as one JSON text. One opaque string for the same reason
 * as the cart's (`cart-data.ts`): turbo-stream writes a string in one place, escaped in a known way, so the host
 * can serve a kept public page to a signed-in shopper or a wishlist holder by splicing their text in where the
 * kept page has a visitor's without cookies (docs/decisions/0057-personal-pages-from-kept-pages.md).
 */
export type ShopperData = string;

export interface Shopper {
  user: User | null;
  wishlist: WishlistIds | null;
}

/** The text for the loader data. The keys' order is part of the text: the host writes the same. */
export function shopperData(user: User | null, wishlist: WishlistIds | null): ShopperData {
  return JSON.stringify({ user, wishlist } satisfies Shopper);
}

let last: { data: ShopperData; shopper: Shopper } | undefined;

/** The shopper back from its text, parsed once per text (every render between revalidations reads the same). */
export function readShopper(data: ShopperData): Shopper {
  if (last?.data !== data) last = { data, shopper: JSON.parse(data) as Shopper };
  return last.shopper;
}
