import type { ReviewStanding } from "../../../shared/contracts/reviews.ts";

/**
 * What the product page knows of the shopper: whether they are signed in, and their standing on this product's
 * reviews (may they write one, their own review; null for a guest or when it could not be read). The only part of
 * the page's data that is the shopper's own, kept as one JSON text so a kept public product page can take a
 * signed-in shopper's (docs/decisions/0057-personal-pages-from-kept-pages.md; the cart's text, `cart-data.ts`,
 * explains why a string).
 */
export type ReviewerData = string;

export interface Reviewer {
  signedIn: boolean;
  standing: ReviewStanding | null;
}

/** The text for the loader data. The keys' order is part of the text: the host writes the same. */
export function reviewerData(signedIn: boolean, standing: ReviewStanding | null): ReviewerData {
  return JSON.stringify({ signedIn, standing } satisfies Reviewer);
}

let last: { data: ReviewerData; reviewer: Reviewer } | undefined;

/** The reviewer back from its text, parsed once per text. */
export function readReviewer(data: ReviewerData): Reviewer {
  if (last?.data !== data) last = { data, reviewer: JSON.parse(data) as Reviewer };
  return last.reviewer;
}
