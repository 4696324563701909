import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.ts";
import { LIVE_STATUS } from "../../shared/product-status.ts";

export interface SitemapEntry {
  slug: string;
  /** ISO-8601: the product's last change, else when it was created. */
  lastmod: string;
}

/**
 * What the sitemap lists of the catalogue (products on sale only), read in id order in batches so a large
 * catalogue streams.
 */
export function sitemapRepository(db: Kysely<Database>) {
  return {
    async countProducts(): Promise<number> {
      const row = await db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("status", "=", LIVE_STATUS)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Up to `limit` products after id `afterId`, with the id to continue from. */
    async productsAfter(afterId: number, limit: number): Promise<(SitemapEntry & { id: number })[]> {
      const rows = await db
        .selectFrom("products")
        .select(["id", "slug", "created_at", "updated_at"])
        .where("status", "=", LIVE_STATUS)
        .where("id", ">", afterId)
        .orderBy("id")
        .limit(limit)
        .execute();
      return rows.map((row) => ({ id: row.id, slug: row.slug, lastmod: row.updated_at || row.created_at }));
    },

    /** The id of the product at `offset` in id order (where a numbered sitemap file starts), if any. */
    async idBefore(offset: number): Promise<number | undefined> {
      if (offset === 0) return 0;
      const row = await db
        .selectFrom("products")
        .select("id")
        .where("status", "=", LIVE_STATUS)
        .orderBy("id")
        .offset(offset - 1)
        .limit(1)
        .executeTakeFirst();
      return row?.id;
    },

    /** Every category with its newest product change (its listing changes when they do). */
    async categories(): Promise<SitemapEntry[]> {
      const rows = await db
        .selectFrom("categories")
        .leftJoin("products", (join) =>
          join.onRef("products.category_id", "=", "categories.id").on("products.status", "=", LIVE_STATUS),
        )
        .select(["categories.slug", "categories.position", "categories.id"])
        .select((eb) => eb.fn.max("products.updated_at").as("lastmod"))
        .groupBy(["categories.id", "categories.slug", "categories.position"])
        .orderBy("categories.position")
        .orderBy("categories.id")
        .execute();
      return rows.map((row) => ({ slug: row.slug, lastmod: row.lastmod ?? "" }));
    },
  };
}

export type SitemapRepository = ReturnType<typeof sitemapRepository>;
