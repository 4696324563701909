import fs from "node:fs";
import type { RequestListener } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { type RequestIdVariables, requestId } from "hono/request-id";
import type { SecureHeadersVariables } from "hono/secure-headers";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { CLIENT_ADDRESS, clientAddress } from "../api/account/auth.ts";
import { REQUEST_ID_HEADER } from "../api/app.ts";
import { cookiePolicy, hasPersonalCookies } from "../shared/cookies.server.ts";
import { apiContext, siteContext } from "../storefront/lib/api.server.ts";
import { createApiClient } from "../storefront/lib/api-client.server.ts";
import { cspNonceContext } from "../storefront/lib/csp-nonce.ts";
import { isPrivatePage } from "../storefront/lib/private-pages.ts";
import { requestLogContext } from "../storefront/lib/request-log.server.ts";
import { avifPhotos } from "./avif-photos.ts";
import { storefrontBodyLimit } from "./body-limit.ts";
import { chooseEncoding, compression } from "./compression.ts";
import { crawlerRoutes } from "./crawlers.ts";
import { clientAddressResolver, publicRequest } from "./forwarded.ts";
import {
  anonymousCartSlots,
  CART_SLOTS,
  cartSlots,
  guestCarts,
  onlyGuestCartKey,
} from "./guest-cart-pages.ts";
import { type KeptPageLane, keptPageLane, withKeptPageLane } from "./kept-page-lane.ts";
import { createLifecycle, healthRoutes, type Lifecycle } from "./lifecycle.ts";
import {
  type CachedPage,
  cachedPage,
  gzipWithNonce,
  hasSlots,
  type PageFill,
  pageCacheKey,
  stampNonce,
} from "./page-cache.ts";
import { type Platform, startPlatform } from "./platform.ts";
import { securityHeaders } from "./security-headers.ts";

export { createLifecycle, gracefulShutdown } from "./lifecycle.ts";
export type { Platform };
export { startPlatform };

const IMMUTABLE = "public, max-age=31536000, immutable";
/**
 * A public page (docs/decisions/0033-public-html-cache.md): a shared cache (a CDN, the reverse proxy) may keep it
 * for 30 s, which is how late a price change can reach a shopper through one (the shop's own cache is dropped at
 * once); a browser asks again every time, so reload and back always show today's page.
 */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=30";
export const PERSONAL_CACHE_CONTROL = "private, no-store";
/** Pages differ by cookie (a cart, a session) and by encoding: a shared cache must keep them apart. */
const PAGE_VARY = "Cookie, Accept-Encoding";
/** Says whether a public page came from the page cache (`hit`) or was rendered (`miss`). */
export const CACHE_STATUS_HEADER = "X-Cache";
/** Headers of a rendered page that belong to one response, never to a kept page. */
const PER_RESPONSE = new Set([
  "set-cookie",
  "x-request-id",
  "cache-control",
  "vary",
  "content-length",
  "content-encoding",
]);

export interface HostOptions {
  clientDir?: string;
  lifecycle?: Lifecycle;
  /**
   * Shown every answer from a kept page, to answer the next requests for it itself (`createHostListener`, which
   * makes one for the platform unless given one).
   */
  lane?: KeptPageLane;
}

/**
 * The host as Node's request listener (what server.ts serves): kept public pages from the kept-page lane once the
 * host has answered them (docs/decisions/0033, "The kept-page lane"), every other request through the host.
 */
export function createHostListener(
  platform: Platform,
  options: HostOptions = {},
): { host: ReturnType<typeof createHost>; listener: RequestListener } {
  const lane =
    options.lane ?? keptPageLane({ pages: platform.pages, trustProxy: platform.config.trustProxy });
  const host = createHost(platform, { ...options, lane });
  const onError = (error: unknown) => platform.logger.error({ err: error }, "kept-page lane failed");
  return { host, listener: withKeptPageLane(lane, getRequestListener(host.fetch), onError) };
}

/**
 * The HTTP host: one Hono app that serves built assets and images, the commerce API under /api, and the
 * server-rendered storefront for every other path.
 */
export function createHost(
  platform: Platform,
  options: HostOptions = {},
): Hono<{ Variables: RequestIdVariables & SecureHeadersVariables }> {
  const host = new Hono<{ Variables: RequestIdVariables & SecureHeadersVariables }>();
  const mode = platform.config.env === "production" ? "production" : "development";
  // Given a function, React Router rebuilds its route tables on every request; given the build, once. In
  // development server.ts creates a fresh host (and so a fresh build) for every request anyway.
  let handleRequest: ReturnType<typeof createRequestHandler> | undefined;
  const storefront = async () =>
    (handleRequest ??= createRequestHandler(await import("virtual:react-router/server-build"), mode));

  const policy = cookiePolicy(platform.config);

  // Outermost: it reads each kept page's answer after every other middleware has set its headers.
  if (options.lane) host.use(options.lane.recorder);
  host.use(requestId({ headerName: REQUEST_ID_HEADER, limitLength: 64 }));
  host.use(clientAddressResolver(platform.config.trustProxy));
  host.use(securityHeaders(mode));
  host.use(compression());

  // Product photos as AVIF for browsers that take it, at the same address (decision 0034).
  host.use("/images/*", avifPhotos({ imagesDir: platform.config.imagesDir, logger: platform.logger }));
  host.use(
    "/images/*",
    serveStatic({
      root: platform.config.imagesDir,
      rewriteRequestPath: (path) => path.replace(/^\/images/, ""),
      onFound: (_path, c) => {
        c.header("Cache-Control", IMMUTABLE);
      },
    }),
  );
  host.get("/images/*", (c) => c.json({ message: "Not found." }, 404));

  if (options.clientDir) {
    host.use(
      "/assets/*",
      serveStatic({
        root: options.clientDir,
        onFound: (_path, c) => {
          c.header("Cache-Control", IMMUTABLE);
        },
      }),
    );
    // A build's file that is not there (an old page asking for a chunk of the build before) is a short 404, not a
    // page: the browser asked for a script or a style sheet.
    host.get("/assets/*", (c) => c.json({ message: "Not found." }, 404));
    // The other files at the top of the client build (favicon, service worker, ...) get a route each, so the
    // API and the pages are not preceded by a file-system lookup on every request.
    const topLevel = fs.existsSync(options.clientDir)
      ? fs.readdirSync(options.clientDir, { withFileTypes: true })
      : [];
    for (const entry of topLevel) {
      if (entry.name === "assets") continue;
      host.use(
        entry.isDirectory() ? `/${entry.name}/*` : `/${entry.name}`,
        serveStatic({
          root: options.clientDir,
          onFound: (_path, c) => {
            c.header("Cache-Control", "public, max-age=3600");
          },
        }),
      );
    }
  }

  host.route("/", healthRoutes(platform, options.lifecycle ?? createLifecycle()));
  host.route("/", crawlerRoutes(platform.database.db, { publicUrl: platform.config.publicUrl }));
  host.route("/", platform.api);

  const pages = platform.pages;
  const guestCart = guestCarts(platform.database);

  /**
   * A kept page as this request's answer: its own nonce stamped in, its own request id; gzipped without
   * compressing anything but `fill` when the client takes gzip (every browser does), as it is otherwise. With a
   * `fill` (a guest's cart in the page's slots) the answer is personal: `private, no-store`, `X-Cache: splice`.
   */
  function fromCache(
    page: CachedPage,
    status: "hit" | "miss" | "splice",
    c: Context,
    id: string,
    nonce: string | undefined,
    fill?: PageFill,
  ) {
    options.lane?.answered(c, { page, nonce, personal: fill !== undefined });
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

  /** One storefront render of `request` for a shopper whose cookies are `cookieHeader`. */
  async function render(
    request: Request,
    cookieHeader: string | null,
    meta: { id: string; nonce: string | undefined; address: string | undefined },
  ) {
    const setCookies: string[] = [];
    // A page whose data the API could not give (a 5xx, or no answer) shows a notice instead: never kept.
    let degraded = false;
    const context = new RouterContextProvider();
    context.set(siteContext, { publicUrl: platform.config.publicUrl });
    context.set(requestLogContext, platform.logger.child({ requestId: meta.id }));
    context.set(cspNonceContext, meta.nonce);
    context.set(
      apiContext,
      createApiClient({
        // In-process: the API app answers the Request directly, no network hop. The shopper's address (for
        // rate limits) rides in the env, which no request header can reach.
        fetch: async (apiRequest) => {
          try {
            const answer = await platform.api.request(apiRequest, undefined, {
              [CLIENT_ADDRESS]: meta.address,
            });
            if (answer.status >= 500) degraded = true;
            return answer;
          } catch (error) {
            degraded = true;
            throw error;
          }
        },
        cookieHeader,
        policy,
        setCookies,
        // The API logs by request id; in-process calls carry it.
        headers: { [REQUEST_ID_HEADER]: meta.id },
      }),
    );
    const response = await (await storefront())(request, context);
    return { response, setCookies, degraded };
  }

  /**
   * Renders the public page `key` (claimed in the cache: others wait for it) and keeps it when it may be kept:
   * a 200 HTML page that set no cookie and met no API failure. Returns the kept page, or the render's own answer.
   */
  async function renderToKeep(
    key: string,
    request: Request,
    cookieHeader: string | null,
    meta: { id: string; nonce: string | undefined; address: string | undefined },
  ) {
    const claim = pages.begin(key);
    let rendered: Awaited<ReturnType<typeof render>>;
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
      const page = cachedPage(
        response.status,
        headers,
        await response.text(),
        meta.nonce,
        anonymousCartSlots(),
      );
      claim.finish(page);
      return { page };
    }
    claim.finish(null);
    return { rendered };
  }

  /**
   * The kept page `key` with this guest's cart in its slots, or null when that cannot be the answer: the key
   * names no cart (or reading it failed), the page is not one that may be kept (a 404, a failure: rendered
   * anonymously here for nothing, and the guest's own render follows), or the page lacks the slots. A page
   * nobody kept yet is rendered as a visitor without cookies sees it, and kept.
   */
  async function withGuestCart(
    key: string,
    cartKey: string,
    request: Request,
    meta: { id: string; nonce: string | undefined; address: string | undefined },
  ): Promise<{ page: CachedPage; fill: PageFill } | null> {
    const cart = guestCart(cartKey).catch((error: unknown) => {
      platform.logger.warn({ err: error, requestId: meta.id }, "guest cart not read for a kept page");
      return undefined;
    });
    let page = pages.get(key) ?? (await pages.pending(key)) ?? undefined;
    if (!page && request.method === "GET") {
      const anonymous = new Headers(request.headers);
      anonymous.delete("cookie");
      const withoutCookies = new Request(request.url, { headers: anonymous });
      page = (await renderToKeep(key, withoutCookies, null, meta)).page;
    }
    const found = await cart;
    if (!page || !found || !hasSlots(page, CART_SLOTS)) return null;
    return { page, fill: cartSlots(found) };
  }

  host.all("*", storefrontBodyLimit(), async (c) => {
    const id = c.get("requestId");
    const nonce = c.get("secureHeadersNonce");
    const meta = { id, nonce, address: clientAddress(c) };
    const cookieHeader = c.req.header("cookie") ?? null;
    const request = publicRequest(c.req.raw, platform.config.trustProxy);
    const url = new URL(request.url);
    const method = request.method;
    const personal = hasPersonalCookies(cookieHeader);
    const readable = method === "GET" || method === "HEAD";
    // A guest whose only cookie is their cart's: a kept page with their cart spliced in (decision 0033).
    const cartKey =
      personal && readable && pages.enabled ? onlyGuestCartKey(cookieHeader, policy) : undefined;
    // A page everyone without a personal cookie sees alike, keyed by origin, path and its known parameters.
    const path = readable && (!personal || cartKey !== undefined) ? pageCacheKey(url) : null;
    const key = path === null ? null : `${url.origin}${path}`;

    let rendered: Awaited<ReturnType<typeof render>> | undefined;
    if (key !== null && cartKey !== undefined) {
      const spliced = await withGuestCart(key, cartKey, request, meta);
      if (spliced) return fromCache(spliced.page, "splice", c, id, nonce, spliced.fill);
    } else if (key !== null && pages.enabled) {
      const kept = pages.get(key) ?? (await pages.pending(key));
      if (kept) return fromCache(kept, "hit", c, id, nonce);
      if (method === "GET") {
        const answer = await renderToKeep(key, request, cookieHeader, meta);
        if (answer.page) return fromCache(answer.page, "miss", c, id, nonce);
        rendered = answer.rendered;
      }
    }
    rendered ??= await render(request, cookieHeader, meta);

    const { response, setCookies, degraded } = rendered;
    // Public: a page of the cache's (for a visitor without a personal cookie) that could have been kept.
    const publicPage =
      key !== null &&
      cartKey === undefined &&
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
  });

  return host;
}
