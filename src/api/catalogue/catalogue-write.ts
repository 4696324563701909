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
 */

/** Told after a committed catalogue write (ApiDeps.onCatalogueChanged). */
export type CatalogueListener = () => void;

/** Runs `work` in a transaction and commits it: `retryingTransaction`, or a repository's `transaction`. */
export type TransactionRunner = <T>(work: (trx: Trx) => Promise<T>) => Promise<T>;

/** The transactions `catalogueWrite` has open, and whether each has changed the catalogue so far. */
const open = new WeakMap<Trx, { changed: boolean }>();

/**
 * Marks the open transaction as changing what public pages show: the caches are told once it commits. A
 * transaction `catalogueWrite` did not open is refused with an error, so no catalogue write can go untold.
 */
export function markCatalogueChanged(trx: Trx): void {
  const unit = open.get(trx);
  if (!unit) {
    throw new Error(
      "A catalogue write must run in catalogueWrite() (src/api/catalogue/catalogue-write.ts), " +
        "which tells the caches once it commits.",
    );
  }
  unit.changed = true;
}

/**
 * Runs `work` in one transaction (`db`'s `retryingTransaction`, or the runner given) and, after it has
 * committed, tells of the change if `work` marked one: this process's caches first, then `listener`. A
 * transaction run again after a deadlock counts only as the attempt that committed. Answers `work`'s answer;
 * an error rolls back, tells nobody and is thrown on.
 */
export async function catalogueWrite<T>(
  db: Kysely<Database> | TransactionRunner,
  work: (trx: Trx) => Promise<T>,
  listener?: CatalogueListener,
): Promise<T> {
  const run: TransactionRunner = typeof db === "function" ? db : (each) => retryingTransaction(db, each);
  let changed = false;
  const result = await run(async (trx) => {
    const unit = { changed: false };
    open.set(trx, unit);
    try {
      const answer = await work(trx);
      changed = unit.changed;
      return answer;
    } finally {
      open.delete(trx);
    }
  });
  if (changed) {
    catalogueChanged();
    listener?.();
  }
  return result;
}
