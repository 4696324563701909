import { Hono } from "hono";
import { operations } from "../../../shared/contracts/operations.ts";
import type { ApiEnv } from "../../api-env.ts";
import { route } from "../../contract/route.ts";
import type { AdminOrdersService } from "./admin-orders.service.ts";

/** Numbers are upper case; one typed into the address bar in lower case means the same order. */
const orderNumber = (text: string) => text.trim().toUpperCase();

/** The back office's orders (`/api/admin/orders...`); route() admits staff and owners only. */
export function adminOrdersRoutes(orders: AdminOrdersService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();
  route(routes, operations.adminListOrders, (_c, { query }) => orders.list(query));
  route(routes, operations.adminGetOrder, (_c, { params }) => orders.get(orderNumber(params.number)));
  route(routes, operations.adminUpdateOrder, (_c, { actor, params, body }) =>
    orders.updateStatus({ id: actor.user.id, email: actor.user.email }, orderNumber(params.number), body),
  );
  return routes;
}
