import { z } from "zod";
import { pageMetaSchema } from "./catalogue.ts";
import { orderSchema } from "./checkout.ts";
import type { Operation } from "./contract.ts";
import { pageField } from "./fields.ts";
import { confirmedOrderSchema, confirmOrderSchema } from "./order-confirmation.ts";
import { guestOrderRequestSchema, orderLookupSchema } from "./orders.ts";
import { trackingSchema, trackQuerySchema } from "./tracking.ts";

export const orderPageSchema = z.object({ data: z.array(orderSchema), meta: pageMetaSchema });

export const orderHistoryQuerySchema = z.object({ page: pageField() });

/**
 * Reading orders: a signed-in user's, a guest's (with its access token) and the order lookup. Spread into
 * `operations` (operations.ts).
 */
export const orderOperations = {
  orderHistory: {
    method: "GET",
    path: "/orders",
    summary: "The signed-in user's orders, newest first",
    tag: "Orders",
    auth: "required",
    query: orderHistoryQuerySchema,
    status: 200,
    response: orderPageSchema,
    errors: [401, 422],
  },
  getOrder: {
    method: "GET",
    path: "/orders/:number",
    summary: "One of the signed-in user's orders, by its number",
    tag: "Orders",
    auth: "required",
    status: 200,
    response: orderSchema,
    errors: [401, 404],
  },
  getGuestOrder: {
    method: "POST",
    path: "/guest-order",
    summary:
      "An order read with the access token its checkout answered (a POST, so the token stays out of URLs and logs)",
    tag: "Orders",
    auth: "none",
    body: guestOrderRequestSchema,
    status: 200,
    response: orderSchema,
    errors: [400, 404, 422],
  },
  lookupOrder: {
    method: "POST",
    path: "/order-lookup",
    summary: "An order found by its number and the email it was placed with (rate-limited)",
    tag: "Orders",
    auth: "none",
    body: orderLookupSchema,
    status: 200,
    response: orderSchema.extend({
      access_token: z
        .string()
        .optional()
        .describe(
          "Lets whoever found the order act on it without an account (its payment, a return request): send it as `token`.",
        ),
    }),
    errors: [400, 404, 422, 429],
  },
  trackOrder: {
    method: "GET",
    path: "/track",
    summary:
      "Where an order stands, by its number and the phone (any way of writing it) or email it was placed with: its " +
      "status, the courier's consignment and tracking link, and a timeline (rate-limited like the order lookup)",
    tag: "Orders",
    auth: "none",
    query: trackQuerySchema,
    status: 200,
    response: trackingSchema,
    errors: [404, 422, 429],
  },
  getOrderTracking: {
    method: "GET",
    path: "/orders/:number/tracking",
    summary:
      "One of the signed-in user's orders on its way: status, the courier's consignment and a timeline",
    tag: "Orders",
    auth: "required",
    status: 200,
    response: trackingSchema,
    errors: [401, 404],
  },
  confirmOrder: {
    method: "POST",
    path: "/orders/:number/confirm",
    summary:
      "Confirm a cash-on-delivery order with the signed link's token or the 6-digit code from its message " +
      "(single use: 409 once confirmed; 410 past its deadline; a wrong code is counted, 429 after five or too many tries from one address)",
    tag: "Orders",
    auth: "none",
    body: confirmOrderSchema,
    status: 200,
    response: confirmedOrderSchema,
    errors: [400, 404, 409, 410, 422, 429],
  },
} as const satisfies Record<string, Operation>;
