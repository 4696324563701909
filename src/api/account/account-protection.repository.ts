import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.ts";

/** Sign-in codes of accounts under attack, and the undo links of login-email changes (only hashes are kept). */
export function accountProtectionRepository(db: Kysely<Database>) {
  return {
    async insertSignInCode(values: {
      user_id: number;
      code_hash: string;
      created_at: string;
      expires_at: string;
    }) {
      await db
        .insertInto("sign_in_codes")
        .values({ ...values, used_at: null })
        .execute();
    },

    /** When the newest code still unused and unexpired was sent, if there is one. */
    async lastLiveCodeSentAt(userId: number, now: string): Promise<string | undefined> {
      const row = await db
        .selectFrom("sign_in_codes")
        .select("created_at")
        .where("user_id", "=", userId)
        .where("used_at", "is", null)
        .where("expires_at", ">", now)
        .orderBy("created_at", "desc")
        .limit(1)
        .executeTakeFirst();
      return row?.created_at;
    },

    findLiveCode: (userId: number, codeHash: string, now: string) =>
      db
        .selectFrom("sign_in_codes")
        .select("id")
        .where("user_id", "=", userId)
        .where("code_hash", "=", codeHash)
        .where("used_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst(),

    /** Uses every live code of the account up (a sign-in with one of them succeeded); false if none was live. */
    async consumeCodes(userId: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable("sign_in_codes")
        .set({ used_at: now })
        .where("user_id", "=", userId)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async insertEmailUndo(values: {
      user_id: number;
      old_email: string;
      new_email: string;
      token_hash: string;
      created_at: string;
      expires_at: string;
    }) {
      await db
        .insertInto("email_change_undos")
        .values({ ...values, used_at: null })
        .execute();
    },

    findEmailUndo: (tokenHash: string) =>
      db.selectFrom("email_change_undos").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst(),

    /** Uses the undo link if it is still unused and unexpired; false when another request got there first. */
    async consumeEmailUndo(id: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable("email_change_undos")
        .set({ used_at: now })
        .where("id", "=", id)
        .where("used_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The later changes' links stop working once the account's email has been put back. */
    async consumeEmailUndosAfter(userId: number, createdAt: string, now: string) {
      await db
        .updateTable("email_change_undos")
        .set({ used_at: now })
        .where("user_id", "=", userId)
        .where("created_at", ">=", createdAt)
        .where("used_at", "is", null)
        .execute();
    },
  };
}

/** Deletes expired sign-in codes and undo links (used or not): for the periodic purge job. */
export async function purgeExpiredAccountProtection(db: Kysely<Database>, now: Date): Promise<number> {
  const at = now.toISOString();
  const codes = await db.deleteFrom("sign_in_codes").where("expires_at", "<=", at).executeTakeFirst();
  const undos = await db.deleteFrom("email_change_undos").where("expires_at", "<=", at).executeTakeFirst();
  return Number(codes.numDeletedRows) + Number(undos.numDeletedRows);
}
