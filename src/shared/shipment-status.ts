/**
 * Where a parcel handed to a courier stands (docs/decisions/0045-couriers.md): every courier's own statuses map
 * to this one list (one table per adapter in src/api/couriers/), and the order follows it (shipped on pickup,
 * delivered on delivery). A parcel moves forward only, possibly skipping steps a courier does not report
 * (PostEx says nothing between "on route" and "delivered"); a refused parcel goes back to the shop. Delivered and
 * returned are final. Zod-free, so pages may import it.
 */
/** The couriers the shop has adapters for, and `own`: own delivery or any other courier, booked by hand. */
export const COURIER_IDS = ["leopards", "postex", "own"] as const;
export type CourierId = (typeof COURIER_IDS)[number];

export const SHIPMENT_STATUSES = [
  "booked",
  "picked_up",
  "in_transit",
  "out_for_delivery",
  "delivered",
  "refused",
  "returning",
  "returned",
] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

const NEXT: Record<ShipmentStatus, readonly ShipmentStatus[]> = {
  booked: ["picked_up", "in_transit", "out_for_delivery", "delivered", "refused", "returning", "returned"],
  picked_up: ["in_transit", "out_for_delivery", "delivered", "refused", "returning", "returned"],
  in_transit: ["out_for_delivery", "delivered", "refused", "returning", "returned"],
  // A failed attempt goes back out the next day: out for delivery again after "in transit" is not a step back.
  out_for_delivery: ["in_transit", "delivered", "refused", "returning", "returned"],
  delivered: [],
  refused: ["returning", "returned"],
  returning: ["returned"],
  returned: [],
};

export function isShipmentStatus(value: string): value is ShipmentStatus {
  return (SHIPMENT_STATUSES as readonly string[]).includes(value);
}

/** Whether a shipment that is `from` may become `to` (a repeat of the same status is not a move). */
export function canMoveShipment(from: string, to: ShipmentStatus): boolean {
  return isShipmentStatus(from) && NEXT[from].includes(to);
}

/** Statuses after which the courier has nothing more to report: the tracking worker stops asking. */
export function isFinalShipmentStatus(status: string): boolean {
  return isShipmentStatus(status) && NEXT[status].length === 0;
}
