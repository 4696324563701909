import { Hono } from "hono";
import { COUPON_ADMIN_MESSAGES } from "../../../shared/contracts/coupons.ts";
import { MAX_ID } from "../../../shared/contracts/fields.ts";
import { operations } from "../../../shared/contracts/operations.ts";
import type { ApiEnv } from "../../api-env.ts";
import { route } from "../../contract/route.ts";
import { NotFound } from "../../errors.ts";
import type { SettingsService } from "../../settings/shop-settings.ts";
import type { AdminCouponsService } from "./coupons.service.ts";

/** A code's id from the address; anything else is a code that does not exist. */
function couponId(text: string): number {
  const id = Number(text);
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw new NotFound(COUPON_ADMIN_MESSAGES.notFound);
  return id;
}

/** Discount codes (`/api/admin/coupons...`) and the delivery charges (`/api/admin/settings/delivery`). */
export function adminCouponsRoutes(coupons: AdminCouponsService, settings: SettingsService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();
  const staff = (actor: { user: { id: number; email: string } }) => ({
    id: actor.user.id,
    email: actor.user.email,
  });

  route(routes, operations.adminListCoupons, (_c, { query }) => coupons.list(query.page));
  route(routes, operations.adminCreateCoupon, (_c, { actor, body }) => coupons.create(staff(actor), body));
  route(routes, operations.adminGetCoupon, (_c, { params }) => coupons.get(couponId(params.id)));
  route(routes, operations.adminUpdateCoupon, (_c, { actor, params, body }) =>
    coupons.update(staff(actor), couponId(params.id), body),
  );

  route(routes, operations.adminDeliverySettings, () => settings.delivery());
  route(routes, operations.adminUpdateDeliverySettings, (_c, { actor, body }) =>
    settings.setDelivery(staff(actor), body),
  );
  return routes;
}
