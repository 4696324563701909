import { type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * Two-factor sign-in for the back office (docs/decisions/0039-staff-two-factor.md):
 *
 * - `staff_two_factor`: one row per account that started setting up an authenticator app. `secret` is the TOTP
 *   key encrypted (AES-256-GCM under a key derived from SESSION_SECRET, bound to the account's id); `confirmed_at`
 *   is null while the set-up waits for its first code, and set once two-factor sign-in is on. `last_used_step`
 *   is the 30-second time step of the last code accepted, so a code cannot be used twice.
 * - `staff_recovery_codes`: the SHA-256 of each recovery code, `used_at` set when it is spent (single use).
 * - `auth_tokens.two_factor_at`: when this session proved the second factor; null for a session that only gave the
 *   password (it opens nothing in the back office while the account has two-factor sign-in on).
 * - `staff_two_factor_policy`: one row (id 1): whether the owner requires two-factor sign-in of every staff member
 *   and owner.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable("staff_two_factor")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("confirmed_at", "text")
    .addColumn("last_used_step", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("staff_recovery_codes")
    .addColumn("id", "integer", (c) =>
      engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("staff_recovery_codes_user_code_unique")
    .on("staff_recovery_codes")
    .columns(["user_id", "code_hash"])
    .unique()
    .execute();

  await sql`alter table auth_tokens add column two_factor_at text`.execute(db);

  await db.schema
    .createTable("staff_two_factor_policy")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("required", "integer", (c) => c.notNull().defaultTo(0).check(sql`required in (0, 1)`))
    .addColumn("updated_at", "text")
    .addColumn("updated_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await sql`insert into staff_two_factor_policy (id, required) values (1, 0)`.execute(db);
}
