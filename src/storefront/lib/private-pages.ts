import { CART_COOKIE, SESSION_COOKIE, WISHLIST_COOKIE } from "../../shared/cookies.server.ts";
import { PAGE_RULES, type PageRules } from "../page-table.ts";

/**
 * Whether a page answer (a document, or the `.data` a client navigation loads) may show one person's data, so
 * that no cache, shared or the browser's, may keep it: the personal pages of the page table always, and every page for a shopper
 * with a session, a guest cart or a guest wishlist, since the header shows their name, their cart and their
 * wishlist (and the hearts on product cards show what they saved).
 */
export function isPrivatePage(url: URL, cookieHeader: string | null, rules: PageRules = PAGE_RULES): boolean {
  if (rules.isPersonal(url.pathname)) return true;
  const names = (cookieHeader ?? "").split(";").map((pair) => pair.split("=")[0]?.trim());
  return [SESSION_COOKIE, CART_COOKIE, WISHLIST_COOKIE].some((cookie) => names.includes(cookie.name));
}
