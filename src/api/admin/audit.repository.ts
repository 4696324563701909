import type { Insertable, Kysely } from "kysely";
import type { AuditLogTable, Database } from "../../platform/db/schema.ts";

/** The audit log's statements: `recordAudit` (audit.ts) writes an entry, the back office reads them here. */

export async function insertAuditRow(trx: Kysely<Database>, row: Insertable<AuditLogTable>): Promise<void> {
  await trx.insertInto("audit_log").values(row).execute();
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
