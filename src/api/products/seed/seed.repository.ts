import { type Insertable, type Kysely, sql } from "kysely";
import type {
  CategoryTable,
  ColorTable,
  Database,
  Db,
  NewProduct,
  PostTable,
  SizeTable,
  SliderTable,
  TagTable,
} from "../../../platform/db/schema.ts";

/** The seeds' statements (demo-catalogue.ts, large-catalogue.ts); products go through the product writer's. */

/**
 * Empties the catalogue tables (products with their variants, images and tags, sliders, categories, colours,
 * sizes, tags). Cart lines pointing at removed variants go with them; orders keep their own snapshots.
 */
export async function clearCatalogue(db: Kysely<Database>): Promise<void> {
  // The search documents in one statement first: left to the products' cascade, PostgreSQL would run the
  // vocabulary trigger once per product (4 s for 10,000).
  await sql`delete from product_search`.execute(db);
  await db.deleteFrom("cart_items").execute();
  await db.deleteFrom("product_tags").execute();
  await db.deleteFrom("variants").execute();
  await db.deleteFrom("product_images").execute();
  await db.deleteFrom("product_slug_redirects").execute();
  await db.deleteFrom("products").execute();
  await db.deleteFrom("sliders").execute();
  await db.deleteFrom("tags").execute();
  await db.deleteFrom("sizes").execute();
  await db.deleteFrom("colors").execute();
  await db.deleteFrom("categories").execute();
}

export async function insertSliderRows(db: Kysely<Database>, rows: Insertable<SliderTable>[]): Promise<void> {
  await db.insertInto("sliders").values(rows).execute();
}

/** Writes the demo blog posts when the blog has none (a re-seed never touches posts staff wrote). */
export async function insertPostRowsIfNone(
  db: Kysely<Database>,
  rows: Insertable<PostTable>[],
): Promise<void> {
  const any = await db.selectFrom("posts").select("id").limit(1).executeTakeFirst();
  if (!any && rows.length > 0) await db.insertInto("posts").values(rows).execute();
}

export async function insertCategoryRow(
  db: Kysely<Database>,
  values: Insertable<CategoryTable>,
): Promise<number> {
  const row = await db.insertInto("categories").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function insertColorRow(db: Kysely<Database>, values: Insertable<ColorTable>): Promise<number> {
  const row = await db.insertInto("colors").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function insertSizeRow(db: Kysely<Database>, values: Insertable<SizeTable>): Promise<number> {
  const row = await db.insertInto("sizes").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function insertTagRow(db: Kysely<Database>, values: Insertable<TagTable>): Promise<number> {
  const row = await db.insertInto("tags").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function productCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** Products written in one statement; answers their ids and slugs. */
export function insertProductRows(db: Db, rows: NewProduct[]) {
  return db.insertInto("products").values(rows).returning(["id", "slug"]).execute();
}

/** PostgreSQL: gathers the planner's statistics again (after a bulk load). */
export async function analyze(db: Kysely<Database>): Promise<void> {
  await sql`analyze`.execute(db);
}
