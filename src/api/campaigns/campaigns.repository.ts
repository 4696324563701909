import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.ts";

/** The campaign clock's statements (migration 028); the rules are campaign-clock.ts's. */
export function campaignClockRepository(db: Kysely<Database>) {
  return {
    /** The campaigns running at `now` (ISO): active, started, not yet ended. */
    running: (now: string) =>
      db
        .selectFrom("campaigns")
        .select(["id", "percent", "scope", "scope_ids"])
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

    /** Each product that carries a campaign's percent now, with it. */
    discounted: () =>
      db
        .selectFrom("products")
        .select(["id", "campaign_discount"])
        .where("campaign_discount", ">", 0)
        .execute(),
  };
}

export type CampaignClockRepository = ReturnType<typeof campaignClockRepository>;
