import { Hono } from "hono";
import { operations } from "../../shared/contracts/operations.ts";
import type { Authenticator } from "../account/auth.ts";
import type { ApiEnv } from "../api-env.ts";
import { route } from "../contract/route.ts";
import type { OrdersService } from "./orders.service.ts";
import type { TrackingService } from "./tracking.ts";

export function ordersRoutes(
  orders: OrdersService,
  tracking: TrackingService,
  auth: Authenticator,
): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  route(routes, operations.orderHistory, async (c, { query }) => {
    const identity = await auth.requireIdentity(c);
    return orders.history(identity.user.id, query.page);
  });

  route(routes, operations.getOrder, async (c, { params }) => {
    const identity = await auth.requireIdentity(c);
    return orders.forOwner(identity.user.id, params.number);
  });

  route(routes, operations.getOrderTracking, async (c, { params }) => {
    const identity = await auth.requireIdentity(c);
    return tracking.forOwner(identity.user.id, params.number.trim().toUpperCase());
  });

  return routes;
}
