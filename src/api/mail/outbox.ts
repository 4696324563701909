import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Engine } from "../../platform/db/connection.ts";
import type { Database } from "../../platform/db/schema.ts";
import type { Mailer, MailMessage } from "../../platform/mail.ts";
import { outboxStatements } from "../outbox/outbox.repository.ts";
import { createOutboxWorker, type OutboxOptions, type OutboxWorker } from "../outbox/outbox-worker.ts";
import { currentShopDetails } from "../shop/shop-details.ts";
import { deleteSentMailBefore, insertMail, type OutboxRow } from "./outbox.repository.ts";

/**
 * The transactional mail outbox (docs/decisions/0014-mail-outbox-and-idempotent-checkout.md). A request writes
 * its mail with `enqueueMail` in the same transaction as what the mail is about, so the order and its
 * confirmation commit or roll back together and no SMTP server is waited for inside a request. The mail worker
 * (`createMailWorker`, started by the server) claims due rows, sends them through the Mailer, and retries with
 * backoff; on PostgreSQL several instances share the table, and `FOR UPDATE SKIP LOCKED` keeps any two from
 * taking the same row.
 */

/** Sent mail is kept this long (to answer "did my confirmation go out?"), then `purgeOutbox` deletes it. */
export const SENT_MAIL_KEPT_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Writes one message to the outbox inside the caller's transaction; the worker sends it after the commit. A message
 * to nobody (an order staff entered for a shopper who gave no email) is not written: undefined.
 */
export async function enqueueMail(
  trx: Kysely<Database>,
  message: MailMessage & { reference?: string },
  now: Date = new Date(),
): Promise<number | undefined> {
  if (message.to.trim() === "") return undefined;
  return insertMail(trx, {
    recipient: message.to,
    subject: message.subject,
    text_body: message.text,
    html_body: message.html,
    reference: message.reference ?? null,
    reply_to: message.replyTo ?? null,
    headers:
      message.headers && Object.keys(message.headers).length > 0 ? JSON.stringify(message.headers) : null,
    created_at: now.toISOString(),
    attempts: 0,
    next_attempt_at: now.toISOString(),
  });
}

/** `enqueueMail` for a message whose address is known to be there (a reply, a newsletter): answers its row's id. */
export async function enqueueAddressedMail(
  trx: Kysely<Database>,
  message: MailMessage & { reference?: string },
  now: Date = new Date(),
): Promise<number> {
  const id = await enqueueMail(trx, message, now);
  if (id === undefined) throw new Error("This mail has no recipient.");
  return id;
}

/** Deletes mail sent more than 30 days before `now` (pending and given-up mail stays); answers how many. */
export async function purgeOutbox(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - SENT_MAIL_KEPT_DAYS * DAY_MS).toISOString();
  return deleteSentMailBefore(db, cutoff);
}

/** The mail worker: an outbox worker (outbox/outbox-worker.ts) over mail_outbox. */
export type MailWorker = OutboxWorker;

/** The mail worker: polls the outbox, sends due mail through the Mailer, retries failures with backoff. */
export function createMailWorker(deps: {
  db: Kysely<Database>;
  engine: Engine;
  mailer: Mailer;
  logger: Pick<Logger, "info" | "warn" | "error">;
  options?: Partial<OutboxOptions>;
  /** The clock (tests move it to expire claims). */
  now?: () => Date;
}): MailWorker {
  return createOutboxWorker({
    kind: "mail",
    transport: "mail transport",
    statements: outboxStatements(deps.db, deps.engine, "mail_outbox"),
    send: async (row, signal) => {
      // From the shop's name as its details say now (decision 0066).
      const { name } = await currentShopDetails(deps.db);
      await deps.mailer.send({ ...mailOf(row), fromName: name }, { signal });
      return undefined;
    },
    describe: (row) => ({ mailId: row.id, reference: row.reference }),
    logger: deps.logger,
    options: deps.options,
    now: deps.now,
  });
}

function mailOf(row: OutboxRow): MailMessage {
  return {
    to: row.recipient,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    replyTo: row.reply_to ?? undefined,
    headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : undefined,
  };
}
