import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.ts";
import { insertAuditRow } from "./audit.repository.ts";

/**
 * The audit log: who changed what and when, with the record before and after. Every back-office change calls
 * `recordAudit` with the transaction that makes the change, so the entry exists exactly when the change does.
 */

/** Who made a change: a staff member or owner (a user row will do), or a tool with no account (id null). */
export interface AuditActor {
  id: number | null;
  email: string;
}

/** The audit log's actor for the staff member who called a back-office route. */
export const auditActor = (actor: { user: { id: number; email: string } }): AuditActor => ({
  id: actor.user.id,
  email: actor.user.email,
});

export interface AuditEntry {
  actor: AuditActor;
  /** What was done, "<entity>.<verb>": "customer.disable", "staff.role", "order.status", "product.update"… */
  action: string;
  /** The kind of record: "user", "order", "product", "variant", "category"… (lower case, as the filter takes it). */
  entityType: string;
  entityId: string | number;
  /** The record (or the part that changed) before the change; omitted for a creation. */
  before?: unknown;
  /** …and after it; omitted for a removal. */
  after?: unknown;
}

/** Fields that never go into the log, wherever they appear in a record. */
const SECRET_FIELDS = new Set(["password_hash", "token_hash", "current_password", "password"]);

function snapshot(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (key, field) => (SECRET_FIELDS.has(key) ? undefined : field));
}

/**
 * The action of a change to something staff can pause: `<entity>.pause` or `<entity>.resume` when the change is of
 * its status alone, else `<entity>.update` (a discount code, a scheduled sale).
 */
export function changeAction(entityType: string, patch: { status?: "active" | "paused" }): string {
  const onlyStatus = Object.keys(patch).every((field) => field === "status");
  if (!onlyStatus || patch.status === undefined) return `${entityType}.update`;
  return `${entityType}.${patch.status === "paused" ? "pause" : "resume"}`;
}

export async function recordAudit(
  trx: Kysely<Database>,
  entry: AuditEntry,
  at: Date = new Date(),
): Promise<void> {
  await insertAuditRow(trx, {
    actor_user_id: entry.actor.id,
    actor_email: entry.actor.email.toLowerCase(),
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: String(entry.entityId),
    before: snapshot(entry.before),
    after: snapshot(entry.after),
    created_at: at.toISOString(),
  });
}
