import { Hono } from "hono";
import type { ReviewRow } from "../../../platform/db/schema.ts";
import { operations } from "../../../shared/contracts/operations.ts";
import type { ApiEnv } from "../../api-env.ts";
import { route } from "../../contract/route.ts";
import type { ReviewsService } from "../../reviews/reviews.service.ts";
import { idParam } from "../../validation.ts";
import { recordAudit } from "../audit.ts";

/** What the audit log keeps of a review: its status and the words that status was given to. */
const audited = ({ status, rating, title, body }: ReviewRow) => ({ status, rating, title, body });

/** The back office's reviews: the moderation queue, and approving or hiding one (owner and staff). */
export function adminReviewsRoutes(reviews: ReviewsService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  route(routes, operations.listAdminReviews, (_c, { query }) => reviews.adminList(query.status, query.page));

  route(routes, operations.moderateReview, (_c, { actor, params, body }) =>
    reviews.moderate(idParam(params.id, "Review not found."), body.status, (trx, before, after) =>
      recordAudit(trx, {
        actor: { id: actor.user.id, email: actor.user.email },
        action: body.status === "approved" ? "review.approve" : "review.hide",
        entityType: "review",
        entityId: after.id,
        before: audited(before),
        after: audited(after),
      }),
    ),
  );

  return routes;
}
