import { type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * Staff invitations (docs/decisions/0040-staff-invitations.md): the owner invites an email address to a role, and
 * the role is granted only when someone opens the mailed link and sets a new password through it. One row per
 * link sent, holding only the SHA-256 of its token. `used_at` makes a link single-use, `revoked_at` is set when
 * the owner withdraws it or invites the same address again, and `expires_at` refuses late links. The inviter's
 * email is copied, so the list still names someone whose account is gone.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable("staff_invitations")
    .addColumn("id", "integer", (c) =>
      engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("invited_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("invited_by_email", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("revoked_at", "text")
    .addCheckConstraint("staff_invitations_role_known", sql`role in ('staff', 'owner')`)
    .execute();
  // The pending invitations of one address (re-inviting replaces them), and the staff screen's list.
  await db.schema
    .createIndex("staff_invitations_email_idx")
    .on("staff_invitations")
    .columns(["email", "id"])
    .execute();
  await db.schema
    .createIndex("staff_invitations_expires_idx")
    .on("staff_invitations")
    .column("expires_at")
    .execute();
}
