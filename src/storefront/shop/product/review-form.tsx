import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { MyReview } from "../../../shared/contracts/reviews.ts";
import {
  RATING_MAX,
  RATING_MIN,
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_TITLE_MAX,
  type ReviewStatus,
} from "../../../shared/review-limits.ts";
import { StarIcon } from "../../ui/star-rating.tsx";

export const REVIEW_FIELDS = ["rating", "title", "body"] as const;

/** What a review submission without a message of its own says. */
export const REVIEW_FALLBACK_MESSAGE = "Something went wrong. Please try again.";

/** The outcome of the review form, from the product route's action (or the browser, when no answer came). */
export interface ReviewFormResult {
  intent: "review";
  ok: boolean;
  message: string;
  /** The first message per field. */
  errors: Record<string, string>;
  /** What was sent, so a refused review keeps what the shopper typed. */
  values: Record<(typeof REVIEW_FIELDS)[number], string>;
}

const STANDING: Record<ReviewStatus, string> = {
  pending: "Your review is waiting for the shop's approval.",
  approved: "Your review is published on this page.",
  hidden: "The shop has hidden your review. You can change it and send it again.",
};

const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index);

/**
 * The review form of a shopper who received the product: a first review ("Add a Review"), or their review to
 * change. A plain form POST to the product route before JavaScript; a fetcher after, so the page stays put.
 * A refusal keeps what was typed and shows the API's messages by their fields.
 */
export function ReviewForm({
  review,
  action,
  noScriptResult,
}: {
  /** The shopper's review, when they wrote one. */
  review: MyReview | null;
  /** Where the form posts: the product page, opening on its reviews. */
  action: string;
  /** The server's answer to a submission made without JavaScript. */
  noScriptResult: ReviewFormResult | undefined;
}) {
  // One fetcher per product, so another product's page does not show this one's outcome.
  const fetcher = useFetcher<ReviewFormResult>({ key: `review:${new URL(action, "http://x").pathname}` });
  const result = fetcher.data ?? noScriptResult;
  const sending = fetcher.state !== "idle";
  const alert = useRef<HTMLParagraphElement>(null);
  const editing = review !== null;
  // A refused submission shows what was typed; otherwise the saved review (or nothing yet).
  const values = result && !result.ok ? result.values : null;
  const rating = values ? values.rating : review ? String(review.rating) : "";
  const errors = result?.ok === false ? result.errors : {};

  // The outcome is announced (role status/alert) and brought into view, also after a fetcher submission.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) alert.current?.scrollIntoView?.({ block: "nearest" });
  }, [fetcher.state, fetcher.data]);

  return (
    <fetcher.Form
      method="post"
      action={action}
      className="review-form"
      id="write-review"
      aria-labelledby="review-form-title"
      // The saved review's fields after a save (the page's data reloads with it).
      key={review?.updated_at ?? "new"}
    >
      <h3 id="review-form-title" className="review-form__title">
        {editing ? "Edit your review" : "Add a Review"}
      </h3>
      {review && (
        <p className={`review-form__standing review-form__standing--${review.status}`}>
          {STANDING[review.status]}
        </p>
      )}
      {result && (
        <p
          ref={alert}
          className={`form-note${result.ok ? "" : " form-note--error"}`}
          role={result.ok ? "status" : "alert"}
        >
          {result.ok
            ? result.message
            : `Your review was not saved. ${
                Object.keys(errors).length > 0 ? "Please check the fields marked below." : result.message
              }`}
        </p>
      )}
      <input type="hidden" name="intent" value="review" />
      <input type="hidden" name="mode" value={editing ? "edit" : "create"} />
      <fieldset
        className={`rating-input${errors.rating ? " rating-input--invalid" : ""}`}
        aria-describedby={errors.rating ? "review-rating-error" : undefined}
      >
        <legend className="rating-input__legend">Your rating</legend>
        <div className="rating-input__options">
          {RATINGS.map((value) => (
            <label key={value} className="rating-input__option">
              <input
                type="radio"
                name="rating"
                value={value}
                required
                defaultChecked={rating === String(value)}
                className="visually-hidden"
              />
              <StarIcon />
              <span className="visually-hidden">
                {value} {value === 1 ? "star" : "stars"}
              </span>
            </label>
          ))}
        </div>
        <FieldError id="review-rating-error" message={errors.rating} />
      </fieldset>
      <div className={`field${errors.title ? " field--invalid" : ""}`}>
        <label htmlFor="review-title">
          Title <span className="review-form__optional">(optional)</span>
        </label>
        <input
          id="review-title"
          name="title"
          maxLength={REVIEW_TITLE_MAX}
          defaultValue={values ? values.title : (review?.title ?? "")}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? "review-title-error" : undefined}
        />
        <FieldError id="review-title-error" message={errors.title} />
      </div>
      <div className={`field${errors.body ? " field--invalid" : ""}`}>
        <label htmlFor="review-body">Your review</label>
        <textarea
          id="review-body"
          name="body"
          rows={5}
          required
          minLength={REVIEW_BODY_MIN}
          maxLength={REVIEW_BODY_MAX}
          defaultValue={values ? values.body : (review?.body ?? "")}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={`review-body-hint${errors.body ? " review-body-error" : ""}`}
        />
        <p className="review-form__hint" id="review-body-hint">
          {REVIEW_BODY_MIN} to {REVIEW_BODY_MAX} characters of plain text.
          {editing && " A changed review waits for the shop's approval again."}
        </p>
        <FieldError id="review-body-error" message={errors.body} />
      </div>
      <button type="submit" className="button" disabled={sending}>
        {sending ? "Sending..." : editing ? "Update review" : "Submit review"}
      </button>
    </fetcher.Form>
  );
}

/** A field's message under it, named by the field's `aria-describedby`. */
function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="review-form__error" id={id}>
      {message}
    </p>
  );
}
