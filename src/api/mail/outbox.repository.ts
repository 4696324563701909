import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { Engine } from "../../platform/db/connection.ts";
import type { Database, MailOutboxTable } from "../../platform/db/schema.ts";

/**
 * The mail outbox's statements (docs/decisions/0014-mail-outbox-and-idempotent-checkout.md); when to send, retry
 * and give up is outbox.ts's.
 */

export type OutboxRow = Selectable<MailOutboxTable>;

export async function insertMail(
  trx: Kysely<Database>,
  values: Insertable<MailOutboxTable>,
): Promise<number> {
  const row = await trx.insertInto("mail_outbox").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Claims up to `batchSize` due rows for `claimMs`: pending, due, and not claimed (or claimed by a worker whose
 * claim has expired). One statement, so the claim is atomic: on PostgreSQL the rows are locked with
 * `FOR UPDATE SKIP LOCKED` (a second worker skips them instead of waiting and then taking them too); SQLite
 * has one writer at a time. Each claim counts as an attempt, so a message that crashes its worker every time
 * is still given up on.
 */
export async function claimDueMail(
  db: Kysely<Database>,
  engine: Engine,
  { now, claimMs, batchSize, token }: { now: Date; claimMs: number; batchSize: number; token: string },
): Promise<OutboxRow[]> {
  const at = now.toISOString();
  const claimable = db
    .selectFrom("mail_outbox")
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
    .updateTable("mail_outbox")
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
  return rows.toSorted((a, b) => a.id - b.id);
}

/** Marks a claimed row sent; false when the claim was lost (it expired and another worker took the row). */
export async function markMailSent(
  db: Kysely<Database>,
  row: Pick<OutboxRow, "id">,
  token: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable("mail_outbox")
    .set({ sent_at: now.toISOString(), claimed_until: null, claim_token: null, last_error: null })
    .where("id", "=", row.id)
    .where("claim_token", "=", token)
    .where("sent_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Changes a row this worker's claim (`token`) still holds. */
export async function updateClaimedMail(
  db: Kysely<Database>,
  id: number,
  token: string,
  change: Updateable<MailOutboxTable>,
): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set(change)
    .where("id", "=", id)
    .where("claim_token", "=", token)
    .execute();
}

/** Hands claimed rows back at once, the claim not counted as an attempt. */
export async function releaseClaims(db: Kysely<Database>, ids: number[], token: string): Promise<void> {
  await db
    .updateTable("mail_outbox")
    .set((eb) => ({ claimed_until: null, claim_token: null, attempts: eb("attempts", "-", 1) }))
    .where("id", "in", ids)
    .where("claim_token", "=", token)
    .execute();
}

/** Deletes mail sent before `cutoff`; answers how many. */
export async function deleteSentBefore(db: Kysely<Database>, cutoff: string): Promise<number> {
  const result = await db.deleteFrom("mail_outbox").where("sent_at", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
