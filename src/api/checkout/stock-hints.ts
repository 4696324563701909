/**
 * The stock this process last saw of variants, as carts and checkouts read it (committed) or took it: a hint only,
 * of when a checkout waiting for its turn should read its cart's stock again (decision 0058). What is sold is
 * decided in the order's transaction, never by this. Shared by the cart (every add reads its variant's stock) and
 * the checkout, so a sell-out seen by either wakes the checkouts waiting for that variant.
 */
export interface StockHints {
  /** What was read or left of a variant, committed. Listeners hear of it when it is new or lower than before. */
  saw(variantId: number, stock: number): void;
  /** The last stock seen of the variant, if any. */
  seen(variantId: number): number | undefined;
  /** Calls `listener` whenever a variant's seen stock goes down; answers how to stop. */
  onLower(listener: (variantId: number, stock: number) => void): () => void;
}

/** At most this many variants are remembered (forgotten all at once beyond it: only a hint is lost). */
const LIMIT = 10_000;

export function stockHints(): StockHints {
  const seen = new Map<number, number>();
  const listeners = new Set<(variantId: number, stock: number) => void>();
  return {
    saw(variantId, stock) {
      const before = seen.get(variantId);
      if (before === undefined && seen.size >= LIMIT) seen.clear();
      seen.set(variantId, stock);
      if (before !== undefined && stock >= before) return;
      for (const listener of listeners) listener(variantId, stock);
    },
    seen: (variantId) => seen.get(variantId),
    onLower(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
