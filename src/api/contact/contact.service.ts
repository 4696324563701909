import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "../../platform/db/schema.ts";
import { retryingTransaction } from "../../platform/db/transaction.ts";
import {
  CONTACT_FORM_TOKEN_HOURS,
  CONTACT_MESSAGES,
  CONTACT_MIN_FILL_SECONDS,
} from "../../shared/contact-form.ts";
import type { ContactMessageInput } from "../../shared/contracts/contact.ts";
import { HONEYPOT_FIELD } from "../../shared/honeypot.ts";
import { ValidationFailed } from "../errors.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { readSignedToken, signToken } from "../signed-tokens.ts";
import { contactRepository } from "./contact.repository.ts";
import { contactAcknowledgementEmail, contactMessageEmail } from "./contact-emails.ts";

const FORM_TOKEN_PURPOSE = "contact-form";
const FORM_TOKEN_MS = CONTACT_FORM_TOKEN_HOURS * 60 * 60 * 1000;

/** The token a contact form is issued with: the time it was issued, signed, so it cannot be backdated. */
export function contactFormToken(secret: string, issuedAt: Date): string {
  return signToken(secret, FORM_TOKEN_PURPOSE, String(issuedAt.getTime()));
}

interface ContactDeps {
  db: Kysely<Database>;
  secret: string;
  /** Where messages are mailed (SHOP_EMAIL). */
  shopEmail: string;
  publicUrl: string;
  logger: Pick<Logger, "info">;
  /** Wakes the mail worker once the message's mails are queued. */
  onMailQueued?: (() => void) | undefined;
  now?: () => Date;
}

/** Why a message was taken for a robot's: it is answered like any other, and neither stored nor mailed. */
export type SpamSign = "honeypot" | "too-fast";

export function contactService({
  db,
  secret,
  shopEmail,
  publicUrl,
  logger,
  onMailQueued,
  now = () => new Date(),
}: ContactDeps) {
  return {
    formToken: () => contactFormToken(secret, now()),

    /**
     * When the form was issued, from its token; a token the shop did not sign (or signed under another secret),
     * or issued more than CONTACT_FORM_TOKEN_HOURS ago, is refused, so an old page asks to be sent again (with a
     * new token) rather than losing the message.
     */
    issuedAt(token: string): number {
      const value = readSignedToken(secret, FORM_TOKEN_PURPOSE, token);
      const issuedAt = value !== null && /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
      if (Number.isNaN(issuedAt)) throw ValidationFailed.field("form_token", CONTACT_MESSAGES.formOutOfDate);
      if (now().getTime() - issuedAt > FORM_TOKEN_MS) {
        throw ValidationFailed.field("form_token", CONTACT_MESSAGES.formExpired);
      }
      return issuedAt;
    },

    /** Whether a message from a form issued at `issuedAt` shows a robot's hand, and which. */
    spamSign(input: ContactMessageInput, issuedAt: number): SpamSign | null {
      if (input[HONEYPOT_FIELD] !== "") return "honeypot";
      if (now().getTime() - issuedAt < CONTACT_MIN_FILL_SECONDS * 1000) return "too-fast";
      return null;
    },

    /**
     * Stores the message and, in the same transaction, queues its mail to the shop (Reply-To the sender) and the
     * acknowledgement to the sender; the mail worker sends both after the commit. The shop's copy gets a
     * Message-ID the message keeps, so a reply from the back office threads under it (decision 0062).
     */
    async receive(input: ContactMessageInput, accountId: number | null): Promise<void> {
      await retryingTransaction(db, async (trx) => {
        const sentAt = now();
        const messageId = `<contact.${randomUUID()}@${shopEmail.split("@")[1]}>`;
        const id = await contactRepository(trx).insert({
          mail_message_id: messageId,
          name: input.name,
          email: input.email,
          subject: input.subject,
          message: input.message,
          user_id: accountId,
          created_at: sentAt.toISOString(),
        });
        await enqueueMail(
          trx,
          contactMessageEmail(input, { id, shopEmail, sentAt, accountId, messageId }),
          sentAt,
        );
        await enqueueMail(trx, contactAcknowledgementEmail(input, { id, shopEmail, publicUrl }), sentAt);
      });
      onMailQueued?.();
    },

    /** A message taken for a robot's: logged (without what it said or who it claims to be from), nothing else. */
    drop(sign: SpamSign, issuedAt: number): void {
      logger.info(
        { spamSign: sign, secondsAfterIssue: Math.round((now().getTime() - issuedAt) / 1000) },
        "contact message dropped as spam",
      );
    },
  };
}

export type ContactService = ReturnType<typeof contactService>;
