import type { Kysely } from "kysely";
import type { Database } from "../../../platform/db/schema.ts";

/** The catalogue export's reads (catalogue-export.ts writes the CSV). */

export async function exportNames(db: Kysely<Database>) {
  const [categories, colors] = await Promise.all([
    db.selectFrom("categories").select(["id", "name"]).execute(),
    db.selectFrom("colors").select(["id", "name"]).execute(),
  ]);
  return { categories, colors };
}

/** Up to `limit` products after `afterId`, in id order, every status. */
export function exportProductPage(db: Kysely<Database>, afterId: number, limit: number) {
  return db
    .selectFrom("products")
    .select([
      "id",
      "slug",
      "title",
      "short_description",
      "category_id",
      "status",
      "new_arrival",
      // The owner's own flag and percent, not a running campaign's (decisions 0048, 0049).
      "own_daily_deal as daily_deal",
      "own_discount as discount",
      "final_sale",
      "details",
      "size_chart",
    ])
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** The variants, photos and tags of the products `ids`. */
export function exportProductParts(db: Kysely<Database>, ids: number[]) {
  return Promise.all([
    db
      .selectFrom("variants")
      .innerJoin("sizes", "sizes.id", "variants.size_id")
      .select([
        "variants.id",
        "variants.product_id",
        "variants.color_id",
        "variants.size_id",
        "sizes.position as size_position",
        "sizes.name as size_name",
        "variants.price",
        "variants.stock",
        "variants.sku",
      ])
      .where("variants.product_id", "in", ids)
      .execute(),
    db
      .selectFrom("product_images")
      .select(["product_id", "file", "alt", "color_id", "position"])
      .where("product_id", "in", ids)
      .orderBy("product_id")
      .orderBy("position")
      .execute(),
    db
      .selectFrom("product_tags")
      .innerJoin("tags", "tags.id", "product_tags.tag_id")
      .select(["product_tags.product_id", "tags.name"])
      .where("product_tags.product_id", "in", ids)
      .execute(),
  ]);
}
