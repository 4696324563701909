/**
 * Answers the host keeps in memory for everyone alike: rendered public pages (`public-pages/page-cache.ts`,
 * decision 0033) and the API's public JSON answers (`public-answers.ts`, decision 0056). This module keeps the
 * values; the callers decide what may be kept and how it is served.
 *
 * - Bounded by bytes and, when asked, by count (least recently used first out) and by age (a TTL: the safety net
 *   for a change whose message was lost, e.g. while Redis was down).
 * - One fill per key at a time: requests for a key being filled wait for it rather than fill it again.
 * - `clear()` (a catalogue change) drops everything, and a fill that started before it is not kept.
 * - `stockChanged(products)` (an order, a cancellation: decision 0056) touches only the values that show those
 *   products' stock (the products a value was kept with, `finish(value, products)`): each goes stale. For at
 *   most `STALE_MS` after the change the stale value is still served: the first request to find it (`stale`)
 *   starts its refresh in the background and is answered with it, and so is everyone else while that one refresh
 *   runs, so a stream of orders neither sends a crowd of shoppers into renders nor makes any of them wait for one
 *   (decision 0058). Past the bound they wait for the refresh as on a miss. A refresh that started before a later
 *   change of one of its products is kept stale (it may show the stock before that change), so the next request
 *   refreshes it again.
 */

/** How long after a stock change its stale values may still be served while their refresh runs. */
export const STALE_MS = 1_000;

export interface KeptStoreOptions {
  maxBytes: number;
  /** At most this many values (unbounded when absent: the bytes bound them). */
  maxEntries?: number;
  ttlMs: number;
  now?: () => number;
}

export interface KeptStore<V extends { bytes: number }> {
  readonly enabled: boolean;
  /**
   * The value for `key` to serve: a fresh one, or a stale one while its refresh runs (within `STALE_MS` of the
   * change); undefined when there is none, or when a request must (re)fill it.
   */
  get(key: string): V | undefined;
  /**
   * A stale value of `key` within `STALE_MS` of its change whose refresh nobody has started (`get` answers none
   * for it): the caller answers it and starts the refresh (`begin`) without waiting for it.
   */
  stale(key: string): V | undefined;
  /** The fill of `key` under way in this process, if any (another request's): wait for it. */
  pending(key: string): Promise<V | null> | undefined;
  /**
   * Claims the fill of `key`: `finish(value, products)` keeps the value (unless the store was cleared meanwhile)
   * as one showing `products`' stock, and hands it to the requests that waited; `finish(null)` says the answer
   * is not to be kept (they fill their own, and a stale value it was to refresh is dropped).
   */
  begin(key: string): { finish(value: V | null, products?: Iterable<number>): void };
  /** Drops every value and forgets fills under way (their results are not kept). */
  clear(): void;
  /** Stales the values that show any of `products`' stock (see above); everything else stays as it is. */
  stockChanged(products: Iterable<number>): void;
  stats(): { entries: number; bytes: number };
}

interface Entry<V> {
  value: V;
  expires: number;
  products: readonly number[];
  /** When a stock change made it stale; undefined while fresh. */
  staleSince?: number;
}

export function createKeptStore<V extends { bytes: number }>(options: KeptStoreOptions): KeptStore<V> {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? Number.POSITIVE_INFINITY;
  const entries = new Map<string, Entry<V>>();
  const fills = new Map<string, Promise<V | null>>();
  /** The keys of the values that show each product's stock. */
  const byProduct = new Map<number, Set<string>>();
  /** Counts stock changes; each product's last one, for fills that started before it (emptied when none runs). */
  let changes = 0;
  const changedAt = new Map<number, number>();
  let bytes = 0;
  let generation = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.value.bytes;
    for (const product of entry.products) {
      const keys = byProduct.get(product);
      keys?.delete(key);
      if (keys?.size === 0) byProduct.delete(product);
    }
  }

  function store(key: string, value: V, products: readonly number[], stale: boolean) {
    remove(key);
    if (value.bytes > options.maxBytes) return;
    const entry: Entry<V> = { value, expires: now() + options.ttlMs, products };
    if (stale) entry.staleSince = now();
    entries.set(key, entry);
    bytes += value.bytes;
    for (const product of products) {
      const keys = byProduct.get(product) ?? new Set<string>();
      keys.add(key);
      byProduct.set(product, keys);
    }
    // A Map iterates in insertion order, and a hit re-inserts: the first key is the least recently used.
    for (const [oldest] of entries) {
      if (bytes <= options.maxBytes && entries.size <= maxEntries) break;
      remove(oldest);
    }
  }

  return {
    enabled: options.maxBytes > 0,

    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      const at = now();
      if (entry.expires <= at) {
        remove(key);
        return undefined;
      }
      if (entry.staleSince !== undefined && (!fills.has(key) || at - entry.staleSince > STALE_MS)) {
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },

    stale(key) {
      const entry = entries.get(key);
      if (!entry || entry.staleSince === undefined || fills.has(key)) return undefined;
      const at = now();
      if (entry.expires <= at || at - entry.staleSince > STALE_MS) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },

    pending: (key) => fills.get(key),

    begin(key) {
      const started = generation;
      const startedAt = changes;
      let settle: (value: V | null) => void = () => {};
      const fill = new Promise<V | null>((resolve) => {
        settle = resolve;
      });
      fills.set(key, fill);
      return {
        finish(value, products = []) {
          if (fills.get(key) === fill) fills.delete(key);
          const current = started === generation;
          const shows = [...new Set(products)];
          if (current && value && options.maxBytes > 0) {
            store(
              key,
              value,
              shows,
              shows.some((product) => (changedAt.get(product) ?? 0) > startedAt),
            );
          } else if (current && entries.get(key)?.staleSince !== undefined) {
            remove(key);
          }
          if (fills.size === 0) changedAt.clear();
          // Waiters of a fill the store was cleared under fill their own: it may show the old catalogue.
          settle(current ? value : null);
        },
      };
    },

    clear() {
      generation++;
      entries.clear();
      fills.clear();
      byProduct.clear();
      changedAt.clear();
      bytes = 0;
    },

    stockChanged(products) {
      changes++;
      const at = now();
      for (const product of products) {
        if (fills.size > 0) changedAt.set(product, changes);
        for (const key of byProduct.get(product) ?? []) {
          const entry = entries.get(key)!;
          entry.staleSince ??= at;
        }
      }
    },

    stats: () => ({ entries: entries.size, bytes }),
  };
}
