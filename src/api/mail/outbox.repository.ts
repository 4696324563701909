import type { Insertable, Kysely, Selectable } from "kysely";
import type { Engine } from "../../platform/db/connection.ts";
import type { Database, MailOutboxTable } from "../../platform/db/schema.ts";
import { claimDue, deleteSentBefore, markSent } from "../outbox/outbox.repository.ts";

/**
 * The mail outbox's statements (docs/decisions/0014-mail-outbox-and-idempotent-checkout.md): what only mail
 * writes; claiming, marking and purging are every outbox's (outbox/outbox.repository.ts), here for mail_outbox.
 */

export type OutboxRow = Selectable<MailOutboxTable>;

export async function insertMail(
  trx: Kysely<Database>,
  values: Insertable<MailOutboxTable>,
): Promise<number> {
  const row = await trx.insertInto("mail_outbox").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** Claims up to `batchSize` due mail for `claimMs` (`claimDue`: atomic, and each claim counts as an attempt). */
export function claimDueMail(
  db: Kysely<Database>,
  engine: Engine,
  options: { now: Date; claimMs: number; batchSize: number; token: string },
): Promise<OutboxRow[]> {
  return claimDue(db, engine, "mail_outbox", options);
}

/** Marks claimed mail sent; false when the claim was lost (it expired and another worker took the row). */
export function markMailSent(
  db: Kysely<Database>,
  row: Pick<OutboxRow, "id">,
  token: string,
  now: Date,
): Promise<boolean> {
  return markSent(db, "mail_outbox", row.id, token, now);
}

/** Deletes mail sent before `cutoff`; answers how many. */
export function deleteSentMailBefore(db: Kysely<Database>, cutoff: string): Promise<number> {
  return deleteSentBefore(db, "mail_outbox", cutoff);
}
