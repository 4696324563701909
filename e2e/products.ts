import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { insertProduct, type NewVariant } from "../src/api/products/product-writer.ts";
import type { Database as Schema } from "../src/platform/db/schema.ts";
import { DATA_DIR } from "./fixtures.ts";

/**
 * Products a test writes into the running e2e server's database through the catalogue's own writer (so the card
 * price and the listing columns are derived exactly as the shop derives them), each with a unique title and
 * slug, so no other test meets them. Photos reuse files of a demo product, marked with the new product's colours.
 */

export interface TestColour {
  id: number;
  name: string;
  /** The photos written for this colour (800 px URLs), in display order; none for a colour without photos. */
  photos: string[];
}

export interface SoldOutFirstColourProduct {
  id: number;
  slug: string;
  title: string;
  /** Sold out in every size. */
  soldOut: TestColour;
  /** Its small size is sold out, its large size has 4 left: the page opens here. */
  inStock: TestColour;
  /** In stock in Large (6 left, Rs. 1,250, Rs. 1,000 after the discount), with no photos of its own. */
  noPhotos: TestColour;
  /** The product's one photo of no particular colour. */
  generalPhoto: string;
  sizes: { small: string; large: string };
}

function open() {
  const sqlite = new Database(path.join(DATA_DIR, "shop.sqlite"), { fileMustExist: true });
  sqlite.pragma("busy_timeout = 5000");
  return { sqlite, db: new Kysely<Schema>({ dialect: new SqliteDialect({ database: sqlite }) }) };
}

/**
 * A product whose first colour is sold out, at 20% off: its cheapest size (Rs. 1,000) is sold out in every
 * colour, so the cheapest price and the price of the variant the page opens on (Rs. 1,200, Rs. 960 after the
 * discount) differ.
 */
export async function soldOutFirstColourProduct(label: string): Promise<SoldOutFirstColourProduct> {
  const { sqlite, db } = open();
  try {
    const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const title = `Test ${label} Satchel ${unique}`;
    const slug = `test-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-satchel-${unique}`;
    // A demo product with three colours' photos lends its files.
    const lender = await db
      .selectFrom("product_images")
      .select("product_id")
      .where("color_id", "is not", null)
      .groupBy("product_id")
      .having((eb) => eb.fn.count("color_id").distinct(), ">=", 3)
      .orderBy("product_id")
      .executeTakeFirstOrThrow();
    const photos = await db
      .selectFrom("product_images")
      .innerJoin("colors", "colors.id", "product_images.color_id")
      .select(["product_images.file", "colors.id as color_id", "colors.name"])
      .where("product_images.product_id", "=", lender.product_id)
      .orderBy("product_images.position")
      .execute();
    const colourIds = [...new Set(photos.map((photo) => photo.color_id))];
    const colour = (id: number, withPhotos: boolean): TestColour => ({
      id,
      name: photos.find((photo) => photo.color_id === id)!.name,
      photos: withPhotos ? photos.filter((photo) => photo.color_id === id).map((photo) => photo.file) : [],
    });
    const soldOut = colour(colourIds[0]!, true);
    const inStock = colour(colourIds[1]!, true);
    const noPhotos = colour(colourIds[2]!, false);
    // The third colour's first photo stands in for a photo of no particular colour.
    const generalPhoto = photos.find((photo) => photo.color_id === noPhotos.id)!.file;
    const sizes = await db.selectFrom("sizes").select(["id", "name"]).orderBy("position").execute();
    const small = sizes.find((size) => size.name === "Small")!;
    const large = sizes.find((size) => size.name === "Large")!;
    const category = await db
      .selectFrom("categories")
      .select("id")
      .orderBy("position")
      .executeTakeFirstOrThrow();

    const variant = (colorId: number, sizeId: number, price: number, stock: number): NewVariant => ({
      colorId,
      sizeId,
      price,
      stock,
    });
    const id = await insertProduct(db, {
      slug,
      title,
      categoryId: category.id,
      shortDescription: "<p>A satchel written by an end-to-end test.</p>",
      images: [
        ...soldOut.photos.map((file) => ({ colorId: soldOut.id, file, alt: `${title} in ${soldOut.name}` })),
        ...inStock.photos.map((file, index) => ({
          colorId: inStock.id,
          file,
          alt: `${title} in ${inStock.name}, photo ${index + 1}`,
        })),
        { colorId: null, file: generalPhoto, alt: `${title}, the stitching` },
      ],
      discount: 20,
      newArrival: false,
      dailyDeal: false,
      tagIds: [],
      variants: [
        variant(soldOut.id, small.id, 100_000, 0),
        variant(soldOut.id, large.id, 120_000, 0),
        variant(inStock.id, small.id, 100_000, 0),
        variant(inStock.id, large.id, 120_000, 4),
        variant(noPhotos.id, small.id, 100_000, 0),
        variant(noPhotos.id, large.id, 125_000, 6),
      ],
    });
    return {
      id,
      slug,
      title,
      soldOut,
      inStock,
      noPhotos,
      generalPhoto,
      sizes: { small: small.name, large: large.name },
    };
  } finally {
    await db.destroy();
    if (sqlite.open) sqlite.close();
  }
}

export interface OneColourProduct {
  id: number;
  slug: string;
  title: string;
}

/**
 * A product in one colour (with a demo product's photos of it) and two sizes, each with `stock` left (0: sold
 * out), titled `title` plus a unique tail, at `discount` percent off.
 */
export async function oneColourProduct(
  title: string,
  stock: number,
  discount = 0,
): Promise<OneColourProduct> {
  const { sqlite, db } = open();
  try {
    const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const fullTitle = `${title} ${unique}`;
    const slug = `test-${fullTitle
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .slice(0, 80)}-${unique}`;
    const photo = await db
      .selectFrom("product_images")
      .innerJoin("colors", "colors.id", "product_images.color_id")
      .select(["product_images.file", "colors.id as color_id", "colors.name"])
      .orderBy("product_images.product_id")
      .orderBy("product_images.position")
      .executeTakeFirstOrThrow();
    const sizes = await db.selectFrom("sizes").select(["id", "name"]).orderBy("position").limit(2).execute();
    const category = await db
      .selectFrom("categories")
      .select("id")
      .orderBy("position")
      .executeTakeFirstOrThrow();
    const id = await insertProduct(db, {
      slug,
      title: fullTitle,
      categoryId: category.id,
      shortDescription: "<p>A product written by an end-to-end test.</p>",
      images: [{ colorId: photo.color_id, file: photo.file, alt: `${fullTitle} in ${photo.name}` }],
      discount,
      newArrival: false,
      dailyDeal: false,
      tagIds: [],
      variants: sizes.map((size, index) => ({
        colorId: photo.color_id,
        sizeId: size.id,
        price: 250_000 + index * 10_000,
        stock,
      })),
    });
    return { id, slug, title: fullTitle };
  } finally {
    await db.destroy();
    if (sqlite.open) sqlite.close();
  }
}
