import { shopDay } from "../../../shared/shop-time.ts";
import {
  type Answer,
  type PushTarget,
  pakistanClock,
  type SimulatedParcel,
  type Simulator,
  type SimulatorCore,
  type SimulatorRequest,
  startSimulator,
} from "./simulator-kit.ts";

/**
 * PostEx's merchant integration API as postex.ts cites it, on this machine: the `token` header checked, the
 * order's fields, type and city checked, PostEx's envelope and status codes, and a scripted timeline per order.
 */

export const POSTEX_TEST_TOKEN = "simulator-postex-token";

export const POSTEX_MESSAGES: Record<string, string> = {
  "0001": "At Merchant's Warehouse",
  "0003": "At PostEx Warehouse",
  "0004": "Package on Route",
  "0005": "Delivered",
  "0013": "Attempt Made",
  "0040": "Return in Process",
  "0006": "Returned to Merchant",
};

export const POSTEX_TIMELINE = {
  forward: ["0001", "0003", "0004", "0005"],
  back: ["0013", "0040", "0006"],
} as const;

export const POSTEX_CITIES = [
  "Lahore",
  "Karachi",
  "Islamabad",
  "Rawalpindi",
  "Faisalabad",
  "Multan",
  "Peshawar",
];

const REQUIRED = [
  "orderRefNumber",
  "invoicePayment",
  "customerName",
  "customerPhone",
  "deliveryAddress",
  "cityName",
  "items",
  "orderType",
];

/** create-order's `orderType`s: a delivery, a reverse pickup (a return), an exchange. */
export const POSTEX_ORDER_TYPES = ["Normal", "Reversed", "Replacement"];

const envelope = (status: number, message: string, dist?: unknown): Answer => ({
  status,
  json: { statusCode: String(status), statusMessage: message, ...(dist === undefined ? {} : { dist }) },
});

function history(parcel: SimulatedParcel) {
  return parcel.history.map((entry) => {
    const { day, time } = pakistanClock(entry.at);
    return {
      transactionStatusMessage: POSTEX_MESSAGES[entry.status] ?? entry.status,
      transactionStatusMessageCode: entry.status,
      updatedAt: `${day} ${time}`,
    };
  });
}

function handle(request: SimulatorRequest, path: string, core: SimulatorCore): Answer {
  if (request.headers.token !== POSTEX_TEST_TOKEN) return envelope(401, "Invalid or expired token");
  const body = (request.body ?? {}) as Record<string, unknown>;
  if (request.method === "POST" && path === "v3/create-order") {
    const missing = REQUIRED.filter((key) => body[key] === undefined || body[key] === "");
    if (missing.length > 0) return envelope(400, `${missing.join(", ")} must not be empty`);
    if (!POSTEX_ORDER_TYPES.includes(String(body.orderType))) {
      return envelope(400, `Invalid order type: ${String(body.orderType)}`);
    }
    if (!POSTEX_CITIES.some((city) => city.toLowerCase() === String(body.cityName).toLowerCase())) {
      return envelope(400, `Invalid city name: ${String(body.cityName)}`);
    }
    const cn = `CX-${core.nextNumber()}`;
    const parcel = core.book(cn, String(body.orderRefNumber), body);
    return envelope(200, "ORDER HAS BEEN CREATED", {
      trackingNumber: cn,
      orderStatus: "Unbooked",
      orderDate: pakistanClock(parcel.bookedAt).day,
    });
  }
  if (request.method === "GET" && path === "v1/get-all-order") {
    const from = request.url.searchParams.get("startDate") ?? "";
    const to = request.url.searchParams.get("endDate") ?? "";
    const dist = [...core.parcels.values()]
      .filter((parcel) => {
        const day = shopDay(parcel.bookedAt.getTime());
        return !parcel.cancelled && day >= from && day <= to;
      })
      .map((parcel) => ({
        trackingNumber: parcel.consignmentNumber,
        orderRefNumber: parcel.reference,
        transactionStatus: POSTEX_MESSAGES[parcel.history.at(-1)!.status],
      }));
    return envelope(200, "SUCCESSFULLY OPERATED", dist);
  }
  const tracked = /^v1\/track-order\/(.+)$/.exec(path);
  if (request.method === "GET" && tracked) {
    const parcel = core.parcels.get(decodeURIComponent(tracked[1]!));
    if (!parcel) return envelope(400, "Tracking number not found");
    return envelope(200, "SUCCESSFULLY OPERATED", {
      trackingNumber: parcel.consignmentNumber,
      orderRefNumber: parcel.reference,
      transactionStatus: POSTEX_MESSAGES[parcel.history.at(-1)!.status],
      transactionStatusHistory: history(parcel),
    });
  }
  if (request.method === "PUT" && path === "v1/cancel-order") {
    const parcel = core.parcels.get(String(body.trackingNumber ?? ""));
    if (!parcel) return envelope(400, "Tracking number not found");
    if (parcel.history.length > 1) return envelope(400, "Order cannot be cancelled after pickup");
    parcel.cancelled = true;
    return envelope(200, "SUCCESSFULLY CANCELLED");
  }
  return envelope(404, "Not found");
}

/** What PostEx would push for an order's newest status (one history entry and the tracking number). */
function pushBody(parcel: SimulatedParcel) {
  return {
    trackingNumber: parcel.consignmentNumber,
    orderRefNumber: parcel.reference,
    ...history(parcel).at(-1),
  };
}

export function startPostexSimulator(
  options: { push?: PushTarget; port?: number; host?: string } = {},
): Promise<Simulator> {
  return startSimulator({
    basePath: "/services/integration/api/order",
    timeline: POSTEX_TIMELINE,
    handle,
    pushBody,
    ...options,
  });
}
