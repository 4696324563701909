import type { Kysely } from "kysely";
import type { Database, Trx } from "../../platform/db/schema.ts";
import { retryingTransaction } from "../../platform/db/transaction.ts";
import { catalogueChanged } from "./count-cache.ts";

/**
 * "The catalogue changed", said in one place (docs/decisions/0036-one-home-per-rule.md). A write that changes
 * what public pages show (a product, its photos, price or stock, a category, colour, size, tag or slide, a
 * product's approved reviews) runs in `catalogueWrite`, and whatever part of it changes such a thing marks
 * its transaction with `markCatalogueChanged`. Once that transaction has committed, and only then,
 * `catalogueWrite` drops this process's catalogue caches (`catalogueChanged`: listing totals, the catalogue
 * cache, the search vocabulary) and tells its listener (ApiDeps.onCatalogueChanged: the host's public pages,
 * here and on the other instances). A transaction that rolls back (an error, a dry run, a retried attempt)
 * tells nobody, and no reader can fill a cache, between the drop and the commit, with what the write replaces.
 *
 * An order that only moves stock (checkout, a cancellation, a return's restock: no variant sold out or back in
 * stock) marks `markStockChanged` instead: once committed the listener is told which products' stock moved, and
 * only what shows those numbers is refreshed (the product pages' size pickers, the sizes' answers; decision
 * 0056). Nothing this process keeps shows stock counts (listings show a product's price and whether it has stock,
 * which only a variant selling out or coming back changes: that write marks the catalogue changed too).
 */

/**
 * Told after a committed catalogue write (ApiDeps.onCatalogueChanged): with `stockOf`, only those products'
 * stock moved (no variant sold out or came back); without, anything public may have changed.
 */
export type CatalogueListener = (stockOf?: readonly number[]) => void;

/** Runs `work` in a transaction and commits it: `retryingTransaction`, or a repository's `transaction`. */
export type TransactionRunner = <T>(work: (trx: Trx) => Promise<T>) => Promise<T>;

interface Unit {
  /** Something public may have changed. */
  changed: boolean;
  /** The products whose stock moved. */
  stockOf: Set<number>;
}

/** The transactions `catalogueWrite` has open, and what each has changed so far. */
const open = new WeakMap<Trx, Unit>();

/** The open transaction's unit; a transaction `catalogueWrite` did not open is refused, so no write goes untold. */
function unitOf(trx: Trx): Unit {
  const unit = open.get(trx);
  if (!unit) {
    throw new Error(
      "A catalogue write must run in catalogueWrite() (src/api/catalogue/catalogue-write.ts), " +
        "which tells the caches once it commits.",
    );
  }
  return unit;
}

/** Marks the open transaction as changing what public pages show: the caches are told once it commits. */
export function markCatalogueChanged(trx: Trx): void {
  unitOf(trx).changed = true;
}

/**
 * Marks the open transaction as moving the stock of `productIds`' variants, none of them to or from zero (a write
 * that sells a variant out or brings it back marks the catalogue changed as well): once it commits, only what
 * shows those products' stock is refreshed.
 */
export function markStockChanged(trx: Trx, productIds: Iterable<number>): void {
  const unit = unitOf(trx);
  for (const id of productIds) unit.stockOf.add(id);
}

/**
 * Runs `work` in one transaction (`db`'s `retryingTransaction`, or the runner given) and, after it has
 * committed, tells of the change if `work` marked one: this process's caches first, then `listener` (a stock
 * change alone reaches only `listener`, with the products: nothing this process keeps shows stock counts). A
 * transaction run again after a deadlock counts only as the attempt that committed. Answers `work`'s answer;
 * an error rolls back, tells nobody and is thrown on.
 */
export async function catalogueWrite<T>(
  db: Kysely<Database> | TransactionRunner,
  work: (trx: Trx) => Promise<T>,
  listener?: CatalogueListener,
): Promise<T> {
  const run: TransactionRunner = typeof db === "function" ? db : (each) => retryingTransaction(db, each);
  let committed: Unit | undefined;
  const result = await run(async (trx) => {
    const unit: Unit = { changed: false, stockOf: new Set() };
    open.set(trx, unit);
    try {
      const answer = await work(trx);
      committed = unit;
      return answer;
    } finally {
      open.delete(trx);
    }
  });
  if (committed?.changed) {
    catalogueChanged();
    listener?.();
  } else if (committed && committed.stockOf.size > 0) {
    listener?.([...committed.stockOf]);
  }
  return result;
}
