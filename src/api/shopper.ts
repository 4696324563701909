import type { Context } from "hono";
import {
  CART_COOKIE,
  type CookiePolicy,
  clearCookieHeader,
  readSignedCookie,
  setCookieHeader,
} from "../shared/cookies.server.ts";
import type { Authenticator, Identity } from "./account/auth.ts";
import type { CartOwner } from "./cart/cart.repository.ts";
import { hashSecret, newSecret } from "./secrets.ts";

export interface Shopper {
  identity: Identity | null;
  /** The cart this caller uses now, or null for a guest with no cart yet. */
  owner: CartOwner | null;
  guestKeyHash: string | undefined;
}

/** The guest-cart cookie as the API reads and writes it. */
export function shopperCookies(policy: CookiePolicy) {
  function guestKey(c: Context): string | undefined {
    const value = readSignedCookie(c.req.header("cookie"), CART_COOKIE, policy);
    return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
  }

  return {
    guestKey,
    /** The shopper's cart owner, creating a guest key (and its cookie, renewed for 30 days) when needed. */
    ownerForWrite(c: Context, shopper: Shopper): CartOwner {
      if (shopper.owner && "userId" in shopper.owner) return shopper.owner;
      const key = guestKey(c) ?? newSecret();
      c.header("Set-Cookie", setCookieHeader(CART_COOKIE, key, policy), { append: true });
      return { guestKeyHash: hashSecret(key) };
    },
    forgetGuestCart(c: Context) {
      c.header("Set-Cookie", clearCookieHeader(CART_COOKIE, policy), { append: true });
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
  const key = cookies.guestKey(c);
  const guestKeyHash = key ? hashSecret(key) : undefined;
  const owner: CartOwner | null = identity
    ? { userId: identity.user.id }
    : guestKeyHash
      ? { guestKeyHash }
      : null;
  return { identity, owner, guestKeyHash };
}
