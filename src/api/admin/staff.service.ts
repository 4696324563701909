import type { Kysely } from "kysely";
import type { Engine } from "../../platform/db/connection.ts";
import type { Database, UserRow } from "../../platform/db/schema.ts";
import { retryingTransaction } from "../../platform/db/transaction.ts";
import type { AdminUser, InviteStaffInput } from "../../shared/contracts/admin.ts";
import type { UserRole } from "../../shared/roles.ts";
import { accountRepository } from "../account/account.repository.ts";
import type { Identity } from "../account/auth.ts";
import { hashPassword } from "../account/passwords.ts";
import { Conflict, NotFound, ValidationFailed } from "../errors.ts";
import { toAdminUser } from "./admin-user.ts";
import { type AuditActor, recordAudit } from "./audit.ts";
import { staffRepository } from "./staff.repository.ts";

/** What giving someone a role did: made a new account, changed an existing one's role, or nothing. */
export type GrantOutcome = "created" | "promoted" | "unchanged";

export interface GrantRoleInput {
  email: string;
  role: Exclude<UserRole, "customer">;
  /** For a new account: its password (already checked against the password rules) and name. */
  password?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

export const STAFF_NOT_FOUND = "No staff member has this id.";
export const LAST_OWNER = "The shop must keep at least one owner: make someone else an owner first.";
export const alreadyStaff = (email: string, role: UserRole) =>
  `${email} is already ${role === "owner" ? "an owner" : "on the staff"}; change their role in the list instead.`;

const roleView = (user: UserRow) => ({ email: user.email, role: user.role, disabled_at: user.disabled_at });

/**
 * Gives the account with this email `role`, creating it (with `password`) when there is none. An existing
 * account keeps its password and name; a disabled one is enabled again, since someone trusted to run the shop
 * must be able to sign in. Never lowers a role (that is `changeRole`, which keeps the last owner). Audited as
 * "staff.create" or "staff.role". Used by the back office and by `npm run owner:create`.
 */
export async function grantRole(
  db: Kysely<Database>,
  actor: AuditActor,
  input: GrantRoleInput,
): Promise<{ outcome: GrantOutcome; user: UserRow; enabled: boolean }> {
  const email = input.email.trim().toLowerCase();
  const existing = await accountRepository(db).findUserByEmail(email);
  if (!existing && input.password === undefined) throw new Error(`No account has the email ${email}`);
  const passwordHash = existing ? null : await hashPassword(input.password ?? "");

  return retryingTransaction(db, async (trx) => {
    const now = new Date().toISOString();
    const user = await accountRepository(trx).findUserByEmail(email);
    if (!user) {
      const created = await staffRepository(trx).insertUser({
        first_name: input.firstName?.trim() || "Shop",
        last_name: input.lastName?.trim() || (input.role === "owner" ? "Owner" : "Staff"),
        email,
        password_hash: passwordHash ?? (await hashPassword(input.password ?? "")),
        phone: null,
        image: null,
        role: input.role,
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
    const role = user.role === "owner" ? "owner" : input.role;
    if (user.role === role && user.disabled_at === null) {
      return { outcome: "unchanged" as const, user, enabled: false };
    }
    const updated = await staffRepository(trx).updateUser(user.id, {
      role,
      disabled_at: null,
      updated_at: now,
    });
    await recordAudit(trx, {
      actor,
      action: "staff.role",
      entityType: "user",
      entityId: user.id,
      before: roleView(user),
      after: roleView(updated),
    });
    return {
      outcome: user.role === role ? ("unchanged" as const) : ("promoted" as const),
      user: updated,
      enabled: user.disabled_at !== null,
    };
  });
}

/** The staff screen (owner only): who works in the back office, adding people, changing and removing roles. */
export function staffService(db: Kysely<Database>, engine: Engine) {
  return {
    async list(): Promise<AdminUser[]> {
      const rows = await staffRepository(db).listStaff();
      return rows.map(toAdminUser);
    },

    /** Adds someone: a new account, or an existing customer promoted. Someone already on the staff is a 409. */
    async invite(actor: Identity, input: InviteStaffInput): Promise<{ user: AdminUser; created: boolean }> {
      const existing = await accountRepository(db).findUserByEmail(input.email);
      if (existing && existing.role !== "customer")
        throw new Conflict(alreadyStaff(existing.email, existing.role));
      if (!existing) {
        const missing: Record<string, string[]> = {};
        if (!input.first_name) missing.first_name = ["The first name is required for a new account."];
        if (!input.last_name) missing.last_name = ["The last name is required for a new account."];
        if (!input.password) missing.password = ["The password is required for a new account."];
        if (Object.keys(missing).length > 0) throw new ValidationFailed(missing);
      }
      const { outcome, user } = await grantRole(db, actor.user, {
        email: input.email,
        role: input.role,
        password: input.password,
        firstName: input.first_name,
        lastName: input.last_name,
      });
      return { user: toAdminUser(user), created: outcome === "created" };
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
