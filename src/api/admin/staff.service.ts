import type { Kysely } from "kysely";
import type { Database, UserRow } from "../../platform/db/schema.ts";
import { retryingTransaction } from "../../platform/db/transaction.ts";
import type { UserRole } from "../../shared/roles.ts";
import { accountRepository } from "../account/account.repository.ts";
import { hashPassword } from "../account/passwords.ts";
import { type AuditActor, recordAudit } from "./audit.ts";

/** What giving someone a role did: made a new account, changed an existing one's role, or nothing. */
export type GrantOutcome = "created" | "promoted" | "unchanged";

export interface GrantRoleInput {
  email: string;
  role: UserRole;
  /** For a new account: its password (already checked against the password rules) and name. */
  password?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

const roleView = (user: UserRow) => ({ email: user.email, role: user.role, disabled_at: user.disabled_at });

/**
 * Gives the account with this email `role`, creating it (with `password`) when there is none. An existing
 * account keeps its password and name; a disabled one is enabled again, since someone trusted to run the shop
 * must be able to sign in. Audited as "staff.create" or "staff.role".
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
    const accounts = accountRepository(trx);
    const now = new Date().toISOString();
    const user = await accounts.findUserByEmail(email);
    if (!user) {
      const created = await trx
        .insertInto("users")
        .values({
          first_name: input.firstName?.trim() || "Shop",
          last_name: input.lastName?.trim() || (input.role === "owner" ? "Owner" : "Staff"),
          email,
          password_hash: passwordHash ?? (await hashPassword(input.password ?? "")),
          phone: null,
          image: null,
          role: input.role,
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        actor,
        action: "staff.create",
        entityType: "user",
        entityId: created.id,
        after: roleView(created),
      });
      return { outcome: "created" as const, user: created, enabled: false };
    }
    if (user.role === input.role && user.disabled_at === null) {
      return { outcome: "unchanged" as const, user, enabled: false };
    }
    const updated = await trx
      .updateTable("users")
      .set({ role: input.role, disabled_at: null, updated_at: now })
      .where("id", "=", user.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor,
      action: "staff.role",
      entityType: "user",
      entityId: user.id,
      before: roleView(user),
      after: roleView(updated),
    });
    return {
      outcome: user.role === input.role ? ("unchanged" as const) : ("promoted" as const),
      user: updated,
      enabled: user.disabled_at !== null,
    };
  });
}
