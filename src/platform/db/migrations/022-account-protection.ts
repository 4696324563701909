import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * What protects an account that someone else is trying to open (docs/decisions/0041-account-protection.md):
 * - `sign_in_codes`: the one-time codes mailed to an account whose sign-ins failed too often from anywhere; while
 *   it is under attack, a sign-in needs the password and a code (only the SHA-256 of each code is kept).
 * - `email_change_undos`: each change of a login email, with the link mailed to the old address that puts it back
 *   within seven days (only the SHA-256 of the link's token is kept).
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable("sign_in_codes")
    .addColumn("id", "integer", id)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("sign_in_codes_user_idx")
    .on("sign_in_codes")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema.createIndex("sign_in_codes_expires_idx").on("sign_in_codes").column("expires_at").execute();

  await db.schema
    .createTable("email_change_undos")
    .addColumn("id", "integer", id)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("old_email", "text", (c) => c.notNull())
    .addColumn("new_email", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("email_change_undos_user_idx")
    .on("email_change_undos")
    .column("user_id")
    .execute();
  await db.schema
    .createIndex("email_change_undos_expires_idx")
    .on("email_change_undos")
    .column("expires_at")
    .execute();
}
