import { Hono } from "hono";
import { COUPON_ADMIN_MESSAGES } from "../../../shared/contracts/coupons.ts";
import { operations } from "../../../shared/contracts/operations.ts";
import type { ApiEnv } from "../../api-env.ts";
import { pathId, route } from "../../contract/route.ts";
import type { SettingsService } from "../../settings/shop-settings.ts";
import { auditActor } from "../audit.ts";
import type { AdminCouponsService } from "./coupons.service.ts";

/** Discount codes (`/api/admin/coupons...`) and the delivery charges (`/api/admin/settings/delivery`). */
export function adminCouponsRoutes(coupons: AdminCouponsService, settings: SettingsService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  route(routes, operations.adminListCoupons, (_c, { query }) => coupons.list(query.page));
  route(routes, operations.adminCreateCoupon, (_c, { actor, body }) =>
    coupons.create(auditActor(actor), body),
  );
  route(routes, operations.adminGetCoupon, (_c, { params }) =>
    coupons.get(pathId(params.id, COUPON_ADMIN_MESSAGES.notFound)),
  );
  route(routes, operations.adminUpdateCoupon, (_c, { actor, params, body }) =>
    coupons.update(auditActor(actor), pathId(params.id, COUPON_ADMIN_MESSAGES.notFound), body),
  );

  route(routes, operations.adminDeliverySettings, () => settings.delivery());
  route(routes, operations.adminUpdateDeliverySettings, (_c, { actor, body }) =>
    settings.setDelivery(auditActor(actor), body),
  );
  return routes;
}
