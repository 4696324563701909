import { LANE_TIMEOUT_CODE } from "../concurrency-lane.ts";

/** True when a write failed on a unique constraint, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}

// SQLSTATEs (and SQLite's busy code) that say "the database cannot answer this now", not "this is a bug".
const UNAVAILABLE_CODES = new Set([
  "55P03", // lock_not_available: lock_timeout passed waiting for another transaction
  "57014", // query_canceled: statement_timeout passed
  "25P03", // idle_in_transaction_session_timeout ended the session
  "57P01", // admin_shutdown: the server is stopping or an administrator ended the backend
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: the server is starting up
  "53300", // too_many_connections
  "40P01", // deadlock_detected, still after retryingTransaction's retries
  "40001", // serialization_failure, likewise
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "SQLITE_BUSY", // busy_timeout passed waiting for another writer
  LANE_TIMEOUT_CODE, // a bulkhead's turn did not come in time (concurrency-lane.ts)
]);

// pg reports a lost socket or a pool that could not connect in time without a code.
const UNAVAILABLE_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error and is not queryable",
];

/**
 * True when a query failed because the database is unreachable, restarting, or held up by a lock or a slow
 * statement: worth answering 503 and trying again later.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 3; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return true;
    if (
      UNAVAILABLE_MESSAGES.some((message) => current instanceof Error && current.message.startsWith(message))
    )
      return true;
    current = current.cause;
  }
  return false;
}

/** Deadlock (40P01) and serialization failure (40001): PostgreSQL rolled back, and the same work may succeed. */
export function isRetryableTransactionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "40P01" || code === "40001";
}
