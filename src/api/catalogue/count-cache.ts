/**
 * Listing totals ("Showing 1–12 of 10,000") cached per filter. Counting is the one part of a listing whose
 * cost grows with the catalogue: the page itself is an index scan that stops after 12 rows, while COUNT(*)
 * visits every match (on PostgreSQL even with no filter). Totals change only when products are written, and
 * a total that lags such a write by a few seconds shows a page count off by one at worst, never a wrong
 * product or price, so a per-process cache is safe without a shared store:
 * - any catalogue write in this process drops every cached total at once, after its commit (`catalogueWrite`);
 * - writes by another process (a seed run, another instance) are picked up when an entry expires.
 */

const TTL_MS = 30_000;
const MAX_ENTRIES = 1_000;

let version = 0;

/**
 * Drops every cached total in this process: `catalogueWrite` calls it after a commit, the host when another
 * instance says it wrote.
 */
export function catalogueChanged(): void {
  version++;
}

/** Bumped by `catalogueChanged`: other per-process caches of catalogue data (the search vocabulary) key on it. */
export function catalogueVersion(): number {
  return version;
}

interface Entry<T> {
  value: Promise<T>;
  version: number;
  expires: number;
}

/**
 * Answers cached per key until the next `catalogueChanged()` or `ttlMs`, whichever comes first; at most
 * `maxEntries` (the oldest goes first). Concurrent callers of a key being loaded share its one load, and a load
 * that fails is forgotten.
 */
export function versionedCache<T>(ttlMs: number, maxEntries: number) {
  const entries = new Map<string, Entry<T>>();
  return {
    /** The cached value for `key`, or `load()`'s (shared by concurrent callers while it runs). */
    get(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.version === version && hit.expires > now) return hit.value;
      if (hit) entries.delete(key);
      else if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      const value = load();
      const entry = { value, version, expires: now + ttlMs };
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
  };
}

export function countCache() {
  return versionedCache<number>(TTL_MS, MAX_ENTRIES);
}

const databaseKeys = new WeakMap<object, string>();
let nextDatabaseKey = 0;

/** A per-process cache's key for a database handle: tests run several databases in one process. */
export function databaseKey(db: object): string {
  let key = databaseKeys.get(db);
  if (key === undefined) {
    key = String(nextDatabaseKey++);
    databaseKeys.set(db, key);
  }
  return key;
}
