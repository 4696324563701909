import type { Kysely } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * The shop's own content pages (issue 35, item 2; docs/decisions/0066-shop-details-and-content-pages.md): About,
 * Terms and conditions, the Privacy policy and the returns, delivery and FAQ sections, one row per slug once
 * someone saves it (until then the shop shows the default text). `body_html` is stored sanitised.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable("content_pages")
    .addColumn("slug", "text", (c) => c.primaryKey())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body_html", "text", (c) => c.notNull())
    .addColumn("seo_title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("seo_description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .execute();
}
