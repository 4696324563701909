import type { Db } from "../../../platform/db/schema.ts";

/** Two-factor sign-in's SQL: the accounts' authenticator keys, recovery codes, sessions' proof, and the owner's rule. */
export function twoFactorRepository(db: Db) {
  return {
    /**
     * What the back office's gate needs for one request, in one round trip: whether the account has two-factor
     * sign-in on, whether this session gave the second factor, and whether the owner requires it.
     */
    async gateFacts(userId: number, tokenId: number) {
      const row = await db
        .selectNoFrom((eb) => [
          eb
            .selectFrom("staff_two_factor")
            .select("confirmed_at")
            .where("user_id", "=", userId)
            .as("confirmed_at"),
          eb.selectFrom("auth_tokens").select("two_factor_at").where("id", "=", tokenId).as("two_factor_at"),
          eb.selectFrom("staff_two_factor_policy").select("required").where("id", "=", 1).as("required"),
        ])
        .executeTakeFirstOrThrow();
      return {
        enabled: row.confirmed_at !== null && row.confirmed_at !== undefined,
        sessionVerified: row.two_factor_at !== null && row.two_factor_at !== undefined,
        required: Number(row.required ?? 0) === 1,
      };
    },

    findKey: (userId: number) =>
      db.selectFrom("staff_two_factor").selectAll().where("user_id", "=", userId).executeTakeFirst(),

    /** A new key waiting for its first code (replacing one that was waiting). Never over a confirmed key. */
    async savePendingKey(userId: number, secret: string, now: string) {
      await db
        .deleteFrom("staff_two_factor")
        .where("user_id", "=", userId)
        .where("confirmed_at", "is", null)
        .execute();
      await db
        .insertInto("staff_two_factor")
        .values({
          user_id: userId,
          secret,
          confirmed_at: null,
          last_used_step: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    },

    /**
     * Takes the time step of an accepted code, only if it is later than the last one taken: false when the code
     * (or a later one) was already used. One conditional UPDATE, so two requests with one code cannot both win.
     */
    async takeStep(userId: number, step: number, now: string): Promise<boolean> {
      const result = await db
        .updateTable("staff_two_factor")
        .set({ last_used_step: step, updated_at: now })
        .where("user_id", "=", userId)
        .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async confirmKey(userId: number, now: string) {
      await db
        .updateTable("staff_two_factor")
        .set({ confirmed_at: now, updated_at: now })
        .where("user_id", "=", userId)
        .execute();
    },

    async replaceRecoveryCodes(userId: number, hashes: string[], now: string) {
      await db.deleteFrom("staff_recovery_codes").where("user_id", "=", userId).execute();
      await db
        .insertInto("staff_recovery_codes")
        .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, used_at: null, created_at: now })))
        .execute();
    },

    /** Spends a recovery code: true only for the one request that marked it used. */
    async spendRecoveryCode(userId: number, hash: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("staff_recovery_codes")
        .set({ used_at: now })
        .where("user_id", "=", userId)
        .where("code_hash", "=", hash)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async recoveryCodesLeft(userId: number): Promise<number> {
      const row = await db
        .selectFrom("staff_recovery_codes")
        .select((eb) => eb.fn.countAll<string | number>().as("left"))
        .where("user_id", "=", userId)
        .where("used_at", "is", null)
        .executeTakeFirstOrThrow();
      return Number(row.left);
    },

    /** Two-factor sign-in off: the key and recovery codes go. */
    async removeKey(userId: number) {
      await db.deleteFrom("staff_recovery_codes").where("user_id", "=", userId).execute();
      await db.deleteFrom("staff_two_factor").where("user_id", "=", userId).execute();
    },

    /** This session gave the second factor. */
    async markSessionVerified(tokenId: number, now: string) {
      await db.updateTable("auth_tokens").set({ two_factor_at: now }).where("id", "=", tokenId).execute();
    },

    /** The account's other sessions must give the (new) second factor again. */
    async unverifyOtherSessions(userId: number, keepTokenId: number) {
      await db
        .updateTable("auth_tokens")
        .set({ two_factor_at: null })
        .where("user_id", "=", userId)
        .where("id", "!=", keepTokenId)
        .execute();
    },

    async policy() {
      return db
        .selectFrom("staff_two_factor_policy")
        .selectAll()
        .where("id", "=", 1)
        .executeTakeFirstOrThrow();
    },

    async setPolicy(required: boolean, userId: number, now: string) {
      return db
        .updateTable("staff_two_factor_policy")
        .set({ required: required ? 1 : 0, updated_at: now, updated_by: userId })
        .where("id", "=", 1)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** Each staff member's and owner's state, by account id. */
    staffStates: () =>
      db
        .selectFrom("users")
        .leftJoin("staff_two_factor", "staff_two_factor.user_id", "users.id")
        .select((eb) => [
          "users.id as user_id",
          "staff_two_factor.confirmed_at",
          eb
            .selectFrom("staff_recovery_codes")
            .select((inner) => inner.fn.countAll<string | number>().as("left"))
            .whereRef("staff_recovery_codes.user_id", "=", "users.id")
            .where("staff_recovery_codes.used_at", "is", null)
            .as("recovery_codes_left"),
        ])
        .where("users.role", "in", ["owner", "staff"])
        .orderBy("users.id")
        .execute(),
  };
}

export type TwoFactorRepository = ReturnType<typeof twoFactorRepository>;
