import {
  adminOrderListSchema,
  adminOrderQuerySchema,
  adminOrderSchema,
  updateOrderStatusSchema,
} from "./admin-orders.ts";
import type { Operation } from "./contract.ts";

/** The back office's orders. Spread into `operations` (operations.ts). */
export const adminOrderOperations = {
  adminListOrders: {
    method: "GET",
    path: "/admin/orders",
    summary:
      "The shop's orders, newest first: by status, by day placed (from/to) and by search (number, email or phone)",
    tag: "Admin",
    auth: "staff",
    query: adminOrderQuerySchema,
    status: 200,
    response: adminOrderListSchema,
    errors: [401, 403, 422],
  },
  adminGetOrder: {
    method: "GET",
    path: "/admin/orders/:number",
    summary: "One order by its number: lines, totals, address, the customer's account and the status history",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: adminOrderSchema,
    errors: [401, 403, 404],
  },
  adminUpdateOrder: {
    method: "PATCH",
    path: "/admin/orders/:number",
    summary:
      "Move an order on: pending → processing → shipped → delivered, or cancelled while pending or processing " +
      "(its stock goes back). The customer is emailed; the change is kept in the order's history and the audit " +
      "log. Any other change answers 422 saying why.",
    tag: "Admin",
    auth: "staff",
    body: updateOrderStatusSchema,
    status: 200,
    response: adminOrderSchema,
    errors: [400, 401, 403, 404, 422],
  },
} as const satisfies Record<string, Operation>;
