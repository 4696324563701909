import { type Kysely, sql } from "kysely";
import { LIVE_STATUS } from "../../../shared/product-status.ts";
import type { Engine } from "../connection.ts";

/**
 * The shop's listing at a million products (docs/decisions/0059-a-million-products.md). Every listing reads
 * products on sale only (`status = 'active'`), which migration 001's indexes predate: walking them in price order
 * meant reading each row to see its status, and a page's ids could not come from the index alone. These are
 * partial indexes of the products on sale, one per order the listing offers (newest first: id; by price:
 * sale_price, id) under each filter that is a column of the product (none, category, new arrivals, daily deals).
 * The listing finds a page's ids in one of them (skipping a deep page's rows there) and counts up to its window
 * there too. The colour, size and tag filters probe their own indexes (variants_color_idx, variants_size_idx,
 * product_tags_tag_idx) for each product walked. Migration 001's indexes stay: the back office's list uses them
 * whatever the status.
 */
const INDEXES: [name: string, columns: string[]][] = [
  ["products_live_idx", ["id"]],
  ["products_live_price_idx", ["sale_price", "id"]],
  ["products_live_category_idx", ["category_id", "id"]],
  ["products_live_category_price_idx", ["category_id", "sale_price", "id"]],
  ["products_live_new_arrival_idx", ["new_arrival", "id"]],
  ["products_live_new_arrival_price_idx", ["new_arrival", "sale_price", "id"]],
  ["products_live_daily_deal_idx", ["daily_deal", "id"]],
  ["products_live_daily_deal_price_idx", ["daily_deal", "sale_price", "id"]],
  // The sitemap's categories: each one's newest change, one lookup per category.
  ["products_live_category_updated_idx", ["category_id", "updated_at"]],
];

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  for (const [name, columns] of INDEXES) {
    await db.schema
      .createIndex(name)
      .on("products")
      .columns(columns)
      .where(sql.ref("status"), "=", sql.lit(LIVE_STATUS))
      .execute();
  }
  // The planner's figures for the new indexes, when a catalogue is migrated in place (SQLite has none until then:
  // the seed analyzes PostgreSQL only). Not for an empty table: figures saying "no products" would stay after
  // the catalogue fills (SQLite never refreshes them) and turn the search's plan around (search-window.test.ts).
  const any = await sql`select 1 from products limit 1`.execute(db);
  if (any.rows.length > 0) await sql`analyze products`.execute(db);
}
