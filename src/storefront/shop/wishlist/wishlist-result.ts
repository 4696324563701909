import { SOMETHING_WENT_WRONG } from "../../ui/forms/submission.ts";

/** What the wishlist page's form does: save or remove a product (the hearts too), or put a choice in the cart. */
export const WISHLIST_INTENTS = ["add", "remove", "add-to-cart"] as const;
export type WishlistIntent = (typeof WISHLIST_INTENTS)[number];

export function isWishlistIntent(value: string): value is WishlistIntent {
  return (WISHLIST_INTENTS as readonly string[]).includes(value);
}

/** Spec section 8: a failure without a message of its own. */
export const FALLBACK_FAILURE = SOMETHING_WENT_WRONG;

/** The outcome of one submission, for its toast (or, without JavaScript, the note on the wishlist page). */
export interface WishlistResult {
  intent: WishlistIntent | "unknown";
  ok: boolean;
  message: string;
}
