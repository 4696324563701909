import type { Insertable, Kysely } from "kysely";
import type {
  Database,
  ProductImageTable,
  ProductTagTable,
  VariantTable,
} from "../../../platform/db/schema.ts";
import { engineOf, writeSearchDocuments } from "../../../platform/db/search-documents.ts";
import type { RenderResult } from "../../../platform/images/render.ts";
import { slugify } from "../../../shared/images.ts";
import { defaultSku } from "../../../shared/sku.ts";
import { listingPrice } from "../default-variant.ts";
import { insertImageRows, insertProductTags, insertVariantRows } from "../product-writer.repository.ts";
import { coverOf } from "../product-writer.ts";
import {
  clearCatalogue,
  insertReferenceData,
  insertSliders,
  type ReferenceIds,
  renderDemoImages,
  type SeedImages,
} from "./demo-catalogue.ts";
import {
  buildDemoCatalogue,
  CATALOGUE_EPOCH,
  type DemoProduct,
  hashString,
  mulberry32,
  SIZES,
  shopPrice,
} from "./demo-data.ts";
import { analyze, insertProductRows } from "./seed.repository.ts";

/**
 * Large deterministic catalogues (10,000 or 100,000 products) for benchmarks. Each product is modelled on one
 * of the sixty demo products (same category, colours, sizes, tags and image files, which are cycled), with its own
 * title, slug, prices, stock and flags. Rows go in with multi-row INSERTs, a batch of products per transaction.
 */

/** `storage`: where the demo images the products reuse are drawn if missing (or `renderImages: false`). */
export type LargeCatalogueOptions = SeedImages & {
  /** How many products to create. */
  products: number;
  log?: (message: string) => void;
  /** Products written per transaction (default 5,000). */
  batchSize?: number;
};

export interface LargeCatalogueResult {
  products: number;
  variants: number;
  images: RenderResult | null;
  ms: number;
}

/**
 * Bound parameters per statement: below SQLite's limit (32,766 in the bundled build) and PostgreSQL's 65,535.
 */
export const MAX_PARAMETERS = 30_000;

const LARGE_SEED = 0x5eed_1a7e;

const ADJECTIVES = [
  "Classic",
  "Signature",
  "Everyday",
  "Heritage",
  "Urban",
  "Premium",
  "Essential",
  "Limited",
  "Modern",
  "Vintage",
  "Artisan",
  "Studio",
  "Coastal",
  "Royal",
  "Minimal",
  "Weekend",
  "Metro",
  "Lahori",
  "Karachi",
  "Summer",
  "Monsoon",
  "Winter",
  "Festive",
  "Sunday",
];

const DISCOUNTS = [10, 15, 20, 25, 30, 35, 40];
const DAY = 24 * 60 * 60 * 1000;

type NewProductRow = Insertable<Database["products"]>;

interface GeneratedProduct {
  row: NewProductRow;
  variants: { colorId: number; sizeId: number; price: number; stock: number; sku: string }[];
  images: { colorId: number; file: string; alt: string }[];
  tagIds: number[];
}

/** The i-th product (0-based) of a large catalogue of `total`: the same for the same i and total, every run. */
function generateProduct(
  i: number,
  total: number,
  templates: DemoProduct[],
  ids: ReferenceIds,
): GeneratedProduct {
  const template = templates[i % templates.length]!;
  const rng = mulberry32((LARGE_SEED ^ hashString(String(i))) >>> 0);
  const title = `${ADJECTIVES[Math.floor(rng() * ADJECTIVES.length)]} ${template.title}`;
  const slug = `${slugify(title)}-${i + 1}`;
  const factor = 0.7 + rng() * 0.7;
  const colors = template.colors.slice(0, 3);
  const sizes = template.sizes.slice(0, 4);
  const priceBySize = new Map<string, number>();
  for (const size of sizes) {
    const templatePrice = template.variants.find((variant) => variant.size === size)!.price;
    priceBySize.set(size, shopPrice((templatePrice / 100) * factor, rng) * 100);
  }
  const variants = colors.flatMap((color) =>
    sizes.map((size) => ({
      colorId: ids.colors.get(color.name)!,
      sizeId: ids.sizes.get(size)!,
      price: priceBySize.get(size)!,
      stock: rng() < 0.07 ? 0 : 3 + Math.floor(rng() * 38),
      // Unique: the slug is, and so is each colour and size of the product.
      sku: defaultSku(slug, color.name, size),
    })),
  );
  const discount = rng() < 1 / 3 ? DISCOUNTS[Math.floor(rng() * DISCOUNTS.length)]! : 0;
  // Variants are written in this order, so their ids follow it.
  const placed = variants.map((variant, index) => ({
    id: index + 1,
    color_id: variant.colorId,
    size_id: variant.sizeId,
    size_position: SIZES.find((size) => ids.sizes.get(size.name) === variant.sizeId)?.position ?? 0,
    price: variant.price,
    stock: variant.stock,
  }));
  const createdAt = new Date(
    CATALOGUE_EPOCH + Math.floor((i / Math.max(1, total)) * 300 * DAY) + Math.floor(rng() * 3_600_000),
  ).toISOString();
  // The template's photos of the colours this product keeps, described with its own title.
  const images = template.images
    .filter((image) => colors.some((color) => color.name === image.color))
    .map((image) => ({
      colorId: ids.colors.get(image.color)!,
      file: image.file,
      alt: image.alt.replace(template.title, title),
    }));
  return {
    row: {
      slug,
      title,
      category_id: ids.categories.get(template.categorySlug)!,
      short_description: template.shortDescription,
      ...coverOf(images.map((image) => image.file)),
      discount,
      own_discount: discount,
      new_arrival: rng() < 0.08 ? 1 : 0,
      ...(rng() < 0.08 ? { daily_deal: 1, own_daily_deal: 1 } : { daily_deal: 0, own_daily_deal: 0 }),
      ...listingPrice(placed, discount),
      created_at: createdAt,
      updated_at: createdAt,
    },
    variants,
    images,
    tagIds: template.tags.map((tag) => ids.tags.get(tag)!),
  };
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function rowsPerStatement(columns: number): number {
  return Math.floor(MAX_PARAMETERS / columns);
}

async function writeBatch(db: Kysely<Database>, products: GeneratedProduct[]): Promise<number> {
  const idBySlug = new Map<string, number>();
  const productColumns = Object.keys(products[0]!.row).length;
  for (const chunk of chunks(products, rowsPerStatement(productColumns))) {
    const rows = await insertProductRows(
      db,
      chunk.map((product) => product.row),
    );
    for (const row of rows) idBySlug.set(row.slug, row.id);
  }
  const variants: Insertable<VariantTable>[] = [];
  const tags: ProductTagTable[] = [];
  const images: Insertable<ProductImageTable>[] = [];
  for (const product of products) {
    const productId = idBySlug.get(product.row.slug)!;
    for (const [position, image] of product.images.entries()) {
      images.push({
        product_id: productId,
        color_id: image.colorId,
        position,
        file: image.file,
        alt: image.alt,
        created_at: product.row.created_at,
      });
    }
    for (const variant of product.variants) {
      variants.push({
        product_id: productId,
        color_id: variant.colorId,
        size_id: variant.sizeId,
        price: variant.price,
        stock: variant.stock,
        sku: variant.sku,
      });
    }
    for (const tagId of product.tagIds) tags.push({ product_id: productId, tag_id: tagId });
  }
  for (const chunk of chunks(variants, rowsPerStatement(6))) await insertVariantRows(db, chunk);
  for (const chunk of chunks(tags, rowsPerStatement(2))) await insertProductTags(db, chunk);
  for (const chunk of chunks(images, rowsPerStatement(6))) await insertImageRows(db, chunk);
  await writeSearchDocuments(db, [...idBySlug.values()]);
  return variants.length;
}

/** Replaces the catalogue with `options.products` generated products (plus the demo categories, colours, sizes, tags, slides). */
export async function seedLargeCatalogue(
  db: Kysely<Database>,
  options: LargeCatalogueOptions,
): Promise<LargeCatalogueResult> {
  const started = performance.now();
  const total = Math.floor(options.products);
  if (!Number.isFinite(total) || total < 1)
    throw new Error(`products must be a positive number, got ${options.products}`);
  const log = options.log ?? (() => {});
  const batchSize = Math.max(1, options.batchSize ?? 5000);
  const templates = buildDemoCatalogue();
  const rendering =
    options.renderImages === false
      ? Promise.resolve(null)
      : renderDemoImages(options.storage, { products: templates, log });
  // Keep a render failure from surfacing as an unhandled rejection while the inserts run.
  rendering.catch(() => {});

  const ids = await db.transaction().execute(async (trx) => {
    log("clearing the catalogue");
    await clearCatalogue(trx);
    const refs = await insertReferenceData(trx);
    await insertSliders(trx);
    return refs;
  });

  let variants = 0;
  let reportedTenths = 0;
  for (let start = 0; start < total; start += batchSize) {
    const end = Math.min(total, start + batchSize);
    const batch: GeneratedProduct[] = [];
    for (let i = start; i < end; i++) batch.push(generateProduct(i, total, templates, ids));
    variants += await db.transaction().execute((trx) => writeBatch(trx, batch));
    const tenths = Math.floor((end * 10) / total);
    if (tenths > reportedTenths) {
      reportedTenths = tenths;
      log(
        `${end.toLocaleString("en-US")} / ${total.toLocaleString("en-US")} products (${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
    }
  }
  // PostgreSQL plans a search from its word statistics (a common word walks the newest products, a rare one
  // takes the GIN index: docs/decisions/0023-search-speed.md); after a bulk load they are stale until autovacuum
  // gets to the tables, so gather them now.
  if (engineOf(db) === "postgres") await analyze(db);
  const images = await rendering;
  return { products: total, variants, images, ms: Math.round(performance.now() - started) };
}
