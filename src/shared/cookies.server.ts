import { hasPurposeSignature, purposeSignature } from "./signatures.server.ts";

/**
 * Every cookie the shop sets, in one place: names, lifetimes, flags, the Secure decision and signing. The API
 * (guest cart and wishlist) and the storefront (session) both use it. Server-only: it signs with the shop's secret.
 *
 * Values are signed with the shop's secret (SESSION_SECRET, or the one it keeps: docs/decisions/0038), HMAC-SHA256
 * of `cookie:<name>:<value>`, so a cookie's signature is good for that cookie only, never for another cookie or a
 * token. A forged or mistyped value is refused before any database lookup, and changing the secret ends every
 * session, guest cart and guest wishlist at once (the operator's switch after a leak). The values themselves are
 * random 256-bit secrets that the database stores only hashed.
 */

export interface CookieDefinition {
  name: string;
  maxAgeSeconds: number;
}

const THIRTY_DAYS = 60 * 60 * 24 * 30;

/** The storefront keeps the API's bearer token here, httpOnly, out of reach of page scripts. */
export const SESSION_COOKIE: CookieDefinition = { name: "shop_session", maxAgeSeconds: THIRTY_DAYS };
/** Names a guest's server-side cart; holds nothing else. */
export const CART_COOKIE: CookieDefinition = { name: "cart_key", maxAgeSeconds: THIRTY_DAYS };
/**
 * Names a guest's server-side wishlist; holds nothing else. A cookie of its own rather than the cart's key, so
 * each lives exactly as long as its own last change (docs/decisions/0025-wishlist.md).
 */
export const WISHLIST_COOKIE: CookieDefinition = { name: "wishlist_key", maxAgeSeconds: THIRTY_DAYS };
/**
 * The storefront keeps the access tokens of the last few orders this browser placed as a guest, so their
 * confirmation page can show them (docs/decisions/0019-guest-orders-and-password-reset.md). One day: later, the
 * email and the order lookup serve, and a shared computer does not keep showing someone's address.
 */
export const ORDER_ACCESS_COOKIE: CookieDefinition = { name: "order_access", maxAgeSeconds: 60 * 60 * 24 };

/**
 * Cookies that say nothing about who sends them, so a page for a request carrying only these may be a page kept
 * for everyone (docs/decisions/0033-public-html-cache.md). None yet: every cookie the shop sets above is
 * personal (a session, a guest cart, a guest wishlist, access to guest orders), and a cookie the shop does not
 * know is not clearly public, so it counts as personal too. A cookie added here must change nothing a page shows.
 */
export const PUBLIC_COOKIE_NAMES: ReadonlySet<string> = new Set<string>();

/**
 * Whether a Cookie header holds any cookie that may make a page personal: any cookie not in
 * `PUBLIC_COOKIE_NAMES`, whether or not its value is valid (an expired or forged cart cookie is still rendered
 * for, so the page can clear it).
 */
export function hasPersonalCookies(header: string | null | undefined): boolean {
  if (!header) return false;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    const name = (separator < 0 ? part : part.slice(0, separator)).trim();
    if (name !== "" && !PUBLIC_COOKIE_NAMES.has(name)) return true;
  }
  return false;
}

export interface CookiePolicy {
  /** Secure flag: decided by configuration (an https PUBLIC_URL), never by a request header. */
  secure: boolean;
  secret: string;
}

export function cookiePolicy(config: { publicUrl: string; sessionSecret: string }): CookiePolicy {
  return { secure: config.publicUrl.startsWith("https://"), secret: config.sessionSecret };
}

const cookiePurpose = (cookie: CookieDefinition) => `cookie:${cookie.name}`;

function attributes(policy: CookiePolicy, maxAge: number): string {
  return `Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAge}${policy.secure ? "; Secure" : ""}`;
}

/** The Set-Cookie value that stores `value` (signed) for the cookie's lifetime. */
export function setCookieHeader(cookie: CookieDefinition, value: string, policy: CookiePolicy): string {
  const signed = `${value}.${purposeSignature(policy.secret, cookiePurpose(cookie), value)}`;
  return `${cookie.name}=${encodeURIComponent(signed)}; ${attributes(policy, cookie.maxAgeSeconds)}`;
}

/** The Set-Cookie value that removes the cookie. */
export function clearCookieHeader(cookie: CookieDefinition, policy: CookiePolicy): string {
  return `${cookie.name}=; ${attributes(policy, 0)}`;
}

/** One cookie's raw value from a Cookie header, or null. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

/** The cookie's value when its signature is right, else null (absent, forged, or signed with another secret). */
export function readSignedCookie(
  header: string | null | undefined,
  cookie: CookieDefinition,
  policy: CookiePolicy,
): string | null {
  const raw = readCookie(header, cookie.name);
  const dot = raw?.lastIndexOf(".") ?? -1;
  if (!raw || dot <= 0) return null;
  const value = raw.slice(0, dot);
  return hasPurposeSignature(policy.secret, cookiePurpose(cookie), value, raw.slice(dot + 1)) ? value : null;
}
