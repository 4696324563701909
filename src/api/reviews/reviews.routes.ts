import { Hono } from "hono";
import { operations } from "../../shared/contracts/operations.ts";
import type { Authenticator } from "../account/auth.ts";
import type { ApiEnv } from "../api-env.ts";
import { route } from "../contract/route.ts";
import type { Limits } from "../rate-limit.ts";
import type { ReviewsService } from "./reviews.service.ts";

export function reviewsRoutes(reviews: ReviewsService, auth: Authenticator, limits: Limits): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  route(routes, operations.listProductReviews, (_c, { params, query }) =>
    reviews.list(params.slug, query.page),
  );

  route(routes, operations.myProductReview, async (c, { params }) => {
    const identity = await auth.requireIdentity(c);
    return reviews.standing(params.slug, identity.user.id);
  });

  route(routes, operations.createProductReview, async (c, { params, body }) => {
    const identity = await auth.requireIdentity(c);
    await limits.consume("review-writes-per-user", String(identity.user.id));
    return reviews.create(params.slug, identity.user.id, body);
  });

  route(routes, operations.updateProductReview, async (c, { params, body }) => {
    const identity = await auth.requireIdentity(c);
    await limits.consume("review-writes-per-user", String(identity.user.id));
    return reviews.update(params.slug, identity.user.id, body);
  });

  return routes;
}
