import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Engine } from "../../platform/db/connection.ts";
import type { Database } from "../../platform/db/schema.ts";
import type { MessageChannel, Messenger, OutgoingMessage } from "../../platform/messenger.ts";
import { toE164 } from "../../shared/phone.ts";
import { outboxStatements } from "../outbox/outbox.repository.ts";
import { createOutboxWorker, type OutboxOptions, type OutboxWorker } from "../outbox/outbox-worker.ts";
import {
  deleteSentMessagesBefore,
  insertMessage,
  type MessageOutboxRow,
} from "./message-outbox.repository.ts";

/**
 * The transactional outbox of messages to customers' phones (docs/decisions/0044-messages.md), the mail outbox's
 * twin: a service writes the message with `enqueueMessage` in the same transaction as what it is about, so a
 * rolled-back order sends nothing and no provider is waited for inside a request. The message worker (the shared
 * outbox worker over message_outbox, started by the server) sends it through the Messenger and retries with
 * backoff, as mail is.
 */

/** What a message says, by text and as a WhatsApp template (its language is the shop's, added when sending). */
export interface MessageContent {
  text: string;
  template: { name: string; parameters: string[] };
}

export interface QueuedMessage extends MessageContent {
  channel: MessageChannel;
  /** E.164. */
  to: string;
  order?: string | undefined;
}

/** Sent messages are kept this long, as sent mail is, then `purgeMessageOutbox` deletes them. */
export const SENT_MESSAGES_KEPT_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Writes one message to the outbox inside the caller's transaction; the worker sends it after the commit. */
export function enqueueMessage(
  trx: Kysely<Database>,
  message: QueuedMessage,
  now: Date = new Date(),
): Promise<number> {
  return insertMessage(trx, {
    channel: message.channel,
    recipient: message.to,
    text_body: message.text,
    template: JSON.stringify(message.template),
    order_number: message.order ?? null,
    created_at: now.toISOString(),
    attempts: 0,
    next_attempt_at: now.toISOString(),
  });
}

/**
 * How services queue a message to an order's phone: the channel the shop sends by, where to say a skip, and whom
 * to tell after the commit (the server's message worker).
 */
export interface OrderMessaging {
  channel: MessageChannel;
  logger: Pick<Logger, "debug">;
  onQueued?: (() => void) | undefined;
}

/**
 * Queues `content` to `phone` as the customer typed it, about order `order`; a phone that cannot be read as a
 * number (E.164, `toE164`) is skipped with a debug line, since the customer still gets the email. Answers whether
 * a message was queued.
 */
export async function enqueueOrderMessage(
  trx: Kysely<Database>,
  messaging: OrderMessaging,
  to: { phone: string; order: string },
  content: MessageContent,
  now: Date = new Date(),
): Promise<boolean> {
  const phone = toE164(to.phone);
  if (!phone) {
    messaging.logger.debug(
      { order: to.order },
      "order message skipped: the phone is not a number we can text",
    );
    return false;
  }
  await enqueueMessage(trx, { ...content, channel: messaging.channel, to: phone, order: to.order }, now);
  return true;
}

/** Deletes messages sent more than 30 days before `now` (pending and given-up ones stay); answers how many. */
export function purgeMessageOutbox(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - SENT_MESSAGES_KEPT_DAYS * DAY_MS).toISOString();
  return deleteSentMessagesBefore(db, cutoff);
}

export type MessageWorker = OutboxWorker;

/** The message worker: polls message_outbox, sends due messages through the Messenger, retries with backoff. */
export function createMessageWorker(deps: {
  db: Kysely<Database>;
  engine: Engine;
  messenger: Messenger;
  /** The language code of the shop's WhatsApp templates (WHATSAPP_TEMPLATE_LANGUAGE). */
  templateLanguage?: string;
  logger: Pick<Logger, "info" | "warn" | "error">;
  options?: Partial<OutboxOptions>;
  now?: () => Date;
}): MessageWorker {
  const language = deps.templateLanguage ?? "en";
  return createOutboxWorker({
    kind: "message",
    transport: "messenger",
    statements: outboxStatements(deps.db, deps.engine, "message_outbox"),
    send: async (row, signal) => {
      const { providerId } = await deps.messenger.send(outgoing(row, language), { signal });
      return { provider_id: providerId ?? null };
    },
    describe: (row) => ({ messageId: row.id, order: row.order_number, channel: row.channel }),
    logger: deps.logger,
    options: deps.options,
    now: deps.now,
  });
}

function outgoing(row: MessageOutboxRow, language: string): OutgoingMessage {
  const template = row.template ? (JSON.parse(row.template) as MessageContent["template"]) : undefined;
  return {
    channel: row.channel === "whatsapp" ? "whatsapp" : "sms",
    to: row.recipient,
    text: row.text_body,
    order: row.order_number ?? undefined,
    template: template ? { ...template, language } : undefined,
  };
}
