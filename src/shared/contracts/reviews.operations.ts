import { type Operation, WRITE_ERRORS } from "./contract.ts";
import {
  adminReviewPageSchema,
  adminReviewSchema,
  adminReviewsQuerySchema,
  moderateReviewSchema,
  myReviewSchema,
  reviewInputSchema,
  reviewListQuerySchema,
  reviewListSchema,
  reviewStandingSchema,
} from "./reviews.ts";

/**
 * A product's reviews: reading them, and a shopper's own review. Spread into `operations` (operations.ts).
 */
export const reviewOperations = {
  listProductReviews: {
    method: "GET",
    path: "/product/:slug/reviews",
    summary: "A product's approved reviews, newest first, with their average rating and count",
    tag: "Reviews",
    auth: "none",
    query: reviewListQuerySchema,
    status: 200,
    response: reviewListSchema,
    errors: [404, 422],
  },
  myProductReview: {
    method: "GET",
    path: "/product/:slug/reviews/mine",
    summary:
      "Whether the signed-in shopper may review the product (a delivered order holds it), and their review of it",
    tag: "Reviews",
    auth: "required",
    status: 200,
    response: reviewStandingSchema,
    errors: [401, 404],
  },
  createProductReview: {
    method: "POST",
    path: "/product/:slug/reviews",
    summary:
      "Review a product the shopper has received (once per product; it waits for the shop's approval). " +
      "403 without a delivered order holding it, 409 when the shopper has reviewed it already (edit instead)",
    tag: "Reviews",
    auth: "required",
    body: reviewInputSchema,
    status: 201,
    response: myReviewSchema,
    errors: [...WRITE_ERRORS, 403, 404, 409, 429],
  },
  updateProductReview: {
    method: "PUT",
    path: "/product/:slug/reviews/mine",
    summary:
      "Change the shopper's review of a product; a changed review goes back to the shop for approval and " +
      "leaves the product's average until it is approved again",
    tag: "Reviews",
    auth: "required",
    body: reviewInputSchema,
    status: 200,
    response: myReviewSchema,
    errors: [...WRITE_ERRORS, 404, 429],
  },
} as const satisfies Record<string, Operation>;

/** The back office's moderation of reviews. Spread into `operations` (operations.ts). */
export const adminReviewOperations = {
  listAdminReviews: {
    method: "GET",
    path: "/admin/reviews",
    summary: "The reviews moderation queue: reviews in one status (pending unless asked), oldest first",
    tag: "Admin",
    auth: "staff",
    query: adminReviewsQuerySchema,
    status: 200,
    response: adminReviewPageSchema,
    errors: [401, 403, 422],
  },
  moderateReview: {
    method: "PATCH",
    path: "/admin/reviews/:id",
    summary:
      "Approve a review (it shows on the product page and counts in its average) or hide it; audit-logged, " +
      "the product's average and count change in the same transaction",
    tag: "Admin",
    auth: "staff",
    body: moderateReviewSchema,
    status: 200,
    response: adminReviewSchema,
    errors: [400, 401, 403, 404, 422],
  },
} as const satisfies Record<string, Operation>;
