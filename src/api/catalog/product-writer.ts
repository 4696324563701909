import type { Kysely } from "kysely";
import type { Database } from "../../platform/db/schema.ts";
import { salePrice } from "../money/money.ts";
import { catalogueChanged } from "./count-cache.ts";

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
  rating: number;
  reviews: number;
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

/**
 * Writes a product with its variants and tags. The listing's price columns (the cheapest variant, and what
 * a shopper pays for it) are derived here so that sorting by price is an index scan.
 */
export async function insertProduct(db: Kysely<Database>, input: NewProductInput): Promise<number> {
  if (input.variants.length === 0) throw new Error(`product ${input.slug} needs at least one variant`);
  const price = Math.min(...input.variants.map((variant) => variant.price));
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
      rating: input.rating,
      reviews: input.reviews,
      price,
      sale_price: salePrice(price, input.discount),
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
  catalogueChanged();
  return id;
}
