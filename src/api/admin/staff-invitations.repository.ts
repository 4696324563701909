import type { Insertable } from "kysely";
import type { Db, StaffInvitationTable } from "../../platform/db/schema.ts";

/** Staff invitations (only their tokens' SHA-256): sending, listing, withdrawing and using them up. */
export function staffInvitationsRepository(db: Db) {
  return {
    insert: (values: Insertable<StaffInvitationTable>) =>
      db.insertInto("staff_invitations").values(values).returningAll().executeTakeFirstOrThrow(),

    findByHash: (tokenHash: string) =>
      db.selectFrom("staff_invitations").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst(),

    /** Invitations neither used, withdrawn nor expired at `now`, newest first. */
    listPending: (now: string) =>
      db
        .selectFrom("staff_invitations")
        .selectAll()
        .where("used_at", "is", null)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now)
        .orderBy("id", "desc")
        .execute(),

    /** Withdraws every unused invitation to `email` (re-inviting, accepting); answers how many were still live. */
    async revokeAllFor(email: string, now: string): Promise<number> {
      const result = await db
        .updateTable("staff_invitations")
        .set({ revoked_at: now })
        .where("email", "=", email)
        .where("used_at", "is", null)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Withdraws one pending invitation; the row as it was, or undefined when there is no such pending one. */
    async revoke(id: number, now: string) {
      return db
        .updateTable("staff_invitations")
        .set({ revoked_at: now })
        .where("id", "=", id)
        .where("used_at", "is", null)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now)
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Uses the invitation up if it is still unused, not withdrawn and unexpired; false when another request got
     * there first (the conditional update lets exactly one of two racing acceptances through).
     */
    async consume(id: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable("staff_invitations")
        .set({ used_at: now })
        .where("id", "=", id)
        .where("used_at", "is", null)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

/** Deletes the invitations whose link has expired (used, withdrawn or not: the audit log keeps what happened). */
export async function purgeExpiredInvitations(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom("staff_invitations")
    .where("expires_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
