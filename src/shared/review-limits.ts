/**
 * The limits of a product review, shared by the API contract and the storefront's review form (its `maxLength`
 * and hints). A module of its own without zod, so the browser bundle does not pull in the contract's schemas.
 */

export const RATING_MIN = 1;
export const RATING_MAX = 5;
/** The optional headline. */
export const REVIEW_TITLE_MAX = 100;
/** The review itself: a few words at least, a page at most. */
export const REVIEW_BODY_MIN = 10;
export const REVIEW_BODY_MAX = 2000;
/** Approved reviews per page on the product page. */
export const REVIEWS_PER_PAGE = 5;

export const REVIEW_STATUSES = ["pending", "approved", "hidden"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/** What the review form and the API say about the reviewer's standing; the API sends the same sentences. */
export const REVIEW_MESSAGES = {
  notPurchased:
    "Only shoppers who bought this product and have received it can review it. Once an order with this product " +
    "has been delivered to you, you can write a review here.",
  notDelivered: "You can review this product once your order with it has been delivered.",
  duplicate: "You have already reviewed this product. Edit your review instead.",
  noReview: "You have not reviewed this product yet.",
  created: "Thank you! Your review has been sent and will appear here once the shop has approved it.",
  updated: "Your review has been updated and will appear here once the shop has approved it.",
  unchanged: "Your review is unchanged.",
} as const;
