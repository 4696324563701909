import type { ShipmentStatus } from "../../shared/shipment-status.ts";
import { shopDay } from "../../shared/shop-time.ts";
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
 * PostEx, through its merchant integration API ("PostEx Merchant API" as given to merchants, base
 * https://api.postex.pk/services/integration/api/order; every call carries the merchant's `token` header; every
 * answer is { statusCode: "200", statusMessage, dist }):
 * - `POST v3/create-order`: orderRefNumber (our reference), invoicePayment (rupees to collect), orderDetail,
 *   customerName, customerPhone, deliveryAddress, cityName, items, invoiceDivision, orderType ("Normal",
 *   "Reversed", "Replacement"), transactionNotes, pickupAddressCode (optional) → dist { trackingNumber,
 *   orderStatus, orderDate }. An order is "Normal": the customer is the consignee. A reverse pickup (a return) is
 *   "Reversed" with invoicePayment 0: the customer is the shopper PostEx collects from, and the parcel goes back
 *   to the merchant's pickup address.
 * - `GET v1/get-all-order?orderStatusId=0&startDate=&endDate=` → dist [{ trackingNumber, orderRefNumber, … }]:
 *   how a retry finds a booking whose answer was lost.
 * - `GET v1/track-order/{trackingNumber}` → dist { trackingNumber, transactionStatus, transactionStatusHistory:
 *   [{ transactionStatusMessage, transactionStatusMessageCode, updatedAt }] }.
 * - `PUT v1/cancel-order` { trackingNumber }.
 * The status codes are PostEx's `transactionStatusMessageCode`s as merchants' integrations list them; none of them
 * says "out for delivery", so a PostEx parcel goes from on route to delivered. PostEx documents no signed status push; its
 * pushes here are signed by the shop's own rule (HMAC-SHA256 with POSTEX_WEBHOOK_SECRET, webhook.ts) and carry
 * one history entry with the trackingNumber.
 */

/** PostEx's status codes → the shop's list. */
export const POSTEX_STATUSES: Record<string, ShipmentStatus> = {
  "0001": "booked", // At Merchant's Warehouse
  "0003": "picked_up", // At PostEx Warehouse
  "0004": "in_transit", // Package on Route
  "0008": "in_transit", // Delivery Under Review
  "0013": "refused", // Attempt Made (refused, or the customer could not be reached: the reason is in the message)
  "0040": "returning", // Return in Process
  "0005": "delivered", // Delivered
  "0002": "returned", // Returned
  "0006": "returned", // Returned to Merchant
  "0007": "returned", // Returned
};

export const postexStatus = (code: string): ShipmentStatus | null => POSTEX_STATUSES[code.trim()] ?? null;

const NAME = "PostEx";

export interface PostexSettings {
  token: string;
  apiUrl: string;
  pickupAddressCode: string | undefined;
  timeoutMs: number;
}

export function postexCourier(settings: PostexSettings): Courier {
  async function call(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    const { body: answer } = await callCourier(
      NAME,
      `${settings.apiUrl}/${path}`,
      {
        method,
        headers: { token: settings.token, "content-type": "application/json", accept: "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      settings.timeoutMs,
    );
    const envelope = (answer ?? {}) as Record<string, unknown>;
    if (String(envelope.statusCode) !== "200") {
      throw new CourierError(`${NAME}: ${textOf(envelope, "statusMessage") || "no reason given"}`, false);
    }
    return envelope;
  }

  const trackingUrl = (cn: string) => `https://postex.pk/tracking?cn=${encodeURIComponent(cn)}`;

  /** One `v3/create-order`: `customer` is who PostEx visits (the consignee, or for "Reversed" the shopper). */
  async function createOrder(order: {
    reference: string;
    orderType: "Normal" | "Reversed";
    /** Paisa. */
    invoicePayment: number;
    description: string;
    customer: ParcelRequest["consignee"];
    pieces: number;
    notes: string;
  }): Promise<Booking> {
    const answer = await call("POST", "v3/create-order", {
      orderRefNumber: order.reference,
      invoicePayment: Math.round(order.invoicePayment / 100),
      orderDetail: order.description,
      customerName: order.customer.name,
      customerPhone: order.customer.phone,
      deliveryAddress: order.customer.address,
      cityName: order.customer.city,
      items: order.pieces,
      invoiceDivision: 0,
      orderType: order.orderType,
      transactionNotes: order.notes,
      ...(settings.pickupAddressCode ? { pickupAddressCode: settings.pickupAddressCode } : {}),
    });
    const cn = textOf(answer.dist, "trackingNumber");
    if (!cn) throw new CourierError(`${NAME} created the order but sent no tracking number.`, true);
    return { consignmentNumber: cn, trackingUrl: trackingUrl(cn) };
  }

  function event(entry: unknown): TrackingEvent {
    const code = textOf(entry, "transactionStatusMessageCode");
    const at = textOf(entry, "updatedAt");
    return {
      courierStatus: code,
      status: postexStatus(code),
      description: textOf(entry, "transactionStatusMessage"),
      location: "",
      happenedAt: pakistanTime(at.slice(0, 10), at.slice(11, 19)),
    };
  }

  return {
    id: "postex",
    name: "PostEx",

    book: (parcel: ParcelRequest) =>
      createOrder({
        ...parcel,
        orderType: "Normal",
        invoicePayment: parcel.codAmount,
        customer: parcel.consignee,
        notes: `Order ${parcel.orderNumber}`,
      }),

    // PostEx collects a reversed order from the customer (the shopper) and returns it to the merchant's pickup
    // address (pickupAddressCode, or the account's default) as PostEx holds it: `deliverTo` is not sent.
    bookReturn: (request: ReturnPickupRequest) =>
      createOrder({
        ...request,
        orderType: "Reversed",
        invoicePayment: 0,
        customer: request.pickup,
        notes: `Return of order ${request.orderNumber}`,
      }),

    async findBooking(reference: string, since: Date): Promise<Booking | null> {
      const range = new URLSearchParams({
        orderStatusId: "0",
        startDate: shopDay(since.getTime()),
        endDate: shopDay(Date.now()),
      });
      const answer = await call("GET", `v1/get-all-order?${range}`);
      const rows = Array.isArray(answer.dist) ? answer.dist : [];
      const row = rows.find((item) => textOf(item, "orderRefNumber") === reference);
      const cn = row ? textOf(row, "trackingNumber") : "";
      return cn ? { consignmentNumber: cn, trackingUrl: trackingUrl(cn) } : null;
    },

    async cancel(consignmentNumber: string): Promise<void> {
      await call("PUT", "v1/cancel-order", { trackingNumber: consignmentNumber });
    },

    async track(consignmentNumber: string): Promise<TrackingEvent[]> {
      const answer = await call("GET", `v1/track-order/${encodeURIComponent(consignmentNumber)}`);
      const history = (answer.dist as Record<string, unknown> | undefined)?.transactionStatusHistory;
      return (Array.isArray(history) ? history : []).map(event);
    },

    readPush(body: unknown): PushedEvent | null {
      const cn = textOf(body, "trackingNumber");
      if (!cn || !textOf(body, "transactionStatusMessageCode")) return null;
      return { consignmentNumber: cn, ...event(body) };
    },
  };
}
