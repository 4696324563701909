import { Readable } from "node:stream";
import type { Context, MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import {
  BadKey,
  checkKey,
  IMMUTABLE,
  PUBLIC_PREFIX,
  type Storage,
  type StoredObject,
} from "../platform/storage/storage.ts";

/**
 * The storage key an `/images/…` request names, or null: the path decoded once and checked as a key of the public
 * namespace, so no `..`, encoded or not, and no request whatever reaches `private/…` (docs/decisions/0055).
 */
export function requestedImageKey(requestPath: string): string | null {
  if (!requestPath.startsWith(`/${PUBLIC_PREFIX}`)) return null;
  let key: string;
  try {
    key = decodeURIComponent(requestPath.slice(1));
  } catch {
    return null;
  }
  if (!key.startsWith(PUBLIC_PREFIX)) return null;
  try {
    return checkKey(key);
  } catch (error) {
    if (error instanceof BadKey) return null;
    throw error;
  }
}

/** Whether an If-None-Match header names this validator (weak comparison, as for GET). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.trim() === "*" || header.split(",").some((tag) => bare(tag) === bare(etag));
}

/**
 * Answers with a stored image: streamed from the folder or the bucket (never read whole), with a year's immutable
 * caching, its validator and date; a HEAD or a matching If-None-Match (304) sends no body and lets the stream go.
 */
export function sendObject(c: Context, object: StoredObject, extra: Record<string, string> = {}): Response {
  const headers: Record<string, string> = {
    "Cache-Control": IMMUTABLE,
    ETag: object.etag,
    "Last-Modified": object.lastModified.toUTCString(),
    ...extra,
  };
  if (matches(c.req.header("if-none-match"), object.etag)) {
    object.body.destroy();
    return c.body(null, 304, headers);
  }
  headers["Content-Type"] = object.contentType;
  headers["Content-Length"] = String(object.size);
  if (c.req.method === "HEAD") {
    object.body.destroy();
    return c.body(null, 200, headers);
  }
  return c.body(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, 200, headers);
}

const NOT_FOUND = { message: "Not found." };

/**
 * `/images/*` from the configured Storage: the object, or the same short 404 as for any missing file. A store that
 * does not answer (a bucket down, a timeout) is a 503 with Retry-After, logged, never a 500.
 */
export function imageFiles(options: { storage: Storage; logger: Pick<Logger, "warn"> }): MiddlewareHandler {
  return async (c) => {
    const key = requestedImageKey(c.req.path);
    if (!key || (c.req.method !== "GET" && c.req.method !== "HEAD")) return c.json(NOT_FOUND, 404);
    let object: StoredObject | null;
    try {
      object = await options.storage.get(key);
    } catch (error) {
      options.logger.warn({ err: error, key }, "an image could not be read from storage");
      c.header("Retry-After", "5");
      c.header("Cache-Control", "no-store");
      return c.json({ message: "The image cannot be loaded just now." }, 503);
    }
    return object ? sendObject(c, object) : c.json(NOT_FOUND, 404);
  };
}
