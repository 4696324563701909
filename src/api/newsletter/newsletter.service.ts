import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database, SubscriberRow } from "../../platform/db/schema.ts";
import { retryingTransaction } from "../../platform/db/transaction.ts";
import type { SubscribeInput } from "../../shared/contracts/newsletter.ts";
import { HONEYPOT_FIELD } from "../../shared/honeypot.ts";
import {
  CONFIRMATION_LINK_DAYS,
  CONFIRMATION_RESEND_MINUTES,
  NEWSLETTER_MESSAGES,
} from "../../shared/newsletter.ts";
import { ValidationFailed } from "../errors.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { hashSecret, newSecret } from "../secrets.ts";
import { readSignedToken, signToken } from "../signed-tokens.ts";
import { newsletterRepository } from "./newsletter.repository.ts";
import { confirmationMail } from "./newsletter-mail.ts";

const CONFIRM_PURPOSE = "newsletter-confirm";
const UNSUBSCRIBE_PURPOSE = "newsletter-unsubscribe";
const DAY_MS = 24 * 60 * 60 * 1000;
export const CONFIRMATION_LINK_MS = CONFIRMATION_LINK_DAYS * DAY_MS;
const RESEND_MS = CONFIRMATION_RESEND_MINUTES * 60 * 1000;

/** The confirmation link's token: the subscriber and the time the link was mailed, signed. */
export function confirmationToken(secret: string, subscriberId: number, issuedAt: Date): string {
  return signToken(secret, CONFIRM_PURPOSE, `${subscriberId}.${issuedAt.getTime()}`);
}

/**
 * The token of a subscriber's unsubscribe links: its id, signed. Every mail and the owner's export can carry it
 * without the database holding it; the database keeps only its hash (`unsubscribe_token_hash`), so links mailed
 * before the secret changed still work.
 */
export function unsubscribeToken(secret: string, subscriberId: number): string {
  return signToken(secret, UNSUBSCRIBE_PURPOSE, String(subscriberId));
}

function readUnsubscribeToken(secret: string, token: string): number | null {
  const value = readSignedToken(secret, UNSUBSCRIBE_PURPOSE, token);
  return value !== null && /^\d{1,10}$/.test(value) ? Number(value) : null;
}

function readConfirmationToken(secret: string, token: string): { id: number; issuedAt: number } | null {
  const match = /^(\d{1,10})\.(\d{1,15})$/.exec(readSignedToken(secret, CONFIRM_PURPOSE, token) ?? "");
  return match ? { id: Number(match[1]), issuedAt: Number(match[2]) } : null;
}

const refused = (message: string) => ValidationFailed.field("token", message);

interface NewsletterDeps {
  db: Kysely<Database>;
  secret: string;
  publicUrl: string;
  logger: Pick<Logger, "info">;
  /** Wakes the mail worker once a confirmation mail is queued. */
  onMailQueued?: (() => void) | undefined;
  now?: () => Date;
}

/**
 * The newsletter list with double opt-in (docs/decisions/0026-contact-form-and-newsletter.md). A sign-up is
 * answered the same whatever the address's state, so the answer never tells whether it was on the list; at most
 * one confirmation link is mailed to an address an hour.
 */
export function newsletterService({
  db,
  secret,
  publicUrl,
  logger,
  onMailQueued,
  now = () => new Date(),
}: NewsletterDeps) {
  /** Mails a confirmation link unless one went out within the hour; answers whether it queued one. */
  async function mailConfirmation(trx: Kysely<Database>, subscriber: SubscriberRow, at: Date) {
    const cutoff = new Date(at.getTime() - RESEND_MS).toISOString();
    const repo = newsletterRepository(trx);
    if (!(await repo.claimConfirmationMail(subscriber.id, at.toISOString(), cutoff))) return false;
    const link = `${publicUrl}/newsletter/confirm?token=${encodeURIComponent(confirmationToken(secret, subscriber.id, at))}`;
    const recipient = { email: subscriber.email, unsubscribe_token: unsubscribeToken(secret, subscriber.id) };
    await enqueueMail(trx, confirmationMail(recipient, link, publicUrl), at);
    return true;
  }

  return {
    /**
     * Puts the address on the list as pending (again, after an unsubscribe) with the time of this consent, and
     * mails the link that confirms it. A confirmed address stays as it is and gets no mail.
     */
    async subscribe(input: SubscribeInput): Promise<void> {
      if (input[HONEYPOT_FIELD] !== "") {
        logger.info({ spamSign: "honeypot" }, "newsletter sign-up dropped as spam");
        return;
      }
      const queued = await retryingTransaction(db, async (trx) => {
        const at = now();
        const repo = newsletterRepository(trx);
        const added = await repo.insertIfNew({
          email: input.email,
          source: input.source,
          consent_at: at.toISOString(),
          // The row's id is not known before the insert: a random placeholder no link carries, replaced below.
          unsubscribe_token_hash: hashSecret(newSecret()),
        });
        const subscriber = await repo.findByEmail(input.email);
        if (!subscriber || subscriber.status === "confirmed") return false;
        if (added) {
          await repo.update(subscriber.id, {
            unsubscribe_token_hash: hashSecret(unsubscribeToken(secret, subscriber.id)),
          });
        } else {
          await repo.update(subscriber.id, {
            status: "pending",
            source: input.source,
            consent_at: at.toISOString(),
            updated_at: at.toISOString(),
          });
        }
        return mailConfirmation(trx, subscriber, at);
      });
      if (queued) onMailQueued?.();
    },

    /**
     * Confirms the sign-up a link was mailed for. Opening it again answers the same; a link that is forged, from
     * before the address last unsubscribed, or older than CONFIRMATION_LINK_DAYS is refused with its reason.
     */
    async confirm(token: string): Promise<{ email: string }> {
      const link = readConfirmationToken(secret, token);
      if (!link) throw refused(NEWSLETTER_MESSAGES.confirmInvalid);
      return retryingTransaction(db, async (trx) => {
        const at = now();
        const repo = newsletterRepository(trx);
        const subscriber = await repo.findById(link.id);
        if (!subscriber) throw refused(NEWSLETTER_MESSAGES.confirmInvalid);
        if (subscriber.status === "confirmed") return { email: subscriber.email };
        const unsubscribedAt = subscriber.unsubscribed_at ? Date.parse(subscriber.unsubscribed_at) : 0;
        if (subscriber.status !== "pending" || link.issuedAt < unsubscribedAt) {
          throw refused(NEWSLETTER_MESSAGES.confirmInvalid);
        }
        if (at.getTime() - link.issuedAt > CONFIRMATION_LINK_MS) {
          throw refused(NEWSLETTER_MESSAGES.confirmExpired);
        }
        await repo.confirm(subscriber.id, at.toISOString());
        return { email: subscriber.email };
      });
    },

    /**
     * Takes the address of an unsubscribe link off the list; again answers the same. The link's token is either
     * signed under the current secret, or one whose hash the row keeps (a link mailed before the secret changed,
     * or before migration 019, when tokens were random and stored as they were).
     */
    async unsubscribe(token: string): Promise<{ email: string }> {
      const repo = newsletterRepository(db);
      const id = readUnsubscribeToken(secret, token);
      const subscriber =
        id !== null ? await repo.findById(id) : await repo.findByUnsubscribeTokenHash(hashSecret(token));
      if (!subscriber) throw refused(NEWSLETTER_MESSAGES.unsubscribeInvalid);
      if (subscriber.status !== "unsubscribed") {
        const at = now().toISOString();
        await repo.update(subscriber.id, { status: "unsubscribed", unsubscribed_at: at, updated_at: at });
      }
      return { email: subscriber.email };
    },
  };
}

export type NewsletterService = ReturnType<typeof newsletterService>;
