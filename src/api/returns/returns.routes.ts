import { Hono } from "hono";
import { operations } from "../../shared/contracts/operations.ts";
import { RETURN_MESSAGES } from "../../shared/returns.ts";
import type { Authenticator } from "../account/auth.ts";
import { requireRole } from "../admin/admin-auth.ts";
import { auditActor } from "../admin/audit.ts";
import type { ApiEnv } from "../api-env.ts";
import { pathId, route } from "../contract/route.ts";
import { orderAccessOf as access } from "../orders/order-access.ts";
import type { ReturnsService } from "./returns.service.ts";

/** The shopper's side of returns: an order's returns, and asking for one (docs/decisions/0054-returns.md). */
export function returnRoutes(returns: ReturnsService, auth: Authenticator): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();
  route(routes, operations.listOrderReturns, async (c, { params, query }) =>
    returns.overview(params.number, await access(c, auth, query.token)),
  );
  route(routes, operations.requestReturn, async (c, { params, body }) =>
    returns.request(params.number, await access(c, auth, body.token), body),
  );
  return routes;
}

/** The back office's returns (`/api/admin/returns...`). */
export function adminReturnRoutes(returns: ReturnsService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();
  route(routes, operations.adminListReturns, (_c, { query }) => returns.adminList(query.status, query.page));
  // Before "/admin/returns/:id", which would take "report" for an id.
  route(routes, operations.adminReturnReport, (_c, { query }) => returns.report(query.months));
  route(routes, operations.adminGetReturn, (_c, { params }) =>
    returns.adminGet(pathId(params.id, RETURN_MESSAGES.returnNotFound)),
  );
  route(routes, operations.adminUpdateReturn, (_c, { actor, params, body }) =>
    returns.act(auditActor(actor), pathId(params.id, RETURN_MESSAGES.returnNotFound), body),
  );
  // A photo a shopper sent: re-encoded as WebP when it was stored, shown to staff only.
  routes.get(operations.adminReturnPhoto.path, async (c) => {
    await requireRole(c, "staff");
    const bytes = await returns.photo(
      pathId(c.req.param("id"), RETURN_MESSAGES.returnNotFound),
      pathId(c.req.param("photo"), "Photo not found."),
    );
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": "image/webp",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
  });
  return routes;
}
