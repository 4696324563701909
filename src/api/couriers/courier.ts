import type { CourierId, ShipmentStatus } from "../../shared/shipment-status.ts";
import { callJson } from "../outbound-http.ts";

/**
 * What the shop asks of a courier (docs/decisions/0045-couriers.md). One adapter per courier (leopards.ts,
 * postex.ts, own.ts), each following the courier's published API, each with a simulator beside it
 * (simulators/). Every call has a timeout; anything but a clear answer becomes a `CourierError` carrying the
 * courier's own words, which the back office shows next to the order.
 */

/** What a courier needs to carry one order. Money in paisa. */
export interface ParcelRequest {
  /** Sent as the courier's order reference: the same key never books twice (see `findBooking`). */
  reference: string;
  orderNumber: string;
  codAmount: number;
  pieces: number;
  /** Grams. */
  weight: number;
  description: string;
  consignee: { name: string; phone: string; email: string; address: string; city: string };
  /** For `own`: the consignment number staff typed (and the tracking page, when they gave one). */
  manual?: Booking;
}

/** A parcel a shopper sends back: collected at `pickup`, carried to the shop's `deliverTo` (no cash to collect). */
export interface ReturnPickupRequest {
  /** Sent as the courier's order reference (the same key never books twice: see `findBooking`). */
  reference: string;
  orderNumber: string;
  pieces: number;
  /** Grams. */
  weight: number;
  description: string;
  pickup: { name: string; phone: string; email: string; address: string; city: string };
  deliverTo: { name: string; phone: string; email: string; address: string; city: string };
  /** For `own`: the consignment number staff typed (and the tracking page, when they gave one). */
  manual?: Booking;
}

export interface Booking {
  consignmentNumber: string;
  trackingUrl: string | null;
}

/** One status the courier reported, in its words and in the shop's. */
export interface TrackingEvent {
  /** The courier's own status ("Arrived at Station", "0004"). */
  courierStatus: string;
  /** It mapped to the shop's list; null when the adapter's table does not know it (stored, moves nothing). */
  status: ShipmentStatus | null;
  description: string;
  location: string;
  /** ISO-8601. */
  happenedAt: string;
}

/** A push from the courier, once its signature is checked. */
export interface PushedEvent extends TrackingEvent {
  consignmentNumber: string;
}

export interface Courier {
  id: CourierId;
  /** How the back office names it. */
  name: string;
  /** Books a parcel; the courier's consignment number and its public tracking page. */
  book(parcel: ParcelRequest): Promise<Booking>;
  /**
   * Books a reverse pickup (a return): the courier collects the parcel at the shopper's address and carries it to
   * the shop's returns address, collecting no cash. Answers like `book`, and its reference is found by
   * `findBooking` the same way.
   */
  bookReturn(request: ReturnPickupRequest): Promise<Booking>;
  /**
   * The booking the courier already holds under this reference, if any: what a retry asks first when an earlier
   * call's answer was lost (a timeout after the courier booked), so the parcel is not booked twice.
   */
  findBooking(reference: string, since: Date): Promise<Booking | null>;
  cancel(consignmentNumber: string): Promise<void>;
  /** Everything the courier reports for a consignment, oldest first. */
  track(consignmentNumber: string): Promise<TrackingEvent[]>;
  /** Reads a push this courier sends (already verified by its signature); null when it is not one. */
  readPush(body: unknown): PushedEvent | null;
}

/**
 * A courier call that did not give a clear answer (`unsure`: timeout, network, 5xx, HTML: the courier may have
 * done it), or gave a clear refusal (`unsure` false: bad credentials, a missing field, an unknown city). The
 * message is the courier's words, prefixed with its name.
 */
export class CourierError extends Error {
  override name = "CourierError";
  readonly unsure: boolean;
  constructor(message: string, unsure: boolean) {
    super(message);
    this.unsure = unsure;
  }
}

/**
 * One HTTP call to a courier with a timeout, answering its parsed JSON. A timeout, a network failure, a 5xx or an
 * answer that is not JSON throws an unsure `CourierError` with what the courier said; a 4xx whose JSON the adapter
 * reads is returned (couriers put their refusals in the body).
 */
export async function callCourier(
  courier: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<{ status: number; body: unknown }> {
  const { status, body } = await callJson({
    service: courier,
    url,
    init,
    timeoutMs,
    fail: (message, unsure) => new CourierError(message, unsure),
  });
  return { status, body };
}

/** A field of a JSON object the courier sent, as text ("" when missing). */
export function textOf(value: unknown, key: string): string {
  if (value === null || typeof value !== "object") return "";
  const field = (value as Record<string, unknown>)[key];
  return field === undefined || field === null ? "" : String(field);
}

/** A Pakistani local time the courier gave without an offset ("2026-11-28 14:05", "28/11/2026"), as ISO. */
export function pakistanTime(date: string, time = ""): string {
  const day = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(date.trim());
  const isoDay = day ? `${day[3]}-${day[2]}-${day[1]}` : date.trim().slice(0, 10);
  const clock = (time.trim() || date.trim().slice(11, 19) || "00:00:00").padEnd(8, ":00").slice(0, 8);
  const parsed = new Date(`${isoDay}T${clock}+05:00`);
  return Number.isNaN(parsed.getTime()) ? new Date(0).toISOString() : parsed.toISOString();
}
