import type { Kysely } from "kysely";
import type { Database, Db } from "../../platform/db/schema.ts";

/** The campaign clock's statements (migration 028); the rules are campaign-clock.ts's. */
export function campaignClockRepository(db: Kysely<Database>) {
  return {
    /** The campaigns running at `now` (ISO): active, started, not yet ended. */
    running: (now: string) =>
      db
        .selectFrom("campaigns")
        .select(["id", "kind", "percent", "price", "scope", "scope_ids", "daily_deal"])
        .where("status", "=", "active")
        .where("starts_at", "<=", now)
        .where("ends_at", ">", now)
        .execute(),

    /** Every category with its parent, to widen a category to those under it. */
    categoryParents: () => db.selectFrom("categories").select(["id", "parent_id"]).execute(),

    /** Every product's id (a campaign for everything). */
    allProductIds: async () => (await db.selectFrom("products").select("id").execute()).map((row) => row.id),

    /** The products in these categories. */
    productIdsInCategories: async (categoryIds: number[]) =>
      categoryIds.length === 0
        ? []
        : (
            await db.selectFrom("products").select("id").where("category_id", "in", categoryIds).execute()
          ).map((row) => row.id),

    /** Of these ids, the products that exist. */
    existingProductIds: async (productIds: number[]) =>
      productIds.length === 0
        ? []
        : (await db.selectFrom("products").select("id").where("id", "in", productIds).execute()).map(
            (row) => row.id,
          ),

    /** The products with any of these tags. */
    productIdsWithTags: async (tagIds: number[]) =>
      tagIds.length === 0
        ? []
        : (
            await db
              .selectFrom("product_tags")
              .select("product_id")
              .distinct()
              .where("tag_id", "in", tagIds)
              .execute()
          ).map((row) => row.product_id),

    /** Each product a campaign touches now (a percent or Daily Deals), with what it gives it: two partial indexes. */
    touched: async () => {
      const columns = ["id", "campaign_discount", "campaign_id", "campaign_daily_deal"] as const;
      const [discounted, dealt] = await Promise.all([
        db.selectFrom("products").select(columns).where("campaign_discount", ">", 0).execute(),
        db.selectFrom("products").select(columns).where("campaign_daily_deal", "=", 1).execute(),
      ]);
      return [...discounted, ...dealt];
    },

    /** The listing price before any discount of each of these products (for fixed-price sales). */
    prices: async (productIds: number[]) => {
      const prices = new Map<number, number>();
      for (let start = 0; start < productIds.length; start += 500) {
        const rows = await db
          .selectFrom("products")
          .select(["id", "price"])
          .where("id", "in", productIds.slice(start, start + 500))
          .execute();
        for (const row of rows) prices.set(row.id, row.price);
      }
      return prices;
    },
  };
}

export type CampaignClockRepository = ReturnType<typeof campaignClockRepository>;

/** The names of the sales that price these cart lines (decision 0049: an order keeps the sale that priced it). */
export async function saleNames(
  db: Db,
  lines: readonly { campaign_id: number | null }[],
): Promise<Map<number, string>> {
  const ids = [...new Set(lines.flatMap((line) => (line.campaign_id === null ? [] : [line.campaign_id])))];
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("campaigns").select(["id", "name"]).where("id", "in", ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
