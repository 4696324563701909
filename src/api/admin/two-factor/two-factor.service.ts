import type { Kysely } from "kysely";
import type { Database } from "../../../platform/db/schema.ts";
import { retryingTransaction } from "../../../platform/db/transaction.ts";
import {
  TWO_FACTOR_MESSAGES,
  type TwoFactorPolicy,
  type TwoFactorSessionState,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from "../../../shared/contracts/two-factor.ts";
import { accountRepository } from "../../account/account.repository.ts";
import type { Identity } from "../../account/auth.ts";
import { Conflict, Forbidden, NotFound, ValidationFailed } from "../../errors.ts";
import type { Limits } from "../../rate-limit.ts";
import { recordAudit } from "../audit.ts";
import { staffRepository } from "../staff.repository.ts";
import { STAFF_NOT_FOUND } from "../staff.service.ts";
import {
  matchingStep,
  newRecoveryCodes,
  newTotpKey,
  normalizedCode,
  otpauthUri,
  qrSvg,
  recoveryCodeHash,
  type TotpKeyBox,
} from "./totp.ts";
import { type TwoFactorRepository, twoFactorRepository } from "./two-factor.repository.ts";

/**
 * Two-factor sign-in for the back office (docs/decisions/0039-staff-two-factor.md). The password alone opens a
 * session whose second factor is due: while the account has two-factor sign-in on, that session opens nothing in
 * the back office but the code page; while the owner requires it and the account has none, nothing but the set-up.
 * Codes are checked under a per-account limit, each TOTP time step and each recovery code works once.
 */

export const CODE_NEEDED =
  "Enter the code from your authenticator app to open the back office (two-factor sign-in).";
export const SETUP_NEEDED =
  "The shop's owner requires two-factor sign-in: set it up on the Two-factor sign-in page (/admin/two-factor) to open the back office.";
export const ALREADY_ON =
  "Two-factor sign-in is already on for your account; turn it off first to use another app.";
export const NOT_ON = "Two-factor sign-in is not on for your account.";
export const NO_SETUP = "Start the set-up first: there is no key waiting for its first code.";
export const SESSION_DONE = "This session has already given its code.";
export const KEY_UNREADABLE =
  "Your authenticator key can no longer be read (the shop's signing secret was changed): sign in with a recovery code, then turn two-factor sign-in off and on again.";
export const OWN_FIRST =
  "Turn on two-factor sign-in for your own account first, so that requiring it cannot lock you out.";

/** The question the back office's gate asks on every request (`requireRole`, admin-auth.ts). */
export interface SecondFactorGate {
  /** Refuses (403) a session whose second factor is due, unless the operation is `open` to it. */
  check(identity: Identity, open: boolean): Promise<void>;
}

function stateOf(facts: {
  enabled: boolean;
  sessionVerified: boolean;
  required: boolean;
}): TwoFactorSessionState {
  if (facts.enabled) return facts.sessionVerified ? "complete" : "code_needed";
  return facts.required ? "setup_needed" : "complete";
}

export function secondFactorGate(repository: TwoFactorRepository): SecondFactorGate {
  return {
    async check(identity, open) {
      if (open) return;
      const state = stateOf(await repository.gateFacts(identity.user.id, identity.tokenId));
      if (state === "code_needed") throw new Forbidden(CODE_NEEDED);
      if (state === "setup_needed") throw new Forbidden(SETUP_NEEDED);
    },
  };
}

export interface TwoFactorServiceDeps {
  db: Kysely<Database>;
  box: TotpKeyBox;
  /** The name an authenticator app shows beside the account (the shop's host name). */
  issuer: string;
  limits: Limits;
  now?: () => Date;
}

export function twoFactorService({ db, box, issuer, limits, now = () => new Date() }: TwoFactorServiceDeps) {
  const repository = twoFactorRepository(db);

  const factsOf = (identity: Identity) => repository.gateFacts(identity.user.id, identity.tokenId);

  /**
   * Runs a code check under the account's allowance: counted before the check (a burst of parallel guesses cannot
   * slip past), forgotten after a right code; a wrong one stays counted.
   */
  async function limited<T>(identity: Identity, check: () => Promise<T>): Promise<T> {
    const key = String(identity.user.id);
    await limits.consume("two-factor-codes-per-user", key);
    try {
      const result = await check();
      await limits.reset("two-factor-codes-per-user", key);
      return result;
    } catch (error) {
      if (!(error instanceof ValidationFailed)) await limits.refund("two-factor-codes-per-user", key);
      throw error;
    }
  }

  /** The account's key, or null when it cannot be decrypted (SESSION_SECRET was replaced since it was stored). */
  function openKey(sealed: string, userId: number): string | null {
    try {
      return box.open(sealed, userId);
    } catch {
      return null;
    }
  }

  /** Accepts an app code for the account's key (confirmed or waiting), once per time step. */
  async function acceptTotp(userId: number, sealed: string, code: string): Promise<void> {
    const key = openKey(sealed, userId);
    if (key === null) throw new Conflict(KEY_UNREADABLE);
    const step = matchingStep(key, normalizedCode(code), now());
    if (step === null) throw ValidationFailed.field("code", TWO_FACTOR_MESSAGES.wrongCode);
    if (!(await repository.takeStep(userId, step, now().toISOString())))
      throw ValidationFailed.field("code", TWO_FACTOR_MESSAGES.reusedCode);
  }

  /** An app code, or a recovery code (spent, and the use audited). Wrong: a 422 on `code`. */
  async function acceptCodeOrRecovery(identity: Identity, sealed: string, code: string): Promise<void> {
    const typed = normalizedCode(code);
    if (/^\d{6}$/.test(typed)) return acceptTotp(identity.user.id, sealed, typed);
    const spent = await retryingTransaction(db, async (trx) => {
      const at = now().toISOString();
      if (!(await twoFactorRepository(trx).spendRecoveryCode(identity.user.id, recoveryCodeHash(typed), at)))
        return false;
      await recordAudit(trx, {
        actor: identity.user,
        action: "staff.two_factor_recovery_code",
        entityType: "user",
        entityId: identity.user.id,
        after: { recovery_codes_left: await twoFactorRepository(trx).recoveryCodesLeft(identity.user.id) },
      });
      return true;
    });
    if (!spent) throw ValidationFailed.field("code", TWO_FACTOR_MESSAGES.wrongCode);
  }

  async function status(identity: Identity): Promise<TwoFactorStatus> {
    const [facts, key] = await Promise.all([factsOf(identity), repository.findKey(identity.user.id)]);
    return {
      enabled: facts.enabled,
      enabled_at: key?.confirmed_at ?? null,
      required: facts.required,
      session: stateOf(facts),
      recovery_codes_left: facts.enabled ? await repository.recoveryCodesLeft(identity.user.id) : 0,
    };
  }

  /** A confirmed key, or the refusal that fits: a session still owing its code is a 403, never a new key. */
  async function refuseOverConfirmedKey(identity: Identity): Promise<void> {
    const facts = await factsOf(identity);
    if (!facts.enabled) return;
    if (!facts.sessionVerified) throw new Forbidden(CODE_NEEDED);
    throw new Conflict(ALREADY_ON);
  }

  async function policy(): Promise<TwoFactorPolicy> {
    const [row, staff] = await Promise.all([repository.policy(), repository.staffStates()]);
    return {
      required: row.required === 1,
      updated_at: row.updated_at,
      staff: staff.map((row) => ({
        user_id: row.user_id,
        enabled: row.confirmed_at !== null,
        enabled_at: row.confirmed_at,
        recovery_codes_left: row.confirmed_at === null ? 0 : Number(row.recovery_codes_left ?? 0),
      })),
    };
  }

  return {
    status,

    /** A key waiting for its first code: the one already waiting, or a new one. Never over a confirmed key. */
    async setup(identity: Identity): Promise<TwoFactorSetup> {
      await refuseOverConfirmedKey(identity);
      const waiting = await repository.findKey(identity.user.id);
      let key = waiting && waiting.confirmed_at === null ? openKey(waiting.secret, identity.user.id) : null;
      if (key === null) {
        key = newTotpKey();
        await repository.savePendingKey(
          identity.user.id,
          box.seal(key, identity.user.id),
          now().toISOString(),
        );
      }
      const uri = otpauthUri(key, issuer, identity.user.email);
      return { otpauth_uri: uri, secret: key, qr_svg: qrSvg(uri) };
    },

    /**
     * The first code from the app turns two-factor sign-in on: ten new recovery codes (answered this once, kept
     * hashed), this session counts as having given its code, the account's other sessions must give one.
     */
    async confirm(identity: Identity, code: string): Promise<{ recovery_codes: string[] }> {
      await refuseOverConfirmedKey(identity);
      const waiting = await repository.findKey(identity.user.id);
      if (!waiting || waiting.confirmed_at !== null) throw new Conflict(NO_SETUP);
      await limited(identity, () => acceptTotp(identity.user.id, waiting.secret, code));
      const codes = newRecoveryCodes();
      await retryingTransaction(db, async (trx) => {
        const at = now().toISOString();
        const repo = twoFactorRepository(trx);
        await repo.confirmKey(identity.user.id, at);
        await repo.replaceRecoveryCodes(identity.user.id, codes.map(recoveryCodeHash), at);
        await repo.markSessionVerified(identity.tokenId, at);
        await repo.unverifyOtherSessions(identity.user.id, identity.tokenId);
        await recordAudit(trx, {
          actor: identity.user,
          action: "staff.two_factor_on",
          entityType: "user",
          entityId: identity.user.id,
          before: { two_factor: false },
          after: { two_factor: true },
        });
      });
      return { recovery_codes: codes };
    },

    /** After the password: an app code or a recovery code opens the back office for this session. */
    async verify(identity: Identity, code: string): Promise<TwoFactorStatus> {
      const facts = await factsOf(identity);
      if (!facts.enabled) throw new Conflict(NOT_ON);
      if (facts.sessionVerified) throw new Conflict(SESSION_DONE);
      const key = await repository.findKey(identity.user.id);
      if (!key) throw new Conflict(NOT_ON);
      await limited(identity, () => acceptCodeOrRecovery(identity, key.secret, code));
      await repository.markSessionVerified(identity.tokenId, now().toISOString());
      return status(identity);
    },

    /** Turning it off with a code (the route checks a password instead with `confirmPassword`). */
    async checkCode(identity: Identity, code: string): Promise<void> {
      const key = await repository.findKey(identity.user.id);
      if (!key || key.confirmed_at === null) throw new Conflict(NOT_ON);
      await limited(identity, () => acceptCodeOrRecovery(identity, key.secret, code));
    },

    /** Off: the key and the recovery codes are removed (audited). With the owner's rule on, set-up is next. */
    async disable(identity: Identity): Promise<void> {
      await retryingTransaction(db, async (trx) => {
        const repo = twoFactorRepository(trx);
        const key = await repo.findKey(identity.user.id);
        if (!key || key.confirmed_at === null) throw new Conflict(NOT_ON);
        await repo.removeKey(identity.user.id);
        await recordAudit(trx, {
          actor: identity.user,
          action: "staff.two_factor_off",
          entityType: "user",
          entityId: identity.user.id,
          before: { two_factor: true },
          after: { two_factor: false },
        });
      });
    },

    policy,

    /**
     * The owner's way out for a member who lost both the phone and the recovery codes: their key and codes are
     * removed and every session of theirs is revoked (one left waiting for a code must not open once the key is
     * gone). They sign in again with the password, and set it up again where the owner requires it. Audited.
     */
    async resetFor(actor: Identity, userId: number): Promise<void> {
      await retryingTransaction(db, async (trx) => {
        const member = await staffRepository(trx).findStaff(userId);
        if (!member) throw new NotFound(STAFF_NOT_FOUND);
        const repo = twoFactorRepository(trx);
        const key = await repo.findKey(userId);
        if (!key || key.confirmed_at === null)
          throw new Conflict(`${member.email} does not use two-factor sign-in.`);
        await repo.removeKey(userId);
        await accountRepository(trx).revokeAllTokens(userId, now().toISOString());
        await recordAudit(trx, {
          actor: actor.user,
          action: "staff.two_factor_reset",
          entityType: "user",
          entityId: userId,
          before: { two_factor: true },
          after: { two_factor: false },
        });
      });
    },

    /** The owner's rule (audited). Turning it on needs the owner's own two-factor sign-in on first. */
    async setPolicy(actor: Identity, required: boolean): Promise<TwoFactorPolicy> {
      if (required && !(await factsOf(actor)).enabled) throw new Conflict(OWN_FIRST);
      await retryingTransaction(db, async (trx) => {
        const repo = twoFactorRepository(trx);
        const before = await repo.policy();
        if ((before.required === 1) === required) return;
        await repo.setPolicy(required, actor.user.id, now().toISOString());
        await recordAudit(trx, {
          actor: actor.user,
          action: "settings.two_factor_required",
          entityType: "setting",
          entityId: "two_factor_required",
          before: { required: before.required === 1 },
          after: { required },
        });
      });
      return policy();
    },
  };
}

export type TwoFactorService = ReturnType<typeof twoFactorService>;
