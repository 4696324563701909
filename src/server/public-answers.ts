import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import type { z } from "zod";
import { REQUEST_ID_HEADER } from "../api/app.ts";
import { type Operation, operations } from "../shared/contracts/operations.ts";
import { chooseEncoding } from "./compression.ts";
import type { HostEnv } from "./host-env.ts";
import { createKeptStore, type KeptStore, type KeptStoreOptions } from "./kept-store.ts";
import { CACHE_STATUS_HEADER } from "./public-pages/cache-control.ts";

/**
 * The API's public JSON answers, kept like the public pages (docs/decisions/0056-public-answers-and-stock-changes.md):
 * the catalogue's reads that answer everyone alike, whoever asks and with whatever cookie (none of their routes
 * reads the caller: no session, cart or rate limit), kept by path and known query parameters, filled once while
 * concurrent requests wait, dropped on every catalogue change on every instance (`catalogue-changes.ts`), with a
 * strong ETag and 304 on `If-None-Match`. An answer is kept only when the API answered 200 with JSON, set no cookie
 * and called it public (`Cache-Control: public…`, which the catalogue's routes set): an error, a 404, a 422 or a
 * route that turned personal is answered as the API gave it and never kept. The bytes are the API's own.
 */

/** The public reads of the contract (`shared/contracts`): each answers everyone alike. */
const PUBLIC_READS: readonly Operation[] = [
  operations.listSliders,
  operations.getRunningSale,
  operations.listProducts,
  operations.searchSuggestions,
  operations.getProduct,
  operations.listSizes,
  operations.listCategories,
  operations.listColors,
  operations.listSizeNames,
  operations.listTags,
];

/** An answer that shows stock counts names its product in this path parameter (the sizes of a colour). */
const STOCK_PARAM = "productId";

interface Read {
  pattern: RegExp;
  /** The query parameters the operation reads: any other one makes the request go to the API, not kept. */
  params: ReadonlySet<string>;
  /** The index of `STOCK_PARAM` among the path's parameters, when the answer shows that product's stock. */
  stockParam: number;
}

const READS: Read[] = PUBLIC_READS.map((operation) => {
  const names: string[] = [];
  const pattern = operation.path.replace(/:(\w+)/g, (_match, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  const query = operation.query as z.ZodObject | undefined;
  return {
    pattern: new RegExp(`^/api${pattern}$`),
    params: new Set(query ? Object.keys(query.shape) : []),
    stockParam: names.indexOf(STOCK_PARAM),
  };
});

/** At most this many parameters, each value at most this long: a longer query goes to the API, not kept. */
const MAX_PARAMS = 10;
const MAX_VALUE = 100;

/**
 * The key of a public read's URL (its path and known parameters sorted by name; a parameter's repeats keep their
 * order, and empty values stay, since the API may read `?page=` otherwise than no page), and the products whose
 * stock its answer shows; null for any other URL.
 */
export function publicAnswerKey(url: URL): { key: string; products: number[] } | null {
  const found = publicRead(url.pathname);
  if (!found) return null;
  const params: [string, string][] = [];
  for (const [name, value] of url.searchParams) {
    if (params.length === MAX_PARAMS || !found.read.params.has(name) || value.length > MAX_VALUE) return null;
    params.push([name, value]);
  }
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return { key: query ? `${url.pathname}?${query}` : url.pathname, products: found.products };
}

/**
 * The products whose stock counts the API's answer to `url` shows (the sizes of a product's colour): a page
 * rendered with that answer is kept as showing them (`public-pages/render.ts`), and refreshed when they sell.
 */
export function stockShownBy(url: string): number[] {
  return publicRead(new URL(url).pathname)?.products ?? [];
}

/** The public read `path` is, with the product whose stock it shows (none: empty). */
function publicRead(path: string): { read: Read; products: number[] } | undefined {
  for (const read of READS) {
    const match = read.pattern.exec(path);
    if (!match) continue;
    const product = read.stockParam < 0 ? Number.NaN : Number(match[read.stockParam + 1]);
    return { read, products: Number.isSafeInteger(product) && product > 0 ? [product] : [] };
  }
  return undefined;
}

export interface KeptAnswer {
  /** The API's headers less the per-response ones (request id, length, encoding, Vary). */
  headers: [name: string, value: string][];
  body: Buffer;
  gzip: Buffer;
  /** Strong ETags of the two representations. */
  etag: string;
  gzipEtag: string;
  bytes: number;
}

/** Headers of the API's answer that belong to one response, never to a kept answer. */
const PER_RESPONSE = new Set([REQUEST_ID_HEADER.toLowerCase(), "content-length", "content-encoding", "vary"]);

/** The API's 200 answer as kept: its bytes, gzipped once, and their ETags. */
export function keptAnswer(headers: Headers, body: Buffer): KeptAnswer {
  const kept: [string, string][] = [];
  headers.forEach((value, name) => {
    if (!PER_RESPONSE.has(name)) kept.push([name, value]);
  });
  const gzip = gzipSync(body);
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  return {
    headers: kept,
    body,
    gzip,
    etag: `"${hash}"`,
    gzipEtag: `"${hash}-gz"`,
    bytes: body.byteLength + gzip.byteLength + 512,
  };
}

/** Whether `If-None-Match` names `etag` (compared weakly, as RFC 9110 13.1.2 says), or is `*`. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || (trimmed.startsWith("W/") ? trimmed.slice(2) : trimmed) === etag;
  });
}

export type AnswerCache = KeptStore<KeptAnswer>;

export function createAnswerCache(options: KeptStoreOptions): AnswerCache {
  return createKeptStore<KeptAnswer>(options);
}

/** Whether the API's answer may be kept for everyone: a public 200 of JSON that set no cookie. */
function keepable(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.headers.has("set-cookie") &&
    /^public\b/.test(response.headers.get("cache-control") ?? "") &&
    (response.headers.get("content-type") ?? "").startsWith("application/json")
  );
}

/**
 * The host's middleware in front of the API: a public read answered from `answers` (`X-Cache: hit`), or by the
 * API and kept (`miss`); gzipped when the client takes gzip (every browser), as the API's bytes otherwise.
 */
export function publicAnswers(answers: AnswerCache): MiddlewareHandler<HostEnv> {
  return async function publicAnswers(c, next) {
    const method = c.req.method;
    if ((method !== "GET" && method !== "HEAD") || !answers.enabled) return next();
    const found = publicAnswerKey(new URL(c.req.url));
    if (!found) return next();
    let kept = answers.get(found.key) ?? (await answers.pending(found.key));
    let status = "hit";
    if (!kept) {
      if (method !== "GET") return next();
      const claim = answers.begin(found.key);
      try {
        await next();
      } catch (error) {
        claim.finish(null);
        throw error;
      }
      const response = c.res;
      kept = keepable(response)
        ? keptAnswer(response.headers, Buffer.from(await response.arrayBuffer()))
        : null;
      claim.finish(kept, found.products);
      if (!kept) return;
      status = "miss";
      // Hono copies the old answer's headers onto a new one: unset it first, so only the kept ones go out.
      c.res = undefined;
    }
    const gzip = chooseEncoding(c.req.header("accept-encoding"), ["gzip"]) === "gzip";
    const etag = gzip ? kept.gzipEtag : kept.etag;
    const headers = new Headers(kept.headers);
    headers.set("ETag", etag);
    headers.set("Vary", "Accept-Encoding");
    headers.set(CACHE_STATUS_HEADER, status);
    headers.set(REQUEST_ID_HEADER, c.get("requestId"));
    if (matchesEtag(c.req.header("if-none-match"), etag)) {
      headers.delete("content-type");
      c.res = new Response(null, { status: 304, headers });
      return;
    }
    const body = gzip ? kept.gzip : kept.body;
    if (gzip) headers.set("Content-Encoding", "gzip");
    headers.set("Content-Length", String(body.byteLength));
    c.res = new Response(method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), {
      status: 200,
      headers,
    });
  };
}
