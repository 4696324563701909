import { randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import { isUniqueViolation } from "../../platform/db/errors.ts";
import type { Database, UserRow } from "../../platform/db/schema.ts";
import { retryingTransaction } from "../../platform/db/transaction.ts";
import {
  ACCOUNT_DISABLED,
  type AuthResult,
  EMAIL_CHANGE_MESSAGES,
  type LoginInput,
  type RegisterInput,
  SIGN_IN_CODE_MESSAGES,
  type UpdatePasswordInput,
  type UpdateProfileInput,
  type User,
} from "../../shared/contracts/account.ts";
import { ValidationFailed } from "../errors.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { hashSecret, newSecret } from "../secrets.ts";
import { type AccountRepository, accountRepository } from "./account.repository.ts";
import { emailChangedEmail, passwordChangedEmail, signInCodeEmail } from "./account-notice-emails.ts";
import { accountProtectionRepository } from "./account-protection.repository.ts";
import type { Identity } from "./auth.ts";
import { refuseCommonPassword } from "./common-passwords.ts";
import { decoyHash, hashPassword, verifyPassword } from "./passwords.ts";

export const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
/** A sign-in code works this long; a new one is mailed at most this often while one is live. */
export const SIGN_IN_CODE_LIFETIME_MS = 30 * 60 * 1000;
export const SIGN_IN_CODE_RESEND_MS = 10 * 60 * 1000;
/** How long the link that undoes a change of login email works. */
export const EMAIL_UNDO_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const BAD_CREDENTIALS = "These credentials do not match our records.";
const EMAIL_TAKEN = "The email has already been taken.";

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    name: `${row.first_name} ${row.last_name}`,
    email: row.email,
    phone: row.phone,
    image: row.image,
    created_at: row.created_at,
  };
}

export interface AccountServiceDeps {
  db: Kysely<Database>;
  accounts: AccountRepository;
  publicUrl: string;
  /** Wakes the mail worker once a notice is queued. */
  onMailQueued?: (() => void) | undefined;
  now?: () => Date;
}

/** How a sign-in is guarded beyond the password (the route decides from its rate limits). */
export interface SignInGuard {
  /** The account has failed to sign in too often from anywhere: the password alone is not enough now. */
  codeNeeded: boolean;
  /** The failures that put it there, for the mail that tells its holder. */
  failures: number;
}

/**
 * Signs the user in: a new random session token, stored only as its SHA-256, living TOKEN_LIFETIME_MS from `at`.
 * The one way a session is made (login, register, a reset, an accepted invitation); `accounts` may be a
 * transaction's, so the session commits with what earned it.
 */
export async function issueSession(
  accounts: AccountRepository,
  user: UserRow,
  at = new Date(),
): Promise<AuthResult> {
  const token = newSecret();
  await accounts.insertToken(
    user.id,
    hashSecret(token),
    new Date(at.getTime() + TOKEN_LIFETIME_MS).toISOString(),
  );
  return { token, user: toUser(user) };
}

const codeHash = (userId: number, code: string) => hashSecret(`sign-in-code:${userId}:${code}`);
const codeRefused = (message: string) => new ValidationFailed({ code: [message] }, message);

export function accountService({
  db,
  accounts,
  publicUrl,
  onMailQueued,
  now = () => new Date(),
}: AccountServiceDeps) {
  const protection = accountProtectionRepository(db);

  /**
   * Mails a new sign-in code to an account under attack, unless one mailed in the last ten minutes is still live
   * (an attacker hammering the account does not flood its holder's inbox).
   */
  async function mailSignInCode(user: UserRow, failures: number): Promise<void> {
    const at = now();
    const last = await protection.lastLiveCodeSentAt(user.id, at.toISOString());
    if (last && at.getTime() - Date.parse(last) < SIGN_IN_CODE_RESEND_MS) return;
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    await retryingTransaction(db, async (trx) => {
      await accountProtectionRepository(trx).insertSignInCode({
        user_id: user.id,
        code_hash: codeHash(user.id, code),
        created_at: at.toISOString(),
        expires_at: new Date(at.getTime() + SIGN_IN_CODE_LIFETIME_MS).toISOString(),
      });
      await enqueueMail(
        trx,
        signInCodeEmail({ email: user.email, firstName: user.first_name }, code, failures, publicUrl),
        at,
      );
    });
    onMailQueued?.();
  }

  return {
    async register(input: RegisterInput): Promise<AuthResult> {
      if (await accounts.findUserByEmail(input.email)) throw ValidationFailed.field("email", EMAIL_TAKEN);
      refuseCommonPassword(input.password);
      const password_hash = await hashPassword(input.password);
      try {
        const user = await accounts.insertUser({
          first_name: input.first_name,
          last_name: input.last_name,
          email: input.email,
          password_hash,
        });
        return await issueSession(accounts, user);
      } catch (error) {
        if (isUniqueViolation(error)) throw ValidationFailed.field("email", EMAIL_TAKEN);
        throw error;
      }
    },

    /**
     * Signs in with the password, and with a mailed code as well while the account is under attack (`guard`). The
     * answers do not tell an unknown email from a wrong password, nor, under attack, a right password from a
     * wrong one: without a code, everyone is told a code is needed, and only the mailbox gets one.
     */
    async login(
      input: LoginInput,
      guard: SignInGuard = { codeNeeded: false, failures: 0 },
    ): Promise<AuthResult> {
      const user = await accounts.findUserByEmail(input.email);
      // Verify against a decoy when the email is unknown, so both failures take the same time.
      const valid = await verifyPassword(input.password, user?.password_hash ?? (await decoyHash()));
      if (guard.codeNeeded) {
        if (!input.code) {
          if (user && user.disabled_at === null) await mailSignInCode(user, guard.failures);
          throw codeRefused(SIGN_IN_CODE_MESSAGES.needed);
        }
        const live =
          user &&
          (await protection.findLiveCode(user.id, codeHash(user.id, input.code), now().toISOString()));
        if (!live) throw codeRefused(SIGN_IN_CODE_MESSAGES.wrong);
      }
      if (!user || !valid) throw new ValidationFailed({ email: [BAD_CREDENTIALS] }, BAD_CREDENTIALS);
      // Said only to someone who knows the password: nobody else learns that the account exists.
      if (user.disabled_at !== null)
        throw new ValidationFailed({ email: [ACCOUNT_DISABLED] }, ACCOUNT_DISABLED);
      if (guard.codeNeeded) await protection.consumeCodes(user.id, now().toISOString());
      return issueSession(accounts, user);
    },

    /**
     * Changes the name, phone and login email. A new email needs the current password, and the old address is
     * told, with a link that puts it back within seven days (a stolen session must not quietly move the account
     * to another mailbox).
     */
    async updateProfile(identity: Identity, input: UpdateProfileInput): Promise<User> {
      const current = identity.user;
      const changesEmail = input.email.toLowerCase() !== current.email.toLowerCase();
      if (changesEmail) {
        if (!input.current_password)
          throw ValidationFailed.field("current_password", EMAIL_CHANGE_MESSAGES.passwordNeeded);
        if (!(await verifyPassword(input.current_password, current.password_hash)))
          throw ValidationFailed.field("current_password", EMAIL_CHANGE_MESSAGES.passwordWrong);
      }
      const owner = await accounts.findUserByEmail(input.email);
      if (owner && owner.id !== current.id) throw ValidationFailed.field("email", EMAIL_TAKEN);
      const undoToken = newSecret();
      try {
        const updated = await retryingTransaction(db, async (trx) => {
          const user = await accountRepository(trx).updateUser(current.id, {
            first_name: input.first_name,
            last_name: input.last_name,
            email: input.email,
            phone: input.phone === "" ? null : input.phone,
          });
          if (changesEmail) {
            const at = now();
            await accountProtectionRepository(trx).insertEmailUndo({
              user_id: current.id,
              old_email: current.email,
              new_email: user.email,
              token_hash: hashSecret(undoToken),
              created_at: at.toISOString(),
              expires_at: new Date(at.getTime() + EMAIL_UNDO_LIFETIME_MS).toISOString(),
            });
            const link = `${publicUrl}/account/undo-email-change?token=${encodeURIComponent(undoToken)}`;
            await enqueueMail(
              trx,
              emailChangedEmail(
                { email: current.email, firstName: user.first_name },
                user.email,
                link,
                publicUrl,
              ),
              at,
            );
          }
          return user;
        });
        if (changesEmail) onMailQueued?.();
        return toUser(updated);
      } catch (error) {
        if (isUniqueViolation(error)) throw ValidationFailed.field("email", EMAIL_TAKEN);
        throw error;
      }
    },

    /**
     * Puts back the login email a change replaced, with the link mailed to the old address: every session of the
     * account is signed out (whoever made the change is locked out of it), and later changes' links stop working.
     */
    async undoEmailChange(token: string): Promise<string> {
      const refused = (message: string) => new ValidationFailed({ token: [message] }, message);
      try {
        await retryingTransaction(db, async (trx) => {
          const at = now().toISOString();
          const links = accountProtectionRepository(trx);
          const link = await links.findEmailUndo(hashSecret(token));
          if (!link) throw refused(EMAIL_CHANGE_MESSAGES.invalid);
          if (link.used_at !== null) throw refused(EMAIL_CHANGE_MESSAGES.used);
          if (link.expires_at <= at) throw refused(EMAIL_CHANGE_MESSAGES.expired);
          if (!(await links.consumeEmailUndo(link.id, at))) throw refused(EMAIL_CHANGE_MESSAGES.used);
          const users = accountRepository(trx);
          const holder = await users.findUserByEmail(link.old_email);
          if (holder && holder.id !== link.user_id) throw refused(EMAIL_CHANGE_MESSAGES.taken);
          await users.updateUser(link.user_id, { email: link.old_email });
          await users.revokeAllTokens(link.user_id, at);
          await links.consumeEmailUndosAfter(link.user_id, link.created_at, at);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw refused(EMAIL_CHANGE_MESSAGES.taken);
        throw error;
      }
      return EMAIL_CHANGE_MESSAGES.undone;
    },

    /** Changes the password and signs out every other session; the current token stays valid. */
    async updatePassword(identity: Identity, input: UpdatePasswordInput): Promise<User> {
      if (!(await verifyPassword(input.current_password, identity.user.password_hash))) {
        throw ValidationFailed.field("current_password", "The current password is incorrect.");
      }
      refuseCommonPassword(input.password);
      const passwordHash = await hashPassword(input.password);
      const user = await retryingTransaction(db, async (trx) => {
        const users = accountRepository(trx);
        const changed = await users.updateUser(identity.user.id, { password_hash: passwordHash });
        await users.revokeOtherTokens(changed.id, identity.tokenId);
        await enqueueMail(
          trx,
          passwordChangedEmail({ email: changed.email, firstName: changed.first_name }, publicUrl),
          now(),
        );
        return changed;
      });
      onMailQueued?.();
      return toUser(user);
    },

    logout: (identity: Identity) => accounts.revokeToken(identity.tokenId),
  };
}

export type AccountService = ReturnType<typeof accountService>;
