import { type Kysely, sql, type Transaction } from "kysely";
import type { Database, Db } from "../../platform/db/schema.ts";
import { retryingTransaction } from "../../platform/db/transaction.ts";
import { type Owner, ownedRows, whereOwner } from "../owned-rows.repository.ts";

export type CartOwner = Owner;

export function cartRepository(db: Kysely<Database>) {
  const owned = ownedRows(db, "carts");
  return {
    /** The database the cart's reads run on (pricing reads the owner's settings and codes on it). */
    db,

    /** A transaction that PostgreSQL's deadlock or serialization rollbacks run again: `work` must be repeatable. */
    transaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => retryingTransaction(db, work),

    findCartId: owned.findId,

    /** The owner's cart with what prices it (its code, the city it delivers to), in one read; undefined: none. */
    findPricedCart: (owner: Owner, trx: Db = db) =>
      whereOwner(
        trx.selectFrom("carts").select(["id", "coupon_code as code", "delivery_city as city"]),
        owner,
      ).executeTakeFirst(),

    /** The owner's cart, created if there is none, touched if there is; locked, so adds to one cart take turns. */
    ensureCart: owned.ensure,

    /** Every line with what it needs for pricing and display, oldest first. */
    lines(cartId: number, trx: Db = db) {
      return variantLines(trx)
        .innerJoin("cart_items", "cart_items.variant_id", "variants.id")
        .select(["cart_items.id", "cart_items.quantity"])
        .where("cart_items.cart_id", "=", cartId)
        .orderBy("cart_items.id")
        .execute();
    },

    /**
     * The owner's cart lines with their stock, as `lines` reads them, in one query without a cart id and without a
     * lock: what a checkout reads before it queues, to refuse at once what the stock surely cannot fill.
     */
    ownerLines(owner: CartOwner, trx: Db = db) {
      const query = variantLines(trx)
        .innerJoin("cart_items", "cart_items.variant_id", "variants.id")
        .innerJoin("carts", "carts.id", "cart_items.cart_id")
        .select(["cart_items.id", "cart_items.quantity"])
        .orderBy("cart_items.id");
      return (
        "userId" in owner
          ? query.where("carts.user_id", "=", owner.userId)
          : query.where("carts.guest_key_hash", "=", owner.guestKeyHash)
      ).execute();
    },

    /**
     * The variants with what a line needs for pricing and display, as `lines` reads a cart's (an order staff enter
     * has no cart); those that do not exist are left out.
     */
    variantLines(variantIds: readonly number[], trx: Db = db) {
      if (variantIds.length === 0) return Promise.resolve([]);
      return variantLines(trx).where("variants.id", "in", variantIds).execute();
    },

    /** The variant with its stock and whether its product is on sale (shoppers may buy only those). */
    findVariant: (variantId: number, trx: Db = db) =>
      trx
        .selectFrom("variants")
        .innerJoin("products", "products.id", "variants.product_id")
        .select(["variants.id", "variants.product_id", "variants.stock", "products.status"])
        .where("variants.id", "=", variantId)
        .executeTakeFirst(),

    /** The cart's line for a variant (a cart holds at most one per variant), with its product and stock. */
    findLineByVariant: (cartId: number, variantId: number, trx: Db = db) =>
      trx
        .selectFrom("cart_items")
        .innerJoin("variants", "variants.id", "cart_items.variant_id")
        .select(["cart_items.id", "cart_items.quantity", "variants.product_id", "variants.stock"])
        .where("cart_items.cart_id", "=", cartId)
        .where("cart_items.variant_id", "=", variantId)
        .executeTakeFirst(),

    /** Adds to the line for this variant, creating it if needed; answers the line and its new quantity. */
    async addToLine(cartId: number, variantId: number, quantity: number, trx: Db = db) {
      const row = await trx
        .insertInto("cart_items")
        .values({ cart_id: cartId, variant_id: variantId, quantity, created_at: new Date().toISOString() })
        .onConflict((conflict) =>
          conflict
            .columns(["cart_id", "variant_id"])
            .doUpdateSet({ quantity: sql`cart_items.quantity + excluded.quantity` }),
        )
        .returning(["id", "quantity"])
        .executeTakeFirstOrThrow();
      return row;
    },

    async setLineQuantity(lineId: number, quantity: number, trx: Db = db) {
      await trx.updateTable("cart_items").set({ quantity }).where("id", "=", lineId).execute();
    },

    async removeLine(cartId: number, lineId: number, trx: Db = db): Promise<boolean> {
      const result = await trx
        .deleteFrom("cart_items")
        .where("cart_id", "=", cartId)
        .where("id", "=", lineId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async clear(cartId: number, trx: Db = db) {
      await trx.deleteFrom("cart_items").where("cart_id", "=", cartId).execute();
    },

    touch: owned.touch,

    /** Touches the owner's cart, locking its row for the transaction, and answers its id (none: no cart). */
    touchOwned: owned.touchOwned,

    async assignToUser(cartId: number, userId: number, trx: Db = db) {
      await trx
        .updateTable("carts")
        .set({ user_id: userId, guest_key_hash: null })
        .where("id", "=", cartId)
        .execute();
    },

    async deleteCart(cartId: number, trx: Db = db) {
      await trx.deleteFrom("carts").where("id", "=", cartId).execute();
    },
  };
}

export type CartRepository = ReturnType<typeof cartRepository>;

/** A line's product, colour, size, price and stock, and its colour's first photo, for a query over `variants`. */
function variantLines(trx: Db) {
  return trx
    .selectFrom("variants")
    .innerJoin("products", "products.id", "variants.product_id")
    .innerJoin("colors", "colors.id", "variants.color_id")
    .innerJoin("sizes", "sizes.id", "variants.size_id")
    .select([
      "variants.id as variant_id",
      "variants.price",
      "variants.stock",
      "products.id as product_id",
      "products.title",
      "products.slug",
      "products.image",
      "products.discount",
      "products.own_discount",
      "products.campaign_id",
      "products.status",
      "colors.name as color_name",
      "colors.code as color_code",
      "sizes.name as size_name",
    ])
    .select((eb) =>
      eb
        .selectFrom("product_images")
        .select("product_images.file")
        .whereRef("product_images.product_id", "=", "products.id")
        .whereRef("product_images.color_id", "=", "variants.color_id")
        .orderBy("product_images.position")
        .orderBy("product_images.id")
        .limit(1)
        .as("color_image"),
    );
}
