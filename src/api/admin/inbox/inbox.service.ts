import type { Kysely } from "kysely";
import type { Database } from "../../../platform/db/schema.ts";
import { retryingTransaction } from "../../../platform/db/transaction.ts";
import {
  INBOX_MESSAGES,
  INBOX_PER_PAGE,
  type InboxMessage,
  type InboxMessageDetail,
  type InboxPage,
  type InboxReplyInput,
  type InboxStatusInput,
} from "../../../shared/contracts/inbox.ts";
import type { ContactMessageStatus } from "../../../shared/inbox.ts";
import { NotFound } from "../../errors.ts";
import { enqueueAddressedMail } from "../../mail/outbox.ts";
import { pageMeta } from "../../pagination.ts";
import { type AuditActor, recordAudit } from "../audit.ts";
import { inboxRepository } from "./inbox.repository.ts";
import { contactReplyEmail } from "./inbox-emails.ts";

type MessageRow = Omit<InboxMessage, "replies_count"> & { replies_count: number | string | null };

const toMessage = (row: MessageRow): InboxMessage => ({
  id: row.id,
  name: row.name,
  email: row.email,
  subject: row.subject,
  status: row.status,
  created_at: row.created_at,
  replies_count: Number(row.replies_count ?? 0),
});

/**
 * The contact inbox (issue 35 item 6, docs/decisions/0062): messages from the contact form as new, answered or
 * closed; a reply is mailed through the outbox in the transaction that keeps it and marks the message answered,
 * with its audit entry. Staff and owners alike.
 */
export function inboxService({
  db,
  shopEmail,
  onMailQueued,
}: {
  db: Kysely<Database>;
  shopEmail: string;
  onMailQueued?: (() => void) | undefined;
}) {
  async function detail(trx: Kysely<Database>, id: number): Promise<InboxMessageDetail> {
    const repo = inboxRepository(trx);
    const row = await repo.find(id);
    if (!row) throw new NotFound(INBOX_MESSAGES.notFound);
    return {
      message: { ...toMessage(row), message: row.message, user_id: row.user_id },
      replies: await repo.replies(id),
    };
  }

  async function changeStatus(
    trx: Kysely<Database>,
    actor: AuditActor,
    before: ContactMessageStatus,
    id: number,
    status: ContactMessageStatus,
    at: Date,
  ) {
    if (before === status) return;
    await inboxRepository(trx).setStatus(id, status);
    await recordAudit(
      trx,
      {
        actor,
        action: "contact_message.status",
        entityType: "contact_message",
        entityId: id,
        before: { status: before },
        after: { status },
      },
      at,
    );
  }

  return {
    async list(status: ContactMessageStatus | "all", page: number): Promise<InboxPage> {
      const repo = inboxRepository(db);
      const [rows, counts] = await Promise.all([
        repo.page(status, INBOX_PER_PAGE, (page - 1) * INBOX_PER_PAGE),
        repo.countsByStatus(),
      ]);
      const total = status === "all" ? counts.new + counts.answered + counts.closed : counts[status];
      return { data: rows.map(toMessage), meta: pageMeta(page, INBOX_PER_PAGE, rows.length, total), counts };
    },

    /** How many messages wait for an answer (the back office's menu shows it). */
    newCount: async () => (await inboxRepository(db).countsByStatus()).new,

    get: (id: number) => detail(db, id),

    /** Mails the reply, keeps it, and marks the message answered, in one transaction with its audit entry. */
    async reply(actor: AuditActor, id: number, input: InboxReplyInput): Promise<InboxMessageDetail> {
      const answer = await retryingTransaction(db, async (trx) => {
        const at = new Date();
        const repo = inboxRepository(trx);
        const original = await repo.find(id);
        if (!original) throw new NotFound(INBOX_MESSAGES.notFound);
        const replyId = await repo.insertReply({
          contact_message_id: id,
          author_user_id: actor.id,
          author_email: actor.email,
          body: input.body,
          created_at: at.toISOString(),
        });
        const mailId = await enqueueAddressedMail(
          trx,
          contactReplyEmail(original, { body: input.body, replyId }, shopEmail),
          at,
        );
        await repo.setReplyMail(replyId, mailId);
        await recordAudit(
          trx,
          {
            actor,
            action: "contact_message.reply",
            entityType: "contact_message",
            entityId: id,
            after: { reply_id: replyId, to: original.email, body: input.body },
          },
          at,
        );
        await changeStatus(trx, actor, original.status, id, "answered", at);
        return detail(trx, id);
      });
      onMailQueued?.();
      return answer;
    },

    async setStatus(actor: AuditActor, id: number, input: InboxStatusInput): Promise<InboxMessageDetail> {
      return retryingTransaction(db, async (trx) => {
        const original = await inboxRepository(trx).find(id);
        if (!original) throw new NotFound(INBOX_MESSAGES.notFound);
        await changeStatus(trx, actor, original.status, id, input.status, new Date());
        return detail(trx, id);
      });
    },
  };
}

export type InboxService = ReturnType<typeof inboxService>;
