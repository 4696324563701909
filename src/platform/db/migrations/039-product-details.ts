import { type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * Product details and size charts (issue 35, item 4; docs/decisions/0063-product-details-and-size-charts.md): a
 * product's details as a JSON list of {label, value} ("[]" for none), and a size chart as JSON on a product (its
 * own, overriding its category's) and on a category (for its products and its subcategories'); null for none.
 * They are only ever read and written whole with their row, so a JSON text column serves both engines alike.
 */
export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await sql`alter table products add column details text not null default '[]'`.execute(db);
  await sql`alter table products add column size_chart text`.execute(db);
  await sql`alter table categories add column size_chart text`.execute(db);
}
