import type { OrderRow } from "../../platform/db/schema.ts";
import { TRACK_MESSAGES, type Tracking, type TrackQuery } from "../../shared/contracts/tracking.ts";
import type { OrderStatus } from "../../shared/order-status.ts";
import { toE164 } from "../../shared/phone.ts";
import type { ShipmentStatus } from "../../shared/shipment-status.ts";
import type { CourierRegistry } from "../couriers/couriers.ts";
import type { ShipmentsRepository } from "../couriers/shipments.repository.ts";
import { NotFound } from "../errors.ts";
import { toRupees } from "../money/money.ts";
import type { OrdersRepository } from "./orders.repository.ts";

/**
 * An order's way to the door for the shopper (docs/decisions/0042): its status, the courier's consignment with the
 * courier's own tracking link, and one timeline of what the shop did (confirmed, prepared, handed over) and what the
 * courier reported. Found by number with the phone (any way of writing it) or the email, or in the account.
 * It says nothing of the address or the items, so a number and a phone number reveal no more than where it stands.
 */
const STEP_TITLES: Partial<Record<OrderStatus, string>> = {
  pending: "Order confirmed",
  processing: "Being prepared",
  shipped: "Handed to the courier",
  delivered: "Delivered",
  returning: "Refused at the door; on its way back",
  returned: "Back at the shop",
  cancelled: "Cancelled",
};

/** The courier's events, in the shopper's words: a delivered event says "Delivered" whatever the courier wrote. */
const EVENT_TITLES: Record<ShipmentStatus, string> = {
  booked: "Booked with the courier",
  picked_up: "Picked up by the courier",
  in_transit: "In transit",
  out_for_delivery: "Out for delivery",
  delivered: "Delivered by the courier",
  refused: "Refused at the door",
  returning: "On its way back to the shop",
  returned: "Returned to the shop",
};

export function trackingService(deps: {
  orders: OrdersRepository;
  shipments: ShipmentsRepository;
  couriers: Pick<CourierRegistry, "name">;
}) {
  const { orders, shipments, couriers } = deps;

  async function tracking(order: OrderRow): Promise<Tracking> {
    const [history, shipment] = await Promise.all([
      orders.history(order.id),
      shipments.liveShipment(order.id),
    ]);
    const booked = shipment?.consignment_number ? shipment : undefined;
    // The booking itself is the shop's business (its event names the staff member): the courier's scans are not.
    const events = booked
      ? (await shipments.events(booked.id)).filter((event) => event.status !== "booked")
      : [];
    const courier = booked ? couriers.name(booked.courier) : "";
    // Once the courier reports, its own scans tell the parcel's way; the order's matching steps would repeat them.
    const parcelSteps = new Set<string>(
      events.length > 0 ? ["shipped", "delivered", "returning", "returned"] : [],
    );
    const later: Tracking["timeline"] = [
      ...history.flatMap((change) => {
        const title = STEP_TITLES[change.to_status as OrderStatus];
        if (!title || parcelSteps.has(change.to_status)) return [];
        return [
          { at: change.created_at, title, detail: change.to_status === "shipped" && courier ? courier : "" },
        ];
      }),
      ...events.map((event) => ({
        at: event.happened_at,
        title: EVENT_TITLES[event.status as ShipmentStatus] ?? event.courier_status,
        detail: [event.location, event.description].filter(Boolean).join(" · "),
      })),
    ].toSorted((a, b) => a.at.localeCompare(b.at));
    // Placing comes first whatever a courier's clock (often to the second) says of its first scan.
    const timeline = [{ at: order.created_at, title: "Order placed", detail: "" }, ...later];
    return {
      number: order.number,
      status: order.status as OrderStatus,
      placed_at: order.created_at,
      confirm_by: order.status === "awaiting_confirmation" ? order.confirmation_expires_at : null,
      city: order.city,
      total: toRupees(order.total),
      shipment: booked
        ? {
            courier,
            consignment_number: booked.consignment_number ?? "",
            tracking_url: booked.tracking_url,
            status: (booked.status === "booking" ? "booked" : booked.status) as ShipmentStatus,
          }
        : null,
      timeline,
    };
  }

  return {
    /** By number and the phone (compared in E.164) or the email (without case); one answer for every miss. */
    async track(query: TrackQuery): Promise<Tracking> {
      const order = await orders.findByNumber(query.number);
      const phone = query.phone === undefined ? undefined : toE164(query.phone);
      const matches =
        order !== undefined &&
        ((phone !== undefined && order.phone_e164 === phone) ||
          (query.email !== undefined && order.email.toLowerCase() === query.email.toLowerCase()));
      if (!order || !matches) throw new NotFound(TRACK_MESSAGES.notFound);
      return tracking(order);
    },

    /** A signed-in customer's own order; anyone else's is the same 404 as a number that does not exist. */
    async forOwner(userId: number, number: string): Promise<Tracking> {
      const order = await orders.findByNumber(number);
      if (!order || order.user_id !== userId) throw new NotFound("Order not found.");
      return tracking(order);
    },
  };
}

export type TrackingService = ReturnType<typeof trackingService>;
