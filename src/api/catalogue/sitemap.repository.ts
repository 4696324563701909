import { type Kysely, sql } from "kysely";
import type { Database } from "../../platform/db/schema.ts";
import { LIVE_STATUS } from "../../shared/product-status.ts";

/** A literal, so the partial indexes of products on sale (migration 033) apply. */
const LIVE = sql.lit(LIVE_STATUS);

export interface SitemapEntry {
  slug: string;
  /** ISO-8601: the product's last change, else when it was created. */
  lastmod: string;
}

/**
 * What the sitemap lists of the catalogue (products on sale only), read in id order in batches so a large
 * catalogue streams. Numbered files cover ranges of ids, so finding where one starts costs nothing however deep
 * it is (docs/decisions/0059-a-million-products.md).
 */
export function sitemapRepository(db: Kysely<Database>) {
  return {
    /** Products on sale, counted up to `atMost + 1` (enough to tell whether they fit in one file). */
    async countProducts(atMost: number): Promise<number> {
      const onSale = db
        .selectFrom("products")
        .select("id")
        .where("status", "=", LIVE)
        .limit(atMost + 1)
        .as("on_sale");
      const row = await db
        .selectFrom(onSale)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** The largest id of a product on sale (0 when none): numbered files cover ids up to it. */
    async lastId(): Promise<number> {
      const row = await db
        .selectFrom("products")
        .select((eb) => eb.fn.max("id").as("id"))
        .where("status", "=", LIVE)
        .executeTakeFirst();
      return Number(row?.id ?? 0);
    },

    /** Up to `limit` products after id `afterId` (and up to id `throughId`, when given), in id order. */
    async productsAfter(
      afterId: number,
      limit: number,
      throughId?: number,
    ): Promise<(SitemapEntry & { id: number })[]> {
      let query = db
        .selectFrom("products")
        .select(["id", "slug", "created_at", "updated_at"])
        .where("status", "=", LIVE)
        .where("id", ">", afterId);
      if (throughId !== undefined) query = query.where("id", "<=", throughId);
      const rows = await query.orderBy("id").limit(limit).execute();
      return rows.map((row) => ({ id: row.id, slug: row.slug, lastmod: row.updated_at || row.created_at }));
    },

    /**
     * Every category with its newest product change (its listing changes when they do): one index lookup per
     * category (products_live_category_updated_idx), not a pass over the products.
     */
    async categories(): Promise<SitemapEntry[]> {
      const rows = await db
        .selectFrom("categories")
        .select(["categories.slug"])
        .select((eb) =>
          eb
            .selectFrom("products")
            .select((inner) => inner.fn.max("products.updated_at").as("lastmod"))
            .whereRef("products.category_id", "=", "categories.id")
            .where("products.status", "=", LIVE)
            .as("lastmod"),
        )
        .orderBy("categories.position")
        .orderBy("categories.id")
        .execute();
      return rows.map((row) => ({ slug: row.slug, lastmod: row.lastmod ?? "" }));
    },
  };
}

export type SitemapRepository = ReturnType<typeof sitemapRepository>;
