import { data } from "react-router";
import type { ReviewList, ReviewStanding } from "../../../shared/contracts/reviews.ts";
import { REVIEW_MESSAGES } from "../../../shared/review-limits.ts";
import type { ApiClient } from "../../lib/api.server.ts";
import { failureStatus, firstErrors, formFields, formText } from "../../ui/forms/api-errors.ts";
import { REVIEW_FALLBACK_MESSAGE, REVIEW_FIELDS, type ReviewFormResult } from "./review-form.tsx";
import { REVIEWS_PAGE_PARAM } from "./reviews-section.tsx";

const SIGN_IN_AGAIN = "Your session has ended. Please log in again to write a review.";

export interface ProductReviews {
  /** The approved reviews' page, or null when the API could not answer (the product page still shows). */
  list: ReviewList | null;
  /** The signed-in shopper's standing and review; null for a guest (or when it could not be read). */
  standing: ReviewStanding | null;
}

function pageNumber(value: string | null): number {
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

/** The product's approved reviews (the page the URL names) and, for a signed-in shopper, their standing. */
export async function loadReviews(api: ApiClient, slug: string, url: URL): Promise<ProductReviews> {
  const page = pageNumber(url.searchParams.get(REVIEWS_PAGE_PARAM));
  const [list, standing] = await Promise.all([
    api.call("listProductReviews", { params: { slug }, query: { page } }),
    api.signedIn ? api.call("myProductReview", { params: { slug } }) : null,
  ]);
  return {
    list: list.ok ? list.data : null,
    standing: standing?.ok ? standing.data : null,
  };
}

/**
 * The review form's submission: a first review (create) or a change to the shopper's review (edit), as the
 * form says. Refusals come back with the API's messages and what was typed.
 */
export async function submitReview(api: ApiClient, slug: string, form: FormData) {
  const values = formFields(form, REVIEW_FIELDS);
  const editing = formText(form, "mode") === "edit";
  const response = editing
    ? await api.call("updateProductReview", { params: { slug }, body: values })
    : await api.call("createProductReview", { params: { slug }, body: values });
  if (response.ok) {
    const message = !editing
      ? REVIEW_MESSAGES.created
      : response.data.status === "approved"
        ? REVIEW_MESSAGES.unchanged
        : REVIEW_MESSAGES.updated;
    const result: ReviewFormResult = { intent: "review", ok: true, message, errors: {}, values };
    return result;
  }
  const result: ReviewFormResult = {
    intent: "review",
    ok: false,
    message: response.status === 401 ? SIGN_IN_AGAIN : response.data.message || REVIEW_FALLBACK_MESSAGE,
    errors: firstErrors(response.data.errors),
    values,
  };
  return data(result, { status: failureStatus(response.status) });
}
