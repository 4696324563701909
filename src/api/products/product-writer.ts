import type { Kysely } from "kysely";
import type { Database, Db, Trx } from "../../platform/db/schema.ts";
import { writeSearchDocuments } from "../../platform/db/search-documents.ts";
import type { ProductDetail, SizeChart } from "../../shared/contracts/product-details.ts";
import type { ProductStatus } from "../../shared/product-status.ts";
import { defaultSku, normaliseSku, SKU_MAX } from "../../shared/sku.ts";
import { catalogueWrite, markCatalogueChanged } from "../catalogue/catalogue-write.ts";
import { listingPrice } from "./default-variant.ts";
import {
  type CampaignState,
  type CatalogueReference,
  clearSkus,
  colorAndSizeNames,
  deleteProductImages,
  deleteProductRow,
  deleteProductTags,
  deleteVariants,
  gridVariants,
  heldSkus,
  insertImageRows,
  insertProductRow,
  insertProductTags,
  insertVariantRow,
  insertVariantRows,
  lockProductForPrice,
  moveSlug,
  placedVariants,
  productBeforeEdit,
  productsUsing,
  sizePositions,
  updateProductRow,
  updateVariantRow,
  writeCampaignState,
  writeOwnDailyDeal,
  writeOwnDiscount,
} from "./product-writer.repository.ts";

export type { CampaignState, CatalogueReference } from "./product-writer.repository.ts";
export { placedVariants } from "./product-writer.repository.ts";

export interface NewVariant {
  colorId: number;
  sizeId: number;
  /** Paisa, before the product's discount. */
  price: number;
  stock: number;
  /** Unique in the shop; without one the variant gets `defaultSku` (made unique with a suffix if taken). */
  sku?: string | undefined;
}

export interface NewProductImage {
  /** Null for a photo of no particular colour. */
  colorId: number | null;
  file: string;
  alt: string;
}

export interface NewProductInput {
  slug: string;
  title: string;
  categoryId: number;
  shortDescription: string;
  /** In display order. */
  images: NewProductImage[];
  /** The owner's own percent (`own_discount`); a campaign may give shoppers more (decision 0048). */
  discount: number;
  newArrival: boolean;
  dailyDeal: boolean;
  /** Cannot be returned (the returns service refuses it); false unless given. */
  finalSale?: boolean;
  /** Fabric, fit, care and the rest, in order; none unless given. */
  details?: ProductDetail[];
  /** Its own size chart (over its category's); none unless given. */
  sizeChart?: SizeChart | null;
  tagIds: number[];
  variants: NewVariant[];
  /** "active" unless given. */
  status?: ProductStatus;
  createdAt?: string;
}

/**
 * The listing's copy of a product's photos: the first two files in display order become `products.image`
 * (the card) and `products.back_image` (the card on hover). Every write of images goes through this, so the
 * copy cannot drift from `product_images`.
 */
export function coverOf(files: readonly string[]): { image: string | null; back_image: string | null } {
  return { image: files[0] ?? null, back_image: files[1] ?? null };
}

/** `base`, then `base-2`, `base-3`... cut to fit SKU_MAX: the SKUs a variant may get, in order of preference. */
function skuCandidate(base: string, n: number): string {
  if (n === 1) return base;
  const suffix = `-${n}`;
  return `${base.slice(0, SKU_MAX - suffix.length)}${suffix}`;
}

/** SKUs looked up per round: a default SKU is rarely taken, so one round nearly always settles every variant. */
const SKU_CANDIDATES = 8;

/**
 * The SKU of each variant of a product about to be written with `slug`: the one given (normalised), else
 * `defaultSku` of the slug, colour and size, moved on to `-2`, `-3`... if another product's variant holds it. A
 * given SKU that is taken is left for the unique index to refuse: the back office checks those first and says
 * which field. Lookups are exact values, so they use the unique index on both engines.
 */
export async function assignSkus(
  db: Db,
  slug: string,
  variants: readonly Pick<NewVariant, "colorId" | "sizeId" | "sku">[],
  productId?: number,
): Promise<string[]> {
  const given = variants.map((variant) => (variant.sku?.trim() ? normaliseSku(variant.sku) : null));
  if (given.every((sku) => sku !== null)) return given as string[];
  const colorIds = [...new Set(variants.map((variant) => variant.colorId))];
  const sizeIds = [...new Set(variants.map((variant) => variant.sizeId))];
  const { colorName, sizeName } = await colorAndSizeNames(db, colorIds, sizeIds);
  const taken = new Set(given.filter((sku): sku is string => sku !== null));
  const skus = [...given];
  for (const [index, variant] of variants.entries()) {
    if (skus[index] !== null) continue;
    const base =
      defaultSku(slug, colorName.get(variant.colorId) ?? "", sizeName.get(variant.sizeId) ?? "") || "SKU";
    for (let round = 0; skus[index] === null; round++) {
      const candidates = Array.from({ length: SKU_CANDIDATES }, (_, i) =>
        skuCandidate(base, round * SKU_CANDIDATES + i + 1),
      ).filter((sku) => !taken.has(sku));
      if (candidates.length === 0) continue;
      const held = await heldSkus(db, candidates, productId);
      const free = candidates.find((sku) => !held.has(sku));
      if (free !== undefined) {
        skus[index] = free;
        taken.add(free);
      }
    }
  }
  return skus as string[];
}

/**
 * Writes a product with its variants and tags. The listing's price columns (the card price: the variant the
 * product opens on, before and after the discount) are derived here so that sorting by price is an index scan.
 * Given a transaction (a `catalogueWrite`'s), it writes in it; given the database, it runs in a `catalogueWrite`
 * of its own, which drops this process's catalogue caches once it has committed.
 */
export async function insertProduct(db: Kysely<Database>, input: NewProductInput): Promise<number> {
  // The product, its variants, tags and search document land together or not at all.
  if (!db.isTransaction) {
    return catalogueWrite(
      (work) => db.transaction().execute(work),
      (trx) => insertProduct(trx, input),
    );
  }
  markCatalogueChanged(db as Trx);
  if (input.variants.length === 0) throw new Error(`product ${input.slug} needs at least one variant`);
  const positions = await sizePositions(db, [...new Set(input.variants.map((variant) => variant.sizeId))]);
  // Variants are inserted in input order, so their ids follow it.
  const placed = input.variants.map((variant, index) => ({
    id: index + 1,
    color_id: variant.colorId,
    size_id: variant.sizeId,
    size_position: positions.get(variant.sizeId) ?? 0,
    price: variant.price,
    stock: variant.stock,
  }));
  const now = input.createdAt ?? new Date().toISOString();
  const skus = await assignSkus(db, input.slug, input.variants);
  const id = await insertProductRow(db, {
    slug: input.slug,
    title: input.title,
    category_id: input.categoryId,
    short_description: input.shortDescription,
    ...coverOf(input.images.map((image) => image.file)),
    // A new product carries no campaign's percent yet: the campaign clock's next run gives it one.
    own_discount: input.discount,
    discount: input.discount,
    new_arrival: input.newArrival ? 1 : 0,
    own_daily_deal: input.dailyDeal ? 1 : 0,
    daily_deal: input.dailyDeal ? 1 : 0,
    final_sale: input.finalSale ? 1 : 0,
    // Written only when given (the columns' defaults are none), so a writer that predates them still works.
    ...(input.details?.length ? { details: JSON.stringify(input.details) } : {}),
    ...(input.sizeChart ? { size_chart: JSON.stringify(input.sizeChart) } : {}),
    ...listingPrice(placed, input.discount),
    status: input.status ?? "active",
    created_at: now,
    updated_at: now,
  });
  await insertVariantRows(
    db,
    input.variants.map((variant, index) => ({
      product_id: id,
      color_id: variant.colorId,
      size_id: variant.sizeId,
      price: variant.price,
      stock: variant.stock,
      sku: skus[index]!,
    })),
  );
  await insertImages(db, id, input.images, now);
  if (input.tagIds.length > 0) {
    await insertProductTags(
      db,
      input.tagIds.map((tagId) => ({ product_id: id, tag_id: tagId })),
    );
  }
  await writeSearchDocuments(db, [id]);
  return id;
}

/** A variant of the grid an edit saves: matched to the product's variants by colour and size. */
export interface GridVariant extends NewVariant {
  /** Leave the variant's stock as it is now (the editor did not change it; a sale may have moved it since). */
  keepStock?: boolean;
}

/** What an edit changes; whatever is left out stays as it is. */
export interface ProductChanges {
  slug?: string;
  title?: string;
  categoryId?: number;
  shortDescription?: string;
  /** The owner's own percent: shoppers get the better of it and a running campaign's (decision 0048). */
  discount?: number;
  newArrival?: boolean;
  dailyDeal?: boolean;
  finalSale?: boolean;
  details?: ProductDetail[];
  /** Null removes its own chart (its category's then applies). */
  sizeChart?: SizeChart | null;
  status?: ProductStatus;
  tagIds?: number[];
  /** The whole grid: a colour and size not in it is removed (the caller checks none of those has orders). */
  variants?: GridVariant[];
  /**
   * Every photo, in display order, replacing the product's (the CSV import): rows only, files are not touched; the
   * listing's copy of the first two follows (`coverOf`). The back office's photo service edits them one by one.
   */
  images?: NewProductImage[];
}

/** Replaces the product's variants with `grid`: updates the ones kept, inserts the new ones, removes the rest. */
async function writeGrid(trx: Trx, productId: number, slug: string, grid: GridVariant[]) {
  const current = await gridVariants(trx, productId);
  const key = (colorId: number, sizeId: number) => `${colorId}x${sizeId}`;
  const byKey = new Map(current.map((variant) => [key(variant.color_id, variant.size_id), variant]));
  const kept = new Set(grid.map((variant) => key(variant.colorId, variant.sizeId)));
  const removed = current.filter((variant) => !kept.has(key(variant.color_id, variant.size_id)));
  if (removed.length > 0) {
    await deleteVariants(
      trx,
      removed.map((variant) => variant.id),
    );
  }
  // A kept variant keeps its SKU unless a new one is given; new ones get theirs from assignSkus.
  const skus = await assignSkus(
    trx,
    slug,
    grid.map((variant) => ({
      ...variant,
      sku: variant.sku?.trim()
        ? variant.sku
        : (byKey.get(key(variant.colorId, variant.sizeId))?.sku ?? undefined),
    })),
    productId,
  );
  const changing = grid.flatMap((variant, index) => {
    const existing = byKey.get(key(variant.colorId, variant.sizeId));
    return existing && existing.sku !== skus[index] ? [existing.id] : [];
  });
  // SKUs passed between two variants of this product would collide for a moment: clear the moving ones first.
  if (changing.length > 0) await clearSkus(trx, changing);
  // Rows are written in id order, as checkout takes them, so a save and a checkout queue rather than deadlock.
  const updates = grid
    .map((variant, index) => ({
      variant,
      sku: skus[index]!,
      existing: byKey.get(key(variant.colorId, variant.sizeId)),
    }))
    .toSorted(
      (a, b) => (a.existing?.id ?? Number.MAX_SAFE_INTEGER) - (b.existing?.id ?? Number.MAX_SAFE_INTEGER),
    );
  for (const { variant, sku, existing } of updates) {
    if (existing) {
      await updateVariantRow(trx, existing.id, {
        price: variant.price,
        sku,
        ...(variant.keepStock ? {} : { stock: variant.stock }),
      });
    } else {
      await insertVariantRow(trx, {
        product_id: productId,
        color_id: variant.colorId,
        size_id: variant.sizeId,
        price: variant.price,
        stock: variant.stock,
        sku,
      });
    }
  }
}

/**
 * Saves an edit of a product in the caller's transaction (a `catalogueWrite`'s): its fields, a new slug (the
 * old one kept as a redirect), its tags, its whole variant grid, then the listing's price columns and the
 * search document, so everything a shopper sees of it changes together.
 */
export async function updateProduct(
  trx: Trx,
  productId: number,
  changes: ProductChanges,
  now: string = new Date().toISOString(),
): Promise<void> {
  markCatalogueChanged(trx);
  const before = await productBeforeEdit(trx, productId);
  // Always later than the last change, even within one millisecond: editors compare it to see another's save.
  const stamp = now > before.updated_at ? now : new Date(Date.parse(before.updated_at) + 1).toISOString();
  const slug = changes.slug ?? before.slug;
  if (slug !== before.slug) {
    // The new slug may have been this product's before; the old one now leads here.
    await moveSlug(trx, productId, before.slug, slug, stamp);
  }
  await updateProductRow(trx, productId, {
    slug,
    ...(changes.title !== undefined ? { title: changes.title } : {}),
    ...(changes.categoryId !== undefined ? { category_id: changes.categoryId } : {}),
    ...(changes.shortDescription !== undefined ? { short_description: changes.shortDescription } : {}),
    ...(changes.newArrival !== undefined ? { new_arrival: changes.newArrival ? 1 : 0 } : {}),
    ...(changes.finalSale !== undefined ? { final_sale: changes.finalSale ? 1 : 0 } : {}),
    ...(changes.details !== undefined ? { details: JSON.stringify(changes.details) } : {}),
    ...(changes.sizeChart !== undefined
      ? { size_chart: changes.sizeChart ? JSON.stringify(changes.sizeChart) : null }
      : {}),
    ...(changes.status !== undefined ? { status: changes.status } : {}),
    updated_at: stamp,
  });
  if (changes.discount !== undefined) await writeOwnDiscount(trx, productId, changes.discount);
  if (changes.dailyDeal !== undefined) await writeOwnDailyDeal(trx, productId, changes.dailyDeal);
  if (changes.tagIds !== undefined) {
    await deleteProductTags(trx, productId);
    if (changes.tagIds.length > 0) {
      await insertProductTags(
        trx,
        changes.tagIds.map((tagId) => ({ product_id: productId, tag_id: tagId })),
      );
    }
  }
  if (changes.variants !== undefined) {
    if (changes.variants.length === 0) throw new Error(`product ${productId} needs at least one variant`);
    await writeGrid(trx, productId, slug, changes.variants);
  }
  if (changes.images !== undefined) await replaceImages(trx, productId, changes.images, stamp);
  const variants = await placedVariants(trx, productId);
  // The shown percent as it is now (the row is this transaction's since its first write): the owner's new one, or
  // a campaign's the clock gave it while this edit was being read.
  const discount = (await lockProductForPrice(trx, productId)) ?? before.discount;
  await updateProductRow(trx, productId, listingPrice(variants, discount));
  await writeSearchDocuments(trx, [productId]);
}

/** A product's photos at positions 0, 1, 2... in the order given. */
async function insertImages(db: Db, productId: number, images: NewProductImage[], now: string) {
  if (images.length === 0) return;
  await insertImageRows(
    db,
    images.map((image, position) => ({
      product_id: productId,
      color_id: image.colorId,
      position,
      file: image.file,
      alt: image.alt,
      created_at: now,
    })),
  );
}

/** Replaces the product's photo rows with `images` and its listing's copy of the first two. */
async function replaceImages(
  trx: Trx,
  productId: number,
  images: NewProductImage[],
  now: string,
): Promise<void> {
  await deleteProductImages(trx, productId);
  await insertImages(trx, productId, images, now);
  await updateProductRow(trx, productId, coverOf(images.map((image) => image.file)));
}

/**
 * Deletes a product and everything that is only its own (variants, cart lines of them, photos, tags, old slugs,
 * search document), in the caller's `catalogueWrite`. Only for a product nobody ordered: order lines name
 * products without a foreign key, so the caller checks (the back office archives an ordered product instead).
 */
export async function deleteProduct(trx: Trx, productId: number): Promise<boolean> {
  markCatalogueChanged(trx);
  return deleteProductRow(trx, productId);
}

/**
 * Keeps search in step with a change to a category, colour or tag: rewrites the search documents of every
 * product that uses `reference`, inside the caller's `catalogueWrite` (docs/decisions/0023-search-speed.md).
 * Renaming: call it after the rename (`await reindexProductsUsing(trx, { colorId })`). Deleting, or anything
 * that detaches products from the reference (a tag's deletion cascades to `product_tags`): pass the change as
 * `change`, so the products are found before it and rewritten after it. Answers how many were rewritten.
 */
export async function reindexProductsUsing(
  trx: Trx,
  reference: CatalogueReference,
  change?: () => Promise<unknown>,
): Promise<number> {
  markCatalogueChanged(trx);
  const productIds = await productsUsing(trx, reference);
  if (change) await change();
  return writeSearchDocuments(trx, productIds);
}

/**
 * Brings a product's card price up to date after its stock changed (a sold-out variant can move the default to
 * another one). Writes the row first, which on PostgreSQL locks it, so two orders selling out two variants of
 * one product take turns and the second sees the first's stock.
 */
export async function refreshListingPrice(db: Db, productId: number): Promise<void> {
  const discount = await lockProductForPrice(db, productId);
  if (discount === undefined) return;
  const variants = await placedVariants(db, productId);
  if (variants.length === 0) return;
  await updateProductRow(db, productId, listingPrice(variants, discount));
}

/**
 * Gives a product what the running campaigns give it (none: `percent` 0, no campaign, not in Daily Deals), in the
 * caller's `catalogueWrite`: the percent shoppers get becomes the better of the owner's and the campaign's, Daily
 * Deals either the owner's flag or a campaign's (docs/decisions/0048-scheduled-sales.md, 0049), and the listing's
 * price columns and, when Daily Deals changed, the search document follow. Writes nothing when the product already
 * has that state, so runs of the campaign clock on several instances at once change each product once. Answers
 * whether it changed.
 */
export async function applyCampaignState(
  trx: Trx,
  productId: number,
  state: CampaignState,
): Promise<boolean> {
  const written = await writeCampaignState(trx, productId, state);
  if (written === undefined) return false;
  markCatalogueChanged(trx);
  const variants = await placedVariants(trx, productId);
  if (variants.length > 0) await updateProductRow(trx, productId, listingPrice(variants, written.discount));
  if (written.dailyDeal !== written.dailyDealBefore) await writeSearchDocuments(trx, [productId]);
  return true;
}
