import type { Kysely } from "kysely";
import type { Database } from "../../../platform/db/schema.ts";
import { type RenderResult, renderImageSet } from "../../../platform/images/render.ts";
import type { Storage } from "../../../platform/storage/storage.ts";
import { atShopTime } from "../../../shared/shop-time.ts";
import { storedTags } from "../../admin/customers.repository.ts";
import { catalogueWrite, type TransactionRunner } from "../../catalogue/catalogue-write.ts";
import { insertProduct } from "../product-writer.ts";
import {
  buildDemoCatalogue,
  CATEGORIES,
  COLORS,
  type DemoProduct,
  demoImageSpecs,
  SIZES,
  SLIDERS,
  TAGS,
} from "./demo-data.ts";
import { DEMO_POSTS } from "./demo-posts.ts";
import {
  clearCatalogue,
  insertCategoryRow,
  insertColorRow,
  insertPostRowsIfNone,
  insertSizeRow,
  insertSliderRows,
  insertTagRow,
  productCount,
} from "./seed.repository.ts";

export { clearCatalogue } from "./seed.repository.ts";

/**
 * Writes the demo catalogue (demo-data.ts) through the catalogue writer, in one transaction, and renders its
 * images. Also the pieces the large catalogue shares: clearing the catalogue, reference data and slides.
 */

export interface ReferenceIds {
  categories: Map<string, number>;
  colors: Map<string, number>;
  sizes: Map<string, number>;
  tags: Map<string, number>;
}

/** The three banner slides, in order. */
export async function insertSliders(db: Kysely<Database>): Promise<void> {
  await insertSliderRows(
    db,
    SLIDERS.map((slider, position) => ({
      url: slider.url,
      image: slider.image,
      image_mobile: slider.imageMobile,
      title: slider.title,
      position,
    })),
  );
}

/** Inserts categories, colours, sizes and tags, returning their ids by name (categories by slug). */
/** The demo blog posts, published at noon shop time on their day, when the blog has no posts yet. */
export async function insertDemoPosts(db: Kysely<Database>): Promise<void> {
  await insertPostRowsIfNone(
    db,
    DEMO_POSTS.map((post) => {
      const at = new Date(atShopTime(post.day, "12:00")).toISOString();
      return {
        slug: post.slug,
        title: post.title,
        excerpt: post.excerpt,
        body_html: post.body,
        category: post.category,
        tags: storedTags(post.tags),
        author: post.author,
        status: "published" as const,
        publish_at: at,
        created_by: "demo",
        created_at: at,
        updated_at: at,
      };
    }),
  );
}

export async function insertReferenceData(db: Kysely<Database>): Promise<ReferenceIds> {
  const categories = new Map<string, number>();
  for (const [position, category] of CATEGORIES.entries()) {
    categories.set(
      category.slug,
      await insertCategoryRow(db, { name: category.name, slug: category.slug, position }),
    );
  }
  const colors = new Map<string, number>();
  for (const color of COLORS) {
    colors.set(color.name, await insertColorRow(db, { name: color.name, code: color.code }));
  }
  const sizes = new Map<string, number>();
  for (const size of SIZES) {
    sizes.set(size.name, await insertSizeRow(db, size));
  }
  const tags = new Map<string, number>();
  for (const name of TAGS) {
    tags.set(name, await insertTagRow(db, { name }));
  }
  return { categories, colors, sizes, tags };
}

/**
 * Where the demo images are drawn to (the configured Storage), or `renderImages: false` to draw none (tests, for
 * speed).
 */
export type SeedImages =
  | { storage: Storage; renderImages?: true }
  | { renderImages: false; storage?: undefined };

export type DemoSeedOptions = SeedImages & {
  log?: (message: string) => void;
  /** The demo blog posts too (the default); false for a schema older than the blog's (a migration's test). */
  posts?: boolean;
};

export interface DemoSeedResult {
  products: number;
  variants: number;
  sliders: number;
  /** Null when rendering was turned off. */
  images: RenderResult | null;
  ms: number;
}

/** Every image the demo catalogue refers to: products, slides and fallbacks (those already stored are skipped). */
export function renderDemoImages(
  storage: Storage,
  options: { log?: (message: string) => void; products?: DemoProduct[] } = {},
): Promise<RenderResult> {
  return renderImageSet(storage, demoImageSpecs(options.products ?? buildDemoCatalogue()), {
    log: options.log,
  });
}

/**
 * Replaces the catalogue with the demo catalogue, in one transaction, and renders its images. Rendering runs
 * alongside the inserts (sharp works off the main thread) and skips files that already exist.
 */
export async function seedDemoCatalogue(
  db: Kysely<Database>,
  options: DemoSeedOptions,
): Promise<DemoSeedResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const products = buildDemoCatalogue();
  const rendering =
    options.renderImages === false
      ? Promise.resolve(null)
      : renderDemoImages(options.storage, { log, products });
  // One plain transaction, in a `catalogueWrite`: this process's caches are dropped once it commits.
  const inOneTransaction: TransactionRunner = (work) => db.transaction().execute(work);
  const writing = catalogueWrite(inOneTransaction, async (trx) => {
    await clearCatalogue(trx);
    const ids = await insertReferenceData(trx);
    let variants = 0;
    for (const product of products) {
      await insertProduct(trx, {
        slug: product.slug,
        title: product.title,
        categoryId: ids.categories.get(product.categorySlug)!,
        shortDescription: product.shortDescription,
        images: product.images.map((image) => ({
          colorId: ids.colors.get(image.color)!,
          file: image.file,
          alt: image.alt,
        })),
        discount: product.discount,
        newArrival: product.newArrival,
        dailyDeal: product.dailyDeal,
        tagIds: product.tags.map((tag) => ids.tags.get(tag)!),
        variants: product.variants.map((variant) => ({
          colorId: ids.colors.get(variant.color)!,
          sizeId: ids.sizes.get(variant.size)!,
          price: variant.price,
          stock: variant.stock,
        })),
        createdAt: product.createdAt,
      });
      variants += product.variants.length;
    }
    await insertSliders(trx);
    if (options.posts !== false) await insertDemoPosts(trx);
    return variants;
  });
  // Wait for both even if one fails, so no render is left running behind a thrown error.
  const [written, rendered] = await Promise.allSettled([writing, rendering]);
  if (written.status === "rejected") throw written.reason;
  if (rendered.status === "rejected") throw rendered.reason;
  log(`demo catalogue: ${products.length} products, ${written.value} variants, ${SLIDERS.length} slides`);
  return {
    products: products.length,
    variants: written.value,
    sliders: SLIDERS.length,
    images: rendered.value,
    ms: Math.round(performance.now() - started),
  };
}

/**
 * Seeds the demo catalogue only when there are no products; returns whether it seeded. On a database that
 * already has products it leaves the rows alone but still renders any missing demo images (a wiped images
 * folder heals on restart; files already present are skipped in milliseconds).
 */
export async function ensureDemoCatalogue(
  db: Kysely<Database>,
  options: DemoSeedOptions & { onSeeding?: () => void },
): Promise<boolean> {
  if ((await productCount(db)) > 0) {
    if (options.renderImages !== false) await renderDemoImages(options.storage, { log: options.log });
    return false;
  }
  options.onSeeding?.();
  try {
    await seedDemoCatalogue(db, options);
    return true;
  } catch (error) {
    // Another process seeding at the same moment wins the race; that is not an error for us.
    if ((await productCount(db)) > 0) return false;
    throw error;
  }
}
