import type { Kysely, Transaction } from "kysely";
import type { Database, Db } from "../../platform/db/schema.ts";
import { retryingTransaction } from "../../platform/db/transaction.ts";
import { coverOf } from "./product-writer.ts";

const IMAGE_COLUMNS = ["id", "color_id", "position", "file", "alt"] as const;

export function productImagesRepository(db: Kysely<Database>) {
  return {
    transaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => retryingTransaction(db, work),

    /**
     * Marks the product as changed and, by writing its row, locks it until the transaction ends, so two edits
     * of one product's photos cannot interleave their positions. False when there is no such product.
     */
    async lockProduct(productId: number, trx: Db): Promise<boolean> {
      const result = await trx
        .updateTable("products")
        .set({ updated_at: new Date().toISOString() })
        .where("id", "=", productId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    productExists: async (productId: number, trx: Db = db) =>
      (await trx.selectFrom("products").select("id").where("id", "=", productId).executeTakeFirst()) !==
      undefined,

    /** The product's photos in display order; only one colour's (in order) when `colorId` is given. */
    list(productId: number, colorId?: number, trx: Db = db) {
      let query = trx.selectFrom("product_images").select(IMAGE_COLUMNS).where("product_id", "=", productId);
      if (colorId !== undefined) query = query.where("color_id", "=", colorId);
      return query.orderBy("position").orderBy("id").execute();
    },

    /** Whether some variant of the product comes in this colour. */
    async offersColor(productId: number, colorId: number, trx: Db): Promise<boolean> {
      const row = await trx
        .selectFrom("variants")
        .select("id")
        .where("product_id", "=", productId)
        .where("color_id", "=", colorId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(
      image: { productId: number; colorId: number | null; position: number; file: string; alt: string },
      trx: Db,
    ): Promise<number> {
      const row = await trx
        .insertInto("product_images")
        .values({
          product_id: image.productId,
          color_id: image.colorId,
          position: image.position,
          file: image.file,
          alt: image.alt,
          created_at: new Date().toISOString(),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** Sets positions 0, 1, 2... in the order of `ids` (all of them the product's). */
    async setOrder(productId: number, ids: readonly number[], trx: Db): Promise<void> {
      for (const [position, id] of ids.entries()) {
        await trx
          .updateTable("product_images")
          .set({ position })
          .where("id", "=", id)
          .where("product_id", "=", productId)
          .execute();
      }
    },

    /** False when the product has no such image. */
    async update(
      productId: number,
      imageId: number,
      values: { alt: string; color_id: number | null },
      trx: Db,
    ): Promise<boolean> {
      const result = await trx
        .updateTable("product_images")
        .set(values)
        .where("id", "=", imageId)
        .where("product_id", "=", productId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** False when the product has no such image. */
    async remove(productId: number, imageId: number, trx: Db): Promise<boolean> {
      const result = await trx
        .deleteFrom("product_images")
        .where("id", "=", imageId)
        .where("product_id", "=", productId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** Whether any product's photo is this file (a photo's files are deleted only when none is). */
    async fileInUse(file: string, trx: Db = db): Promise<boolean> {
      const row = await trx
        .selectFrom("product_images")
        .select("id")
        .where("file", "=", file)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Which of these files some product other than `productId` shows (its uploads folder may hold them). */
    async filesUsedByOthers(productId: number, files: readonly string[], trx: Db = db): Promise<Set<string>> {
      if (files.length === 0) return new Set();
      const rows = await trx
        .selectFrom("product_images")
        .select("file")
        .where("product_id", "<>", productId)
        .where("file", "in", files)
        .execute();
      return new Set(rows.map((row) => row.file));
    },

    /** Copies the first photos to the listing's columns (see `coverOf`). */
    async refreshCover(productId: number, trx: Db): Promise<void> {
      const first = await trx
        .selectFrom("product_images")
        .select("file")
        .where("product_id", "=", productId)
        .orderBy("position")
        .orderBy("id")
        .limit(2)
        .execute();
      await trx
        .updateTable("products")
        .set(coverOf(first.map((row) => row.file)))
        .where("id", "=", productId)
        .execute();
    },
  };
}

export type ProductImagesRepository = ReturnType<typeof productImagesRepository>;
