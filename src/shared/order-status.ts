/**
 * What an order can be, and how it may move on (docs/decisions/0029-order-workflow.md): checkout creates
 * "pending"; the back office moves it pending → processing → shipped → delivered, or cancels it while it is
 * pending or processing. Delivered and cancelled are final. The API refuses any other change with the sentence
 * `transitionRefusal` gives, and the back office offers only the changes `allowedTransitions` lists, so the
 * rule lives here once. Zod-free, so pages may import it without pulling zod into the browser.
 */
export const ORDER_STATUSES = ["pending", "processing", "shipped", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses the back office can set (an order is pending only until someone acts on it). */
export const SETTABLE_ORDER_STATUSES = ["processing", "shipped", "delivered", "cancelled"] as const;
export type SettableOrderStatus = (typeof SETTABLE_ORDER_STATUSES)[number];

const NEXT: Record<OrderStatus, readonly SettableOrderStatus[]> = {
  pending: ["processing", "cancelled"],
  processing: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: [],
  cancelled: [],
};

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The statuses an order with status `from` may move to, in the workflow's order (cancelling last). */
export function allowedTransitions(from: string): readonly SettableOrderStatus[] {
  return isOrderStatus(from) ? NEXT[from] : [];
}

/** "has been shipped", "is being processed": how the refusals below name where an order stands. */
const STANDING: Record<OrderStatus, string> = {
  pending: "is waiting to be processed",
  processing: "is being processed",
  shipped: "has been shipped",
  delivered: "has been delivered",
  cancelled: "has been cancelled",
};

const ALREADY: Record<SettableOrderStatus, string> = {
  processing: "This order is already being processed.",
  shipped: "This order has already been shipped.",
  delivered: "This order has already been delivered.",
  cancelled: "This order has already been cancelled.",
};

/** The step an order must have reached before it can move on (only these two can be skipped to). */
const NEEDS = { shipped: "processed", delivered: "shipped" } as const;

/**
 * Why an order with status `from` cannot move to `to`, in a sentence for the person who asked; null when it
 * may. Two people acting on one order at once: the second is told where the first left it.
 */
export function transitionRefusal(from: string, to: SettableOrderStatus): string | null {
  if (allowedTransitions(from).includes(to)) return null;
  if (!isOrderStatus(from)) return `This order's status (${from}) cannot be changed here.`;
  if (from === to) return ALREADY[to];
  if (to === "cancelled") return `An order that ${STANDING[from]} cannot be cancelled.`;
  if (from === "delivered" || from === "cancelled") {
    return `This order ${STANDING[from]}; its status can no longer change.`;
  }
  if (ORDER_STATUSES.indexOf(from) > ORDER_STATUSES.indexOf(to)) {
    return `An order that ${STANDING[from]} cannot go back to ${to}.`;
  }
  return `An order must be ${NEEDS[to as keyof typeof NEEDS]} before it can be ${to}.`;
}
