import { Hono } from "hono";
import { operations } from "../../shared/contracts/operations.ts";
import type { ApiEnv } from "../api-env.ts";
import { route } from "../contract/route.ts";
import { adminShipmentsRoutes } from "../couriers/shipments.routes.ts";
import { pageMeta } from "../pagination.ts";
import type { Services } from "../services.ts";
import { toAdminUser } from "./admin-user.ts";
import { auditActor } from "./audit.ts";
import { adminCampaignsRoutes } from "./campaigns/campaigns.routes.ts";
import { catalogueRoutes } from "./catalogue/catalogue.routes.ts";
import { catalogueCsvRoutes } from "./catalogue-csv/catalogue-csv.routes.ts";
import { codCollectionsRoutes } from "./cod-collections/cod-collections.routes.ts";
import { adminCouponsRoutes } from "./coupons/coupons.routes.ts";
import { customersRoutes } from "./customers.routes.ts";
import { inboxRoutes } from "./inbox/inbox.routes.ts";
import { jobsRoutes } from "./jobs/jobs.routes.ts";
import { newsletterAdminRoutes } from "./newsletter/newsletter-export.ts";
import { newsletterIssuesRoutes } from "./newsletter/newsletter-issues.routes.ts";
import { adminOrdersRoutes } from "./orders/admin-orders.routes.ts";
import { adminProductRoutes } from "./products/admin-products.routes.ts";
import { adminReviewsRoutes } from "./reviews/admin-reviews.routes.ts";
import { staffRoutes } from "./staff.routes.ts";
import { twoFactorRoutes } from "./two-factor/two-factor.routes.ts";

const AUDIT_PER_PAGE = 50;

/**
 * The back office's JSON under /api/admin. Every operation's role is checked by `route()` from the contract
 * (`auth: "staff" | "owner"`); a feature's routes are one `routes.route("/", …)` line here. The services come from
 * the API's one composition root (`createServices`, services.ts).
 */
export function adminRoutes(services: Services): Hono<ApiEnv> {
  const { admin } = services;
  const routes = new Hono<ApiEnv>();

  route(routes, operations.adminSession, async (_c, { actor }) => ({
    user: toAdminUser(actor.user),
    idle_minutes: services.auth.idleMinutes,
  }));
  routes.route("/", adminReviewsRoutes(services.reviews));
  routes.route(
    "/",
    adminOrdersRoutes({
      orders: admin.orders,
      confirmations: admin.confirmations,
      blocklist: admin.blocklist,
      settings: admin.settings,
      staffOrders: admin.staffOrders,
    }),
  );
  routes.route("/", adminShipmentsRoutes(services.shipments));
  routes.route("/", codCollectionsRoutes(admin.codCollections));
  routes.route("/", adminCouponsRoutes(admin.coupons, admin.settings));
  routes.route("/", adminCampaignsRoutes(admin.campaigns));

  routes.route("/", newsletterAdminRoutes(admin.newsletter));
  routes.route("/", newsletterIssuesRoutes(admin.newsletterIssues));
  routes.route("/", inboxRoutes(admin.inbox));

  route(routes, operations.adminDashboard, () => admin.dashboard.get());

  routes.route("/", catalogueRoutes(admin.catalogue));
  route(routes, operations.adminSearchSynonyms, () => admin.synonyms.list());
  route(routes, operations.adminUpdateSearchSynonyms, (_c, { actor, body }) =>
    admin.synonyms.replace(auditActor(actor), body),
  );
  routes.route("/", customersRoutes(admin.customers));
  routes.route("/", staffRoutes(admin.staff, admin.invitations));
  routes.route("/", twoFactorRoutes(admin.twoFactor));

  route(routes, operations.adminAudit, async (_c, { query }) => {
    const { entries, total } = await admin.audit.page(
      { entityType: query.entity_type, entityId: query.entity_id, actor: query.actor },
      AUDIT_PER_PAGE,
      (query.page - 1) * AUDIT_PER_PAGE,
    );
    return { data: entries, meta: pageMeta(query.page, AUDIT_PER_PAGE, entries.length, total) };
  });

  routes.route("/", adminProductRoutes(admin.products));

  routes.route("/", catalogueCsvRoutes(admin.catalogueCsv));
  routes.route("/", jobsRoutes(admin.jobs));

  return routes;
}
