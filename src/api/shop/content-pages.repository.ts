import type { Db } from "../../platform/db/schema.ts";
import type { PageUpdate } from "../../shared/contracts/shop-details.ts";

/** The content pages someone saved (migration 046); a page not here shows its default text. */
export const contentPagesRepository = {
  find: (db: Db, slug: string) =>
    db.selectFrom("content_pages").selectAll().where("slug", "=", slug).executeTakeFirst(),

  list: (db: Db) => db.selectFrom("content_pages").selectAll().execute(),

  save: (db: Db, slug: string, page: PageUpdate, by: string, at: Date) => {
    const row = { ...page, updated_at: at.toISOString(), updated_by: by };
    return db
      .insertInto("content_pages")
      .values({ slug, ...row })
      .onConflict((oc) => oc.column("slug").doUpdateSet(row))
      .execute();
  },
};
