import fs from "node:fs";
import path from "node:path";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import { writeAvifTwin } from "../platform/images/render.ts";

/** Product photos, drawn (`/images/products/…`) or uploaded (`/images/uploads/products/…`), as WebP. */
const PHOTO = /^\/images\/(?:uploads\/)?products\/[^?#]+\.webp$/;
const IMMUTABLE = "public, max-age=31536000, immutable";
/** How long a photo's twin, or its absence, is taken as known before the files are looked at again. */
const RECHECK_MS = 60_000;
/** Photos waiting for their twin at most; past it, a photo waits for the next request that asks. */
const MAX_QUEUED = 2_000;

type Known = {
  twin: "ready" | "none" | "failed" | "queued";
  until: number;
  /** For "none": the photo's modification time when its twin came out no smaller (not tried again until it changes). */
  photoMtime?: number;
};

/** Whether the Accept header takes AVIF (`image/avif`, without `q=0`). */
export function acceptsAvif(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(",").some((part) => {
    const [type, ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
    return type === "image/avif" && !params.some((param) => /^q=0(?:\.0*)?$/.test(param));
  });
}

/**
 * Product photos in AVIF for browsers that take it, at the same address (decision 0034, "AVIF for product photos"):
 * a photo's twin, `<name>.avif` beside `<name>.webp`, is sent when the request's Accept takes `image/avif` and the
 * twin is at least as new as the photo; the WebP otherwise. Every answer for a photo says `Vary: Accept`, so a
 * shared cache keeps the two apart. The pages, their preloads and their `srcset`s are unchanged, and a photo
 * without a twin is never a broken image.
 *
 * Twins are made in the background, one at a time, the first time a browser that takes AVIF asks for a photo
 * without one (uploads, the drawn catalogue, photos a shop had before): that request and those before the twin
 * is written get the WebP. A twin that would not be smaller is not kept, nor tried again until the photo changes.
 * The files are looked at again after a minute, so a photo written again (the demo catalogue redrawn) gets a new
 * twin; a failed encoding is logged and tried again then.
 */
export function avifPhotos(options: {
  imagesDir: string;
  logger?: Pick<Logger, "warn">;
  now?: () => number;
  /** Makes the twin; the real encoder by default (tests may slow it down or fail it). */
  encode?: (from: string, twin: string) => Promise<boolean>;
}): MiddlewareHandler & { idle(): Promise<void> } {
  const root = path.resolve(options.imagesDir);
  const now = options.now ?? Date.now;
  const encode = options.encode ?? writeAvifTwin;
  const known = new Map<string, Known>();
  const queue: [string, string][] = [];
  let working: Promise<void> | null = null;

  function work(): Promise<void> {
    working ??= (async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [file, twin] = next;
        let twinState: Known["twin"] = "failed";
        try {
          twinState = (await encode(file, twin)) ? "ready" : "none";
        } catch (error) {
          options.logger?.warn({ err: error, file }, "AVIF twin of a product photo not made");
        }
        const photoMtime = (await fs.promises.stat(file).catch(() => null))?.mtimeMs;
        known.set(file, { twin: twinState, until: now() + RECHECK_MS, photoMtime });
      }
      working = null;
    })();
    return working;
  }

  /** Whether `file` has a twin to send now (queueing one when it has none). */
  async function twinOf(file: string, twin: string): Promise<boolean> {
    const seen = known.get(file);
    if (seen && (seen.twin === "queued" || seen.until > now())) return seen.twin === "ready";
    const [photo, avif] = await Promise.all([
      fs.promises.stat(file).catch(() => null),
      fs.promises.stat(twin).catch(() => null),
    ]);
    if (!photo) {
      known.delete(file);
      return false;
    }
    if (avif && avif.mtimeMs >= photo.mtimeMs) {
      known.set(file, { twin: "ready", until: now() + RECHECK_MS });
      return true;
    }
    if (seen?.twin === "none" && seen.photoMtime === photo.mtimeMs) {
      known.set(file, { ...seen, until: now() + RECHECK_MS });
      return false;
    }
    if (queue.length < MAX_QUEUED) {
      known.set(file, { twin: "queued", until: Number.POSITIVE_INFINITY });
      queue.push([file, twin]);
      void work();
    }
    return false;
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    if ((c.req.method !== "GET" && c.req.method !== "HEAD") || !PHOTO.test(c.req.path)) return next();
    let file: string;
    try {
      file = path.join(root, decodeURIComponent(c.req.path.slice("/images/".length)));
    } catch {
      return next();
    }
    if (!file.startsWith(`${root}${path.sep}`)) return next();
    if (acceptsAvif(c.req.header("accept"))) {
      const twin = file.replace(/\.webp$/, ".avif");
      if (await twinOf(file, twin)) {
        const bytes = await fs.promises.readFile(twin).catch(() => null);
        if (bytes) {
          const headers = {
            "Content-Type": "image/avif",
            "Content-Length": String(bytes.byteLength),
            "Cache-Control": IMMUTABLE,
            Vary: "Accept",
          };
          return c.req.method === "HEAD"
            ? c.body(null, 200, headers)
            : c.body(new Uint8Array(bytes), 200, headers);
        }
        known.delete(file);
      }
    }
    await next();
    if (c.res.status === 200) c.res.headers.append("Vary", "Accept");
  };
  return Object.assign(middleware, { idle: () => working ?? Promise.resolve() });
}
