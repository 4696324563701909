import type { Cart } from "../../../shared/contracts/cart.ts";

/**
 * The shopper's cart as the root loader hands it to the page: the cart's JSON text, one opaque string (`"null"`
 * when the cart could not be loaded). React Router serializes loader data with turbo-stream, which spreads an
 * object over a shared table of values (so one cart's encoding depends on the rest of the page); a single string
 * lands in one place, escaped in a known way, so the host can serve a kept public page to a guest with a cart by
 * splicing this guest's cart text in where the kept page has the empty cart's (docs/decisions/0033, "A guest
 * with a cart").
 */
export type CartData = string;

/** The cart's text for the loader data: the API's answer as the API sent it. */
export function cartData(cart: Cart | null): CartData {
  return JSON.stringify(cart);
}

let last: { data: CartData; cart: Cart | null } | undefined;

/**
 * The cart back from its text, parsed once per text: every render of the header between two revalidations
 * reads the same string, so it gets the same object.
 */
export function readCart(data: CartData): Cart | null {
  if (last?.data !== data) last = { data, cart: JSON.parse(data) as Cart | null };
  return last.cart;
}
