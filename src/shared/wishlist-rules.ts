/**
 * The wishlist's limit and what it says to shoppers, in a module without zod: the API answers with these words,
 * and the storefront's browser code uses them too (docs/decisions/0025-wishlist.md).
 */

/** A wishlist holds at most this many products; saving one more is refused with `WISHLIST_MESSAGES.full`. */
export const MAX_WISHLIST_ITEMS = 200;

export const WISHLIST_MESSAGES = {
  added: "Your item has been added to the wishlist!",
  alreadyThere: "This item is already in your wishlist.",
  removed: "Item Removed From Wishlist Successfully!",
  notThere: "This item is not in your wishlist.",
  productGone: "This product is no longer available.",
  sizeGone: "The selected size is not available for this product.",
  full: `Your wishlist is full: it holds up to ${MAX_WISHLIST_ITEMS} items. Remove one to save another.`,
  crossSite: "The wishlist can only be changed from this shop.",
} as const;
