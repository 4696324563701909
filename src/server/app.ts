import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { secureHeaders } from "hono/secure-headers";
import { createRequestHandler, RouterContextProvider } from "react-router";
import { apiContext } from "../storefront/lib/api.server.ts";
import { inProcessApi } from "./in-process-api.ts";
import { type Platform, startPlatform } from "./platform.ts";

export type { Platform };
export { startPlatform };

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * The HTTP host: one Hono app that serves built assets and images, the commerce API under /api, and the
 * server-rendered storefront for every other path.
 */
export function createHost(platform: Platform, options: { clientDir?: string } = {}): Hono {
  const host = new Hono();
  const handleRequest = createRequestHandler(
    () => import("virtual:react-router/server-build"),
    platform.config.env === "production" ? "production" : "development",
  );

  host.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:"],
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
      crossOriginEmbedderPolicy: false,
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
    host.use(
      "*",
      serveStatic({
        root: options.clientDir,
        onFound: (_path, c) => {
          c.header("Cache-Control", "public, max-age=3600");
        },
      }),
    );
  }

  host.route("/", platform.api);

  host.all("*", async (c) => {
    const setCookies: string[] = [];
    const context = new RouterContextProvider();
    const address = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket?.remoteAddress;
    context.set(apiContext, inProcessApi(platform.api, c.req.raw, address ?? "unknown", setCookies));
    const response = await handleRequest(c.req.raw, context);
    if (setCookies.length === 0) return response;
    const headers = new Headers(response.headers);
    for (const cookie of setCookies) headers.append("set-cookie", cookie);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  });

  return host;
}
