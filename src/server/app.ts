import fs from "node:fs";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { type RequestIdVariables, requestId } from "hono/request-id";
import { NONCE, type SecureHeadersVariables, secureHeaders } from "hono/secure-headers";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { CLIENT_ADDRESS, clientAddress } from "../api/account/auth.ts";
import { REQUEST_ID_HEADER } from "../api/app.ts";
import { cookiePolicy } from "../shared/cookies.server.ts";
import { apiContext, siteContext } from "../storefront/lib/api.server.ts";
import { createApiClient } from "../storefront/lib/api-client.server.ts";
import { cspNonceContext } from "../storefront/lib/csp-nonce.ts";
import { isPrivatePage } from "../storefront/lib/private-pages.ts";
import { requestLogContext } from "../storefront/lib/request-log.server.ts";
import { storefrontBodyLimit } from "./body-limit.ts";
import { crawlerRoutes } from "./crawlers.ts";
import { clientAddressResolver, publicRequest } from "./forwarded.ts";
import { createLifecycle, healthRoutes, type Lifecycle } from "./lifecycle.ts";
import { type Platform, startPlatform } from "./platform.ts";

export { createLifecycle, gracefulShutdown } from "./lifecycle.ts";
export type { Platform };
export { startPlatform };

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The HTTP host: one Hono app that serves built assets and images, the commerce API under /api, and the
 * server-rendered storefront for every other path.
 */
export function createHost(
  platform: Platform,
  options: { clientDir?: string; lifecycle?: Lifecycle } = {},
): Hono<{ Variables: RequestIdVariables & SecureHeadersVariables }> {
  const host = new Hono<{ Variables: RequestIdVariables & SecureHeadersVariables }>();
  const mode = platform.config.env === "production" ? "production" : "development";
  // Given a function, React Router rebuilds its route tables on every request; given the build, once. In
  // development server.ts creates a fresh host (and so a fresh build) for every request anyway.
  let handleRequest: ReturnType<typeof createRequestHandler> | undefined;
  const storefront = async () =>
    (handleRequest ??= createRequestHandler(await import("virtual:react-router/server-build"), mode));

  const policy = cookiePolicy(platform.config);

  host.use(requestId({ headerName: REQUEST_ID_HEADER, limitLength: 64 }));
  host.use(clientAddressResolver(platform.config.trustProxy));
  host.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:"],
        // Inline scripts run only with this response's nonce (NONCE makes one per request; the pages get it).
        scriptSrc: ["'self'", NONCE],
        // Colour swatches and star ratings set style attributes from data, which no nonce can cover.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Vite's hot reload talks over a websocket in development.
        connectSrc: mode === "development" ? ["'self'", "ws:"] : ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
      // The shop uses none of these; nothing embedded or injected may ask for them either.
      permissionsPolicy: {
        camera: [],
        microphone: [],
        geolocation: [],
        payment: [],
        usb: [],
        serial: [],
        bluetooth: [],
        hid: [],
        midi: [],
        accelerometer: [],
        gyroscope: [],
        magnetometer: [],
        displayCapture: [],
        browsingTopics: [],
      },
      // With no-referrer browsers send `Origin: null` on form posts, which React Router refuses.
      referrerPolicy: "same-origin",
    }),
  );
  host.use(compress());

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

  host.all("*", storefrontBodyLimit(), async (c) => {
    const setCookies: string[] = [];
    const id = c.get("requestId");
    const address = clientAddress(c);
    const context = new RouterContextProvider();
    context.set(siteContext, { publicUrl: platform.config.publicUrl });
    context.set(requestLogContext, platform.logger.child({ requestId: id }));
    context.set(cspNonceContext, c.get("secureHeadersNonce"));
    context.set(
      apiContext,
      createApiClient({
        // In-process: the API app answers the Request directly, no network hop. The shopper's address (for
        // rate limits) rides in the env, which no request header can reach.
        fetch: async (request) => platform.api.request(request, undefined, { [CLIENT_ADDRESS]: address }),
        cookieHeader: c.req.header("cookie") ?? null,
        policy,
        setCookies,
        // The API logs by request id; in-process calls carry it.
        headers: { [REQUEST_ID_HEADER]: id },
      }),
    );
    const request = publicRequest(c.req.raw, platform.config.trustProxy);
    const response = await (await storefront())(request, context);
    response.headers.set(REQUEST_ID_HEADER, id);
    if (isPrivatePage(new URL(c.req.url), c.req.header("cookie") ?? null)) {
      response.headers.set("Cache-Control", "private, no-store");
    }
    if (setCookies.length === 0) return response;
    const headers = new Headers(response.headers);
    for (const cookie of setCookies) headers.append("set-cookie", cookie);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  });

  return host;
}
