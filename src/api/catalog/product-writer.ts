import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../platform/db/schema.ts";
import { writeSearchDocuments } from "../../platform/db/search-documents.ts";
import { catalogueChanged } from "./count-cache.ts";
import { listingPrice, type PlacedVariant } from "./default-variant.ts";

type Db = Kysely<Database> | Transaction<Database>;

export interface NewVariant {
  colorId: number;
  sizeId: number;
  /** Paisa, before the product's discount. */
  price: number;
  stock: number;
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
  discount: number;
  newArrival: boolean;
  dailyDeal: boolean;
  tagIds: number[];
  variants: NewVariant[];
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

/** The shop's size order, for placing variants (`default-variant.ts`). */
async function sizePositions(db: Db, sizeIds: number[]): Promise<Map<number, number>> {
  const rows = await db.selectFrom("sizes").select(["id", "position"]).where("id", "in", sizeIds).execute();
  return new Map(rows.map((row) => [row.id, row.position]));
}

/**
 * Writes a product with its variants and tags. The listing's price columns (the card price: the variant the
 * product opens on, before and after the discount) are derived here so that sorting by price is an index scan.
 */
export async function insertProduct(db: Kysely<Database>, input: NewProductInput): Promise<number> {
  // The product, its variants, tags and search document land together or not at all.
  if (!db.isTransaction) return db.transaction().execute((trx) => insertProduct(trx, input));
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
  const { id } = await db
    .insertInto("products")
    .values({
      slug: input.slug,
      title: input.title,
      category_id: input.categoryId,
      short_description: input.shortDescription,
      ...coverOf(input.images.map((image) => image.file)),
      discount: input.discount,
      new_arrival: input.newArrival ? 1 : 0,
      daily_deal: input.dailyDeal ? 1 : 0,
      ...listingPrice(placed, input.discount),
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("variants")
    .values(
      input.variants.map((variant) => ({
        product_id: id,
        color_id: variant.colorId,
        size_id: variant.sizeId,
        price: variant.price,
        stock: variant.stock,
      })),
    )
    .execute();
  if (input.images.length > 0) {
    await db
      .insertInto("product_images")
      .values(
        input.images.map((image, position) => ({
          product_id: id,
          color_id: image.colorId,
          position,
          file: image.file,
          alt: image.alt,
          created_at: now,
        })),
      )
      .execute();
  }
  if (input.tagIds.length > 0) {
    await db
      .insertInto("product_tags")
      .values(input.tagIds.map((tagId) => ({ product_id: id, tag_id: tagId })))
      .execute();
  }
  await writeSearchDocuments(db, [id]);
  catalogueChanged();
  return id;
}

/** A product's variants with what places them (`default-variant.ts`). */
export function placedVariants(db: Db, productId: number): Promise<PlacedVariant[]> {
  return db
    .selectFrom("variants")
    .innerJoin("sizes", "sizes.id", "variants.size_id")
    .select([
      "variants.id",
      "variants.color_id",
      "variants.size_id",
      "sizes.position as size_position",
      "variants.price",
      "variants.stock",
    ])
    .where("variants.product_id", "=", productId)
    .execute();
}

/**
 * Brings a product's card price up to date after its stock changed (a sold-out variant can move the default to
 * another one). Writes the row first, which on PostgreSQL locks it, so two orders selling out two variants of
 * one product take turns and the second sees the first's stock.
 */
export async function refreshListingPrice(db: Db, productId: number): Promise<void> {
  const locked = await db
    .updateTable("products")
    .set((eb) => ({ price: eb.ref("price") }))
    .where("id", "=", productId)
    .returning("discount")
    .executeTakeFirst();
  if (!locked) return;
  const variants = await placedVariants(db, productId);
  if (variants.length === 0) return;
  await db
    .updateTable("products")
    .set(listingPrice(variants, locked.discount))
    .where("id", "=", productId)
    .execute();
}
