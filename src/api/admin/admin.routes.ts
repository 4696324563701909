import { Hono } from "hono";
import type { Logger } from "pino";
import { operations } from "../../shared/contracts/operations.ts";
import type { Authenticator } from "../account/auth.ts";
import { productImagesRepository } from "../catalog/product-images.repository.ts";
import { productImagesService } from "../catalog/product-images.service.ts";
import { route } from "../contract/route.ts";
import type { ApiDeps } from "../deps.ts";
import type { Limits } from "../rate-limit.ts";
import { adminReviewsRoutes } from "../reviews/admin-reviews.routes.ts";
import { reviewsRepository } from "../reviews/reviews.repository.ts";
import { reviewsService } from "../reviews/reviews.service.ts";
import { toAdminUser } from "./admin-user.ts";
import { adminProductsRepository } from "./products/admin-products.repository.ts";
import { adminProductRoutes } from "./products/admin-products.routes.ts";
import { adminProductsService } from "./products/admin-products.service.ts";

/** The low-stock line when the configuration does not draw one (LOW_STOCK_THRESHOLD's default). */
const DEFAULT_LOW_STOCK_THRESHOLD = 5;

/** What the back office's routes get: the API's dependencies plus the sign-in check and the rate limits. */
export interface AdminDeps extends ApiDeps {
  auth: Authenticator;
  limits: Limits;
  logger: Logger;
}

/**
 * The back office's JSON under /api/admin. Every operation's role is checked by `route()` from the contract
 * (`auth: "staff" | "owner"`); a feature's routes are one `routes.route("/", …)` line here.
 */
export function adminRoutes(deps: AdminDeps): Hono {
  const routes = new Hono();

  route(routes, operations.adminSession, async (_c, { actor }) => ({
    user: toAdminUser(actor.user),
    idle_minutes: deps.auth.idleMinutes,
  }));
  routes.route("/", adminReviewsRoutes(reviewsService(deps.db, reviewsRepository(deps.db, deps.engine))));

  const productImages = productImagesService(productImagesRepository(deps.db));
  routes.route(
    "/",
    adminProductRoutes(
      adminProductsService({
        repository: adminProductsRepository(deps.db),
        images: productImages,
        imagesDir: deps.config.imagesDir,
        lowStockThreshold: deps.config.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
        logger: deps.logger,
      }),
    ),
  );

  return routes;
}
