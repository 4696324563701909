import type { OrderRow, Trx } from "../../platform/db/schema.ts";
import type { Order } from "../../shared/contracts/checkout.ts";
import { type OrderStatus, STOCK_RETURNING_STATUSES } from "../../shared/order-status.ts";
import { type AuditActor, recordAudit } from "../admin/audit.ts";
import { enqueueMail } from "../mail/outbox.ts";
import { enqueueOrderMessage, type OrderMessaging } from "../messages/message-outbox.ts";
import { orderStatusMessage, type Shipment } from "../messages/order-messages.ts";
import { orderStatusEmail } from "./order-status-email.ts";
import { toOrder } from "./order-view.ts";
import type { OrdersRepository } from "./orders.repository.ts";
import { inStockLockOrder, stockMoved } from "./stock-order.ts";

/**
 * The one way an order's status changes (docs/decisions/0042-cod-orders-confirmed-and-tracked.md): the back
 * office's change, a confirmation (the shopper's link or code, or staff), the cancellation of an order nobody
 * confirmed, a parcel received back and a courier's news all call `moveOrder`, inside a transaction in which the
 * caller has locked the order's row (`orders.lockByNumber`) and checked the move against src/shared/order-status.ts.
 * Whether the order came from another status or not, its stock goes back exactly once: on entering "returned" or
 * "cancelled", which no order leaves.
 */

export interface OrderMove {
  to: OrderStatus;
  /** Staff who made the change (audited); null when the shopper or the shop itself did. */
  actor: AuditActor | null;
  /** For the order's history: the staff's note, or what happened ("Confirmed with the code from the message."). */
  note: string;
  now: Date;
  /** Other columns to change with the status (confirmed_at…). */
  also?: Parameters<OrdersRepository["update"]>[1];
  /** The consignment, when a courier moved the order: its shipped email and message name it. */
  shipment?: Shipment | undefined;
  /** What the customer's email says instead of the status's usual news; `false` sends no email or message. */
  email?: { why: string } | false;
}

export interface OrderMoved {
  view: Order;
  stockReturned: { variant_id: number; quantity: number; stock: number }[];
}

export interface WorkflowDeps {
  orders: OrdersRepository;
  publicUrl: string;
  /** Queues the change's message to the order's phone (shipped, delivered, cancelled); none when absent. */
  messaging?: OrderMessaging | undefined;
}

export async function moveOrder(
  trx: Trx,
  deps: WorkflowDeps,
  order: OrderRow,
  move: OrderMove,
): Promise<OrderMoved> {
  const { orders } = deps;
  await orders.update(order.id, { ...move.also, status: move.to }, trx);
  const items = await orders.itemsFor([order.id], trx);
  const stockReturned: OrderMoved["stockReturned"] = [];
  if (STOCK_RETURNING_STATUSES.includes(move.to)) {
    // Its stock is back on sale, which product pages show: the caches are told once this commits.
    const backInStock: number[] = [];
    for (const item of inStockLockOrder(items)) {
      const stock = await orders.returnStock(item.variant_id, item.quantity, trx);
      // A variant removed from the catalogue since has nothing to go back to.
      if (stock === null) continue;
      stockReturned.push({ variant_id: item.variant_id, quantity: item.quantity, stock });
      if (stock === item.quantity) backInStock.push(item.product_id);
    }
    await stockMoved(
      trx,
      items.map((item) => item.product_id),
      backInStock,
    );
  }
  await orders.addHistory(
    {
      order_id: order.id,
      from_status: order.status,
      to_status: move.to,
      actor_user_id: move.actor?.id ?? null,
      actor_email: move.actor?.email ?? "",
      note: move.note,
      created_at: move.now.toISOString(),
    },
    trx,
  );
  if (move.actor) {
    await recordAudit(
      trx,
      {
        actor: move.actor,
        action:
          move.to === "pending" && order.status === "awaiting_confirmation"
            ? "order.confirm"
            : "order.status",
        entityType: "order",
        entityId: order.number,
        before: { status: order.status },
        after: {
          status: move.to,
          ...(move.note ? { note: move.note } : {}),
          ...(stockReturned.length > 0 ? { stock_returned: stockReturned } : {}),
        },
      },
      move.now,
    );
  }
  const view = toOrder({ ...order, ...move.also, status: move.to }, items);
  const mail =
    move.email === false
      ? undefined
      : orderStatusEmail(view, move.to, deps.publicUrl, { ...move.email, shipment: move.shipment });
  if (mail) await enqueueMail(trx, { ...mail, reference: order.number }, move.now);
  const news = move.email === false ? undefined : orderStatusMessage(view, move.to, move.shipment);
  if (news && deps.messaging) {
    await enqueueOrderMessage(
      trx,
      deps.messaging,
      { phone: order.phone, order: order.number },
      news,
      move.now,
    );
  }
  return { view, stockReturned };
}
