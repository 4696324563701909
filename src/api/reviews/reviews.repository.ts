import type { Kysely } from "kysely";
import type { Engine } from "../../platform/db/connection.ts";
import type { Database, Db, ReviewRow } from "../../platform/db/schema.ts";
import { LIVE_STATUS } from "../../shared/product-status.ts";
import type { ReviewStatus } from "../../shared/review-limits.ts";

export type NewReview = Omit<ReviewRow, "id">;
export type ReviewChange = Pick<ReviewRow, "rating" | "title" | "body" | "status" | "updated_at">;

/** What a shopper's orders say about one product: received it, ordered it (not delivered yet), or neither. */
export type Receipt = "delivered" | "ordered" | "none";

/** The order statuses in which the goods are still on their way to the shopper. */
const ON_ITS_WAY = ["pending", "processing", "shipped"];

export function reviewsRepository(db: Kysely<Database>, engine: Engine) {
  const adminRows = () =>
    db
      .selectFrom("reviews")
      .innerJoin("products", "products.id", "reviews.product_id")
      .innerJoin("users", "users.id", "reviews.user_id")
      .selectAll("reviews")
      .select([
        "products.slug as product_slug",
        "products.title as product_title",
        "users.first_name",
        "users.last_name",
        "users.email",
      ]);

  return {
    /** The product shoppers may see (on sale) with this slug: a draft or archived product has no reviews page. */
    productBySlug: (slug: string) =>
      db
        .selectFrom("products")
        .select(["id", "rating", "reviews"])
        .where("slug", "=", slug)
        .where("status", "=", LIVE_STATUS)
        .executeTakeFirst(),

    /** A page of a product's approved reviews, newest first, with their authors' names. */
    approvedPage: (productId: number, limit: number, offset: number) =>
      db
        .selectFrom("reviews")
        .innerJoin("users", "users.id", "reviews.user_id")
        .select([
          "reviews.id",
          "reviews.rating",
          "reviews.title",
          "reviews.body",
          "reviews.created_at",
          "reviews.updated_at",
          "users.first_name",
          "users.last_name",
        ])
        .where("reviews.product_id", "=", productId)
        .where("reviews.status", "=", "approved" satisfies ReviewStatus)
        .orderBy("reviews.created_at", "desc")
        .orderBy("reviews.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),

    findMine: (productId: number, userId: number, trx: Db = db) =>
      trx
        .selectFrom("reviews")
        .selectAll()
        .where("product_id", "=", productId)
        .where("user_id", "=", userId)
        .executeTakeFirst(),

    /** Whether the user received the product: an order of theirs holding it was delivered. */
    async receipt(productId: number, userId: number, trx: Db = db): Promise<Receipt> {
      const statuses = await trx
        .selectFrom("orders")
        .innerJoin("order_items", "order_items.order_id", "orders.id")
        .select("orders.status")
        .distinct()
        .where("orders.user_id", "=", userId)
        .where("order_items.product_id", "=", productId)
        .execute();
      if (statuses.some((row) => row.status === "delivered")) return "delivered";
      return statuses.some((row) => ON_ITS_WAY.includes(row.status)) ? "ordered" : "none";
    },

    /** The moderation queue: reviews in one status, oldest first, with their product and reviewer. */
    adminPage: (status: ReviewStatus, limit: number, offset: number) =>
      adminRows()
        .where("reviews.status", "=", status)
        .orderBy("reviews.id")
        .limit(limit)
        .offset(offset)
        .execute(),

    adminRow: (id: number) => adminRows().where("reviews.id", "=", id).executeTakeFirst(),

    /** How many reviews are in each status. */
    async statusCounts(): Promise<Record<ReviewStatus, number>> {
      const rows = await db
        .selectFrom("reviews")
        .select((eb) => ["status", eb.fn.countAll<number>().as("count")])
        .groupBy("status")
        .execute();
      const counts: Record<ReviewStatus, number> = { pending: 0, approved: 0, hidden: 0 };
      for (const row of rows) counts[row.status as ReviewStatus] = Number(row.count);
      return counts;
    },

    findById: (id: number, trx: Db = db) =>
      trx.selectFrom("reviews").selectAll().where("id", "=", id).executeTakeFirst(),

    insert: (review: NewReview, trx: Db) =>
      trx.insertInto("reviews").values(review).returningAll().executeTakeFirstOrThrow(),

    update: (id: number, change: Partial<ReviewChange>, trx: Db) =>
      trx.updateTable("reviews").set(change).where("id", "=", id).returningAll().executeTakeFirstOrThrow(),

    /**
     * Holds the product's row until the transaction ends, so two changes to its reviews take turns and the
     * second recounts with the first one's result (PostgreSQL; SQLite's writers take turns anyway).
     */
    async lockProduct(productId: number, trx: Db): Promise<void> {
      if (engine === "postgres") {
        await trx.selectFrom("products").select("id").where("id", "=", productId).forUpdate().execute();
      }
    },

    /** The approved reviews' count and rating total of a product, as the transaction sees them. */
    async approvedTotals(productId: number, trx: Db): Promise<{ count: number; sum: number }> {
      const row = await trx
        .selectFrom("reviews")
        .select((eb) => [eb.fn.countAll<number>().as("count"), eb.fn.sum<number | null>("rating").as("sum")])
        .where("product_id", "=", productId)
        .where("status", "=", "approved" satisfies ReviewStatus)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), sum: Number(row.sum ?? 0) };
    },

    setProductRating: (productId: number, rating: number, reviews: number, trx: Db) =>
      trx.updateTable("products").set({ rating, reviews }).where("id", "=", productId).execute(),
  };
}

export type ReviewsRepository = ReturnType<typeof reviewsRepository>;
