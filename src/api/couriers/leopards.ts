import type { ShipmentStatus } from "../../shared/shipment-status.ts";
import {
  type Booking,
  type Courier,
  CourierError,
  callCourier,
  type ParcelRequest,
  type PushedEvent,
  pakistanTime,
  type ReturnPickupRequest,
  type TrackingEvent,
  textOf,
} from "./courier.ts";

/**
 * Leopards Courier, through its merchant API as documented in "eCom Merchant APIs V2"
 * (https://ecom.leopardscourier.com/eCom-Merchant-APIs-V2.pdf; production base
 * https://merchantapi.leopardscourier.com/api, staging https://merchantapistaging.leopardscourier.com/api):
 * - `POST bookPacket/format/json/`: api_key, api_password, booked_packet_weight (grams), booked_packet_no_piece,
 *   booked_packet_collect_amount (rupees), booked_packet_order_id (our reference), origin_city,
 *   destination_city (Leopards' city ids, from `getAllCities`), shipment_name_eng, shipment_email, shipment_phone,
 *   shipment_address (the shipper), consignment_name_eng, consignment_email, consignment_phone,
 *   consignment_address, special_instructions. Answers { status: 1, track_number, slip_link } or { status: 0,
 *   error }. An order is booked with origin_city and shipment_* "self" (the account's own details); a reverse
 *   pickup (a return) with the shopper as shipper (origin_city their city's id, shipment_* their details), the
 *   shop's returns address as consignee and booked_packet_collect_amount 0.
 * - `POST getAllCities/format/json/`: { status: 1, city_list: [{ id, name, … }] }.
 * - `POST getShipmentDetailsByOrderID/format/json/`: shipment_order_id [references] → { status: 1, data: [{
 *   track_number, booked_packet_order_id, … }] }: how a retry finds a booking whose answer was lost.
 * - `POST trackBookedPacket/format/json/`: track_numbers "CN,CN" → { status: 1, packet_list: [{ track_number,
 *   booked_packet_status, "Tracking Detail": [{ Status, "Reciever Name", "Activity Date", Reason }] }] }.
 * - `POST cancelBookedPackets/format/json/`: cn_numbers "CN,CN" → { status: 1 } or { status: 0, error: { CN: … } }.
 * Leopards documents no status push; its pushes here are signed by the shop's own rule (HMAC-SHA256 of the body
 * with LEOPARDS_WEBHOOK_SECRET, webhook.ts) and carry the tracking fields above.
 */

/** Leopards' `booked_packet_status` wording → the shop's list (compared without case). */
export const LEOPARDS_STATUSES: Record<string, ShipmentStatus> = {
  "pickup request not send": "booked",
  "pickup request sent": "booked",
  "consignment booked": "booked",
  "arrived at station": "picked_up",
  dispatched: "in_transit",
  "in transit": "in_transit",
  "assign to courier": "out_for_delivery",
  delivered: "delivered",
  refused: "refused",
  "being return": "returning",
  "ready for return": "returning",
  "returned to shipper": "returned",
};

export const leopardsStatus = (courierStatus: string): ShipmentStatus | null =>
  LEOPARDS_STATUSES[courierStatus.trim().toLowerCase()] ?? null;

const NAME = "Leopards";

/** Someone Leopards collects from or delivers to. */
type Party = ParcelRequest["consignee"];

export interface LeopardsSettings {
  apiKey: string;
  apiPassword: string;
  apiUrl: string;
  timeoutMs: number;
}

/** Leopards' words for a refusal: a sentence, or one per field / consignment. */
function refusal(error: unknown): string {
  if (error !== null && typeof error === "object") return Object.values(error).map(String).join(" ");
  return String(error ?? "no reason given");
}

export function leopardsCourier(settings: LeopardsSettings): Courier {
  const credentials = { api_key: settings.apiKey, api_password: settings.apiPassword };
  let cities: Map<string, number> | undefined;

  async function post(endpoint: string, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
    const { body } = await callCourier(
      NAME,
      `${settings.apiUrl}/${endpoint}/format/json/`,
      {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ ...credentials, ...fields }),
      },
      settings.timeoutMs,
    );
    const answer = (body ?? {}) as Record<string, unknown>;
    if (String(answer.status) !== "1") throw new CourierError(`${NAME}: ${refusal(answer.error)}`, false);
    return answer;
  }

  async function cityId(name: string): Promise<number> {
    if (!cities) {
      const answer = await post("getAllCities", {});
      const list = Array.isArray(answer.city_list) ? answer.city_list : [];
      cities = new Map(
        list.map((city) => [textOf(city, "name").trim().toLowerCase(), Number(textOf(city, "id"))]),
      );
    }
    const id = cities.get(name.trim().toLowerCase());
    if (id === undefined)
      throw new CourierError(`${NAME}: no city named "${name}" in its list of cities.`, false);
    return id;
  }

  const trackingUrl = (cn: string) => `https://www.leopardscourier.com/tracking?cn=${encodeURIComponent(cn)}`;

  /**
   * One `bookPacket`. With no `shipper` Leopards takes the account's own details ("self"); with one (a reverse
   * pickup: the shopper) its name, email, phone and address are sent and `origin_city` is its city's id.
   */
  async function bookPacket(packet: {
    reference: string;
    pieces: number;
    weight: number;
    description: string;
    /** Paisa. */
    collectAmount: number;
    shipper: Party | null;
    consignee: Party;
  }): Promise<Booking> {
    const { shipper, consignee } = packet;
    const answer = await post("bookPacket", {
      booked_packet_weight: packet.weight,
      booked_packet_no_piece: packet.pieces,
      booked_packet_collect_amount: Math.round(packet.collectAmount / 100),
      booked_packet_order_id: packet.reference,
      origin_city: shipper ? await cityId(shipper.city) : "self",
      destination_city: await cityId(consignee.city),
      shipment_name_eng: shipper ? shipper.name : "self",
      shipment_email: shipper ? shipper.email : "self",
      shipment_phone: shipper ? shipper.phone : "self",
      shipment_address: shipper ? shipper.address : "self",
      consignment_name_eng: consignee.name,
      consignment_email: consignee.email,
      consignment_phone: consignee.phone,
      consignment_address: consignee.address,
      special_instructions: packet.description,
      shipment_type: "",
    });
    const cn = textOf(answer, "track_number");
    if (!cn) throw new CourierError(`${NAME} booked the parcel but sent no consignment number.`, true);
    return { consignmentNumber: cn, trackingUrl: trackingUrl(cn) };
  }

  function event(
    courierStatus: string,
    date: string,
    time: string,
    reason: string,
    location = "",
  ): TrackingEvent {
    return {
      courierStatus,
      status: leopardsStatus(courierStatus),
      description: reason,
      location,
      happenedAt: pakistanTime(date, time),
    };
  }

  return {
    id: "leopards",
    name: "Leopards Courier",

    book: (parcel: ParcelRequest) =>
      bookPacket({ ...parcel, collectAmount: parcel.codAmount, shipper: null, consignee: parcel.consignee }),

    bookReturn: (request: ReturnPickupRequest) =>
      bookPacket({ ...request, collectAmount: 0, shipper: request.pickup, consignee: request.deliverTo }),

    async findBooking(reference: string): Promise<Booking | null> {
      try {
        const answer = await post("getShipmentDetailsByOrderID", { shipment_order_id: [reference] });
        const rows = Array.isArray(answer.data) ? answer.data : [];
        const row = rows.find((item) => textOf(item, "booked_packet_order_id") === reference);
        const cn = row ? textOf(row, "track_number") : "";
        return cn ? { consignmentNumber: cn, trackingUrl: trackingUrl(cn) } : null;
      } catch (error) {
        // "No record found" is a clear answer: nothing was booked under this reference.
        if (error instanceof CourierError && !error.unsure) return null;
        throw error;
      }
    },

    async cancel(consignmentNumber: string): Promise<void> {
      await post("cancelBookedPackets", { cn_numbers: consignmentNumber });
    },

    async track(consignmentNumber: string): Promise<TrackingEvent[]> {
      const answer = await post("trackBookedPacket", { track_numbers: consignmentNumber });
      const packets = Array.isArray(answer.packet_list) ? answer.packet_list : [];
      const packet = packets.find((item) => textOf(item, "track_number") === consignmentNumber);
      if (!packet) throw new CourierError(`${NAME}: no packet ${consignmentNumber} in its answer.`, false);
      const details = (packet as Record<string, unknown>)["Tracking Detail"];
      return (Array.isArray(details) ? details : []).map((detail) =>
        event(
          textOf(detail, "Status") || textOf(detail, "Staus"),
          textOf(detail, "Activity Date"),
          textOf(detail, "Activity_Time"),
          textOf(detail, "Reason") || textOf(detail, "Reciever Name"),
        ),
      );
    },

    readPush(body: unknown): PushedEvent | null {
      const cn = textOf(body, "track_number");
      const status = textOf(body, "booked_packet_status");
      if (!cn || !status) return null;
      return {
        consignmentNumber: cn,
        ...event(
          status,
          textOf(body, "activity_date"),
          textOf(body, "activity_time"),
          textOf(body, "status_remarks"),
        ),
      };
    },
  };
}
