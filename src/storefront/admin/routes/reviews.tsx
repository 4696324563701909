import { data, Form, Link, useNavigation } from "react-router";
import type { AdminReview } from "../../../shared/contracts/reviews.ts";
import { REVIEW_STATUSES, type ReviewStatus } from "../../../shared/review-limits.ts";
import { apiContext } from "../../lib/api.server.ts";
import { formatDateTime, statusLabel } from "../../ui/format.ts";
import { failureStatus, formText } from "../../ui/forms/api-errors.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { PageSteps, pageSteps } from "../../ui/pagination.tsx";
import { StarRating } from "../../ui/star-rating.tsx";
import { adminMeta } from "../admin-meta.ts";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = () => adminMeta("Reviews");

/** What the moderation form says afterwards. */
interface ModerationResult {
  ok: boolean;
  message: string;
}

const FALLBACK = "The review could not be changed. Please try again.";

const BADGE: Record<ReviewStatus, string> = {
  pending: "admin-badge--warning",
  approved: "admin-badge--success",
  hidden: "admin-badge--danger",
};

function wantedStatus(value: string | null): ReviewStatus {
  return REVIEW_STATUSES.find((status) => status === value) ?? "pending";
}

function wantedPage(value: string | null): number {
  return value && /^[1-9]\d{0,5}$/.test(value) ? Number(value) : 1;
}

/** The queue: one status's reviews (pending unless ?status= says otherwise), oldest first. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const status = wantedStatus(url.searchParams.get("status"));
  const page = wantedPage(url.searchParams.get("page"));
  const response = await context.get(apiContext).call("listAdminReviews", { query: { status, page } });
  if (!response.ok) {
    throw data(
      { message: "The reviews could not be loaded." },
      { status: response.status === 404 ? 404 : 502 },
    );
  }
  return { status, queue: response.data };
}

/** Approves or hides one review (a form per button, so it works without JavaScript). */
export async function action({ context, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const decision = formText(form, "status");
  const response = await context.get(apiContext).call("moderateReview", {
    params: { id: formText(form, "id") },
    body: { status: decision as "approved" | "hidden" },
  });
  if (response.ok) {
    const { author, product } = response.data;
    const done = response.data.status === "approved" ? "Approved" : "Hid";
    const result: ModerationResult = {
      ok: true,
      message: `${done} the review by ${author.name} of ${product.title}.`,
    };
    return result;
  }
  const result: ModerationResult = { ok: false, message: response.data.message || FALLBACK };
  return data(result, { status: failureStatus(response.status) });
}

/** No answer from the shop: the queue stays as it is and says so. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(
    request,
    serverAction,
    (failure): ModerationResult => ({
      ok: false,
      message: submissionMessage(failure, FALLBACK),
    }),
  );
}

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { status, queue } = loaderData;
  const { meta } = queue;
  const pageHref = (page: number) => `?status=${status}${page > 1 ? `&page=${page}` : ""}`;

  return (
    <section className="admin-page" aria-labelledby="admin-reviews-title">
      <div className="admin-page__head">
        <h1 className="admin-page__title" id="admin-reviews-title">
          Reviews
        </h1>
      </div>
      <p className="admin-page__lead">
        Reviews from shoppers who received the product. A review shows on the product page, and counts in its
        average, once it is approved; a changed review comes back here.
      </p>
      {actionData && <FormAlert kind={actionData.ok ? "success" : "error"}>{actionData.message}</FormAlert>}
      <nav className="admin-tabs" aria-label="Reviews by status">
        {REVIEW_STATUSES.map((each) => (
          <Link
            key={each}
            to={`?status=${each}`}
            className="admin-tabs__link"
            aria-current={each === status ? "page" : undefined}
          >
            {statusLabel(each)} ({queue.counts[each]})
          </Link>
        ))}
      </nav>
      {queue.data.length === 0 ? (
        <p className="admin-empty">
          {meta.total === 0 ? `No ${status} reviews.` : "There are no reviews on this page."}
        </p>
      ) : (
        <ol className="admin-reviews">
          {queue.data.map((review) => (
            <ReviewCard key={review.id} review={review} />
          ))}
        </ol>
      )}
      {meta.last_page > 1 && (
        <PageSteps
          label="Review pages"
          summary={`Page ${meta.current_page} of ${meta.last_page}`}
          steps={pageSteps(meta.current_page, meta.last_page)}
          hrefFor={pageHref}
        />
      )}
    </section>
  );
}

function ReviewCard({ review }: { review: AdminReview }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("id") === String(review.id);
  const about = `the review by ${review.author.name} of ${review.product.title}`;
  const decisions = (["approved", "hidden"] as const).filter((decision) => decision !== review.status);

  return (
    <li className="admin-card admin-review">
      <article aria-labelledby={`admin-review-${review.id}`}>
        <div className="admin-review__head">
          <h2 className="admin-review__product" id={`admin-review-${review.id}`}>
            <Link to={`/product/${review.product.slug}`}>{review.product.title}</Link>
          </h2>
          <span className={`admin-badge ${BADGE[review.status]}`}>{statusLabel(review.status)}</span>
        </div>
        <StarRating rating={review.rating} size={16} />
        {review.title && <p className="admin-review__title">{review.title}</p>}
        <p className="admin-review__body">{review.body}</p>
        <p className="admin-review__meta">
          By {review.author.name} ({review.author.email}) · written {formatDateTime(review.created_at)}
          {review.edited && `, changed ${formatDateTime(review.updated_at)}`}
        </p>
        <div className="admin-review__actions">
          {decisions.map((decision) => (
            <Form method="post" key={decision}>
              <input type="hidden" name="id" value={review.id} />
              <input type="hidden" name="status" value={decision} />
              <button
                type="submit"
                className={`button button--small${decision === "hidden" ? " button--outline" : ""}`}
                disabled={busy}
              >
                {decision === "approved" ? "Approve" : "Hide"}{" "}
                <span className="visually-hidden">{about}</span>
              </button>
            </Form>
          ))}
        </div>
      </article>
    </li>
  );
}
