import { type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * Product reviews by shoppers who received the product (docs/decisions/0027-reviews-from-verified-buyers.md):
 * one per shopper and product, a rating of 1 to 5, plain text, and a moderation status. The CHECKs are part of
 * the new table, so SQLite keeps them too.
 *
 * `products.rating` and `products.reviews` become the average and count of the product's approved reviews,
 * written in the transaction of every change to them. Until now the demo seed invented those numbers; no review
 * exists yet, so the true figures are 0 and 0.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable("reviews")
    .addColumn("id", "integer", (c) =>
      engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("rating", "integer", (c) => c.notNull())
    .addColumn("title", "text")
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("reviews_product_user_unique", ["product_id", "user_id"])
    .addCheckConstraint("reviews_rating_range", sql`rating between 1 and 5`)
    .addCheckConstraint("reviews_status_known", sql`status in ('pending', 'approved', 'hidden')`)
    .execute();
  // The product page's list: a product's approved reviews, newest first.
  await db.schema
    .createIndex("reviews_product_status_idx")
    .on("reviews")
    .columns(["product_id", "status", "created_at", "id"])
    .execute();
  // The moderation queue, by status in order of arrival; and a shopper's reviews (and the cascade from users).
  await db.schema.createIndex("reviews_status_idx").on("reviews").columns(["status", "id"]).execute();
  await db.schema.createIndex("reviews_user_idx").on("reviews").column("user_id").execute();

  await sql`update products set rating = 0, reviews = 0`.execute(db);
}
