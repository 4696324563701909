import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.ts";

export function accountRepository(db: Kysely<Database>) {
  /** Signs the user out everywhere: every live token is revoked. */
  async function revokeAllTokens(userId: number, now: string) {
    await db
      .updateTable("auth_tokens")
      .set({ revoked_at: now })
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .execute();
  }

  return {
    /** Emails compare without case (the unique index is on lower(email), which this search uses). */
    findUserByEmail: (email: string) =>
      db
        .selectFrom("users")
        .selectAll()
        .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
        .executeTakeFirst(),

    findUserById: (id: number) => db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst(),

    async insertUser(values: {
      first_name: string;
      last_name: string;
      email: string;
      password_hash: string;
    }) {
      const now = new Date().toISOString();
      return db
        .insertInto("users")
        .values({ ...values, phone: null, image: null, created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async updateUser(
      id: number,
      values: Partial<{
        first_name: string;
        last_name: string;
        email: string;
        phone: string | null;
        password_hash: string;
      }>,
    ) {
      return db
        .updateTable("users")
        .set({ ...values, updated_at: new Date().toISOString() })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async insertToken(userId: number, tokenHash: string, expiresAt: string) {
      await db
        .insertInto("auth_tokens")
        .values({
          user_id: userId,
          token_hash: tokenHash,
          created_at: new Date().toISOString(),
          expires_at: expiresAt,
          revoked_at: null,
        })
        .execute();
    },

    /** The user behind a live token: not revoked, not expired, and the account not disabled. */
    async findUserByToken(tokenHash: string, now: string) {
      return db
        .selectFrom("auth_tokens")
        .innerJoin("users", "users.id", "auth_tokens.user_id")
        .selectAll("users")
        .select([
          "auth_tokens.id as token_id",
          "auth_tokens.created_at as token_created_at",
          "auth_tokens.last_used_at as token_last_used_at",
        ])
        .where("auth_tokens.token_hash", "=", tokenHash)
        .where("auth_tokens.revoked_at", "is", null)
        .where("auth_tokens.expires_at", ">", now)
        .where("users.disabled_at", "is", null)
        .executeTakeFirst();
    },

    /** Notes that a (staff or owner) token was used now, for the back office's inactivity limit. */
    async touchToken(tokenId: number, now: string) {
      await db.updateTable("auth_tokens").set({ last_used_at: now }).where("id", "=", tokenId).execute();
    },

    async revokeToken(tokenId: number) {
      await db
        .updateTable("auth_tokens")
        .set({ revoked_at: new Date().toISOString() })
        .where("id", "=", tokenId)
        .execute();
    },

    /**
     * Disables the account (`at`) and signs it out everywhere, or enables it again (`null`); the user row as it is
     * now. Run inside the transaction that also records the change.
     */
    async setDisabled(userId: number, at: string | null) {
      const user = await db
        .updateTable("users")
        .set({ disabled_at: at, updated_at: new Date().toISOString() })
        .where("id", "=", userId)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (at !== null) await revokeAllTokens(userId, at);
      return user;
    },

    revokeAllTokens,

    async revokeOtherTokens(userId: number, keepTokenId: number) {
      await db
        .updateTable("auth_tokens")
        .set({ revoked_at: new Date().toISOString() })
        .where("user_id", "=", userId)
        .where("id", "!=", keepTokenId)
        .where("revoked_at", "is", null)
        .execute();
    },
  };
}

export type AccountRepository = ReturnType<typeof accountRepository>;
