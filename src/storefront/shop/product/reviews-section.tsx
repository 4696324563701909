import { Link } from "react-router";
import type { ReviewList, ReviewStanding } from "../../../shared/contracts/reviews.ts";
import { loginHref } from "../../lib/safe-redirect.ts";
import { formatDate } from "../../ui/format.ts";
import { Pagination } from "../../ui/pagination.tsx";
import { ratingLabel, reviewCount, StarRating } from "../../ui/star-rating.tsx";
import { ReviewForm, type ReviewFormResult } from "./review-form.tsx";

/** The query parameter of the page of reviews on the product page. */
export const REVIEWS_PAGE_PARAM = "reviews_page";

/**
 * The reviews tab: the approved reviews' average ("4.5 out of 5, 12 reviews"), the reviews newest first with
 * pages that are links (so they work without JavaScript), and what the shopper may do: log in, read why they
 * cannot review yet, or write and edit their review.
 */
export function ReviewsSection({
  list,
  standing,
  signedIn,
  pageHref,
  loginReturn,
  formAction,
  noScriptResult,
}: {
  list: ReviewList | null;
  standing: ReviewStanding | null;
  signedIn: boolean;
  /** The product page showing reviews page `page`. */
  pageHref: (page: number) => string;
  /** Where login brings the shopper back to: these reviews. */
  loginReturn: string;
  formAction: string;
  noScriptResult: ReviewFormResult | undefined;
}) {
  return (
    <div className="reviews-section">
      <h2 className="visually-hidden">Customer reviews</h2>
      {list === null ? (
        <p className="reviews-section__empty">The reviews could not be loaded. Please try again later.</p>
      ) : (
        <>
          <ReviewSummary average={list.summary.average} count={list.summary.count} />
          {list.data.length > 0 ? (
            <ol className="reviews">
              {list.data.map((review) => (
                <li key={review.id} className="review">
                  <article aria-labelledby={`review-${review.id}-author`}>
                    <StarRating rating={review.rating} size={16} />
                    {review.title && <h3 className="review__title">{review.title}</h3>}
                    <p className="review__meta">
                      <span className="review__author" id={`review-${review.id}-author`}>
                        {review.author}
                      </span>
                      <span className="review__verified">Verified buyer</span>
                      <time dateTime={review.created_at}>{formatDate(review.created_at)}</time>
                      {review.edited && <span>(edited)</span>}
                    </p>
                    <p className="review__body">{review.body}</p>
                  </article>
                </li>
              ))}
            </ol>
          ) : list.summary.count > 0 ? (
            <p className="reviews-section__empty">
              There are no reviews on this page. <Link to={pageHref(1)}>See the newest reviews</Link>.
            </p>
          ) : (
            <p className="reviews-section__empty">
              No reviews yet. Reviews come from shoppers who bought and received this product.
            </p>
          )}
          <Pagination meta={list.meta} hrefFor={pageHref} label="Review pages" noun="reviews" />
        </>
      )}
      <ReviewGate
        standing={standing}
        signedIn={signedIn}
        loginReturn={loginReturn}
        formAction={formAction}
        noScriptResult={noScriptResult}
      />
    </div>
  );
}

/**
 * What the shopper may do about reviewing: log in, read why they cannot review yet, or write and edit their
 * review. The host renders it alone for a signed-in shopper who may not review (a sentence), to put in a kept
 * product page (src/server/public-pages/shopper-slots.ts).
 */
export function ReviewGate({
  standing,
  signedIn,
  loginReturn,
  formAction,
  noScriptResult,
}: {
  standing: ReviewStanding | null;
  signedIn: boolean;
  loginReturn: string;
  formAction: string;
  noScriptResult: ReviewFormResult | undefined;
}) {
  return (
    <div className="reviews-section__write">
      {!signedIn ? (
        <p className="review-gate">
          <Link to={loginHref(loginReturn)}>Log in</Link> to review this product. Only shoppers who bought and
          received it can write a review.
        </p>
      ) : standing === null ? (
        <p className="review-gate">
          We could not check whether you can review this product. Please reload the page to try again.
        </p>
      ) : standing.eligible || standing.review ? (
        <ReviewForm review={standing.review} action={formAction} noScriptResult={noScriptResult} />
      ) : (
        <p className="review-gate">{standing.message}</p>
      )}
    </div>
  );
}

/** The average as a figure and stars with the count; read as one phrase: "4.5 out of 5, 12 reviews". */
export function ReviewSummary({ average, count }: { average: number; count: number }) {
  if (count === 0) return null;
  return (
    <div className="review-summary" role="img" aria-label={ratingLabel(average, count)}>
      <span className="review-summary__average">{average.toFixed(1)}</span>
      <span className="review-summary__detail">
        <StarRating rating={average} size={20} />
        <span>Based on {reviewCount(count)}</span>
      </span>
    </div>
  );
}
