import type { Kysely, Transaction } from "kysely";
import type { Database, Db } from "../../platform/db/schema.ts";
import { retryingTransaction } from "../../platform/db/transaction.ts";
import { type Owner, ownedRows } from "../owned-rows.repository.ts";

export type WishlistOwner = Owner;

export function wishlistRepository(db: Kysely<Database>) {
  const owned = ownedRows(db, "wishlists");
  return {
    /** A transaction that PostgreSQL's deadlock or serialization rollbacks run again: `work` must be repeatable. */
    transaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => retryingTransaction(db, work),

    findWishlistId: owned.findId,

    /**
     * The owner's wishlist, created if there is none and touched if there is. It locks the row, so changes to one
     * wishlist take turns (and the limit counted in one cannot be passed by another at the same moment).
     */
    ensureWishlist: owned.ensure,

    touch: owned.touch,

    /** The saved products' ids, newest first. */
    async productIds(wishlistId: number, trx: Db = db): Promise<number[]> {
      const rows = await trx
        .selectFrom("wishlist_items")
        .select("product_id")
        .where("wishlist_id", "=", wishlistId)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .execute();
      return rows.map((row) => row.product_id);
    },

    async countItems(wishlistId: number, trx: Db = db): Promise<number> {
      const row = await trx
        .selectFrom("wishlist_items")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where("wishlist_id", "=", wishlistId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    findItem: (wishlistId: number, productId: number, trx: Db = db) =>
      trx
        .selectFrom("wishlist_items")
        .select(["id", "variant_id"])
        .where("wishlist_id", "=", wishlistId)
        .where("product_id", "=", productId)
        .executeTakeFirst(),

    async insertItem(wishlistId: number, productId: number, variantId: number | null, trx: Db = db) {
      await trx
        .insertInto("wishlist_items")
        .values({
          wishlist_id: wishlistId,
          product_id: productId,
          variant_id: variantId,
          created_at: new Date().toISOString(),
        })
        .onConflict((conflict) => conflict.columns(["wishlist_id", "product_id"]).doNothing())
        .execute();
    },

    async setItemVariant(itemId: number, variantId: number, trx: Db = db) {
      await trx
        .updateTable("wishlist_items")
        .set({ variant_id: variantId })
        .where("id", "=", itemId)
        .execute();
    },

    async removeItem(wishlistId: number, productId: number, trx: Db = db): Promise<boolean> {
      const result = await trx
        .deleteFrom("wishlist_items")
        .where("wishlist_id", "=", wishlistId)
        .where("product_id", "=", productId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** A product shoppers may save: one on sale (a draft or an archived product is not). */
    findProduct: (productId: number, trx: Db = db) =>
      trx.selectFrom("products").select(["id", "status"]).where("id", "=", productId).executeTakeFirst(),

    findVariant: (variantId: number, trx: Db = db) =>
      trx.selectFrom("variants").select(["id", "product_id"]).where("id", "=", variantId).executeTakeFirst(),

    /** The saved products with what their cards show, newest first. */
    items(wishlistId: number) {
      return db
        .selectFrom("wishlist_items")
        .innerJoin("products", "products.id", "wishlist_items.product_id")
        .select([
          "products.id",
          "products.slug",
          "products.title",
          "products.image",
          "products.discount",
          "products.status",
          "wishlist_items.variant_id as saved_variant_id",
          "wishlist_items.created_at as added_at",
        ])
        .where("wishlist_items.wishlist_id", "=", wishlistId)
        .orderBy("wishlist_items.created_at", "desc")
        .orderBy("wishlist_items.id", "desc")
        .execute();
    },

    /** Every variant of these products with its colour and size, for the chooser and the stock state. */
    variantsOf(productIds: number[]) {
      if (productIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom("variants")
        .innerJoin("colors", "colors.id", "variants.color_id")
        .innerJoin("sizes", "sizes.id", "variants.size_id")
        .select([
          "variants.id",
          "variants.product_id",
          "variants.color_id",
          "variants.size_id",
          "sizes.position as size_position",
          "variants.price",
          "variants.stock",
          "colors.name as color_name",
          "colors.code as color_code",
          "sizes.name as size_name",
        ])
        .where("variants.product_id", "in", productIds)
        .execute();
    },

    /** The colour photos of these products, in display order (for the photo of the colour a row shows). */
    colourPhotosOf(productIds: number[]) {
      if (productIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom("product_images")
        .select(["product_id", "color_id", "file"])
        .where("product_id", "in", productIds)
        .where("color_id", "is not", null)
        .orderBy("product_id")
        .orderBy("position")
        .orderBy("id")
        .execute();
    },

    /**
     * Copies a guest's items into the user's wishlist: products the user has not saved yet, the most recently
     * saved first, as many as `room` allows. Each keeps its variant and the time it was saved.
     */
    async copyItems(fromId: number, toId: number, room: number, trx: Db = db) {
      if (room <= 0) return;
      const recent = trx
        .selectFrom("wishlist_items as guest")
        .select(["guest.id", "guest.product_id", "guest.variant_id", "guest.created_at"])
        .where("guest.wishlist_id", "=", fromId)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("wishlist_items as own")
                .select("own.id")
                .where("own.wishlist_id", "=", toId)
                .whereRef("own.product_id", "=", "guest.product_id"),
            ),
          ),
        )
        .orderBy("guest.created_at", "desc")
        .orderBy("guest.id", "desc")
        .limit(room)
        .as("recent");
      // Inserted oldest first, so the new ids keep the order in which they were saved.
      await trx
        .insertInto("wishlist_items")
        .columns(["wishlist_id", "product_id", "variant_id", "created_at"])
        .expression((eb) =>
          eb
            .selectFrom(recent)
            .select([
              eb.cast<number>(eb.val(toId), "integer").as("wishlist_id"),
              "recent.product_id",
              "recent.variant_id",
              "recent.created_at",
            ])
            .orderBy("recent.created_at")
            .orderBy("recent.id"),
        )
        .execute();
    },

    async deleteWishlist(wishlistId: number, trx: Db = db) {
      await trx.deleteFrom("wishlists").where("id", "=", wishlistId).execute();
    },
  };
}

export type WishlistRepository = ReturnType<typeof wishlistRepository>;
