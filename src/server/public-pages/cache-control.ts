/**
 * A public page (docs/decisions/0033-public-html-cache.md): a shared cache (a CDN, the reverse proxy) may keep it
 * for 30 s, which is how late a price change can reach a shopper through one (the shop's own cache is dropped at
 * once); a browser asks again every time, so reload and back always show today's page.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=30";
/** A page about one shopper, or for a shopper with a personal cookie: no cache may keep it. */
export const PERSONAL_CACHE_CONTROL = "private, no-store";
/** Pages differ by cookie (a cart, a session) and by encoding: a shared cache must keep them apart. */
export const PAGE_VARY = "Cookie, Accept-Encoding";
/** Says whether a public page came from the page cache (`hit`), was rendered (`miss`) or spliced (`splice`). */
export const CACHE_STATUS_HEADER = "X-Cache";
/** Headers of a rendered page that belong to one response, never to a kept page. */
export const PER_RESPONSE = new Set([
  "set-cookie",
  "x-request-id",
  "cache-control",
  "vary",
  "content-length",
  "content-encoding",
]);
