import type { OrderRow, Trx } from "../../platform/db/schema.ts";
import { type OrderStatus, type SettableOrderStatus, transitionRefusal } from "../../shared/order-status.ts";
import type { ShipmentStatus } from "../../shared/shipment-status.ts";
import type { CourierRegistry } from "../couriers/couriers.ts";
import type { ShipmentsRepository } from "../couriers/shipments.repository.ts";
import type { OnShipmentStatus } from "../couriers/shipments.service.ts";
import { enqueueOrderMessage } from "../messages/message-outbox.ts";
import { outForDeliveryMessage, type Shipment } from "../messages/order-messages.ts";
import { toOrder } from "./order-view.ts";
import { moveOrder, type WorkflowDeps } from "./order-workflow.ts";

/**
 * What a courier's news does to an order (docs/decisions/0042 and 0045): picked up, it is shipped; delivered, it is
 * delivered; refused at the door, it is on its way back (returning); back at the shop, it is returned and its stock
 * comes back (once: `moveOrder` on entering "returned", which no order leaves). Steps the courier skipped are taken
 * in order (an order still "processing" whose parcel is reported delivered is shipped, then delivered). A move the
 * order's workflow does not allow (staff got there first) is left alone. Runs in the transaction that moved the
 * shipment, under the order's lock.
 */
const ORDER_STEPS: Partial<Record<ShipmentStatus, SettableOrderStatus[]>> = {
  picked_up: ["shipped"],
  in_transit: ["shipped"],
  out_for_delivery: ["shipped"],
  delivered: ["shipped", "delivered"],
  refused: ["shipped", "returning"],
  returning: ["shipped", "returning"],
  returned: ["shipped", "returned"],
};

const NOTES: Partial<Record<OrderStatus, (courier: string, consignment: string) => string>> = {
  shipped: (courier, cn) => `${courier} picked up the parcel (consignment ${cn}).`,
  delivered: (courier) => `${courier} delivered the parcel.`,
  returning: (courier) => `${courier}: the parcel was refused and is coming back.`,
  returned: (courier) => `${courier} returned the parcel to the shop; its items are back in stock.`,
};

export function orderShipmentNews(
  deps: WorkflowDeps & { shipments: ShipmentsRepository; couriers: Pick<CourierRegistry, "name"> },
): OnShipmentStatus {
  return async (trx: Trx, change) => {
    let order: OrderRow | undefined = await deps.orders.lockByNumber(change.orderNumber, trx);
    if (!order) return;
    const live = await deps.shipments.liveShipment(change.orderId, trx);
    const courier = deps.couriers.name(live?.courier ?? "own");
    const shipment: Shipment | undefined = live?.consignment_number
      ? { courier, consignment: live.consignment_number, trackingUrl: live.tracking_url ?? "" }
      : undefined;
    const now = new Date();
    for (const to of ORDER_STEPS[change.status] ?? []) {
      if (transitionRefusal(order.status, to) !== null) continue;
      await moveOrder(trx, deps, order, {
        to,
        actor: null,
        note: NOTES[to]?.(courier, shipment?.consignment ?? "") ?? "",
        now,
        shipment,
      });
      order = { ...order, status: to };
    }
    if (change.status === "out_for_delivery" && order.status === "shipped" && deps.messaging) {
      const items = await deps.orders.itemsFor([order.id], trx);
      await enqueueOrderMessage(
        trx,
        deps.messaging,
        { phone: order.phone, order: order.number },
        outForDeliveryMessage(toOrder(order, items)),
        now,
      );
    }
  };
}
