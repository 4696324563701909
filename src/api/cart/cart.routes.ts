import { type Context, Hono } from "hono";
import { COUPON_MESSAGES } from "../../shared/contracts/coupons.ts";
import { operations } from "../../shared/contracts/operations.ts";
import type { Authenticator } from "../account/auth.ts";
import type { ApiEnv } from "../api-env.ts";
import { route } from "../contract/route.ts";
import { isCrossSite } from "../cross-site.ts";
import { Forbidden } from "../errors.ts";
import { currentShopper, type ShopperCookies } from "../shopper.ts";
import { ADDED_MESSAGE, type CartService, REMOVED_MESSAGE } from "./cart.service.ts";

export function cartRoutes(
  carts: CartService,
  auth: Authenticator,
  cookies: ShopperCookies,
  publicUrl: string,
): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  route(routes, operations.getCart, async (c) => carts.view((await currentShopper(c, auth, cookies)).owner));

  route(routes, operations.addToCart, async (c, { body }) => {
    const shopper = await currentShopper(c, auth, cookies);
    const cart = await carts.add(cookies.ownerForWrite(c, shopper), body);
    return { message: ADDED_MESSAGE, ...cart };
  });

  route(routes, operations.removeFromCart, async (c, { body }) => {
    const shopper = await currentShopper(c, auth, cookies);
    return { message: REMOVED_MESSAGE, ...(await carts.remove(shopper.owner, body.id)) };
  });

  async function clear(c: Context) {
    const shopper = await currentShopper(c, auth, cookies);
    return { message: "Your cart is now empty.", ...(await carts.clear(shopper.owner)) };
  }

  route(routes, operations.clearCart, clear);
  // The spec's GET changes state, so a link or image on another site could empty a shopper's cart; browsers
  // say where a request comes from, and such a GET is refused (docs/decisions/0016).
  route(routes, operations.clearCartViaGet, (c) => {
    if (isCrossSite(c, publicUrl)) {
      throw new Forbidden("The cart can only be emptied from this shop. Send POST /api/cart/clear.");
    }
    return clear(c);
  });

  route(routes, operations.updateCart, async (c, { body }) => {
    const shopper = await currentShopper(c, auth, cookies);
    return { message: "Your cart has been updated.", ...(await carts.update(shopper.owner, body)) };
  });

  route(routes, operations.applyCoupon, async (c, { body }) => {
    const shopper = await currentShopper(c, auth, cookies);
    const cart = await carts.applyCoupon(shopper.owner, body.code);
    return {
      message: COUPON_MESSAGES.applied(cart.summary.coupon?.code ?? body.code.toUpperCase()),
      ...cart,
    };
  });

  route(routes, operations.removeCoupon, async (c) => {
    const shopper = await currentShopper(c, auth, cookies);
    return { message: COUPON_MESSAGES.removed, ...(await carts.removeCoupon(shopper.owner)) };
  });

  return routes;
}
