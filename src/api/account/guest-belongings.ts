import type { Context } from "hono";
import type { CartService } from "../cart/cart.service.ts";
import type { Shopper, ShopperCookies } from "../shopper.ts";
import type { WishlistService } from "../wishlist/wishlist.service.ts";

/**
 * What a guest kept before signing in (login, register, a password reset) moves into the account: the cart
 * merges into the user's cart and the wishlist into the user's wishlist, and the guest cookies that named them
 * are cleared.
 */
export function guestBelongings(carts: CartService, wishlists: WishlistService, cookies: ShopperCookies) {
  return async function moveIntoAccount(c: Context, shopper: Shopper, userId: number): Promise<void> {
    if (shopper.guestKeyHash) {
      await carts.mergeGuestCart(shopper.guestKeyHash, userId);
      cookies.forgetGuestCart(c);
    }
    if (shopper.wishlistKeyHash) {
      await wishlists.mergeGuestWishlist(shopper.wishlistKeyHash, userId);
      cookies.forgetGuestWishlist(c);
    }
  };
}

export type MoveIntoAccount = ReturnType<typeof guestBelongings>;
