/**
 * What an order can be, and how it may move on (docs/decisions/0029-order-workflow.md, and 0042 for confirmation
 * and refused parcels). Checkout creates "awaiting_confirmation" while the shop asks cash-on-delivery orders to be
 * confirmed (a setting; off, orders start "pending" as before). The shopper's link or code, or staff after a phone
 * call, confirm it: it becomes "pending", and the back office moves it pending → processing → shipped →
 * delivered. A parcel refused at the door goes shipped → returning → returned, and its stock comes back when it
 * is received. An order is cancelled while it awaits confirmation, is pending or is processing. Delivered,
 * returned and cancelled are final.
 *
 * The API refuses any other change with the sentence `transitionRefusal` gives, and the back office offers only
 * the changes `allowedTransitions` lists, so the rule lives here once. Zod-free, so pages may import it without
 * pulling zod into the browser.
 */
export const ORDER_STATUSES = [
  "awaiting_payment",
  "awaiting_confirmation",
  "pending",
  "processing",
  "shipped",
  "delivered",
  "returning",
  "returned",
  "cancelled",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The statuses the back office can set with a change of status. "pending" is reached only by confirming
 * (`confirmOrder`), which records who confirmed and how.
 */
export const SETTABLE_ORDER_STATUSES = [
  "processing",
  "shipped",
  "delivered",
  "returning",
  "returned",
  "cancelled",
] as const;
export type SettableOrderStatus = (typeof SETTABLE_ORDER_STATUSES)[number];

/** The statuses whose order's stock is back on the shelf (taken at checkout, given back once on entering). */
export const STOCK_RETURNING_STATUSES: readonly OrderStatus[] = ["returned", "cancelled"];

/** Statuses in which an order is done with: nothing moves it any more. */
export const FINAL_ORDER_STATUSES: readonly OrderStatus[] = ["delivered", "returned", "cancelled"];

const NEXT: Record<OrderStatus, readonly SettableOrderStatus[]> = {
  awaiting_payment: ["cancelled"],
  awaiting_confirmation: ["cancelled"],
  pending: ["processing", "cancelled"],
  processing: ["shipped", "cancelled"],
  shipped: ["delivered", "returning", "returned"],
  delivered: [],
  returning: ["returned"],
  returned: [],
  cancelled: [],
};

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The statuses an order with status `from` may move to, in the workflow's order (cancelling last). */
export function allowedTransitions(from: string): readonly SettableOrderStatus[] {
  return isOrderStatus(from) ? NEXT[from] : [];
}

/** Whether an order with status `from` can be confirmed now. */
export const canConfirm = (from: string) => from === "awaiting_confirmation";

/** "has been shipped", "is being processed": how the refusals below name where an order stands. */
const STANDING: Record<OrderStatus, string> = {
  awaiting_payment: "is waiting for its online payment",
  awaiting_confirmation: "is waiting for the customer's confirmation",
  pending: "is waiting to be processed",
  processing: "is being processed",
  shipped: "has been shipped",
  delivered: "has been delivered",
  returning: "is on its way back to the shop",
  returned: "has come back to the shop",
  cancelled: "has been cancelled",
};

const ALREADY: Record<SettableOrderStatus, string> = {
  processing: "This order is already being processed.",
  shipped: "This order has already been shipped.",
  delivered: "This order has already been delivered.",
  returning: "This order is already on its way back to the shop.",
  returned: "This order has already come back to the shop.",
  cancelled: "This order has already been cancelled.",
};

/** The step an order must have reached before it can move on to each status. */
const NEEDS: Record<SettableOrderStatus, string> = {
  processing: "confirmed",
  shipped: "processed",
  delivered: "shipped",
  returning: "shipped",
  returned: "shipped",
  cancelled: "confirmed",
};

/** The words for each status in a sentence ("cannot go back to being processed"). */
const AS_STEP: Record<SettableOrderStatus, string> = {
  processing: "processing",
  shipped: "shipped",
  delivered: "delivered",
  returning: "returning",
  returned: "returned",
  cancelled: "cancelled",
};

/**
 * Why an order with status `from` cannot move to `to`, in a sentence for the person who asked; null when it
 * may. Two people acting on one order at once: the second is told where the first left it.
 */
export function transitionRefusal(from: string, to: SettableOrderStatus): string | null {
  if (allowedTransitions(from).includes(to)) return null;
  if (!isOrderStatus(from)) return `This order's status (${from}) cannot be changed here.`;
  if (from === to) return ALREADY[to];
  if (to === "cancelled") return `An order that ${STANDING[from]} cannot be cancelled.`;
  if (FINAL_ORDER_STATUSES.includes(from))
    return `This order ${STANDING[from]}; its status can no longer change.`;
  if (ORDER_STATUSES.indexOf(from) > ORDER_STATUSES.indexOf(to)) {
    return `An order that ${STANDING[from]} cannot go back to ${AS_STEP[to]}.`;
  }
  return `An order must be ${NEEDS[to]} before it can be ${AS_STEP[to]}.`;
}

/** Why an order with status `from` cannot be confirmed; null when it can. */
export function confirmationRefusal(from: string): string | null {
  if (canConfirm(from)) return null;
  if (from === "cancelled") return "This order has been cancelled, so it can no longer be confirmed.";
  return "This order has already been confirmed.";
}
