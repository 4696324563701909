import { CART_COOKIE, SESSION_COOKIE, WISHLIST_COOKIE } from "../../shared/cookies.server.ts";

/**
 * Pages about one shopper: their cart, checkout, order, account, and the sign-in pages they pass through; and
 * the back office, which shows everyone's.
 */
const PERSONAL_PAGES = [
  /^\/cart\/?$/,
  /^\/checkout\/?$/,
  /^\/order-success\/?$/,
  /^\/user-(login|register|dashboard)\/?$/,
  /^\/my-account\/?$/,
  /^\/account(\/|$)/,
  /^\/logout\/?$/,
  /^\/wishlist\/?$/,
  /^\/admin(\/|$)/,
];

/**
 * Whether a page answer (a document, or the `.data` a client navigation loads) may show one person's data, so
 * that no cache, shared or the browser's, may keep it: the personal pages always, and every page for a shopper
 * with a session, a guest cart or a guest wishlist, since the header shows their name, their cart and their
 * wishlist (and the hearts on product cards show what they saved).
 */
export function isPrivatePage(url: URL, cookieHeader: string | null): boolean {
  const path = url.pathname.replace(/\.data$/, "");
  if (PERSONAL_PAGES.some((page) => page.test(path))) return true;
  const names = (cookieHeader ?? "").split(";").map((pair) => pair.split("=")[0]?.trim());
  return [SESSION_COOKIE, CART_COOKIE, WISHLIST_COOKIE].some((cookie) => names.includes(cookie.name));
}
