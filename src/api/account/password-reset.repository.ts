import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.ts";

/** Password reset links (only their tokens' SHA-256) and the session changes a reset makes. */
export function passwordResetRepository(db: Kysely<Database>) {
  return {
    async insert(values: { user_id: number; token_hash: string; created_at: string; expires_at: string }) {
      await db
        .insertInto("password_reset_tokens")
        .values({ ...values, used_at: null })
        .execute();
    },

    findByHash: (tokenHash: string) =>
      db
        .selectFrom("password_reset_tokens")
        .selectAll()
        .where("token_hash", "=", tokenHash)
        .executeTakeFirst(),

    /** Uses the link up if it is still unused and unexpired; false when another request got there first. */
    async consume(id: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable("password_reset_tokens")
        .set({ used_at: now })
        .where("id", "=", id)
        .where("used_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Every other link sent to the user stops working once one of them has been used. */
    async consumeAllForUser(userId: number, now: string) {
      await db
        .updateTable("password_reset_tokens")
        .set({ used_at: now })
        .where("user_id", "=", userId)
        .where("used_at", "is", null)
        .execute();
    },
  };
}

/**
 * Deletes the reset links that expired at or before `now` (used or not): for a periodic purge job. Answers how
 * many rows went.
 */
export async function purgeExpiredResetTokens(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .deleteFrom("password_reset_tokens")
    .where("expires_at", "<=", now.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
