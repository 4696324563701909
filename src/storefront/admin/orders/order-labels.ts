import type { OrderStatus, SettableOrderStatus } from "../../../shared/order-status.ts";

/** The back office's words for the order workflow (src/shared/order-status.ts holds its rules). */

export const STATUS_NAMES: Record<OrderStatus, string> = {
  awaiting_payment: "Awaiting payment",
  awaiting_confirmation: "Awaiting confirmation",
  pending: "Pending",
  processing: "Processing",
  shipped: "Shipped",
  delivered: "Delivered",
  returning: "Returning",
  returned: "Returned",
  cancelled: "Cancelled",
};

/** The button that moves an order on to each status. */
export const STATUS_ACTIONS: Record<SettableOrderStatus, string> = {
  processing: "Mark as processing",
  shipped: "Mark as shipped",
  delivered: "Mark as delivered",
  returning: "Mark as refused (coming back)",
  returned: "Received back",
  cancelled: "Cancel order",
};

/** What the page says once the change is made (the customer has been emailed each time). */
export const STATUS_DONE: Record<SettableOrderStatus, string> = {
  processing: "The order is now being processed.",
  shipped: "The order is marked as shipped.",
  delivered: "The order is marked as delivered.",
  returning: "The order is marked as refused and on its way back.",
  returned: "The parcel is received back and its items are back in stock.",
  cancelled: "The order is cancelled and its items are back in stock.",
};

export const orderPath = (number: string) => `/admin/orders/${encodeURIComponent(number)}`;
