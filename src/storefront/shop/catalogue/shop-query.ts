/**
 * The shop's URL is its state: `/shop/:category?` plus the query (color, size, tag, search, sort, page, type).
 * These helpers build the links for filters, sorting and pages, so every state is a shareable URL and works as
 * a plain link before JavaScript. Pure string code, safe in the browser.
 */

export type FilterKey = "color" | "size" | "tag" | "search" | "sort" | "type";

/** The query keys the shop understands, in the order they appear in URLs it builds. */
export const SHOP_QUERY_KEYS = ["search", "type", "color", "size", "tag", "sort", "page"] as const;

export const SORT_OPTIONS = [
  { value: "default", label: "Default" },
  { value: "low2high", label: "Price - Low to High" },
  { value: "high2low", label: "Price - High to Low" },
] as const;

/** `/shop` or `/shop/<category>` with the query, without empty values. */
export function shopHref(category: string | undefined, query: URLSearchParams): string {
  const path = category ? `/shop/${encodeURIComponent(category)}` : "/shop";
  const kept = new URLSearchParams();
  for (const key of SHOP_QUERY_KEYS) {
    const value = query.get(key);
    if (value !== null && value.trim() !== "") kept.set(key, value);
  }
  const search = kept.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The query after one filter changes: `value` null (or the "default" sort) removes the filter. Every filter change
 * starts again at page 1, so `page` is dropped.
 */
export function withFilter(query: URLSearchParams, key: FilterKey, value: string | null): URLSearchParams {
  const next = new URLSearchParams(query);
  next.delete("page");
  if (value === null || value.trim() === "" || (key === "sort" && value === "default")) next.delete(key);
  else next.set(key, value);
  return next;
}

/** The same query without its page (for a category change, which is a filter change too). */
export function withoutPage(query: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(query);
  next.delete("page");
  return next;
}

/**
 * The canonical URL of a shop listing: the shop or category with its page (from 2), without sort, search or
 * filters, so every filtered or sorted view points search engines at the plain listing it narrows
 * (docs/decisions/0020-product-defaults-crawlers-first-start.md).
 */
export function canonicalShopUrl(origin: string, category: string | undefined, page: unknown): string {
  const path = category ? `/shop/${encodeURIComponent(category)}` : "/shop";
  return typeof page === "number" && page > 1 ? `${origin}${path}?page=${page}` : `${origin}${path}`;
}
