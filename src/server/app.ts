import type { RequestListener } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import { REQUEST_ID_HEADER } from "../api/app.ts";
import { paymentFormOrigins } from "../api/payments/payment-registry.ts";
import { storefrontBodyLimit } from "./body-limit.ts";
import { compression } from "./compression.ts";
import { crawlerRoutes } from "./crawlers.ts";
import { clientAddressResolver } from "./forwarded.ts";
import type { HostEnv } from "./host-env.ts";
import { createLifecycle, healthRoutes, type Lifecycle } from "./lifecycle.ts";
import { type Platform, startPlatform } from "./platform.ts";
import { publicAnswers } from "./public-answers.ts";
import { type KeptPageLane, pageListener, platformLane, publicPages } from "./public-pages/index.ts";
import { securityHeaders } from "./security-headers.ts";
import { securityTxtRoutes } from "./security-txt.ts";
import { staticFiles } from "./static-files.ts";

export { createLifecycle, gracefulShutdown } from "./lifecycle.ts";
export {
  CACHE_STATUS_HEADER,
  PERSONAL_CACHE_CONTROL,
  PUBLIC_PAGE_CACHE_CONTROL,
} from "./public-pages/index.ts";
export type { Platform };
export { startPlatform };

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
 * host has answered them (src/server/public-pages), every other request through the host.
 */
export function createHostListener(
  platform: Platform,
  options: HostOptions = {},
): { host: ReturnType<typeof createHost>; listener: RequestListener } {
  const lane = options.lane ?? platformLane(platform);
  const host = createHost(platform, { ...options, lane });
  return { host, listener: pageListener(platform, lane, getRequestListener(host.fetch)) };
}

/**
 * The HTTP host: one Hono app that serves built assets and images, health checks, robots.txt and the sitemap, the
 * commerce API under /api, and the storefront's pages for every other path (src/server/public-pages says how).
 */
export function createHost(platform: Platform, options: HostOptions = {}): Hono<HostEnv> {
  const host = new Hono<HostEnv>();
  const mode = platform.config.env === "production" ? "production" : "development";
  const pages = publicPages(platform, { lane: options.lane });

  // Outermost: it reads each kept page's answer after every other middleware has set its headers.
  if (pages.recorder) host.use(pages.recorder);
  host.use(requestId({ headerName: REQUEST_ID_HEADER, limitLength: 64 }));
  host.use(clientAddressResolver(platform.config.trustProxy));
  const imageBase = platform.config.storage.publicUrl;
  host.use(
    securityHeaders(
      mode,
      paymentFormOrigins(platform.config.payments),
      imageBase ? [new URL(imageBase).origin] : [],
    ),
  );
  host.use(compression());
  // The API's public reads, kept for everyone (decision 0056); before the routes, after the headers' middleware.
  host.use("/api/*", publicAnswers(platform.answers));

  host.route(
    "/",
    staticFiles({
      storage: platform.storage,
      clientDir: options.clientDir,
      logger: platform.logger,
    }),
  );
  host.route("/", healthRoutes(platform, options.lifecycle ?? createLifecycle()));
  host.route("/", crawlerRoutes(platform.database.db, { publicUrl: platform.config.publicUrl }));
  host.route("/", securityTxtRoutes(platform.config));
  host.route("/", platform.api);
  host.all("*", storefrontBodyLimit(), pages.serve);
  return host;
}
