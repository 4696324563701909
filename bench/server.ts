// The shop as `server.ts` serves it in production (built host: API, storefront, assets, images), plus two
// reference routes the harness divides by, served by the same Hono on @hono/node-server in the same process:
//   GET /__bench/bare     a constant JSON answer behind the same middleware the host puts in front of the API;
//   GET /__bench/minimal  a one-route React Router document rendered like the storefront's pages;
//   GET /__bench/same?path=/api/products  the shop's own bytes for that path, answered like the bare route.
// Configuration comes from the environment exactly as for the shop (DATABASE_URL, DATA_DIR, PORT, ...).
// Started by bench/run.ts in its own process; prints one line `ready <port>` when it listens.
import http from "node:http";
import path from "node:path";
import { PassThrough } from "node:stream";
import { getRequestListener } from "@hono/node-server";
import { createReadableStreamFromReadable } from "@react-router/node";
import { Hono } from "hono";
import { secureHeaders } from "hono/secure-headers";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import {
  createRequestHandler,
  type EntryContext,
  Links,
  Meta,
  RouterContextProvider,
  Scripts,
  type ServerBuild,
  ServerRouter,
} from "react-router";
import { compression } from "../src/server/compression.ts";

type HostModule = typeof import("../src/server/app.ts");

const MINIMAL_PATH = "__bench/minimal";
const BARE_BODY = { ok: true, message: "bare JSON route for the benchmark baseline" };

/** The storefront's document renderer in miniature: wait for everything, then send the HTML. */
function renderDocument(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(createElement(ServerRouter, { context, url: request.url }), {
      onAllReady() {
        const body = new PassThrough();
        headers.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(createReadableStreamFromReadable(body), { status, headers }));
        pipe(body);
      },
      onShellError: reject,
    });
  });
}

function MinimalPage() {
  return createElement(
    "html",
    { lang: "en" },
    createElement(
      "head",
      null,
      createElement("meta", { charSet: "utf-8" }),
      createElement("title", null, "Minimal"),
      createElement(Meta),
      createElement(Links),
    ),
    createElement(
      "body",
      null,
      createElement("p", null, "A minimal React Router page."),
      createElement(Scripts),
    ),
  );
}

/** A React Router server build with one route and no loader: the framework's floor for one document. */
function minimalBuild(): ServerBuild {
  const clientRoute = {
    id: "root",
    path: MINIMAL_PATH,
    module: "/assets/minimal-root.js",
    imports: [],
    css: [],
    hasAction: false,
    hasLoader: false,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasErrorBoundary: false,
    clientActionModule: undefined,
    clientLoaderModule: undefined,
    clientMiddlewareModule: undefined,
    hydrateFallbackModule: undefined,
  };
  return {
    entry: { module: { default: renderDocument } },
    routes: { root: { id: "root", path: MINIMAL_PATH, module: { default: MinimalPage } } },
    assets: {
      entry: { module: "/assets/minimal-entry.js", imports: [] },
      routes: { root: clientRoute },
      url: "/assets/minimal-manifest.js",
      version: "bench",
    },
    basename: "/",
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

async function main() {
  const buildEntry = path.resolve(process.env.BENCH_BUILD_ENTRY ?? "build/server/index.js");
  const { startPlatform, createHost, createHostListener } = (await import(buildEntry)) as HostModule;
  const platform = await startPlatform();
  const clientDir = path.relative(process.cwd(), path.resolve("build/client"));
  // The host as server.ts serves it; an older build (bench/compare.ts) without the kept-page lane as it was.
  const hostListener =
    typeof createHostListener === "function"
      ? createHostListener(platform, { clientDir }).listener
      : getRequestListener(createHost(platform, { clientDir }).fetch);

  const minimal = createRequestHandler(minimalBuild(), "production");
  const reference = new Hono();
  reference.use(secureHeaders(), compression());
  reference.get("/__bench/bare", (c) => c.json(BARE_BODY));
  // The same bytes as the shop's answer to `?path=` (asked of the shop once, then kept): what bare Node costs
  // for exactly that answer, the reference of the API's kept answers (decision 0056).
  const same = new Map<string, Promise<{ body: ArrayBuffer; type: string }>>();
  reference.get("/__bench/same", async (c) => {
    const target = c.req.query("path") ?? "/";
    let answer = same.get(target);
    if (!answer) {
      answer = fetch(`http://127.0.0.1:${platform.config.port}${target}`).then(async (response) => ({
        body: await response.arrayBuffer(),
        type: response.headers.get("content-type") ?? "application/octet-stream",
      }));
      same.set(target, answer);
    }
    const { body, type } = await answer;
    return c.body(body, 200, { "Content-Type": type });
  });
  reference.get("/__bench/minimal", (c) => minimal(c.req.raw, new RouterContextProvider()));

  const referenceListener = getRequestListener(reference.fetch);
  const server = http.createServer((req, res) =>
    req.url?.startsWith("/__bench/") ? referenceListener(req, res) : hostListener(req, res),
  );
  server.keepAliveTimeout = 60_000;
  const port = platform.config.port;
  server.listen(port, "127.0.0.1", () => console.log(`ready ${port}`));

  const shutdown = () => {
    server.closeAllConnections();
    server.close(() => {
      platform.database.close().finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
