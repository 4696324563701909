import { Hono } from "hono";
import type { Logger } from "pino";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "../../platform/config.ts";
import { operations } from "../../shared/contracts/operations.ts";
import type { Authenticator } from "../account/auth.ts";
import { route } from "../contract/route.ts";
import type { ApiDeps } from "../deps.ts";
import { pageMeta } from "../pagination.ts";
import type { Limits } from "../rate-limit.ts";
import { toAdminUser } from "./admin-user.ts";
import { auditRepository } from "./audit.ts";
import { customersRoutes } from "./customers.routes.ts";
import { dashboardRepository } from "./dashboard.repository.ts";
import { dashboardService } from "./dashboard.service.ts";
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
export function adminRoutes(deps: AdminDeps): Hono {
  const routes = new Hono();

  route(routes, operations.adminSession, async (_c, { actor }) => ({
    user: toAdminUser(actor.user),
    idle_minutes: deps.auth.idleMinutes,
  }));

  const dashboard = dashboardService(dashboardRepository(deps.db), {
    lowStockThreshold: deps.config.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD,
  });
  route(routes, operations.adminDashboard, () => dashboard.get());

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

  return routes;
}
