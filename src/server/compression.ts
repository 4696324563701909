import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { parseAccept } from "hono/utils/accept";
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from "hono/utils/compress";

/** Below this a body is sent as it is: compression would save less than its headers cost. */
const THRESHOLD = 1024;
/** Bodies up to this are compressed in one call; a larger one (rare: a big CSV) is compressed as it streams. */
export const ONE_SHOT_MAX = 512 * 1024;
/**
 * Brotli at quality 4 costs about what gzip at 6 does and is a little smaller; the default quality (11) costs
 * 50 times more, too much for a page rendered per request.
 */
const BROTLI_QUALITY = 4;

export type Encoding = "br" | "gzip";

/** The best encoding the client accepts: br, then gzip; none when it names neither (or refuses them). */
export function chooseEncoding(header: string | undefined, offered: readonly Encoding[] = ["br", "gzip"]) {
  if (!header) return undefined;
  const accepts = parseAccept(header);
  const wildcard = accepts.find((accept) => accept.type === "*")?.q;
  let best: { encoding: Encoding; q: number } | undefined;
  for (const encoding of offered) {
    const q = accepts.find((accept) => accept.type.toLowerCase() === encoding)?.q ?? wildcard ?? 0;
    if (q > 0 && (!best || q > best.q)) best = { encoding, q };
  }
  return best?.encoding;
}

export function compressOnce(body: Uint8Array, encoding: Encoding): Buffer {
  return encoding === "br"
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      })
    : gzipSync(body);
}

/** Adds Accept-Encoding to the response's Vary header (once). */
export function varyOnEncoding(headers: Headers) {
  const vary = headers.get("Vary");
  if (vary === "*" || (vary && /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary))) return;
  headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
}

/**
 * Compresses text answers (pages, JSON, CSS, SVG...) with br or gzip as the client accepts. A body up to
 * `ONE_SHOT_MAX` is read whole and compressed in one call, which costs about two thirds of a compression stream
 * (a page is rendered whole before it is sent anyway); a larger one streams through gzip. An answer that already
 * has a Content-Encoding (a cached page's stored gzip) is left alone.
 */
export function compression(): MiddlewareHandler {
  return async function compression(c, next) {
    await next();
    const res = c.res;
    const length = res.headers.get("Content-Length");
    // Only the status and headers are read until it is sure to compress: reading `body` (or `statusText`) turns
    // @hono/node-server's light Response into a full one, which it then sends as a stream, chunk by chunk.
    if (
      c.req.method === "HEAD" ||
      res.status === 204 ||
      res.status === 206 ||
      res.status === 304 ||
      res.headers.has("Content-Encoding") ||
      res.headers.has("Transfer-Encoding") ||
      (length !== null && Number(length) < THRESHOLD) ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(res.headers.get("Content-Type") ?? "") ||
      /(^|,)\s*no-transform\s*(,|$)/i.test(res.headers.get("Cache-Control") ?? "")
    ) {
      return;
    }
    varyOnEncoding(res.headers);
    const encoding = chooseEncoding(c.req.header("Accept-Encoding"));
    if (!encoding || !res.body) return;

    const reader = res.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    let done = false;
    while (size <= ONE_SHOT_MAX) {
      const read = await reader.read();
      if (read.done) {
        done = true;
        break;
      }
      chunks.push(read.value);
      size += read.value.byteLength;
    }
    const init = { status: res.status, statusText: res.statusText, headers: res.headers };
    if (done) {
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
      if (size < THRESHOLD) {
        c.res = new Response(body as Uint8Array<ArrayBuffer>, init);
        c.res.headers.set("Content-Length", String(size));
        return;
      }
      const compressed = compressOnce(body, encoding);
      c.res = new Response(compressed as Uint8Array<ArrayBuffer>, init);
      c.res.headers.set("Content-Encoding", encoding);
      c.res.headers.set("Content-Length", String(compressed.byteLength));
    } else {
      const rest = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
        },
        async pull(controller) {
          const read = await reader.read();
          if (read.done) controller.close();
          else controller.enqueue(read.value);
        },
        cancel: (reason) => reader.cancel(reason),
      });
      // A stream goes through gzip (CompressionStream has no brotli); br-only clients get it as it is.
      if (chooseEncoding(c.req.header("Accept-Encoding"), ["gzip"]) !== "gzip") {
        c.res = new Response(rest, init);
        return;
      }
      const gzip = new CompressionStream("gzip") as unknown as ReadableWritablePair<Uint8Array, Uint8Array>;
      c.res = new Response(rest.pipeThrough(gzip), init);
      c.res.headers.set("Content-Encoding", "gzip");
      c.res.headers.delete("Content-Length");
    }
    const etag = c.res.headers.get("ETag");
    if (etag && !etag.startsWith("W/")) c.res.headers.set("ETag", `W/${etag}`);
  };
}
