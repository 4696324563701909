import type { Kysely } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * A category's earlier slugs (issue 35, item 9), so an old link to `/shop/<slug>` answers 301 to the current one,
 * as a product's does (`product_slug_redirects`, migration 013). One row per old slug; the category's removal
 * takes its rows with it.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable("category_slug_redirects")
    .addColumn("id", "integer", (c) =>
      engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("old_slug", "text", (c) => c.notNull().unique())
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("category_slug_redirects_category_idx")
    .on("category_slug_redirects")
    .column("category_id")
    .execute();
}
