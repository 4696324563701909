import type { Kysely, Selectable } from "kysely";
import type { Engine } from "../../platform/db/connection.ts";
import type { Database, OutboxColumns } from "../../platform/db/schema.ts";
import type { OutboxStatements } from "./outbox-worker.ts";

/**
 * The statements every transactional outbox shares (mail_outbox, message_outbox: docs/decisions/0044-messages.md):
 * claim due rows, mark one sent, change or hand back a claimed row, purge sent rows. The tables differ only in what
 * a row carries; these columns they have alike, so the statements are written once, for a table named by the caller.
 * When to send, retry and give up is outbox-worker.ts's.
 */

export type OutboxTableName = "mail_outbox" | "message_outbox";

/** A row of outbox `T`, as a claim answers it. */
export type OutboxRowOf<T extends OutboxTableName> = Selectable<Database[T]> &
  Pick<Selectable<OutboxColumns>, "id" | "attempts" | "last_error">;

export type OutboxChange = Partial<Omit<Selectable<OutboxColumns>, "id" | "attempts">>;

/**
 * The database as these statements see it: each outbox table by its shared columns. Kysely checks the statements
 * against them; a claim answers the table's full rows (`OutboxRowOf`).
 */
type OutboxDatabase = Record<OutboxTableName, OutboxColumns & { provider_id?: string | null }>;

const outboxes = (db: Kysely<Database>) => db as unknown as Kysely<OutboxDatabase>;

/**
 * Claims up to `batchSize` due rows for `claimMs`: pending, due, and not claimed (or claimed by a worker whose
 * claim has expired). One statement, so the claim is atomic: on PostgreSQL the rows are locked with
 * `FOR UPDATE SKIP LOCKED` (a second worker skips them instead of waiting and then taking them too); SQLite
 * has one writer at a time. Each claim counts as an attempt, so a row that crashes its worker every time
 * is still given up on.
 */
export async function claimDue<T extends OutboxTableName>(
  database: Kysely<Database>,
  engine: Engine,
  table: T,
  { now, claimMs, batchSize, token }: { now: Date; claimMs: number; batchSize: number; token: string },
): Promise<OutboxRowOf<T>[]> {
  const db = outboxes(database);
  const at = now.toISOString();
  const claimable = db
    .selectFrom(table as OutboxTableName)
    .select("id")
    .where("sent_at", "is", null)
    .where("failed_at", "is", null)
    .where("next_attempt_at", "<=", at)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", at)]))
    .orderBy("next_attempt_at")
    .orderBy("id")
    .limit(batchSize);
  const due = engine === "postgres" ? claimable.forUpdate().skipLocked() : claimable;
  const rows = await db
    .updateTable(table as OutboxTableName)
    .set((eb) => ({
      claimed_until: new Date(now.getTime() + claimMs).toISOString(),
      claim_token: token,
      attempts: eb("attempts", "+", 1),
    }))
    .where("id", "in", due)
    // Checked again on the row as it is when updated (a row another worker claimed meanwhile is left alone).
    .where("sent_at", "is", null)
    .where((eb) => eb.or([eb("claimed_until", "is", null), eb("claimed_until", "<=", at)]))
    .returningAll()
    .execute();
  return (rows as unknown as OutboxRowOf<T>[]).toSorted((a, b) => a.id - b.id);
}

/**
 * Marks a claimed row sent (with the provider's id for the message, where the table keeps one); false when the
 * claim was lost (it expired and another worker took the row).
 */
export async function markSent(
  db: Kysely<Database>,
  table: OutboxTableName,
  id: number,
  token: string,
  now: Date,
  sent: { provider_id?: string | null } = {},
): Promise<boolean> {
  const result = await outboxes(db)
    .updateTable(table)
    .set({ ...sent, sent_at: now.toISOString(), claimed_until: null, claim_token: null, last_error: null })
    .where("id", "=", id)
    .where("claim_token", "=", token)
    .where("sent_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Changes a row this worker's claim (`token`) still holds. */
export async function updateClaimed(
  db: Kysely<Database>,
  table: OutboxTableName,
  id: number,
  token: string,
  change: OutboxChange,
): Promise<void> {
  await outboxes(db)
    .updateTable(table)
    .set(change)
    .where("id", "=", id)
    .where("claim_token", "=", token)
    .execute();
}

/** Hands claimed rows back at once, the claim not counted as an attempt. */
export async function releaseClaimed(
  db: Kysely<Database>,
  table: OutboxTableName,
  ids: number[],
  token: string,
): Promise<void> {
  if (ids.length === 0) return;
  await outboxes(db)
    .updateTable(table)
    .set((eb) => ({ claimed_until: null, claim_token: null, attempts: eb("attempts", "-", 1) }))
    .where("id", "in", ids)
    .where("claim_token", "=", token)
    .execute();
}

/** Deletes rows sent before `cutoff`; answers how many. */
export async function deleteSentBefore(
  db: Kysely<Database>,
  table: OutboxTableName,
  cutoff: string,
): Promise<number> {
  const result = await outboxes(db).deleteFrom(table).where("sent_at", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** What the worker (outbox-worker.ts) is given for one table: these statements, bound to it. */
export function outboxStatements<T extends OutboxTableName>(
  db: Kysely<Database>,
  engine: Engine,
  table: T,
): OutboxStatements<OutboxRowOf<T>, { provider_id?: string | null } | undefined> {
  return {
    claim: (options) => claimDue(db, engine, table, options),
    markSent: (row, token, now, sent) => markSent(db, table, row.id, token, now, sent ?? {}),
    markFailed: (row, token, change) =>
      updateClaimed(db, table, row.id, token, { ...change, claimed_until: null, claim_token: null }),
    release: (ids, token) => releaseClaimed(db, table, ids, token),
  };
}
