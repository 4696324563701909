import type { Db } from "../../platform/db/schema.ts";

/** The owner's settings, one JSON text per key (migration 023). */
export const shopSettingsRepository = {
  read: async (db: Db, key: string): Promise<string | undefined> =>
    (await db.selectFrom("shop_settings").select("value").where("key", "=", key).executeTakeFirst())?.value,

  write: (db: Db, key: string, value: string, by: string, at: Date) =>
    db
      .insertInto("shop_settings")
      .values({ key, value, updated_at: at.toISOString(), updated_by: by })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({ value, updated_at: at.toISOString(), updated_by: by }),
      )
      .execute(),
};
