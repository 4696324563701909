import { randomUUID } from "node:crypto";
import {
  type IncomingMessage,
  type RequestListener,
  type ServerResponse,
  validateHeaderName,
  validateHeaderValue,
} from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { hasPersonalCookies } from "../../shared/cookies.server.ts";
import { chooseEncoding } from "../compression.ts";
import { nonceSource } from "../csp-nonce.ts";
import { publicOrigin } from "../forwarded.ts";
import { PERSONAL_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from "./cache-control.ts";
import {
  type CachedPage,
  gzipWithNonce,
  type PageCache,
  type PageFill,
  pageCacheKey,
  stampedParts,
} from "./page-cache.ts";

/**
 * The kept-page lane (docs/decisions/0033-public-html-cache.md, "The kept-page lane"): a request the host would
 * answer from a kept page, answered at Node's request listener instead, without building a web Request, running
 * the middleware and routing, and turning a Response back into Node's. The answer is the one the host gave the
 * last time it served that page: the lane replays the headers the whole middleware chain produced then (security
 * headers, cache policy, Vary, content type), with this answer's own request id, CSP nonce, encoding and length.
 * A page the host has not answered yet, and any request the lane is not sure about, goes to the host.
 */
export interface KeptPageLane {
  /**
   * The host's middleware that shows the lane each kept page's answer as it leaves, every header set: outermost,
   * so it sees what every other middleware added.
   */
  recorder: MiddlewareHandler<{ Variables: KeptAnswerVariables }>;
  /** Hands a kept page's answer to the recorder; the host calls it for each answer from a kept page. */
  answered(c: Context, answer: KeptAnswer): void;
  /**
   * Answers `req` from a kept page and returns true, or returns false and leaves it to the host: at once for a
   * visitor without a personal cookie, after reading the shopper for one with the shop's own cookies (`shoppers`).
   */
  answer(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean>;
}

/**
 * How the lane fills a kept page with a shopper's own (decision 0057): the host's own rules, so the lane answers
 * a shopper exactly as the host's splice would, or leaves the request to the host.
 */
export interface LaneShoppers<Cookies = unknown> {
  /** The shopper's cookies when the Cookie header holds only the shop's own, well signed; undefined otherwise. */
  cookiesIn(header: string): Cookies | undefined;
  /** What `page` shows this shopper in its slots, or undefined when the host must answer (render) instead. */
  fill(cookies: Cookies, page: CachedPage, pathname: string): Promise<PageFill | undefined>;
}

/** A kept page's answer as the host gave it: the page, the request's nonce, and whether it was personal. */
export interface KeptAnswer {
  page: CachedPage;
  nonce: string | undefined;
  /** A shopper's own spliced in: personal; replayed only as the public answer it was made from. */
  personal: boolean;
}

/** The context variable that carries a kept page's answer to the recorder. */
const KEPT_ANSWER = "keptAnswer";

export interface KeptAnswerVariables {
  [KEPT_ANSWER]?: KeptAnswer;
}

/** How the host answered a page: its headers as one flat list, the nonce's place in them cut out. */
interface Replay {
  /** `[name, value, name, value, ...]` with the CSP value at `nonceAt` written as `before`, nonce, `after`. */
  headers: string[];
  nonceAt: number;
  /** Where the `Cache-Control` value is in `headers`: the public page's, or a shopper's `private, no-store`. */
  cacheControlAt: number;
  before: string;
  after: string;
}

/** Headers every answer sets for itself (or the lane sets): never replayed. */
const OWN_HEADERS = new Set(["x-request-id", "content-length", "content-encoding", "x-cache", "date"]);
/** A request id the host takes from the request (hono/request-id, `limitLength` 64 in the host). */
const REQUEST_ID = /^[\w\-=]{1,64}$/;
/** A Host header @hono/node-server takes as it is (its `reValidHost`); any other goes the long way. */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

export function keptPageLane<Cookies>(options: {
  pages: PageCache;
  trustProxy: boolean;
  /** Shoppers with the shop's own cookies are answered here too when given (decision 0057). */
  shoppers?: LaneShoppers<Cookies>;
}): KeptPageLane {
  const { pages, trustProxy, shoppers } = options;
  const replays = new WeakMap<CachedPage, Replay>();
  const nextNonce = nonceSource();

  /** What the host's answer for `page` said, if it can be said again: public, no cookie, one nonce. */
  /**
   * A shopper's answer (the host's splice) is remembered too, as the public answer it was made from: it differs
   * from it only in `Cache-Control` (and `X-Cache`), so a page whose kept copy only shoppers have asked for since
   * it was kept (a refresh after a minute or a catalogue change) is the lane's as well.
   */
  function remember(page: CachedPage, nonce: string | undefined, headers: Headers, personal: boolean) {
    const cacheControl = headers.get("cache-control");
    if (headers.has("set-cookie")) return;
    if (personal ? cacheControl !== PERSONAL_CACHE_CONTROL : !cacheControl?.startsWith("public")) return;
    const flat: string[] = [];
    let nonceAt = -1;
    let cacheControlAt = -1;
    let before = "";
    let after = "";
    for (const [name, value] of headers) {
      if (OWN_HEADERS.has(name)) continue;
      // undici's Headers takes characters Node refuses to send: such an answer is left to the host, whose adapter
      // fails that one answer, rather than thrown at Node's listener.
      try {
        validateHeaderName(name);
        validateHeaderValue(name, value);
      } catch {
        return;
      }
      if (nonce && value.includes(nonce)) {
        const at = value.indexOf(nonce);
        if (nonceAt >= 0 || value.indexOf(nonce, at + 1) >= 0) return;
        nonceAt = flat.length + 1;
        before = value.slice(0, at);
        after = value.slice(at + nonce.length);
      }
      if (name === "cache-control") {
        cacheControlAt = flat.length + 1;
        flat.push(name, personal ? PUBLIC_PAGE_CACHE_CONTROL : value);
        continue;
      }
      flat.push(name, value);
    }
    // A page rendered with a nonce that its policy does not name cannot be given another one.
    if (nonce && nonceAt < 0) return;
    replays.set(page, { headers: flat, nonceAt, cacheControlAt, before, after });
  }

  /**
   * The page `req` asks for when it is one the host would answer from the cache (as it is, or with a shopper's
   * own in its slots), and the URL it was asked at; undefined otherwise.
   */
  function keptPageFor(req: IncomingMessage): { page: CachedPage; url: URL } | undefined {
    const target = req.url;
    const host = req.headers.host;
    if (req.method !== "GET" || !target || target[0] !== "/" || target.includes("\\")) return undefined;
    if (!host || !PLAIN_HOST.test(host)) return undefined;
    const own = { protocol: (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http", host };
    // The host parses the request's own URL even when a trusted proxy names another origin: one it cannot parse
    // (`Host: 999.1.1.1`) is its error to answer. (Untrusted, the URL below is that one and fails to parse.)
    if (trustProxy && !URL.canParse(`${own.protocol}://${host}/`)) return undefined;
    const forwarded = {
      proto: one(req.headers["x-forwarded-proto"]),
      host: one(req.headers["x-forwarded-host"]),
    };
    const origin = publicOrigin(own, forwarded, trustProxy);
    let url: URL;
    try {
      url = new URL(`${origin.protocol}://${origin.host}${target}`);
    } catch {
      return undefined;
    }
    const path = pageCacheKey(url);
    const page = path === null ? undefined : pages.get(`${url.origin}${path}`);
    return page && { page, url };
  }

  /** Writes `page`'s answer (with `fill` in its slots: a shopper's, personal) as the host gave it, replayed. */
  function send(
    req: IncomingMessage,
    res: ServerResponse,
    page: CachedPage,
    replay: Replay,
    gzip: boolean,
    fill?: PageFill,
  ) {
    const nonce = replay.nonceAt >= 0 ? nextNonce() : undefined;
    // Gzipped, one buffer of 10-15 KB (written as its dozen small parts it was 10-15% slower); as it is, the kept
    // parts and the nonce one after another, not joined into a new 70 KB buffer for each answer (1.5-1.7x).
    const parts = gzip ? [gzipWithNonce(page, nonce, fill)] : stampedParts(page, nonce, fill);
    let length = 0;
    for (const part of parts) length += part.byteLength;
    const headers = replay.headers.slice();
    if (nonce) headers[replay.nonceAt] = `${replay.before}${nonce}${replay.after}`;
    if (fill) headers[replay.cacheControlAt] = PERSONAL_CACHE_CONTROL;
    const id = one(req.headers["x-request-id"]);
    headers.push(
      "x-request-id",
      id && REQUEST_ID.test(id) ? id : randomUUID(),
      "x-cache",
      fill ? "splice" : "hit",
    );
    if (gzip) headers.push("content-encoding", "gzip");
    headers.push("content-length", String(length));
    res.writeHead(page.status, headers);
    if (parts.length === 1) {
      res.end(parts[0]);
      return;
    }
    // Corked, the parts leave in one write; `end()` uncorks.
    res.cork();
    for (const part of parts) res.write(part);
    res.end();
  }

  /** A shopper's answer: their own in the page's slots, or false (the host answers) when it cannot be theirs. */
  async function answerShopper(
    req: IncomingMessage,
    res: ServerResponse,
    kept: { page: CachedPage; url: URL },
    replay: Replay,
    gzip: boolean,
    cookies: Cookies,
  ): Promise<boolean> {
    const fill = await shoppers!.fill(cookies, kept.page, kept.url.pathname);
    // A client gone while its shopper was read needs no answer.
    if (req.destroyed) return true;
    if (!fill) return false;
    send(req, res, kept.page, replay, gzip, fill);
    return true;
  }

  return {
    recorder: async (c, next) => {
      await next();
      const kept = c.get(KEPT_ANSWER);
      if (kept && c.req.method === "GET" && c.res.status === kept.page.status) {
        remember(kept.page, kept.nonce, c.res.headers, kept.personal);
      }
    },

    answered: (c, answer) => c.set(KEPT_ANSWER, answer),

    answer(req, res) {
      if (!pages.enabled) return false;
      const cookieHeader = req.headers.cookie;
      const personal = hasPersonalCookies(cookieHeader);
      // Only the shop's own cookies, each once and well signed, may be answered here (the host's own test).
      const cookies = personal && shoppers && cookieHeader ? shoppers.cookiesIn(cookieHeader) : undefined;
      if (personal && cookies === undefined) return false;
      const kept = keptPageFor(req);
      const replay = kept && replays.get(kept.page);
      if (!kept || !replay) return false;
      const accepted = one(req.headers["accept-encoding"]);
      const gzip = chooseEncoding(accepted, ["gzip"]) === "gzip";
      // A client that takes brotli but not gzip gets the host's brotli.
      if (!gzip && chooseEncoding(accepted) !== undefined) return false;
      if (cookies !== undefined) return answerShopper(req, res, kept, replay, gzip, cookies);
      send(req, res, kept.page, replay, gzip);
      return true;
    },
  };
}

function one(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * Node's request listener: the lane first, then `host` (the host's own listener) for everything it leaves. A
 * failure in the lane is never thrown at Node (it would end the process): before anything is sent the host
 * answers instead, after that the connection is closed, as a failed answer's would be.
 */
export function withKeptPageLane(
  lane: KeptPageLane,
  host: RequestListener,
  onError: (error: unknown) => void = () => {},
): RequestListener {
  const failed = (req: IncomingMessage, res: ServerResponse, error: unknown) => {
    onError(error);
    if (res.headersSent) res.destroy();
    else host(req, res);
  };
  return (req, res) => {
    let answered: boolean | Promise<boolean>;
    try {
      answered = lane.answer(req, res);
    } catch (error) {
      failed(req, res, error);
      return;
    }
    if (answered === false) host(req, res);
    else if (answered !== true) {
      answered.then(
        (done) => {
          if (!done) host(req, res);
        },
        (error: unknown) => failed(req, res, error),
      );
    }
  };
}
