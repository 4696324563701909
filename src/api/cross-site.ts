import type { Context } from "hono";

/**
 * Whether a browser sent this request from another site: it says so (`Sec-Fetch-Site: cross-site`), or its
 * `Origin` is neither the shop's public address nor the address the request came to. Requests with neither
 * header (other servers, scripts, the storefront's in-process calls) are not cross-site.
 */
export function isCrossSite(c: Context, publicUrl: string): boolean {
  if (c.req.header("sec-fetch-site")?.toLowerCase() === "cross-site") return true;
  const origin = c.req.header("origin");
  if (origin === undefined) return false;
  return origin !== new URL(publicUrl).origin && origin !== new URL(c.req.url).origin;
}

/**
 * Stricter than `isCrossSite`, for writes the back office takes on the session cookie: the browser must say the
 * request comes from the shop's own origin (`Sec-Fetch-Site: same-origin`, or `none` for one the user typed), and
 * an `Origin` it sends must be the shop's. A sibling subdomain ("same-site") is refused too. Requests with neither
 * header are not a browser's.
 */
export function isSameOrigin(c: Context, publicUrl: string): boolean {
  const site = c.req.header("sec-fetch-site")?.toLowerCase();
  if (site !== undefined && site !== "same-origin" && site !== "none") return false;
  const origin = c.req.header("origin");
  if (origin === undefined) return true;
  return origin === new URL(publicUrl).origin || origin === new URL(c.req.url).origin;
}
