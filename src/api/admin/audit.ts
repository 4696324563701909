import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.ts";

/**
 * The audit log: who changed what and when, with the record before and after. Every back-office change calls
 * `recordAudit` with the transaction that makes the change, so the entry exists exactly when the change does.
 */

/** Who made a change: a staff member or owner (a user row will do), or a tool with no account (id null). */
export interface AuditActor {
  id: number | null;
  email: string;
}

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

export async function recordAudit(
  trx: Kysely<Database>,
  entry: AuditEntry,
  at: Date = new Date(),
): Promise<void> {
  await trx
    .insertInto("audit_log")
    .values({
      actor_user_id: entry.actor.id,
      actor_email: entry.actor.email.toLowerCase(),
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: String(entry.entityId),
      before: snapshot(entry.before),
      after: snapshot(entry.after),
      created_at: at.toISOString(),
    })
    .execute();
}

export interface AuditFilter {
  entityType: string;
  entityId: string;
  actor: string;
}

/** Parses a stored snapshot back; text that is not JSON (written by hand) is shown as it is. */
function parsed(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The audit log as the back office reads it: newest first, by record, by who, a page at a time. */
export function auditRepository(db: Kysely<Database>) {
  function filtered(filter: AuditFilter) {
    let query = db.selectFrom("audit_log");
    if (filter.entityType !== "") query = query.where("entity_type", "=", filter.entityType.toLowerCase());
    if (filter.entityId !== "") query = query.where("entity_id", "=", filter.entityId);
    if (filter.actor !== "") query = query.where("actor_email", "=", filter.actor.toLowerCase());
    return query;
  }

  return {
    async page(filter: AuditFilter, limit: number, offset: number) {
      const [rows, total] = await Promise.all([
        filtered(filter).selectAll().orderBy("id", "desc").limit(limit).offset(offset).execute(),
        filtered(filter)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        total: Number(total.n),
        entries: rows.map((row) => ({
          id: row.id,
          actor: { id: row.actor_user_id, email: row.actor_email },
          action: row.action,
          entity_type: row.entity_type,
          entity_id: row.entity_id,
          before: parsed(row.before),
          after: parsed(row.after),
          created_at: row.created_at,
        })),
      };
    },
  };
}
