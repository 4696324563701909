/**
 * # How a storefront page is served
 *
 * Every request that no asset, image, health, crawler or API route took ends here, in one of four ways. In order:
 *
 * 1. **At Node's listener, from a kept page** (`kept-page-lane.ts`). Before Hono sees the request, the kept-page
 *    lane looks at it: a GET for a public page whose kept copy the host has already answered once is written
 *    straight to the socket, replaying the headers the host gave it (with this answer's own request id, CSP nonce,
 *    encoding and length), for a visitor with no personal cookie as it is, and for a shopper whose only cookies
 *    are the shop's own with their own in its slots, by the host's rules (`laneShoppers`: `private, no-store`,
 *    `X-Cache: splice`). Anything the lane is not sure about goes on to the host.
 * 2. **Through the host's middleware** (`../app.ts`: request id, client address, security headers, compression),
 *    then to `publicPages().serve` below, which classifies the request with the page table
 *    (`storefront/page-table.ts`, read through `pageCacheKey` and `isPrivatePage`):
 *    - a **public page for a visitor without a personal cookie** (GET/HEAD, known parameters only): served from
 *      the page cache (`page-cache.ts`, `X-Cache: hit`), or rendered once while others wait and kept
 *      (`X-Cache: miss`) when the render may be kept: a 200 HTML page that set no cookie and met no API failure;
 *    - a public page for a **shopper whose only cookies are the shop's own** (a guest's cart or wishlist, or a
 *      customer's session): the kept page with their own spliced into its slots (the header's cart, account menu
 *      and wishlist count, the hearts, a product's review gate, and the loader data behind them:
 *      `shopper-slots.ts`, `guest-cart.ts`; `X-Cache: splice`, `private, no-store`); a page nobody kept yet is
 *      first rendered as a visitor without cookies sees it, and kept;
 *    - **everything else** (staff, an unknown cookie, a POST, a personal page, an unknown parameter, a page without
 *      a slot the shopper needs): rendered for this shopper by React Router (`render.ts`), its loaders calling the
 *      API in-process.
 * 3. **`Cache-Control`** (`cache-control.ts`): a public page that could have been kept is
 *    `public, max-age=0, s-maxage=30`; a personal page, a shopper with a personal cookie, or an answer that set a
 *    cookie is `private, no-store`; every page varies on `Cookie` and `Accept-Encoding`.
 * 4. **The kept page's bytes** (`page-cache.ts`) are stored cut at the CSP nonce and at the shopper's slots, each
 *    part deflated in advance, so an answer stamps in its own nonce (and a shopper's own) and gzips without
 *    compressing the page again.
 *
 * The page cache is emptied on every catalogue change, on every instance (`../catalogue-changes.ts`), and pages
 * expire after a minute in any case. Decision records: 0033 (the cache, the splice, the lane), 0057 (signed-in
 * shoppers and wishlists), 0028 (the application script parked until the first interaction:
 * `storefront/lib/react-router-format.server.ts`, which also holds everything the shop assumes about React
 * Router's HTML).
 */
import type { RequestListener } from "node:http";
import type { Context, Handler, MiddlewareHandler } from "hono";
import { accountRepository } from "../../api/account/account.repository.ts";
import { clientAddress } from "../../api/account/auth.ts";
import { REQUEST_ID_HEADER } from "../../api/app.ts";
import { cookiePolicy, hasPersonalCookies } from "../../shared/cookies.server.ts";
import { isPrivatePage } from "../../storefront/lib/private-pages.ts";
import { chooseEncoding } from "../compression.ts";
import { publicRequest } from "../forwarded.ts";
import type { HostEnv } from "../host-env.ts";
import type { Platform } from "../platform.ts";
import {
  CACHE_STATUS_HEADER,
  PAGE_VARY,
  PER_RESPONSE,
  PERSONAL_CACHE_CONTROL,
  PUBLIC_PAGE_CACHE_CONTROL,
} from "./cache-control.ts";
import { type KeptPageLane, keptPageLane, type LaneShoppers, withKeptPageLane } from "./kept-page-lane.ts";
import {
  type CachedPage,
  cachedPage,
  gzipWithNonce,
  type PageFill,
  pageCacheKey,
  stampNonce,
} from "./page-cache.ts";
import { type Rendered, type RenderMeta, storefrontRenderer } from "./render.ts";
import {
  keptPageSlots,
  type ShopperCookies,
  shopperCookiesIn,
  shopperFill,
  shopperReader,
} from "./shopper-slots.ts";

export { CACHE_STATUS_HEADER, PERSONAL_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from "./cache-control.ts";
export { type KeptPageLane, keptPageLane } from "./kept-page-lane.ts";
export { createPageCache, type PageCache } from "./page-cache.ts";

export interface PublicPages {
  /** The host's outermost middleware when a lane is given: shows the lane each kept page's answer as it leaves. */
  recorder: MiddlewareHandler | undefined;
  /** The host's last route: every request for a page. */
  serve: Handler<HostEnv>;
}

/** The storefront's pages for the host: served from the page cache, spliced with a guest's cart, or rendered. */
export function publicPages(platform: Platform, options: { lane?: KeptPageLane } = {}): PublicPages {
  const { lane } = options;
  const pages = platform.pages;
  const policy = cookiePolicy(platform.config);
  const readShopper = shopperReader(accountRepository(platform.database.db), platform.services);
  const standing = platform.services.reviews.standingFor;
  const render = storefrontRenderer(platform);

  /**
   * A kept page as this request's answer: its own nonce stamped in, its own request id; gzipped without
   * compressing anything but `fill` when the client takes gzip (every browser does), as it is otherwise. With a
   * `fill` (a guest's cart in the page's slots) the answer is personal: `private, no-store`, `X-Cache: splice`.
   */
  function fromCache(
    page: CachedPage,
    status: "hit" | "miss" | "splice",
    c: Context<HostEnv>,
    meta: RenderMeta,
    fill?: PageFill,
  ) {
    const { id, nonce } = meta;
    lane?.answered(c, { page, nonce, personal: fill !== undefined });
    const headers = new Headers(page.headers);
    headers.set(REQUEST_ID_HEADER, id);
    headers.set("Cache-Control", fill ? PERSONAL_CACHE_CONTROL : PUBLIC_PAGE_CACHE_CONTROL);
    headers.set("Vary", PAGE_VARY);
    headers.set(CACHE_STATUS_HEADER, status);
    if (c.req.method === "HEAD") return new Response(null, { status: page.status, headers });
    const gzip = chooseEncoding(c.req.header("accept-encoding"), ["gzip"]) === "gzip";
    const body = gzip ? gzipWithNonce(page, nonce, fill) : stampNonce(page, nonce, fill);
    if (gzip) headers.set("Content-Encoding", "gzip");
    headers.set("Content-Length", String(body.byteLength));
    return new Response(body as Uint8Array<ArrayBuffer>, { status: page.status, headers });
  }

  /**
   * Renders the public page `key` (claimed in the cache: others wait for it) and keeps it when it may be kept:
   * a 200 HTML page that set no cookie and met no API failure. Returns the kept page, or the render's own answer.
   */
  async function renderToKeep(
    key: string,
    request: Request,
    cookieHeader: string | null,
    meta: RenderMeta,
  ): Promise<{ page: CachedPage; rendered?: never } | { page?: never; rendered: Rendered }> {
    const claim = pages.begin(key);
    let rendered: Rendered;
    try {
      rendered = await render(request, cookieHeader, meta);
    } catch (error) {
      claim.finish(null);
      throw error;
    }
    const { response, setCookies, degraded } = rendered;
    if (
      response.status === 200 &&
      setCookies.length === 0 &&
      !degraded &&
      response.headers.get("Content-Type")?.startsWith("text/html")
    ) {
      const headers: [string, string][] = [];
      response.headers.forEach((value, name) => {
        if (!PER_RESPONSE.has(name)) headers.push([name, value]);
      });
      const body = await response.text();
      const slots = await keptPageSlots(body);
      const page = cachedPage(response.status, headers, body, meta.nonce, slots.slots, slots.repeated);
      slots.keep(page);
      claim.finish(page, rendered.stockOf);
      return { page };
    }
    claim.finish(null);
    return { rendered };
  }

  /**
   * A kept page made stale by a stock change within the last `STALE_MS` (decision 0056) whose refresh nobody has
   * started: the refresh starts here, rendered as a visitor without cookies sees the page, and this request is
   * answered with the stale page without waiting for it (decision 0058). Undefined when there is no such page.
   */
  function staleWhileRefreshing(key: string, request: Request, meta: RenderMeta): CachedPage | undefined {
    const stale = pages.stale(key);
    if (!stale) return undefined;
    const anonymous = new Headers(request.headers);
    anonymous.delete("cookie");
    renderToKeep(key, new Request(request.url, { headers: anonymous }), null, meta).catch(
      (error: unknown) => {
        platform.logger.warn({ err: error, requestId: meta.id }, "a stale kept page was not refreshed");
      },
    );
    return stale;
  }

  /**
   * The kept page `key` with this shopper's own in its slots (decisions 0033, 0057), or null when that cannot be
   * the answer: the cookies name no shopper the splice serves (or reading them failed), the page is not one that
   * may be kept (a 404, a failure: rendered anonymously here for nothing, and the shopper's own render follows),
   * or the page lacks a slot this shopper needs. A page nobody kept yet is rendered as a visitor without cookies
   * sees it, and kept.
   */
  async function withShopper(
    key: string,
    cookies: ShopperCookies,
    request: Request,
    meta: RenderMeta,
  ): Promise<{ page: CachedPage; fill: PageFill } | null> {
    const shopper = readShopper(cookies).catch((error: unknown) => {
      platform.logger.warn({ err: error, requestId: meta.id }, "shopper not read for a kept page");
      return undefined;
    });
    let page = pages.get(key) ?? (await pages.pending(key)) ?? undefined;
    if (!page && request.method === "GET") page = staleWhileRefreshing(key, request, meta);
    if (!page && request.method === "GET") {
      const anonymous = new Headers(request.headers);
      anonymous.delete("cookie");
      const withoutCookies = new Request(request.url, { headers: anonymous });
      page = (await renderToKeep(key, withoutCookies, null, meta)).page;
    }
    const found = await shopper;
    if (!page || !found) return null;
    const fill = await shopperFill(page, found, new URL(request.url).pathname, standing).catch(
      (error: unknown) => {
        platform.logger.warn(
          { err: error, requestId: meta.id },
          "shopper's slots not filled for a kept page",
        );
        return undefined;
      },
    );
    return fill ? { page, fill } : null;
  }

  const serve: Handler<HostEnv> = async (c) => {
    const id = c.get("requestId");
    const meta: RenderMeta = { id, nonce: c.get("secureHeadersNonce"), address: clientAddress(c) };
    const cookieHeader = c.req.header("cookie") ?? null;
    const request = publicRequest(c.req.raw, platform.config.trustProxy);
    const url = new URL(request.url);
    const method = request.method;
    const personal = hasPersonalCookies(cookieHeader);
    const readable = method === "GET" || method === "HEAD";
    // A shopper with only the shop's own cookies (a cart, a wishlist, a session): a kept page with their own
    // spliced in (decisions 0033, 0057).
    const shopper =
      personal && readable && pages.enabled ? shopperCookiesIn(cookieHeader, policy) : undefined;
    // A page everyone without a personal cookie sees alike, keyed by origin, path and its known parameters.
    const path = readable && (!personal || shopper !== undefined) ? pageCacheKey(url) : null;
    const key = path === null ? null : `${url.origin}${path}`;

    let rendered: Rendered | undefined;
    if (key !== null && shopper !== undefined) {
      const spliced = await withShopper(key, shopper, request, meta);
      if (spliced) return fromCache(spliced.page, "splice", c, meta, spliced.fill);
    } else if (key !== null && pages.enabled) {
      const kept =
        pages.get(key) ??
        (await pages.pending(key)) ??
        (method === "GET" ? staleWhileRefreshing(key, request, meta) : undefined);
      if (kept) return fromCache(kept, "hit", c, meta);
      if (method === "GET") {
        const answer = await renderToKeep(key, request, cookieHeader, meta);
        if (answer.page) return fromCache(answer.page, "miss", c, meta);
        rendered = answer.rendered;
      }
    }
    rendered ??= await render(request, cookieHeader, meta);

    const { response, setCookies, degraded } = rendered;
    // Public: a page of the cache's (for a visitor without a personal cookie) that could have been kept.
    const publicPage =
      key !== null &&
      shopper === undefined &&
      response.status === 200 &&
      setCookies.length === 0 &&
      !degraded;
    const headers = new Headers(response.headers);
    headers.set(REQUEST_ID_HEADER, id);
    headers.set("Vary", PAGE_VARY);
    if (publicPage) {
      headers.set("Cache-Control", PUBLIC_PAGE_CACHE_CONTROL);
    } else if (isPrivatePage(url, cookieHeader) || personal || setCookies.length > 0) {
      headers.set("Cache-Control", PERSONAL_CACHE_CONTROL);
    }
    for (const cookie of setCookies) headers.append("set-cookie", cookie);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };

  return { recorder: lane?.recorder, serve };
}

/**
 * Node's request listener for the shop: the kept-page lane (step 1 above) for `platform`'s kept pages, then
 * `host` for everything it leaves. `lane` is the one the host was built with (`publicPages`).
 */
export function pageListener(platform: Platform, lane: KeptPageLane, host: RequestListener): RequestListener {
  const onError = (error: unknown) => platform.logger.error({ err: error }, "kept-page lane failed");
  return withKeptPageLane(lane, host, onError);
}

/** The kept-page lane for `platform`'s page cache. */
export function platformLane(platform: Platform): KeptPageLane {
  return keptPageLane({
    pages: platform.pages,
    trustProxy: platform.config.trustProxy,
    shoppers: laneShoppers(platform),
  });
}

/**
 * A shopper's page in the lane, by the host's own rules (`withShopper` below): the same cookies, the same reading,
 * the same fill; anything else (a shopper the splice does not serve, a failure) is the host's to answer.
 */
function laneShoppers(platform: Platform): LaneShoppers<ShopperCookies> {
  const policy = cookiePolicy(platform.config);
  const readShopper = shopperReader(accountRepository(platform.database.db), platform.services);
  const standing = platform.services.reviews.standingFor;
  return {
    cookiesIn: (header) => shopperCookiesIn(header, policy),
    async fill(cookies, page, pathname) {
      const shopper = await readShopper(cookies).catch(() => undefined);
      return shopper && shopperFill(page, shopper, pathname, standing).catch(() => undefined);
    },
  };
}
