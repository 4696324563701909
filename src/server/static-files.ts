import fs from "node:fs";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import type { Logger } from "pino";
import type { Storage } from "../platform/storage/storage.ts";
import { IMMUTABLE } from "../platform/storage/storage.ts";
import { avifPhotos } from "./avif-photos.ts";
import type { HostEnv } from "./host-env.ts";
import { imageFiles } from "./image-files.ts";

/**
 * Files the host serves as they are: product and slide images from the Storage, the folder or the bucket alike
 * (product photos as AVIF for browsers that take it, at the same address: decision 0034; only the public `images/`
 * namespace: decision 0055) and, given the client build's folder, its hashed assets and top-level files.
 */
export function staticFiles(options: {
  storage: Storage;
  clientDir?: string;
  logger: Logger;
}): Hono<HostEnv> {
  const files = new Hono<HostEnv>();
  files.use("/images/*", avifPhotos({ storage: options.storage, logger: options.logger }));
  files.all("/images/*", imageFiles({ storage: options.storage, logger: options.logger }));

  const { clientDir } = options;
  if (!clientDir) return files;
  files.use(
    "/assets/*",
    serveStatic({
      root: clientDir,
      onFound: (_path, c) => {
        c.header("Cache-Control", IMMUTABLE);
      },
    }),
  );
  // A build's file that is not there (an old page asking for a chunk of the build before) is a short 404, not a
  // page: the browser asked for a script or a style sheet.
  files.get("/assets/*", (c) => c.json({ message: "Not found." }, 404));
  // The other files at the top of the client build (favicon, service worker, ...) get a route each, so the API
  // and the pages are not preceded by a file-system lookup on every request.
  const topLevel = fs.existsSync(clientDir) ? fs.readdirSync(clientDir, { withFileTypes: true }) : [];
  for (const entry of topLevel) {
    if (entry.name === "assets") continue;
    files.use(
      entry.isDirectory() ? `/${entry.name}/*` : `/${entry.name}`,
      serveStatic({
        root: clientDir,
        onFound: (_path, c) => {
          c.header("Cache-Control", "public, max-age=3600");
        },
      }),
    );
  }
  return files;
}
