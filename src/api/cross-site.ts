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
