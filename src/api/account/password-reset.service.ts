import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database, UserRow } from "../../platform/db/schema.ts";
import { retryingTransaction } from "../../platform/db/transaction.ts";
import {
  ACCOUNT_DISABLED,
  type AuthResult,
  PASSWORD_RESET_MESSAGES,
  type ResetPasswordInput,
} from "../../shared/contracts/account.ts";
import { ValidationFailed } from "../errors.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { hashSecret, newSecret } from "../secrets.ts";
import { accountRepository } from "./account.repository.ts";
import { issueSession } from "./account.service.ts";
import { refuseCommonPassword } from "./common-passwords.ts";
import { passwordResetRepository } from "./password-reset.repository.ts";
import { passwordResetEmail } from "./password-reset-email.ts";
import { hashPassword } from "./passwords.ts";

export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;

const {
  invalid: RESET_LINK_INVALID,
  used: RESET_LINK_USED,
  expired: RESET_LINK_EXPIRED,
} = PASSWORD_RESET_MESSAGES;

interface PasswordResetDeps {
  db: Kysely<Database>;
  publicUrl: string;
  /** Wakes the mail worker once a reset mail is queued. */
  onMailQueued?: (() => void) | undefined;
  /** Where a link that could not be queued is reported (the shopper has already had their answer). */
  logger?: Pick<Logger, "error"> | undefined;
  now?: () => Date;
}

const refused = (message: string) => new ValidationFailed({ token: [message] }, message);

export function passwordResetService({
  db,
  publicUrl,
  onMailQueued,
  logger,
  now = () => new Date(),
}: PasswordResetDeps) {
  const resets = passwordResetRepository(db);
  /** Links being written and queued after their request was answered. */
  const pending = new Set<Promise<void>>();

  function whyRefused(link: { used_at: string | null; expires_at: string } | undefined, at: Date) {
    if (!link) return RESET_LINK_INVALID;
    if (link.used_at !== null) return RESET_LINK_USED;
    if (link.expires_at <= at.toISOString()) return RESET_LINK_EXPIRED;
    return null;
  }

  /** Writes a link for the user and queues its mail, together (the mail worker sends it). */
  async function sendLink(user: UserRow): Promise<void> {
    const token = newSecret();
    const sentAt = now();
    const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
    await retryingTransaction(db, async (trx) => {
      await passwordResetRepository(trx).insert({
        user_id: user.id,
        token_hash: hashSecret(token),
        created_at: sentAt.toISOString(),
        expires_at: new Date(sentAt.getTime() + RESET_LINK_LIFETIME_MS).toISOString(),
      });
      await enqueueMail(
        trx,
        passwordResetEmail({ email: user.email, firstName: user.first_name }, link, publicUrl),
        sentAt,
      );
    });
    onMailQueued?.();
  }

  return {
    /**
     * Sends a reset link when an account has this email, and nothing otherwise; the caller answers the same
     * either way. Both answers take the same time: the link is written and its mail queued after the answer
     * (`settled` waits for that), so neither the database's work nor the mail server's tells that a mail went.
     */
    async request(email: string): Promise<void> {
      const user = await accountRepository(db).findUserByEmail(email);
      // A disabled account gets no link: it could not sign in with the new password anyway.
      if (!user || user.disabled_at !== null) return;
      const work = sendLink(user)
        .catch((error: unknown) => logger?.error({ err: error }, "a password reset link could not be queued"))
        .finally(() => pending.delete(work));
      pending.add(work);
    },

    /** Resolves once every link asked for so far has been written and queued (tests, shutdown). */
    async settled(): Promise<void> {
      await Promise.all(pending);
    },

    /**
     * Sets the new password and signs the shopper in: in one transaction the link is used up (with every other
     * link of the account), every session of the account is revoked and a new one issued. A link that is
     * unknown, used or expired is refused with its own message.
     */
    async reset(input: ResetPasswordInput): Promise<AuthResult> {
      const tokenHash = hashSecret(input.token);
      const early = whyRefused(await resets.findByHash(tokenHash), now());
      if (early) throw refused(early);
      refuseCommonPassword(input.password);
      const passwordHash = await hashPassword(input.password);

      return retryingTransaction(db, async (trx) => {
        const at = now();
        const links = passwordResetRepository(trx);
        const link = await links.findByHash(tokenHash);
        // Checked again inside the transaction: two requests with one link cannot both get through.
        const late = whyRefused(link, at);
        if (late || !link || !(await links.consume(link.id, at.toISOString()))) {
          throw refused(late ?? RESET_LINK_USED);
        }
        const accounts = accountRepository(trx);
        // A link sent before the account was disabled does not sign it back in.
        if ((await accounts.findUserById(link.user_id))?.disabled_at) throw refused(ACCOUNT_DISABLED);
        const user = await accounts.updateUser(link.user_id, { password_hash: passwordHash });
        await links.consumeAllForUser(user.id, at.toISOString());
        await accounts.revokeAllTokens(user.id, at.toISOString());
        return issueSession(accounts, user, at);
      });
    },
  };
}

export type PasswordResetService = ReturnType<typeof passwordResetService>;
