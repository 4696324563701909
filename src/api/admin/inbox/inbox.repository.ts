import type { ExpressionBuilder, Insertable, Kysely } from "kysely";
import type { ContactReplyTable, Database } from "../../../platform/db/schema.ts";
import type { ContactMessageStatus } from "../../../shared/inbox.ts";

/** The back office's reads and writes of contact messages and their replies (decision 0062). */
export function inboxRepository(db: Kysely<Database>) {
  const messages = (status: ContactMessageStatus | "all") => {
    const query = db.selectFrom("contact_messages");
    return status === "all" ? query : query.where("status", "=", status);
  };
  const repliesCount = (eb: ExpressionBuilder<Database, "contact_messages">) =>
    eb
      .selectFrom("contact_replies")
      .select((inner) => inner.fn.countAll<number | string>().as("n"))
      .whereRef("contact_replies.contact_message_id", "=", "contact_messages.id")
      .as("replies_count");

  return {
    /** One page of messages in `status`, newest first, each with how many replies it has. */
    page: (status: ContactMessageStatus | "all", limit: number, offset: number) =>
      messages(status)
        .select(["id", "name", "email", "subject", "status", "created_at"])
        .select(repliesCount)
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),

    async countsByStatus(): Promise<Record<ContactMessageStatus, number>> {
      const rows = await db
        .selectFrom("contact_messages")
        .select((eb) => ["status", eb.fn.countAll<number | string>().as("n")])
        .groupBy("status")
        .execute();
      const counts: Record<ContactMessageStatus, number> = { new: 0, answered: 0, closed: 0 };
      for (const row of rows) counts[row.status] = Number(row.n);
      return counts;
    },

    find: (id: number) =>
      db
        .selectFrom("contact_messages")
        .selectAll()
        .select(repliesCount)
        .where("id", "=", id)
        .executeTakeFirst(),

    replies: (id: number) =>
      db
        .selectFrom("contact_replies")
        .select(["id", "author_email", "body", "created_at"])
        .where("contact_message_id", "=", id)
        .orderBy("id")
        .execute(),

    async insertReply(values: Insertable<ContactReplyTable>): Promise<number> {
      const row = await db
        .insertInto("contact_replies")
        .values(values)
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async setReplyMail(replyId: number, mailId: number): Promise<void> {
      await db.updateTable("contact_replies").set({ mail_id: mailId }).where("id", "=", replyId).execute();
    },

    async setStatus(id: number, status: ContactMessageStatus): Promise<void> {
      await db.updateTable("contact_messages").set({ status }).where("id", "=", id).execute();
    },
  };
}
