import { type Kysely, sql } from "kysely";
import { slugify } from "../../../shared/images.ts";
import type { Engine } from "../connection.ts";

/**
 * Product photos become rows (`product_images`) instead of a JSON list on the product, so they can be added,
 * ordered and removed one by one, each with its colour and alt text. `products.image`/`back_image` stay as the
 * listing's copy of the first two photos (see docs/decisions/0009-product-images-as-data.md).
 *
 * Existing products keep their photos: the old `image`, `back_image` and `gallery` become rows in gallery
 * order, the colour read from the file name (`<colour-slug>-front-800.webp`, as the seed wrote them).
 */

interface OldProduct {
  id: number;
  title: string;
  image: string | null;
  back_image: string | null;
  gallery: string;
}

interface NewImageRow {
  product_id: number;
  color_id: number | null;
  position: number;
  file: string;
  alt: string;
  created_at: string;
}

/** Products read per step while copying (bounded memory on a 100k catalogue). */
const PRODUCTS_PER_STEP = 2000;
/** Rows per INSERT: 6 parameters each, well under SQLite's and PostgreSQL's limits. */
const ROWS_PER_INSERT = 4000;
const FILE_NAME = /\/([a-z0-9-]+?)-(front|back)(?:-\d+)?\.[a-z]+$/;

function galleryOf(product: OldProduct): string[] {
  let gallery: unknown;
  try {
    gallery = JSON.parse(product.gallery);
  } catch {
    gallery = [];
  }
  const files = Array.isArray(gallery)
    ? gallery.filter((item): item is string => typeof item === "string")
    : [];
  // The cover and hover pictures come first, then the rest of the gallery, each file once.
  return [
    ...new Set([product.image, product.back_image, ...files].filter((file): file is string => Boolean(file))),
  ];
}

function imageRowsFor(
  product: OldProduct,
  colors: Map<string, { id: number; name: string }>,
  createdAt: string,
): NewImageRow[] {
  return galleryOf(product).map((file, position) => {
    const match = FILE_NAME.exec(file);
    const color = match ? colors.get(match[1]!) : undefined;
    const alt = color
      ? `${product.title} in ${color.name}, ${match![2]} view`
      : `${product.title}, photo ${position + 1}`;
    return {
      product_id: product.id,
      color_id: color?.id ?? null,
      position,
      file,
      alt,
      created_at: createdAt,
    };
  });
}

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const schema = db.schema;
  await schema
    .createTable("product_images")
    .addColumn("id", "integer", (c) =>
      engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("color_id", "integer", (c) => c.references("colors.id").onDelete("set null"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("file", "text", (c) => c.notNull())
    .addColumn("alt", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await schema
    .createIndex("product_images_product_color_position_idx")
    .on("product_images")
    .columns(["product_id", "color_id", "position"])
    .execute();

  const colorRows = await sql<{ id: number; name: string }>`select id, name from colors`.execute(db);
  const colors = new Map(colorRows.rows.map((color) => [slugify(color.name), color]));
  const createdAt = new Date().toISOString();
  const rows = db as Kysely<{ product_images: NewImageRow }>;
  let after = 0;
  for (;;) {
    const { rows: products } = await sql<OldProduct>`
      select id, title, image, back_image, gallery from products
      where id > ${after} order by id limit ${PRODUCTS_PER_STEP}`.execute(db);
    if (products.length === 0) break;
    after = products.at(-1)!.id;
    const images = products.flatMap((product) => imageRowsFor(product, colors, createdAt));
    for (let start = 0; start < images.length; start += ROWS_PER_INSERT) {
      await rows
        .insertInto("product_images")
        .values(images.slice(start, start + ROWS_PER_INSERT))
        .execute();
    }
  }

  await schema.alterTable("products").dropColumn("gallery").execute();
}
