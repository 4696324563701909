import { type Kysely, sql } from "kysely";
import { defaultSku, SKU_MAX } from "../../../shared/sku.ts";
import type { Engine } from "../connection.ts";

/**
 * The back office's products (docs/decisions/0030-product-admin.md):
 *
 * - `products.status`: "draft" | "active" | "archived", default "active" (every product already there is on
 *   sale). A CHECK on both engines (SQLite accepts one on a column it adds). Shoppers see active products only.
 * - `product_slug_redirects`: a product's earlier slugs (unique), so an old link answers 301 to the current one.
 * - `variants.sku`: unique. Existing variants get `defaultSku` (product slug, colour, size), made unique here;
 *   the catalogue writer gives every new variant one, so the column is only nullable for rows written around it.
 * - Indexes for the back office's list at 100k products: by status, title and last change; variants by stock
 *   (the low-stock and sold-out filters start from the few variants that qualify); order lines by product
 *   (whether a product has orders decides between deleting and archiving it).
 */
const PRODUCT_STATUSES = ["draft", "active", "archived"];

/** Products whose variants get SKUs per step (bounded memory on a 100k catalogue). */
const PRODUCTS_PER_STEP = 2000;
/** Variants per UPDATE: two parameters each in the CASE plus one in the IN list. */
const ROWS_PER_UPDATE = 500;

interface VariantName {
  id: number;
  slug: string;
  color: string;
  size: string;
}

/** `base`, or `base-2`, `base-3`... (cut to fit SKU_MAX), whichever is not taken yet. */
function unused(base: string, taken: Set<string>): string {
  let sku = base;
  for (let n = 2; taken.has(sku); n++) {
    const suffix = `-${n}`;
    sku = `${base.slice(0, SKU_MAX - suffix.length)}${suffix}`;
  }
  taken.add(sku);
  return sku;
}

async function backfillSkus(db: Kysely<unknown>): Promise<void> {
  const taken = new Set<string>();
  let after = 0;
  for (;;) {
    const { rows: products } = await sql<{ id: number }>`
      select id from products where id > ${after} order by id limit ${PRODUCTS_PER_STEP}`.execute(db);
    if (products.length === 0) break;
    const first = products[0]!.id;
    after = products.at(-1)!.id;
    const { rows: variants } = await sql<VariantName>`
      select v.id, p.slug, c.name as color, s.name as size
      from variants v
      join products p on p.id = v.product_id
      join colors c on c.id = v.color_id
      join sizes s on s.id = v.size_id
      where v.product_id between ${first} and ${after}
      order by v.id`.execute(db);
    const skus = variants.map((variant) => ({
      id: variant.id,
      sku: unused(defaultSku(variant.slug, variant.color, variant.size) || `SKU-${variant.id}`, taken),
    }));
    for (let start = 0; start < skus.length; start += ROWS_PER_UPDATE) {
      const chunk = skus.slice(start, start + ROWS_PER_UPDATE);
      const cases = sql.join(
        chunk.map((row) => sql`when ${row.id} then ${row.sku}`),
        sql` `,
      );
      await sql`update variants set sku = case id ${cases} end
        where id in (${sql.join(chunk.map((row) => row.id))})`.execute(db);
    }
  }
}

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const statuses = sql.raw(PRODUCT_STATUSES.map((status) => `'${status}'`).join(", "));
  await sql`alter table products add column status text not null default 'active'
    constraint products_status_known check (status in (${statuses}))`.execute(db);
  await db.schema.createIndex("products_status_idx").on("products").columns(["status", "id"]).execute();
  await db.schema.createIndex("products_title_idx").on("products").columns(["title", "id"]).execute();
  await db.schema.createIndex("products_updated_idx").on("products").columns(["updated_at", "id"]).execute();

  await db.schema
    .createTable("product_slug_redirects")
    .addColumn("id", "integer", (c) =>
      engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("old_slug", "text", (c) => c.notNull().unique())
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("product_slug_redirects_product_idx")
    .on("product_slug_redirects")
    .column("product_id")
    .execute();

  await sql`alter table variants add column sku text`.execute(db);
  await backfillSkus(db);
  await db.schema.createIndex("variants_sku_unique").on("variants").unique().column("sku").execute();
  await db.schema
    .createIndex("variants_stock_product_idx")
    .on("variants")
    .columns(["stock", "product_id"])
    .execute();

  await db.schema
    .createIndex("order_items_product_idx")
    .on("order_items")
    .columns(["product_id", "variant_id"])
    .execute();
}
