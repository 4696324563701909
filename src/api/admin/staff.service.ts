import type { Kysely } from "kysely";
import type { Engine } from "../../platform/db/connection.ts";
import type { Database, UserRow } from "../../platform/db/schema.ts";
import { retryingTransaction } from "../../platform/db/transaction.ts";
import type { AdminUser } from "../../shared/contracts/admin.ts";
import type { UserRole } from "../../shared/roles.ts";
import { accountRepository } from "../account/account.repository.ts";
import type { Identity } from "../account/auth.ts";
import { passwordResetRepository } from "../account/password-reset.repository.ts";
import { hashPassword } from "../account/passwords.ts";
import { Conflict, NotFound } from "../errors.ts";
import { toAdminUser } from "./admin-user.ts";
import { type AuditActor, recordAudit } from "./audit.ts";
import { staffRepository } from "./staff.repository.ts";

/** What `makeOwner` did: made a new account, made an existing one an owner, or found it one already. */
export type GrantOutcome = "created" | "promoted" | "unchanged";

export interface MakeOwnerInput {
  email: string;
  /** The account's new password (already checked against the password rules), for a new or an existing account. */
  password: string;
  /** For a new account: its name. */
  firstName?: string | undefined;
  lastName?: string | undefined;
}

export const STAFF_NOT_FOUND = "No staff member has this id.";
export const LAST_OWNER = "The shop must keep at least one owner: make someone else an owner first.";
export const alreadyStaff = (email: string, role: UserRole) =>
  `${email} is already ${role === "owner" ? "an owner" : "on the staff"}; change their role in the list instead.`;

const roleView = (user: UserRow) => ({ email: user.email, role: user.role, disabled_at: user.disabled_at });

/**
 * Makes the account with this email an owner, for `npm run owner:create`: creates it with `password`, or gives an
 * existing account `password`, signs it out everywhere (its reset links stop working too) and enables it if it
 * was disabled. Setting the password is what makes promoting an existing account safe: an account someone
 * registered in advance with the owner's email keeps neither the password nor a session its registrant had
 * (docs/decisions/0040-staff-invitations.md). Audited as "staff.create" or "staff.role".
 */
export async function makeOwner(
  db: Kysely<Database>,
  actor: AuditActor,
  input: MakeOwnerInput,
): Promise<{ outcome: GrantOutcome; user: UserRow; enabled: boolean }> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);

  return retryingTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    const user = await accountRepository(trx).findUserByEmail(email);
    if (!user) {
      const created = await staffRepository(trx).insertUser({
        first_name: input.firstName?.trim() || "Shop",
        last_name: input.lastName?.trim() || "Owner",
        email,
        password_hash: passwordHash,
        phone: null,
        image: null,
        role: "owner",
        created_at: now,
        updated_at: now,
      });
      await recordAudit(trx, {
        actor,
        action: "staff.create",
        entityType: "user",
        entityId: created.id,
        after: roleView(created),
      });
      return { outcome: "created" as const, user: created, enabled: false };
    }
    const updated = await staffRepository(trx).updateUser(user.id, {
      role: "owner",
      password_hash: passwordHash,
      disabled_at: null,
      updated_at: now,
    });
    await accountRepository(trx).revokeAllTokens(user.id, now);
    await passwordResetRepository(trx).consumeAllForUser(user.id, now);
    await recordAudit(trx, {
      actor,
      action: "staff.role",
      entityType: "user",
      entityId: user.id,
      before: roleView(user),
      after: { ...roleView(updated), password_set: true, sessions_revoked: true },
    });
    return {
      outcome: user.role === "owner" ? ("unchanged" as const) : ("promoted" as const),
      user: updated,
      enabled: user.disabled_at !== null,
    };
  });
}

/**
 * The staff screen (owner only): who works in the back office, changing and removing roles. Adding people is an
 * invitation (staff-invitations.service.ts).
 */
export function staffService(db: Kysely<Database>, engine: Engine) {
  return {
    async list(): Promise<AdminUser[]> {
      const rows = await staffRepository(db).listStaff();
      return rows.map(toAdminUser);
    },

    /**
     * Sets a staff member's or owner's role; "customer" takes them off the staff. The last owner keeps the role:
     * on PostgreSQL every owner row is locked first, so two owners demoting each other at once cannot both win.
     */
    async changeRole(actor: Identity, id: number, role: UserRole): Promise<AdminUser> {
      return retryingTransaction(db, async (trx) => {
        const staff = staffRepository(trx);
        const target = await staff.findStaff(id);
        if (!target) throw new NotFound(STAFF_NOT_FOUND);
        if (target.role === role) return toAdminUser(target);
        if (target.role === "owner") {
          if ((await staff.countOwnersLocked(engine)) <= 1) throw new Conflict(LAST_OWNER);
        }
        const updated = await staff.updateUser(id, { role, updated_at: new Date().toISOString() });
        await recordAudit(trx, {
          actor: actor.user,
          action: role === "customer" ? "staff.remove" : "staff.role",
          entityType: "user",
          entityId: id,
          before: roleView(target),
          after: roleView(updated),
        });
        return toAdminUser(updated);
      });
    },
  };
}

export type StaffService = ReturnType<typeof staffService>;
