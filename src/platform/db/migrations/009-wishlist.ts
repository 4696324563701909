import type { ColumnDefinitionBuilder, Kysely } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * Wishlists (docs/decisions/0025-wishlist.md), shaped like carts: one per user, or one per guest named by the
 * SHA-256 of the guest's `wishlist_key` cookie. An item is a product, once per wishlist, with the variant the
 * shopper was looking at when they saved it (optional; forgotten when that variant goes). Deleting a product
 * removes it from every wishlist; the purge job deletes guest wishlists untouched for the cookie's lifetime
 * (indexed on `updated_at` for that).
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const key = (c: ColumnDefinitionBuilder) =>
    engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable("wishlists")
    .addColumn("id", "integer", key)
    .addColumn("guest_key_hash", "text", (c) => c.unique())
    .addColumn("user_id", "integer", (c) => c.unique().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("wishlists_updated_idx").on("wishlists").column("updated_at").execute();

  await db.schema
    .createTable("wishlist_items")
    .addColumn("id", "integer", key)
    .addColumn("wishlist_id", "integer", (c) => c.notNull().references("wishlists.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("variant_id", "integer", (c) => c.references("variants.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("wishlist_items_wishlist_product_unique", ["wishlist_id", "product_id"])
    .execute();
  // Deleting a product (or a variant) looks up the items that name it.
  await db.schema
    .createIndex("wishlist_items_product_idx")
    .on("wishlist_items")
    .column("product_id")
    .execute();
  await db.schema
    .createIndex("wishlist_items_variant_idx")
    .on("wishlist_items")
    .column("variant_id")
    .execute();
}
