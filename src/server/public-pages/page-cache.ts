import { constants, crc32, deflateRawSync } from "node:zlib";
import { PAGE_RULES, type PageRules } from "../../storefront/page-table.ts";
import { createKeptStore, type KeptStore, type KeptStoreOptions } from "../kept-store.ts";

/**
 * Rendered public pages, kept in memory (docs/decisions/0033-public-html-cache.md). Only what every visitor
 * without a personal cookie sees is kept: the host decides that (`pageCacheKey`, `hasPersonalCookies`); this
 * module keeps the bodies.
 *
 * - Kept in a `KeptStore` (`../kept-store.ts`): bounded by bytes and age, one render per key at a time, every
 *   page dropped on a catalogue change, and only the pages showing a product's stock refreshed when an order
 *   changes it (the products a render showed stock for, `Rendered.stockOf`; decision 0056).
 * - Each page is kept with its CSP nonce cut out (`segments`): every response stamps its own nonce in.
 */

export interface CachedPage {
  status: number;
  /** The rendered response's headers, less the per-request ones (cookies, request id, security headers). */
  headers: [name: string, value: string][];
  /**
   * The body (UTF-8) split at its holes: wherever the render's nonce was, and at each slot (below). Joined with
   * another nonce and the kept slots' text, it is that page.
   */
  segments: Buffer[];
  /** Each segment deflated on its own (see `gzipWithNonce`). */
  deflated: Buffer[];
  /**
   * The page as a visitor without a cookie gets it (the kept slots' text in place), cut at the nonce only. Most
   * answers are this one, so its parts are deflated as one stream would be: each with the page before it as its
   * dictionary, the nonces in it as bytes no page holds (`chainedDeflate`), so a part refers back across the cuts
   * but never into a nonce. Deflated each on its own, the cuts cost the home page 10% (12.4 KB against 11.2 KB),
   * close to the 14.6 KB a browser receives in the first round trip of a new connection.
   */
  plainDeflated: Buffer[];
  /** The length in bytes of the nonce `plainDeflated` was made for: another length cannot go between its parts. */
  nonceBytes: number;
  /** What goes between `segments[i]` and `segments[i + 1]`: the nonce (`null`) or the name of a slot. */
  holes: (string | null)[];
  /**
   * The parts of the page that a request may replace (`PageFill`), by name, as the kept page has them (what a
   * visitor without a cookie gets there), each with its deflated form. Only slots found exactly once are here.
   */
  slots: Map<string, { text: Buffer; deflated: Buffer }>;
  /** What the page holds in memory, for the byte bound. */
  bytes: number;
}

/** A request's own text for some of a kept page's slots (by name); the others keep the kept page's text. */
export type PageFill = ReadonlyMap<string, string>;

export type PageCacheOptions = KeptStoreOptions;

/** Kept pages by key (origin, path and known parameters): `../kept-store.ts` says how they are kept and dropped. */
export type PageCache = KeptStore<CachedPage>;

const deflate = (text: Buffer) => deflateRawSync(text, { finishFlush: constants.Z_SYNC_FLUSH });

/** At most this many request texts are kept deflated (`deflatedFill`), and none longer than `FILL_TEXT_LIMIT`. */
const FILL_ENTRIES = 4_096;
const FILL_TEXT_LIMIT = 16 * 1024;
const fillDeflated = new Map<string, Buffer>();

/**
 * A request's own slot text deflated: kept by the text itself (the most recently used `FILL_ENTRIES`), since a
 * shopper's menu, cart and data are the same on every page they open, and deflating a few hundred bytes costs
 * zlib's setup (60-90 µs each, six slots a page) more than the bytes. The key is the whole text, so an entry can
 * only ever give back that text's own deflated bytes.
 */
export function deflatedFill(own: string, text: Buffer): Buffer {
  const kept = fillDeflated.get(own);
  if (kept) {
    fillDeflated.delete(own);
    fillDeflated.set(own, kept);
    return kept;
  }
  const deflated = deflate(text);
  if (own.length > FILL_TEXT_LIMIT) return deflated;
  if (fillDeflated.size >= FILL_ENTRIES) fillDeflated.delete(fillDeflated.keys().next().value!);
  fillDeflated.set(own, deflated);
  return deflated;
}

/** Deflate's window: no match reaches further back. */
const WINDOW = 32 * 1024;

/**
 * `parts` deflated for a stream in which a hole of `holeBytes` bytes comes between each two (as a stored block),
 * each part ending byte-aligned. Each part is deflated with what the decoder has seen before it as the dictionary,
 * every hole in it filled with NUL bytes: the distances are those of the real stream, and no match can use a hole,
 * since no part holds a NUL (a page that does is deflated part by part, with fresh windows). Made once per kept
 * page, at the highest level: the cost is paid once, the bytes saved on every answer.
 */
export function chainedDeflate(parts: Buffer[], holeBytes: number): Buffer[] {
  if (parts.some((part) => part.includes(0))) return parts.map(deflate);
  const hole = Buffer.alloc(holeBytes);
  // The last 32 KB the decoder will have seen before the next part.
  let window = Buffer.alloc(0);
  return parts.map((part) => {
    const deflated = deflateRawSync(part, {
      finishFlush: constants.Z_SYNC_FLUSH,
      level: constants.Z_BEST_COMPRESSION,
      memLevel: 9,
      ...(window.byteLength > 0 ? { dictionary: window } : {}),
    });
    window = Buffer.concat([window, part, hole]).subarray(-WINDOW);
    return deflated;
  });
}

/**
 * `body` with every occurrence of `nonce` cut out, ready to be stamped with another (and gzipped once), and cut
 * at each of `slots` (name: the text the page has there) that occurs exactly once, so that a request can put
 * its own text there (`PageFill`). A slot found twice or not at all, or overlapping another, is not a slot of
 * this page: a request that needs it is rendered instead (`hasSlots`). A slot named in `repeated` (the same
 * control shown twice, as a product's heart on two of the home page's shelves) is cut at every place it occurs,
 * and a request's text for it goes to each; overlapping another slot at any place, it is no slot.
 */
export function cachedPage(
  status: number,
  headers: [string, string][],
  body: string,
  nonce: string | undefined,
  slots: ReadonlyMap<string, string> = new Map(),
  repeated: ReadonlySet<string> = new Set(),
): CachedPage {
  const found: { name: string; start: number; end: number }[] = [];
  for (const [name, text] of slots) {
    const start = text === "" ? -1 : body.indexOf(text);
    if (start < 0 || (nonce && text.includes(nonce))) continue;
    let next = body.indexOf(text, start + text.length);
    if (next >= 0 && !repeated.has(name)) continue;
    found.push({ name, start, end: start + text.length });
    for (; next >= 0; next = body.indexOf(text, next + text.length)) {
      found.push({ name, start: next, end: next + text.length });
    }
  }
  found.sort((a, b) => a.start - b.start);
  const overlapping = new Set(
    found.filter((slot, index) => index > 0 && slot.start < found[index - 1]!.end).map((slot) => slot.name),
  );
  for (const [index, slot] of found.entries()) {
    if (found[index + 1] && found[index + 1]!.start < slot.end) overlapping.add(slot.name);
  }
  const apart = found.filter((slot) => !overlapping.has(slot.name));
  const texts: string[] = [];
  const holes: (string | null)[] = [];
  let at = 0;
  for (const slot of [...apart, { name: "", start: body.length, end: body.length }]) {
    const pieces = nonce ? body.slice(at, slot.start).split(nonce) : [body.slice(at, slot.start)];
    pieces.forEach((piece, index) => {
      if (index > 0) holes.push(null);
      texts.push(piece);
    });
    if (slot.name) holes.push(slot.name);
    at = slot.end;
  }
  const segments = texts.map((segment) => Buffer.from(segment, "utf8"));
  // Deflated each on its own (a fresh window per segment), so no match can reach into a hole between them.
  const deflated = segments.map(deflate);
  const nonceBytes = Buffer.byteLength(nonce ?? "", "utf8");
  const plainDeflated = chainedDeflate(
    (nonce ? body.split(nonce) : [body]).map((part) => Buffer.from(part, "utf8")),
    nonceBytes,
  );
  const kept = new Map(
    apart.map(({ name, start, end }) => {
      const text = Buffer.from(body.slice(start, end), "utf8");
      return [name, { text, deflated: deflate(text) }] as const;
    }),
  );
  const bytes = [
    ...segments,
    ...deflated,
    ...plainDeflated,
    ...[...kept.values()].flatMap((slot) => [slot.text, slot.deflated]),
  ].reduce((sum, part) => sum + part.byteLength, 512);
  return { status, headers, segments, deflated, plainDeflated, nonceBytes, holes, slots: kept, bytes };
}

/** Whether the page has every one of `names` as a slot (it can take a request's own text there). */
export function hasSlots(page: CachedPage, names: Iterable<string>): boolean {
  for (const name of names) if (!page.slots.has(name)) return false;
  return true;
}

/** The page's body for a response whose nonce is `nonce`, with `fill`'s text in its slots. */
export function stampNonce(page: CachedPage, nonce: string | undefined, fill: PageFill = new Map()): Buffer {
  const parts = stampedParts(page, nonce, fill);
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}

/** `stampNonce`'s body as the parts it is joined from, for a writer that sends them as they are (no copy). */
export function stampedParts(
  page: CachedPage,
  nonce: string | undefined,
  fill: PageFill = new Map(),
): Buffer[] {
  if (page.segments.length === 1) return [page.segments[0]!];
  const glue = Buffer.from(nonce ?? "", "utf8");
  const parts: Buffer[] = [page.segments[0]!];
  page.holes.forEach((hole, index) => {
    const own = hole === null ? undefined : fill.get(hole);
    parts.push(
      hole === null ? glue : own !== undefined ? Buffer.from(own, "utf8") : page.slots.get(hole)!.text,
      page.segments[index + 1]!,
    );
  });
  return parts;
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
/** An empty final block (fixed Huffman codes): ends the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * The page gzipped for a response whose nonce is `nonce`, compressing only what this request fills in: the
 * segments were deflated once, each ending byte-aligned (a sync flush); the nonce goes between them as a stored
 * (uncompressed) block, a slot as the kept page's deflated text or, when `fill` has its own, that text deflated
 * now (a few KB at most); only the CRC-32 of the whole body is computed per response. A valid gzip stream (RFC
 * 1951 §3.2.4, RFC 1952) that any client inflates like any other.
 */
export function gzipWithNonce(
  page: CachedPage,
  nonce: string | undefined,
  fill: PageFill = new Map(),
): Buffer {
  const glue = Buffer.from(nonce ?? "", "utf8");
  const stored = Buffer.alloc(5);
  stored.writeUInt16LE(glue.byteLength, 1);
  stored.writeUInt16LE(~glue.byteLength & 0xffff, 3);
  // Without a text of its own in any slot, the answer is the plain page: its parts, the nonce between them (a
  // nonce of the length its parts were deflated for; any other goes between parts deflated on their own).
  const plain =
    glue.byteLength === page.nonceBytes && !page.holes.some((hole) => hole !== null && fill.has(hole));
  const parts: Buffer[] = [GZIP_HEADER, plain ? page.plainDeflated[0]! : page.deflated[0]!];
  let nonces = 0;
  let crc = crc32(page.segments[0]!, 0);
  let size = page.segments[0]!.byteLength;
  page.holes.forEach((hole, index) => {
    let text: Buffer;
    if (hole === null) {
      text = glue;
      parts.push(stored, glue);
      if (plain) parts.push(page.plainDeflated[++nonces]!);
    } else {
      const own = fill.get(hole);
      const kept = page.slots.get(hole)!;
      text = own !== undefined ? Buffer.from(own, "utf8") : kept.text;
      if (!plain) parts.push(own !== undefined ? deflatedFill(own, text) : kept.deflated);
    }
    const segment = page.segments[index + 1]!;
    if (!plain) parts.push(page.deflated[index + 1]!);
    crc = crc32(segment, crc32(text, crc));
    size += text.byteLength + segment.byteLength;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(FINAL_BLOCK, trailer);
  return Buffer.concat(parts);
}

export function createPageCache(options: PageCacheOptions): PageCache {
  return createKeptStore<CachedPage>(options);
}

/** At most this many parameters, each value at most this long: a longer query is rendered, not kept. */
const MAX_PARAMS = 8;
const MAX_VALUE = 100;

/**
 * The cache key of a public page's URL, or null when the URL is not one the cache keeps: only the storefront's
 * public pages (those the page table keeps: home, shop listings, products, the static pages), with only the
 * parameters they read. The
 * parameters are sorted by name (a page reads them by name, so `?a=1&b=2` and `?b=2&a=1` are the same page),
 * and empty ones dropped (the shop's forms send `color=` for "any").
 */
export function pageCacheKey(url: URL, rules: PageRules = PAGE_RULES): string | null {
  const path = url.pathname;
  // React Router's data requests (`/product/tote.data`): data for a client-side navigation, never a page.
  if (path.endsWith(".data")) return null;
  const allowed = rules.keptParams(path);
  if (!allowed) return null;
  const params: [string, string][] = [];
  let count = 0;
  for (const [name, value] of url.searchParams) {
    if (++count > MAX_PARAMS || !allowed.has(name) || value.length > MAX_VALUE) return null;
    if (value !== "") params.push([name, value]);
  }
  // A stable sort: repeated names keep their order.
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  return query ? `${path}?${query}` : path;
}
