import { type Context, Hono } from "hono";
import { operations } from "../../shared/contracts/operations.ts";
import { WISHLIST_MESSAGES } from "../../shared/wishlist-rules.ts";
import type { Authenticator } from "../account/auth.ts";
import type { ApiEnv } from "../api-env.ts";
import { route } from "../contract/route.ts";
import { isCrossSite } from "../cross-site.ts";
import { Forbidden } from "../errors.ts";
import { currentShopper, type ShopperCookies } from "../shopper.ts";
import type { WishlistService } from "./wishlist.service.ts";

export function wishlistRoutes(
  wishlists: WishlistService,
  auth: Authenticator,
  cookies: ShopperCookies,
  publicUrl: string,
): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  /**
   * Changes come only from the shop's own pages. The guest's cookie is SameSite=Lax, which keeps it off other
   * sites' POSTs in current browsers; this also covers a sibling origin of the same site and older browsers.
   */
  function refuseCrossSite(c: Context) {
    if (isCrossSite(c, publicUrl)) throw new Forbidden(WISHLIST_MESSAGES.crossSite);
  }

  route(routes, operations.getWishlist, async (c) =>
    wishlists.view((await currentShopper(c, auth, cookies)).wishlistOwner),
  );

  route(routes, operations.getWishlistIds, async (c) =>
    wishlists.ids((await currentShopper(c, auth, cookies)).wishlistOwner),
  );

  route(routes, operations.addToWishlist, async (c, { body }) => {
    refuseCrossSite(c);
    const shopper = await currentShopper(c, auth, cookies);
    return wishlists.add(cookies.wishlistOwnerForWrite(c, shopper), body);
  });

  route(routes, operations.removeFromWishlist, async (c, { body }) => {
    refuseCrossSite(c);
    const shopper = await currentShopper(c, auth, cookies);
    return wishlists.remove(shopper.wishlistOwner, body.id);
  });

  return routes;
}
