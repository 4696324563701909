import { type Operation, WRITE_ERRORS } from "./contract.ts";
import {
  couponInputSchema,
  couponPageSchema,
  couponPatchSchema,
  couponQuerySchema,
  couponSchema,
  deliverySettingsSchema,
} from "./coupons.ts";

/** The back office's discount codes and the owner's delivery charges (decision 0047). Spread into `operations`. */
export const adminCouponOperations = {
  adminListCoupons: {
    method: "GET",
    path: "/admin/coupons",
    summary:
      "Discount codes, newest first, each with its usage: the orders that used it, their totals and the discount given",
    tag: "Admin",
    auth: "staff",
    query: couponQuerySchema,
    status: 200,
    response: couponPageSchema,
    errors: [401, 403, 422],
  },
  adminCreateCoupon: {
    method: "POST",
    path: "/admin/coupons",
    summary:
      "Create a discount code (stored upper case; 409 when another code differs only by case). Times are the " +
      "shop's local time (Pakistan) or ISO with a zone; money in rupees (audited)",
    tag: "Admin",
    auth: "staff",
    body: couponInputSchema,
    status: 201,
    response: couponSchema,
    errors: [...WRITE_ERRORS, 403, 409],
  },
  adminGetCoupon: {
    method: "GET",
    path: "/admin/coupons/:id",
    summary: "One discount code with its usage",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: couponSchema,
    errors: [401, 403, 404],
  },
  adminUpdateCoupon: {
    method: "PATCH",
    path: "/admin/coupons/:id",
    summary:
      "Change a discount code: any of its fields, or `status` to pause or resume it. The code itself changes only " +
      "while nobody has used it (409 after) (audited)",
    tag: "Admin",
    auth: "staff",
    body: couponPatchSchema,
    status: 200,
    response: couponSchema,
    errors: [...WRITE_ERRORS, 403, 404, 409],
  },
  adminDeliverySettings: {
    method: "GET",
    path: "/admin/settings/delivery",
    summary:
      "The owner's delivery charges: flat, free from a subtotal, per city, and the cash-on-delivery fee",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: deliverySettingsSchema,
    errors: [401, 403],
  },
  adminUpdateDeliverySettings: {
    method: "PUT",
    path: "/admin/settings/delivery",
    summary: "Change the delivery charges (owner only; a city may be listed once; audited)",
    tag: "Admin",
    auth: "owner",
    body: deliverySettingsSchema,
    status: 200,
    response: deliverySettingsSchema,
    errors: [...WRITE_ERRORS, 403],
  },
} as const satisfies Record<string, Operation>;
