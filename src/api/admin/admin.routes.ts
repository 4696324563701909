import { Hono } from "hono";
import type { Logger } from "pino";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "../../platform/config.ts";
import { operations } from "../../shared/contracts/operations.ts";
import type { Authenticator } from "../account/auth.ts";
import type { ApiEnv } from "../api-env.ts";
import { productImagesRepository } from "../catalog/product-images.repository.ts";
import { productImagesService } from "../catalog/product-images.service.ts";
import { route } from "../contract/route.ts";
import type { ApiDeps } from "../deps.ts";
import { ordersRepository } from "../orders/orders.repository.ts";
import { pageMeta } from "../pagination.ts";
import type { Limits } from "../rate-limit.ts";
import { reviewsRepository } from "../reviews/reviews.repository.ts";
import { reviewsService } from "../reviews/reviews.service.ts";
import { toAdminUser } from "./admin-user.ts";
import { auditRepository } from "./audit.repository.ts";
import { catalogueRepository } from "./catalogue/catalogue.repository.ts";
import { catalogueRoutes } from "./catalogue/catalogue.routes.ts";
import { catalogueService } from "./catalogue/catalogue.service.ts";
import { catalogueCsvRoutes } from "./catalogue-csv/catalogue-csv.routes.ts";
import { customersRoutes } from "./customers.routes.ts";
import { dashboardRepository } from "./dashboard.repository.ts";
import { dashboardService } from "./dashboard.service.ts";
import { newsletterAdminRoutes } from "./newsletter/newsletter-export.ts";
import { adminOrdersRepository } from "./orders/admin-orders.repository.ts";
import { adminOrdersRoutes } from "./orders/admin-orders.routes.ts";
import { adminOrdersService } from "./orders/admin-orders.service.ts";
import { adminProductsRepository } from "./products/admin-products.repository.ts";
import { adminProductRoutes } from "./products/admin-products.routes.ts";
import { adminProductsService } from "./products/admin-products.service.ts";
import { adminReviewsRoutes } from "./reviews/admin-reviews.routes.ts";
import { staffRoutes } from "./staff.routes.ts";

const AUDIT_PER_PAGE = 50;

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
export function adminRoutes(deps: AdminDeps): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  route(routes, operations.adminSession, async (_c, { actor }) => ({
    user: toAdminUser(actor.user),
    idle_minutes: deps.auth.idleMinutes,
  }));
  routes.route(
    "/",
    adminReviewsRoutes(
      reviewsService(deps.db, reviewsRepository(deps.db, deps.engine), deps.onCatalogueChanged),
    ),
  );
  routes.route(
    "/",
    adminOrdersRoutes(
      adminOrdersService({
        db: deps.db,
        repository: adminOrdersRepository(deps.db, deps.engine),
        orders: ordersRepository(deps.db),
        publicUrl: deps.config.publicUrl,
        onMailQueued: deps.onMailQueued,
        onCatalogueChanged: deps.onCatalogueChanged,
      }),
    ),
  );

  routes.route("/", newsletterAdminRoutes({ db: deps.db, publicUrl: deps.config.publicUrl }));

  const dashboard = dashboardService(dashboardRepository(deps.db), {
    lowStockThreshold: deps.config.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
  });
  route(routes, operations.adminDashboard, () => dashboard.get());

  routes.route(
    "/",
    catalogueRoutes(
      catalogueService({
        repository: catalogueRepository(deps.db),
        imagesDir: deps.config.imagesDir,
        logger: deps.logger,
        onCatalogueChanged: deps.onCatalogueChanged,
      }),
    ),
  );
  routes.route("/", customersRoutes(deps.db));
  routes.route("/", staffRoutes(deps.db, deps.engine));

  const audit = auditRepository(deps.db);
  route(routes, operations.adminAudit, async (_c, { query }) => {
    const { entries, total } = await audit.page(
      { entityType: query.entity_type, entityId: query.entity_id, actor: query.actor },
      AUDIT_PER_PAGE,
      (query.page - 1) * AUDIT_PER_PAGE,
    );
    return { data: entries, meta: pageMeta(query.page, AUDIT_PER_PAGE, entries.length, total) };
  });

  const productImages = productImagesService(productImagesRepository(deps.db), deps.onCatalogueChanged);
  routes.route(
    "/",
    adminProductRoutes(
      adminProductsService({
        repository: adminProductsRepository(deps.db),
        images: productImages,
        imagesDir: deps.config.imagesDir,
        lowStockThreshold: deps.config.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
        logger: deps.logger,
        onCatalogueChanged: deps.onCatalogueChanged,
      }),
    ),
  );

  routes.route("/", catalogueCsvRoutes(deps));

  return routes;
}
