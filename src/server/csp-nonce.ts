import { randomFillSync } from "node:crypto";
import type { Context } from "hono";

/** Bytes of randomness in one nonce (128 bits, as the CSP specification asks at least). */
const NONCE_BYTES = 16;

/**
 * A source of CSP nonces: 16 bytes each from the system's CSPRNG, base64. The bytes are drawn for 256 nonces at
 * a time and each nonce takes the next 16, never the same twice: one `randomFillSync` call costs about as much
 * for 4 KB as for 16 bytes, and a call per response was 4-6% of a cached page's or a listing's answer.
 */
export function nonceSource(perDraw = 256): () => string {
  const pool = Buffer.alloc(NONCE_BYTES * perDraw);
  let next = pool.length;
  return () => {
    if (next === pool.length) {
      randomFillSync(pool);
      next = 0;
    }
    const nonce = pool.toString("base64", next, next + NONCE_BYTES);
    next += NONCE_BYTES;
    return nonce;
  };
}

/** Paths whose answers are never HTML: JSON, images, built assets. An inline script there has nothing to run. */
const WITHOUT_PAGES = /^\/(?:api|images|assets)(?:\/|$)/;

/** The one page the API answers: a provider's return that posts itself on to the provider (Easypaisa's). */
const API_PAGES = /^\/api\/payments\/[a-z]+\/return$/;

/**
 * The `script-src` source of a response's nonce, for secureHeaders' CSP (in place of Hono's NONCE): a page gets a
 * fresh nonce (kept as `secureHeadersNonce`, where the host reads it for the page's inline scripts); an API
 * answer, an image or an asset gets none, its policy then allowing no inline script at all.
 */
export function pageNonce(next = nonceSource()) {
  return (c: Context): string => {
    if (WITHOUT_PAGES.test(c.req.path) && !API_PAGES.test(c.req.path)) return "";
    const nonce = next();
    c.set("secureHeadersNonce", nonce);
    return `'nonce-${nonce}'`;
  };
}
