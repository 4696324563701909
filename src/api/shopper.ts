import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { Authenticator, Identity } from "./account/auth.ts";
import type { CartOwner } from "./cart/cart.repository.ts";
import { hashSecret, newSecret } from "./secrets.ts";

/** The guest cart's cookie: it names a server-side cart and holds nothing else. */
export const CART_COOKIE = "cart_key";
const CART_COOKIE_MAX_AGE = 60 * 60 * 24 * 30;

function guestKey(c: Context): string | undefined {
  const value = getCookie(c, CART_COOKIE);
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

export interface Shopper {
  identity: Identity | null;
  /** The cart this caller uses now, or null for a guest with no cart yet. */
  owner: CartOwner | null;
  guestKeyHash: string | undefined;
}

export async function currentShopper(c: Context, auth: Authenticator): Promise<Shopper> {
  const identity = await auth.optionalIdentity(c);
  const key = guestKey(c);
  const guestKeyHash = key ? hashSecret(key) : undefined;
  const owner: CartOwner | null = identity
    ? { userId: identity.user.id }
    : guestKeyHash
      ? { guestKeyHash }
      : null;
  return { identity, owner, guestKeyHash };
}

/** The shopper's cart owner, creating a guest key (and its cookie, renewed for 30 days) when needed. */
export function ownerForWrite(c: Context, shopper: Shopper, secure: boolean): CartOwner {
  if (shopper.owner && "userId" in shopper.owner) return shopper.owner;
  const key = guestKey(c) ?? newSecret();
  setCookie(c, CART_COOKIE, key, {
    path: "/",
    httpOnly: true,
    sameSite: "Lax",
    secure,
    maxAge: CART_COOKIE_MAX_AGE,
  });
  return { guestKeyHash: hashSecret(key) };
}

export function forgetGuestCart(c: Context, secure: boolean) {
  deleteCookie(c, CART_COOKIE, { path: "/", secure });
}
