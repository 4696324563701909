/**
 * The search-as-you-type limits, shared by the API contract and the storefront's search box. A module of its
 * own without zod, so the browser bundle does not pull in the contract's schemas (zod probes `new Function`,
 * which the storefront's CSP blocks and reports).
 */

/** Suggestions need at least this many characters; fewer match too much to be useful. */
export const SUGGEST_MIN_CHARS = 2;
/** At most this many product suggestions (and as many categories). */
export const SUGGEST_LIMIT = 6;
