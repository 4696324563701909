import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { EMPTY_CART } from "../../api/cart/cart.service.ts";
import type { Cart } from "../../shared/contracts/cart.ts";
import { inHydrationScript } from "../../storefront/lib/react-router-format.server.ts";
import { cartData } from "../../storefront/shop/layout/cart-data.ts";
import { MiniCart } from "../../storefront/shop/layout/mini-cart.tsx";
import { remembered } from "./remembered.ts";

/**
 * A kept public page for a guest with a cart (docs/decisions/0033-public-html-cache.md, "A guest with a cart"):
 * everything a public page shows of the cart is in two slots, which the host fills with this guest's cart
 * instead of rendering the whole page for them:
 *
 * - `mini-cart`: the header's cart (its count badge, the "Cart, n items" label, the dropdown's lines, total and
 *   empty state), rendered here by the header's own component, alone;
 * - `cart-data`: the root loader's `cart` (the cart's JSON text, `storefront/shop/layout/cart-data.ts`) as it sits in
 *   the page's hydration script, escaped as React Router escapes it, so the page hydrates with this cart.
 *
 * A kept page is rendered for a visitor without cookies, whose cart is the empty one: its slots hold the empty
 * cart's text, found in the page when it is kept (`cachedPage`). Which requests get them, and the shopper's other
 * slots: `shopper-slots.ts`.
 */
const ignore = () => {};

/** The mini cart's markup for `cart`, as the header renders it on the server (closed, as every render has it). */
export function miniCartMarkup(cart: Cart): string {
  return renderToString(
    createElement(
      StaticRouter,
      { location: "/" },
      createElement(MiniCart, { cart, open: false, onToggle: ignore }),
    ),
  );
}

/** The mini cart's markup kept by the cart's text (everything it shows is in it: `remembered.ts`). */
const rememberedMiniCart = remembered(
  ({ cart }: { cart: Cart; text: string }) => miniCartMarkup(cart),
  ({ text }) => text,
);

/** What a page shows in its cart slots for `cart`. */
export function cartSlots(cart: Cart): Map<string, string> {
  const text = cartData(cart);
  return new Map([
    ["mini-cart", rememberedMiniCart({ cart, text })],
    ["cart-data", inHydrationScript(text)],
  ]);
}

let anonymous: Map<string, string> | undefined;

/** The slots of a page rendered for a visitor without cookies: the API's empty cart. */
export function anonymousCartSlots(): Map<string, string> {
  anonymous ??= cartSlots(EMPTY_CART);
  return anonymous;
}
