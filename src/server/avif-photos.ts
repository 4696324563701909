import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import { writeAvifTwin } from "../platform/images/render.ts";
import type { Storage } from "../platform/storage/storage.ts";
import { requestedImageKey, sendObject } from "./image-files.ts";

/** Product photos, drawn (`/images/products/…`) or uploaded (`/images/uploads/products/…`), as WebP. */
const PHOTO = /^\/images\/(?:uploads\/)?products\/[^?#]+\.webp$/;
/**
 * How long a photo's twin, or its absence, is taken as known before the store is looked at again: within it a
 * photo costs no look at all (a bucket is not asked on every request), after it two HEADs.
 */
const RECHECK_MS = 60_000;
/** Photos waiting for their twin at most; past it, a photo waits for the next request that asks. */
const MAX_QUEUED = 2_000;

type Known = {
  twin: "ready" | "none" | "failed" | "queued";
  until: number;
  /** For "none": the photo's modification time when its twin came out no smaller (not tried again until it changes). */
  photoMtime?: number | undefined;
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
 * a photo's twin, `<name>.avif` beside `<name>.webp` in the Storage, is sent when the request's Accept takes
 * `image/avif` and the twin is at least as new as the photo; the WebP otherwise. Every answer for a photo says
 * `Vary: Accept`, so a shared cache keeps the two apart. The pages, their preloads and their `srcset`s are
 * unchanged, and a photo without a twin is never a broken image.
 *
 * Twins are made in the background, one at a time, the first time a browser that takes AVIF asks for a photo
 * without one (uploads, the drawn catalogue, photos a shop had before): that request and those before the twin
 * is stored get the WebP. A twin that would not be smaller is not kept, nor tried again until the photo changes.
 * What is known of a photo's twin is kept in this process for a minute (RECHECK_MS), so a photo written again (the
 * demo catalogue redrawn) gets a new twin and the store is asked at most twice a minute per photo; a failed
 * encoding is logged and tried again then. Instances sharing a bucket share the twins too.
 */
export function avifPhotos(options: {
  storage: Storage;
  logger?: Pick<Logger, "warn">;
  now?: () => number;
  /** Makes the twin; the real encoder by default (tests may slow it down or fail it). */
  encode?: (storage: Storage, from: string, twin: string) => Promise<boolean>;
}): MiddlewareHandler & { idle(): Promise<void> } {
  const { storage } = options;
  const now = options.now ?? Date.now;
  const encode = options.encode ?? writeAvifTwin;
  const known = new Map<string, Known>();
  const queue: [string, string][] = [];
  let working: Promise<void> | null = null;

  const modified = async (key: string) => (await storage.head(key).catch(() => null))?.lastModified.getTime();

  function work(): Promise<void> {
    working ??= (async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [photo, twin] = next;
        let twinState: Known["twin"] = "failed";
        try {
          twinState = (await encode(storage, photo, twin)) ? "ready" : "none";
        } catch (error) {
          options.logger?.warn({ err: error, key: photo }, "AVIF twin of a product photo not made");
        }
        known.set(photo, { twin: twinState, until: now() + RECHECK_MS, photoMtime: await modified(photo) });
      }
      working = null;
    })();
    return working;
  }

  /** Whether `photo` has a twin to send now (queueing one when it has none). */
  async function twinOf(photo: string, twin: string): Promise<boolean> {
    const seen = known.get(photo);
    if (seen && (seen.twin === "queued" || seen.until > now())) return seen.twin === "ready";
    const [photoInfo, avif] = await Promise.all([storage.head(photo), storage.head(twin)]);
    if (!photoInfo) {
      known.delete(photo);
      return false;
    }
    const photoMtime = photoInfo.lastModified.getTime();
    if (avif && avif.lastModified.getTime() >= photoMtime) {
      known.set(photo, { twin: "ready", until: now() + RECHECK_MS });
      return true;
    }
    if (seen?.twin === "none" && seen.photoMtime === photoMtime) {
      known.set(photo, { ...seen, until: now() + RECHECK_MS });
      return false;
    }
    if (queue.length < MAX_QUEUED) {
      known.set(photo, { twin: "queued", until: Number.POSITIVE_INFINITY });
      queue.push([photo, twin]);
      void work();
    }
    return false;
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    if ((c.req.method !== "GET" && c.req.method !== "HEAD") || !PHOTO.test(c.req.path)) return next();
    const photo = requestedImageKey(c.req.path);
    if (!photo) return next();
    if (acceptsAvif(c.req.header("accept"))) {
      const twin = photo.replace(/\.webp$/, ".avif");
      // A store that does not answer here is the WebP's concern (the route after this one says 503).
      if (await twinOf(photo, twin).catch(() => false)) {
        const object = await storage.get(twin).catch(() => null);
        if (object) return sendObject(c, object, { Vary: "Accept" });
        known.delete(photo);
      }
    }
    await next();
    if (c.res.status === 200 || c.res.status === 304) c.res.headers.append("Vary", "Accept");
  };
  return Object.assign(middleware, { idle: () => working ?? Promise.resolve() });
}
