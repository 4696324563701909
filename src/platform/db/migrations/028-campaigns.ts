import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * Scheduled sales (docs/decisions/0048-scheduled-sales.md):
 *
 * - `products.own_discount`: the percent the owner gave the product (back office, CSV), backfilled from `discount`.
 * - `products.campaign_discount`: the best percent of the campaigns running now that cover the product (0 for
 *   none), kept by the campaign clock (`src/api/campaigns/`).
 * - `products.discount` stays what every shopper read uses: the better of the two, written only by the product
 *   writer and the clock (through the writer's function), with the listing's price columns beside it.
 * - `campaigns`: a name, a whole percent, what it covers (everything, or chosen categories (with those under
 *   them), products or tags), when it runs (UTC; typed in Pakistan time), active or paused.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .alterTable("products")
    .addColumn("own_discount", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("products")
    .addColumn("campaign_discount", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update products set own_discount = discount`.execute(db);
  // The clock looks for the products still carrying a campaign's percent: few, so a partial index finds them.
  await db.schema
    .createIndex("products_campaign_discount_idx")
    .on("products")
    .column("campaign_discount")
    .where(sql.ref("campaign_discount"), ">", 0)
    .execute();

  await db.schema
    .createTable("campaigns")
    .addColumn("id", "integer", id)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("percent", "integer", (c) => c.notNull().check(sql`percent >= 1 and percent <= 100`))
    .addColumn("scope", "text", (c) =>
      c.notNull().defaultTo("all").check(sql`scope in ('all', 'categories', 'products', 'tags')`),
    )
    .addColumn("scope_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("active").check(sql`status in ('active', 'paused')`),
    )
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint("campaigns_dates_check", sql`ends_at > starts_at`)
    .execute();
  await db.schema
    .createIndex("campaigns_ends_idx")
    .on("campaigns")
    .columns(["ends_at", "starts_at"])
    .execute();
}
