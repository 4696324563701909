import type { Context } from "hono";
import {
  CART_COOKIE,
  type CookieDefinition,
  type CookiePolicy,
  clearCookieHeader,
  readSignedCookie,
  setCookieHeader,
  WISHLIST_COOKIE,
} from "../shared/cookies.server.ts";
import type { Authenticator, Identity } from "./account/auth.ts";
import type { Owner } from "./owned-rows.repository.ts";
import { hashSecret, newSecret } from "./secrets.ts";

export interface Shopper {
  identity: Identity | null;
  /** The cart this caller uses now, or null for a guest with no cart yet. */
  owner: Owner | null;
  guestKeyHash: string | undefined;
  /** The wishlist this caller uses now, or null for a guest with no wishlist yet. */
  wishlistOwner: Owner | null;
  wishlistKeyHash: string | undefined;
}

/**
 * The guest key a Cookie header names in `cookie` (the guest cart's or wishlist's), when it is well signed and
 * well formed; undefined otherwise (absent, forged, or signed with another secret).
 */
export function guestKeyIn(
  header: string | null | undefined,
  cookie: CookieDefinition,
  policy: CookiePolicy,
): string | undefined {
  const value = readSignedCookie(header, cookie, policy);
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

/** The guest-cart and guest-wishlist cookies as the API reads and writes them. */
export function shopperCookies(policy: CookiePolicy) {
  function keyIn(c: Context, cookie: CookieDefinition): string | undefined {
    return guestKeyIn(c.req.header("cookie"), cookie, policy);
  }

  /** A user's own, or the guest's named by `cookie`, creating the key (and renewing the cookie for 30 days). */
  function ownerForWrite(c: Context, shopper: Shopper, cookie: CookieDefinition): Owner {
    if (shopper.identity) return { userId: shopper.identity.user.id };
    const key = keyIn(c, cookie) ?? newSecret();
    c.header("Set-Cookie", setCookieHeader(cookie, key, policy), { append: true });
    return { guestKeyHash: hashSecret(key) };
  }

  return {
    guestKey: (c: Context) => keyIn(c, CART_COOKIE),
    wishlistKey: (c: Context) => keyIn(c, WISHLIST_COOKIE),
    /** The shopper's cart owner, creating a guest key (and its cookie, renewed for 30 days) when needed. */
    ownerForWrite: (c: Context, shopper: Shopper) => ownerForWrite(c, shopper, CART_COOKIE),
    /** The shopper's wishlist owner, likewise with the wishlist's own cookie. */
    wishlistOwnerForWrite: (c: Context, shopper: Shopper) => ownerForWrite(c, shopper, WISHLIST_COOKIE),
    forgetGuestCart(c: Context) {
      c.header("Set-Cookie", clearCookieHeader(CART_COOKIE, policy), { append: true });
    },
    forgetGuestWishlist(c: Context) {
      c.header("Set-Cookie", clearCookieHeader(WISHLIST_COOKIE, policy), { append: true });
    },
  };
}

export type ShopperCookies = ReturnType<typeof shopperCookies>;

export async function currentShopper(
  c: Context,
  auth: Authenticator,
  cookies: ShopperCookies,
): Promise<Shopper> {
  const identity = await auth.optionalIdentity(c);
  const cartKey = cookies.guestKey(c);
  const wishlistKey = cookies.wishlistKey(c);
  const guestKeyHash = cartKey ? hashSecret(cartKey) : undefined;
  const wishlistKeyHash = wishlistKey ? hashSecret(wishlistKey) : undefined;
  const ownerOf = (hash: string | undefined): Owner | null =>
    identity ? { userId: identity.user.id } : hash ? { guestKeyHash: hash } : null;
  return {
    identity,
    owner: ownerOf(guestKeyHash),
    guestKeyHash,
    wishlistOwner: ownerOf(wishlistKeyHash),
    wishlistKeyHash,
  };
}
