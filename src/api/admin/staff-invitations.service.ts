import type { Kysely } from "kysely";
import type { Database, StaffInvitationRow, UserRow } from "../../platform/db/schema.ts";
import { retryingTransaction } from "../../platform/db/transaction.ts";
import type { AuthResult } from "../../shared/contracts/account.ts";
import {
  type AcceptStaffInvitationInput,
  type InviteStaffInput,
  STAFF_INVITATION_MESSAGES,
  type StaffInvitation,
  type StaffInvitationView,
} from "../../shared/contracts/admin.ts";
import type { UserRole } from "../../shared/roles.ts";
import { accountRepository } from "../account/account.repository.ts";
import { issueSession } from "../account/account.service.ts";
import type { Identity } from "../account/auth.ts";
import { refuseCommonPassword } from "../account/common-passwords.ts";
import { passwordResetRepository } from "../account/password-reset.repository.ts";
import { hashPassword } from "../account/passwords.ts";
import { Conflict, NotFound, ValidationFailed } from "../errors.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { hashSecret, newSecret } from "../secrets.ts";
import { recordAudit } from "./audit.ts";
import { staffRepository } from "./staff.repository.ts";
import { alreadyStaff } from "./staff.service.ts";
import { staffInvitationEmail } from "./staff-invitation-email.ts";
import { staffInvitationsRepository } from "./staff-invitations.repository.ts";

/** How long an invitation link works. */
export const INVITATION_LIFETIME_MS = 72 * 60 * 60 * 1000;

export const INVITATION_NOT_FOUND = "No pending invitation has this id.";

const RANK: Record<UserRole, number> = { customer: 0, staff: 1, owner: 2 };

const refused = (message: string) => new ValidationFailed({ token: [message] }, message);

const toInvitation = (row: StaffInvitationRow): StaffInvitation => ({
  id: row.id,
  email: row.email,
  role: row.role,
  invited_by: row.invited_by_email,
  created_at: row.created_at,
  expires_at: row.expires_at,
});

const roleView = (user: UserRow) => ({ email: user.email, role: user.role, disabled_at: user.disabled_at });

/** Why an invitation cannot be used at `at`, or null when it can. */
function whyRefused(invitation: StaffInvitationRow | undefined, at: Date): string | null {
  if (!invitation) return STAFF_INVITATION_MESSAGES.invalid;
  if (invitation.used_at !== null) return STAFF_INVITATION_MESSAGES.used;
  if (invitation.revoked_at !== null) return STAFF_INVITATION_MESSAGES.revoked;
  if (invitation.expires_at <= at.toISOString()) return STAFF_INVITATION_MESSAGES.expired;
  return null;
}

interface StaffInvitationsDeps {
  db: Kysely<Database>;
  publicUrl: string;
  /** Wakes the mail worker once an invitation is queued. */
  onMailQueued?: (() => void) | undefined;
  now?: () => Date;
}

/**
 * Invitations to the staff (docs/decisions/0040-staff-invitations.md). Inviting changes no account: it mails a
 * single-use link, valid for 72 hours, to the address. The role is granted only when whoever holds that mailbox
 * sets a new password through the link, so an account someone registered in advance with another person's email
 * cannot be promoted with the password it was registered with, nor by a session it already holds.
 */
export function staffInvitationsService({
  db,
  publicUrl,
  onMailQueued,
  now = () => new Date(),
}: StaffInvitationsDeps) {
  return {
    async listPending(): Promise<StaffInvitation[]> {
      const rows = await staffInvitationsRepository(db).listPending(now().toISOString());
      return rows.map(toInvitation);
    },

    /**
     * Mails an invitation link to `input.email` for `input.role`, withdrawing any pending invitation to the same
     * address, in one transaction with its audit entry ("staff.invite", by the owner). Someone already on the
     * staff is a 409 (their role is changed in the list).
     */
    async invite(
      actor: Identity,
      input: InviteStaffInput,
    ): Promise<{ invitation: StaffInvitation; replaced: boolean }> {
      const email = input.email.trim().toLowerCase();
      const existing = await accountRepository(db).findUserByEmail(email);
      if (existing && existing.role !== "customer")
        throw new Conflict(alreadyStaff(existing.email, existing.role));
      const token = newSecret();
      const link = `${publicUrl}/staff-invitation?token=${encodeURIComponent(token)}`;
      const result = await retryingTransaction(db, async (trx) => {
        const sentAt = now();
        const invitations = staffInvitationsRepository(trx);
        const replaced = await invitations.revokeAllFor(email, sentAt.toISOString());
        const row = await invitations.insert({
          email,
          role: input.role,
          invited_by: actor.user.id,
          invited_by_email: actor.user.email.toLowerCase(),
          token_hash: hashSecret(token),
          created_at: sentAt.toISOString(),
          expires_at: new Date(sentAt.getTime() + INVITATION_LIFETIME_MS).toISOString(),
          used_at: null,
          revoked_at: null,
        });
        await recordAudit(
          trx,
          {
            actor: actor.user,
            action: "staff.invite",
            entityType: "staff_invitation",
            entityId: row.id,
            after: { email, role: row.role, expires_at: row.expires_at, replaced_pending: replaced > 0 },
          },
          sentAt,
        );
        await enqueueMail(
          trx,
          staffInvitationEmail({ email, role: row.role, invitedBy: row.invited_by_email }, link, publicUrl),
          sentAt,
        );
        return { invitation: toInvitation(row), replaced: replaced > 0 };
      });
      onMailQueued?.();
      return result;
    },

    /** Withdraws a pending invitation: its link stops working. Audited ("staff.invite_revoke"). */
    async revoke(actor: Identity, id: number): Promise<StaffInvitation> {
      return retryingTransaction(db, async (trx) => {
        const at = now();
        const row = await staffInvitationsRepository(trx).revoke(id, at.toISOString());
        if (!row) throw new NotFound(INVITATION_NOT_FOUND);
        await recordAudit(
          trx,
          {
            actor: actor.user,
            action: "staff.invite_revoke",
            entityType: "staff_invitation",
            entityId: row.id,
            before: { email: row.email, role: row.role, expires_at: row.expires_at },
          },
          at,
        );
        return toInvitation(row);
      });
    },

    /** What the link is for, so its page can say so (and ask a name only when there is no account yet). */
    async view(token: string): Promise<StaffInvitationView> {
      const invitation = await staffInvitationsRepository(db).findByHash(hashSecret(token));
      const why = whyRefused(invitation, now());
      if (why || !invitation) throw refused(why ?? STAFF_INVITATION_MESSAGES.invalid);
      const account = await accountRepository(db).findUserByEmail(invitation.email);
      return {
        email: invitation.email,
        role: invitation.role,
        has_account: account !== undefined,
        expires_at: invitation.expires_at,
      };
    },

    /**
     * Accepts an invitation and signs the invitee in. In one transaction: the link is used up (a conditional
     * update, so of two racing acceptances one wins), the account is created or its password set (a disabled one
     * is enabled: whoever holds the mailbox has proved it), it gets the invited role (never a lower one than it
     * has), every session and reset link it had stops working, other pending invitations to the address are
     * withdrawn, the change is audited ("staff.accept", by the invitee) and a new session is issued. The email is
     * the invitation's; nothing in the form can choose another.
     */
    async accept(input: AcceptStaffInvitationInput): Promise<AuthResult> {
      const tokenHash = hashSecret(input.token);
      const early = whyRefused(await staffInvitationsRepository(db).findByHash(tokenHash), now());
      if (early) throw refused(early);
      refuseCommonPassword(input.password);
      const passwordHash = await hashPassword(input.password);

      return retryingTransaction(db, async (trx) => {
        const at = now();
        const iso = at.toISOString();
        const invitations = staffInvitationsRepository(trx);
        const invitation = await invitations.findByHash(tokenHash);
        // Checked again inside the transaction: two requests with one link cannot both get through.
        const late = whyRefused(invitation, at);
        if (late || !invitation || !(await invitations.consume(invitation.id, iso))) {
          throw refused(late ?? STAFF_INVITATION_MESSAGES.used);
        }
        const accounts = accountRepository(trx);
        const staff = staffRepository(trx);
        const existing = await accounts.findUserByEmail(invitation.email);
        let user: UserRow;
        if (existing) {
          const role = RANK[existing.role] >= RANK[invitation.role] ? existing.role : invitation.role;
          user = await staff.updateUser(existing.id, {
            role,
            password_hash: passwordHash,
            disabled_at: null,
            updated_at: iso,
          });
          await accounts.revokeAllTokens(existing.id, iso);
          await passwordResetRepository(trx).consumeAllForUser(existing.id, iso);
        } else {
          const missing: Record<string, string[]> = {};
          if (!input.first_name) missing.first_name = ["The first name field is required."];
          if (!input.last_name) missing.last_name = ["The last name field is required."];
          if (Object.keys(missing).length > 0) throw new ValidationFailed(missing);
          user = await staff.insertUser({
            first_name: input.first_name ?? "",
            last_name: input.last_name ?? "",
            email: invitation.email,
            password_hash: passwordHash,
            phone: null,
            image: null,
            role: invitation.role,
            created_at: iso,
            updated_at: iso,
          });
        }
        await invitations.revokeAllFor(invitation.email, iso);
        await recordAudit(
          trx,
          {
            actor: { id: user.id, email: user.email },
            action: "staff.accept",
            entityType: "user",
            entityId: user.id,
            ...(existing ? { before: roleView(existing) } : {}),
            after: {
              ...roleView(user),
              invitation_id: invitation.id,
              invited_by: invitation.invited_by_email,
              password_set: true,
              sessions_revoked: existing !== undefined,
            },
          },
          at,
        );
        return issueSession(accounts, user, at);
      });
    },
  };
}

export type StaffInvitationsService = ReturnType<typeof staffInvitationsService>;
