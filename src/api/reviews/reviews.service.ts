import type { Kysely } from "kysely";
import { isUniqueViolation } from "../../platform/db/errors.ts";
import type { Database, Db, ReviewRow, Trx } from "../../platform/db/schema.ts";
import { retryingTransaction } from "../../platform/db/transaction.ts";
import type {
  AdminReview,
  AdminReviewPage,
  MyReview,
  ReviewInput,
  ReviewList,
  ReviewStanding,
  ReviewSummary,
} from "../../shared/contracts/reviews.ts";
import { REVIEW_MESSAGES, REVIEWS_PER_PAGE, type ReviewStatus } from "../../shared/review-limits.ts";
import {
  type CatalogueListener,
  catalogueWrite,
  markCatalogueChanged,
} from "../catalogue/catalogue-write.ts";
import { Conflict, Forbidden, NotFound } from "../errors.ts";
import { pageMeta } from "../pagination.ts";
import type { ReviewsRepository } from "./reviews.repository.ts";

const NO_PRODUCT = "No Product Found";
const REVIEW_NOT_FOUND = "Review not found.";

/** The mean of `count` ratings adding up to `sum`, to one decimal (4.25 shows as 4.3); 0 when there are none. */
export function averageRating(sum: number, count: number): number {
  return count === 0 ? 0 : Math.round((sum * 10) / count) / 10;
}

/** "Ayesha Khan" signs her reviews "Ayesha K.": enough to be a person, not enough to find her. */
export function reviewerName(firstName: string, lastName: string): string {
  const initial = Array.from(lastName.trim())[0];
  return initial ? `${firstName.trim()} ${initial.toLocaleUpperCase()}.` : firstName.trim();
}

export function toMyReview(row: ReviewRow): MyReview {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    status: row.status as ReviewStatus,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Reviews a page of the moderation queue. */
export const ADMIN_REVIEWS_PER_PAGE = 20;

type AdminRow = ReviewRow & {
  product_slug: string;
  product_title: string;
  first_name: string;
  last_name: string;
  email: string;
};

function toAdminReview(row: AdminRow): AdminReview {
  return {
    ...toMyReview(row),
    edited: row.updated_at !== row.created_at,
    product: { id: row.product_id, slug: row.product_slug, title: row.product_title },
    author: { id: row.user_id, name: reviewerName(row.first_name, row.last_name), email: row.email },
  };
}

const sameWords = (row: ReviewRow, input: ReviewInput) =>
  row.rating === input.rating && (row.title ?? "") === input.title && row.body === input.body;

/**
 * Reviews from verified buyers (docs/decisions/0027): a shopper with a delivered order holding the product may
 * review it once and edit it; every new or changed review waits for the shop's approval; only approved reviews
 * are shown and counted. The product's cached average and count (`products.rating`, `products.reviews`) are
 * rewritten in the transaction of every change that moves a review into or out of "approved".
 */
export function reviewsService(
  db: Kysely<Database>,
  reviews: ReviewsRepository,
  /** Told after a committed change of a product's approved reviews (by `catalogueWrite`). */
  onCatalogueChanged?: CatalogueListener,
) {
  async function productId(slug: string): Promise<number> {
    const product = await reviews.productBySlug(slug);
    if (!product) throw new NotFound(NO_PRODUCT);
    return product.id;
  }

  /** The caller's standing on product `id`'s reviews: may they review it (received it), and their review. */
  async function standingFor(id: number, userId: number): Promise<ReviewStanding> {
    const [receipt, review] = await Promise.all([reviews.receipt(id, userId), reviews.findMine(id, userId)]);
    const mine = review ? toMyReview(review) : null;
    if (receipt === "delivered") return { eligible: true, reason: null, message: null, review: mine };
    return receipt === "ordered"
      ? { eligible: false, reason: "not_delivered", message: REVIEW_MESSAGES.notDelivered, review: mine }
      : { eligible: false, reason: "not_purchased", message: REVIEW_MESSAGES.notPurchased, review: mine };
  }

  /**
   * A change that may move a review into or out of "approved": a `catalogueWrite`, which tells the caches once
   * it commits if `refreshSummary` ran in it.
   */
  const changing = <T>(work: (trx: Trx) => Promise<T>) => catalogueWrite(db, work, onCatalogueChanged);

  /**
   * Recounts the product's approved reviews into its cached figures, which its page and cards show; the
   * caller holds the product's lock, in `changing`.
   */
  async function refreshSummary(id: number, trx: Trx): Promise<ReviewSummary> {
    markCatalogueChanged(trx);
    const { count, sum } = await reviews.approvedTotals(id, trx);
    const average = averageRating(sum, count);
    await reviews.setProductRating(id, average, count, trx);
    return { average, count };
  }

  return {
    refreshSummary,

    async list(slug: string, page: number): Promise<ReviewList> {
      const product = await reviews.productBySlug(slug);
      if (!product) throw new NotFound(NO_PRODUCT);
      const offset = (page - 1) * REVIEWS_PER_PAGE;
      const rows =
        product.reviews === 0 ? [] : await reviews.approvedPage(product.id, REVIEWS_PER_PAGE, offset);
      return {
        data: rows.map((row) => ({
          id: row.id,
          rating: row.rating,
          title: row.title,
          body: row.body,
          author: reviewerName(row.first_name, row.last_name),
          created_at: row.created_at,
          edited: row.updated_at !== row.created_at,
        })),
        meta: pageMeta(page, REVIEWS_PER_PAGE, rows.length, product.reviews),
        summary: { average: product.rating, count: product.reviews },
      };
    },

    async standing(slug: string, userId: number): Promise<ReviewStanding> {
      return standingFor(await productId(slug), userId);
    },

    /** The same for a product known by id (the host's kept product page knows it: decision 0057). */
    standingFor,

    /** A first review: only from a shopper who received the product, once; it waits for approval. */
    async create(slug: string, userId: number, input: ReviewInput): Promise<MyReview> {
      const id = await productId(slug);
      try {
        return await retryingTransaction(db, async (trx) => {
          const receipt = await reviews.receipt(id, userId, trx);
          if (receipt !== "delivered") {
            throw new Forbidden(
              receipt === "ordered" ? REVIEW_MESSAGES.notDelivered : REVIEW_MESSAGES.notPurchased,
            );
          }
          if (await reviews.findMine(id, userId, trx)) throw new Conflict(REVIEW_MESSAGES.duplicate);
          const now = new Date().toISOString();
          const row = await reviews.insert(
            {
              product_id: id,
              user_id: userId,
              rating: input.rating,
              title: input.title || null,
              body: input.body,
              status: "pending",
              created_at: now,
              updated_at: now,
            },
            trx,
          );
          return toMyReview(row);
        });
      } catch (error) {
        // The same shopper sending twice at once: the second insert meets the first one's row.
        if (isUniqueViolation(error)) throw new Conflict(REVIEW_MESSAGES.duplicate);
        throw error;
      }
    },

    /**
     * The shopper's edit of their review. A changed review goes back to "pending" (the shop approved other
     * words); if it was approved, it leaves the product's average and count until it is approved again.
     * Sending the same words again changes nothing.
     */
    async update(slug: string, userId: number, input: ReviewInput): Promise<MyReview> {
      const id = await productId(slug);
      // An approved review leaves the product's page (and its average) until it is approved again.
      return changing(async (trx) => {
        await reviews.lockProduct(id, trx);
        const current = await reviews.findMine(id, userId, trx);
        if (!current) throw new NotFound(REVIEW_MESSAGES.noReview);
        if (sameWords(current, input)) return toMyReview(current);
        const wasApproved = current.status === "approved";
        const row = await reviews.update(
          current.id,
          {
            rating: input.rating,
            title: input.title || null,
            body: input.body,
            status: "pending",
            updated_at: new Date().toISOString(),
          },
          trx,
        );
        if (wasApproved) await refreshSummary(id, trx);
        return toMyReview(row);
      });
    },

    /** The moderation queue: one status's reviews, oldest first, and how many there are in each status. */
    async adminList(status: ReviewStatus, page: number): Promise<AdminReviewPage> {
      const offset = (page - 1) * ADMIN_REVIEWS_PER_PAGE;
      const [counts, rows] = await Promise.all([
        reviews.statusCounts(),
        reviews.adminPage(status, ADMIN_REVIEWS_PER_PAGE, offset),
      ]);
      return {
        data: rows.map(toAdminReview),
        meta: pageMeta(page, ADMIN_REVIEWS_PER_PAGE, rows.length, counts[status]),
        counts,
      };
    },

    /**
     * The shop approves or hides a review. The product's figures are recounted in the same transaction, and
     * `record` (the audit log) runs in it too, with the review before and after; deciding what it already is
     * changes and records nothing.
     */
    async moderate(
      reviewId: number,
      status: Exclude<ReviewStatus, "pending">,
      record?: (trx: Db, before: ReviewRow, after: ReviewRow) => Promise<void>,
    ): Promise<AdminReview> {
      await changing(async (trx) => {
        const found = await reviews.findById(reviewId, trx);
        if (!found) throw new NotFound(REVIEW_NOT_FOUND);
        await reviews.lockProduct(found.product_id, trx);
        // Read again under the product's lock: an edit may have landed while this waited for it.
        const before = await reviews.findById(reviewId, trx);
        if (!before) throw new NotFound(REVIEW_NOT_FOUND);
        if (before.status === status) return;
        const after = await reviews.update(reviewId, { status }, trx);
        await refreshSummary(before.product_id, trx);
        await record?.(trx, before, after);
      });
      const row = await reviews.adminRow(reviewId);
      if (!row) throw new NotFound(REVIEW_NOT_FOUND);
      return toAdminReview(row);
    },
  };
}

export type ReviewsService = ReturnType<typeof reviewsService>;
