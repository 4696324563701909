import type { Insertable, Kysely, Selectable } from "kysely";
import type { Database, MessageOutboxTable } from "../../platform/db/schema.ts";
import { deleteSentBefore } from "../outbox/outbox.repository.ts";

/**
 * The message outbox's statements (docs/decisions/0044-messages.md): what only messages write; claiming, marking
 * and purging are every outbox's (outbox/outbox.repository.ts), for message_outbox.
 */

export type MessageOutboxRow = Selectable<MessageOutboxTable>;

export async function insertMessage(
  trx: Kysely<Database>,
  values: Insertable<MessageOutboxTable>,
): Promise<number> {
  const row = await trx.insertInto("message_outbox").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** Deletes messages sent before `cutoff`; answers how many. */
export function deleteSentMessagesBefore(db: Kysely<Database>, cutoff: string): Promise<number> {
  return deleteSentBefore(db, "message_outbox", cutoff);
}
