import { Hono } from "hono";
import { operations } from "../../shared/contracts/operations.ts";
import type { ApiEnv } from "../api-env.ts";
import { route } from "../contract/route.ts";
import { BadRequest } from "../errors.ts";
import type { ShipmentsService } from "./shipments.service.ts";
import { SIGNATURE_HEADER } from "./webhook.ts";

/** A status push is one small JSON object; anything larger is not one. */
const PUSH_MAX_BYTES = 64 * 1024;

/** The back office's couriers and shipments (`/api/admin/...`; route() admits staff and owners only). */
export function adminShipmentsRoutes(shipments: ShipmentsService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();
  route(routes, operations.adminCouriers, async () => shipments.couriers());
  route(routes, operations.adminBookShipments, (_c, { actor, body }) =>
    shipments.book({ id: actor.user.id, email: actor.user.email }, body),
  );
  route(routes, operations.adminShipmentLabels, async (c, { query }) => {
    c.header("Content-Disposition", 'inline; filename="airway-bills.pdf"');
    return shipments.labels(query.orders);
  });
  return routes;
}

/** The couriers' status pushes (`/api/couriers/{courier}/webhook`): signed, so read as the raw body. */
export function courierWebhookRoutes(shipments: ShipmentsService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();
  route(routes, operations.courierWebhook, async (c, { params }) => {
    const raw = await c.req.text();
    if (Buffer.byteLength(raw) > PUSH_MAX_BYTES) throw new BadRequest("The push is too large.");
    return shipments.receivePush(params.courier, raw, c.req.header(SIGNATURE_HEADER));
  });
  return routes;
}
