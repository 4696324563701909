import { type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * The back office (docs/decisions/0024-back-office-roles-sessions-audit.md):
 *
 * - `users.role`: "customer" (everyone who registers), "staff" or "owner". A CHECK on both engines: SQLite
 *   accepts a CHECK on a column it adds (the default, 'customer', satisfies it for the rows already there).
 * - `users.disabled_at`: set when the shop disables an account; such an account cannot sign in.
 * - `auth_tokens.last_used_at`: when a staff or owner token was last used, for the back office's inactivity
 *   limit (customers' tokens are not tracked).
 * - `audit_log`: who changed what and when, with the record before and after as JSON text. The actor's email is
 *   copied, so an entry still names someone whose account was later removed; the actor's id is then null.
 * - Indexes for the dashboard: orders by time and by status, variants by stock.
 */
const USER_ROLES = ["customer", "staff", "owner"];

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const roles = sql.raw(USER_ROLES.map((role) => `'${role}'`).join(", "));
  await sql`alter table users add column role text not null default 'customer'
    constraint users_role_known check (role in (${roles}))`.execute(db);
  await sql`alter table users add column disabled_at text`.execute(db);
  // The staff list reads accounts by role.
  await db.schema.createIndex("users_role_idx").on("users").columns(["role", "id"]).execute();

  await sql`alter table auth_tokens add column last_used_at text`.execute(db);

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "integer", (c) =>
      engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("actor_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("actor_email", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity_type", "text", (c) => c.notNull())
    .addColumn("entity_id", "text", (c) => c.notNull())
    .addColumn("before", "text")
    .addColumn("after", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // A record's history (newest first), the whole log by time, and one person's changes.
  await db.schema
    .createIndex("audit_log_entity_idx")
    .on("audit_log")
    .columns(["entity_type", "entity_id", "id"])
    .execute();
  await db.schema
    .createIndex("audit_log_created_idx")
    .on("audit_log")
    .columns(["created_at", "id"])
    .execute();
  await db.schema
    .createIndex("audit_log_actor_idx")
    .on("audit_log")
    .columns(["actor_user_id", "id"])
    .execute();
  // The list's "who" filter (emails are kept in lower case, as accounts have them).
  await db.schema
    .createIndex("audit_log_actor_email_idx")
    .on("audit_log")
    .columns(["actor_email", "id"])
    .execute();

  // The dashboard (and the back office's order lists): orders by time (covering the dashboard's sums, so they
  // are read from the index alone) and by status, and low stock: each an index range, never a scan.
  await db.schema
    .createIndex("orders_created_idx")
    .on("orders")
    .columns(["created_at", "status", "total"])
    .execute();
  await db.schema.createIndex("orders_status_idx").on("orders").columns(["status", "created_at"]).execute();
  await db.schema.createIndex("variants_stock_idx").on("variants").columns(["stock", "id"]).execute();
}
