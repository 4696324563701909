import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** The one row of `signing_secret` (migration 019). */
export function signingSecretRepository(db: Kysely<Database>) {
  return {
    /**
     * Stores `secret` unless the database already holds one, then answers the one it holds: of two instances
     * starting at once, both get the first one's (the second insert does nothing and waits for the first's commit).
     */
    async keepFirst(secret: string, now: Date): Promise<string> {
      await db
        .insertInto("signing_secret")
        .values({ id: 1, secret, created_at: now.toISOString() })
        .onConflict((conflict) => conflict.column("id").doNothing())
        .execute();
      const row = await db
        .selectFrom("signing_secret")
        .select("secret")
        .where("id", "=", 1)
        .executeTakeFirstOrThrow();
      return row.secret;
    },

    find: async (): Promise<string | undefined> =>
      (await db.selectFrom("signing_secret").select("secret").where("id", "=", 1).executeTakeFirst())?.secret,
  };
}
