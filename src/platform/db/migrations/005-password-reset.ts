import type { Kysely } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * Password reset links: one row per link sent, holding only the SHA-256 of its token. `used_at` makes a link
 * single-use; `expires_at` (an hour after it was sent) both refuses late links and lets a purge job delete old
 * rows (`purgeExpiredResetTokens`, indexed for that). See docs/decisions/0019-guest-orders-and-password-reset.md.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable("password_reset_tokens")
    .addColumn("id", "integer", (c) =>
      engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("password_reset_tokens_user_idx")
    .on("password_reset_tokens")
    .column("user_id")
    .execute();
  await db.schema
    .createIndex("password_reset_tokens_expires_idx")
    .on("password_reset_tokens")
    .column("expires_at")
    .execute();
}
