import type { Kysely, Transaction } from "kysely";
import { isRetryableTransactionError } from "./errors.ts";

/**
 * Runs `work` in a transaction, and runs it again (from the start, in a new transaction) when PostgreSQL rolled
 * it back for a deadlock or a serialization failure: both mean "another transaction got in the way", and the
 * same work usually succeeds a moment later. `work` must therefore be safe to repeat: read what it needs inside
 * the transaction and cause no effects outside it. SQLite never reports these (its writers take turns on one
 * connection, waiting up to `busy_timeout`), so there it is a plain transaction.
 */
export async function retryingTransaction<DB, T>(
  db: Kysely<DB>,
  work: (trx: Transaction<DB>) => Promise<T>,
  { retries = 3 }: { retries?: number } = {},
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= retries || !isRetryableTransactionError(error)) throw error;
      // A few milliseconds, growing and jittered, so the transactions that collided do not collide again.
      await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt * (0.5 + Math.random())));
    }
  }
}
