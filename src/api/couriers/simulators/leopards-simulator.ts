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
 * Leopards' merchant API as leopards.ts cites it, on this machine: the same endpoints and fields, credentials
 * checked, required fields refused in Leopards' words, a few cities, and a scripted timeline per packet. A packet's
 * shipper is "self" (the account) or given field by field (a reverse pickup), then from a known origin city.
 */

export const LEOPARDS_TEST_CREDENTIALS = {
  apiKey: "simulator-leopards-key",
  apiPassword: "simulator-leopards-password",
};

export const LEOPARDS_TIMELINE = {
  forward: ["Pickup Request not Send", "Arrived at Station", "Dispatched", "Assign to Courier", "Delivered"],
  back: ["Refused", "Being Return", "Returned to shipper"],
} as const;

export const LEOPARDS_CITIES = [
  { id: 789, name: "Lahore" },
  { id: 475, name: "Karachi" },
  { id: 128, name: "Islamabad" },
  { id: 232, name: "Rawalpindi" },
  { id: 217, name: "Faisalabad" },
  { id: 345, name: "Multan" },
  { id: 367, name: "Peshawar" },
];

const REQUIRED: Record<string, string> = {
  booked_packet_weight: "Packet Weight is required",
  booked_packet_no_piece: "No. of Pieces is required",
  booked_packet_collect_amount: "COD Amount is required",
  origin_city: "Origin City is required",
  destination_city: "Destination City is required",
  consignment_name_eng: "Consignee Name is required",
  consignment_phone: "Consignee Phone is required",
  consignment_address: "Consignee Address is required",
  special_instructions: "Special Instructions are required",
  shipment_name_eng: "Shipper Name is required",
  shipment_email: "Shipper Email is required",
  shipment_phone: "Shipper Phone is required",
  shipment_address: "Shipper Address is required",
};

const isCity = (id: unknown) => LEOPARDS_CITIES.some((city) => city.id === Number(id));

function trackingDetail(parcel: SimulatedParcel) {
  return parcel.history.map((entry) => {
    const { day, time } = pakistanClock(entry.at);
    return {
      Status: entry.status,
      "Reciever Name": entry.status === "Delivered" ? String(parcel.fields.consignment_name_eng ?? "") : "",
      "Activity Date": day,
      Activity_Time: time,
      Reason: entry.status === "Refused" ? "Refused by consignee" : "",
    };
  });
}

function handle(request: SimulatorRequest, path: string, core: SimulatorCore): Answer {
  const endpoint = path.replace(/\/format\/json\/?$/, "");
  const fields = {
    ...Object.fromEntries(request.url.searchParams),
    ...((request.body ?? {}) as Record<string, unknown>),
  };
  const refuse = (error: unknown) => ({ status: 200, json: { status: 0, error } });
  if (
    fields.api_key !== LEOPARDS_TEST_CREDENTIALS.apiKey ||
    fields.api_password !== LEOPARDS_TEST_CREDENTIALS.apiPassword
  ) {
    return refuse("Invalid API Key or Password");
  }
  switch (endpoint) {
    case "getAllCities":
      return { status: 200, json: { status: 1, error: 0, city_list: LEOPARDS_CITIES } };
    case "bookPacket": {
      const missing = Object.entries(REQUIRED).filter(
        ([key]) => fields[key] === undefined || fields[key] === "",
      );
      if (missing.length > 0) return refuse(Object.fromEntries(missing));
      // The shipper is "self" (the account's own details) or given field by field, from a known city.
      if (fields.origin_city !== "self" && !isCity(fields.origin_city)) return refuse("Invalid Origin City");
      if (!isCity(fields.destination_city)) return refuse("Invalid Destination City");
      const cn = `LE${core.nextNumber()}`;
      core.book(cn, String(fields.booked_packet_order_id ?? ""), fields);
      return {
        status: 200,
        json: { status: 1, error: 0, track_number: cn, slip_link: `${request.url.origin}/slip/${cn}` },
      };
    }
    case "getShipmentDetailsByOrderID": {
      const wanted = Array.isArray(fields.shipment_order_id) ? fields.shipment_order_id.map(String) : [];
      const data = [...core.parcels.values()]
        .filter((parcel) => wanted.includes(parcel.reference) && !parcel.cancelled)
        .map((parcel) => ({
          track_number: parcel.consignmentNumber,
          booked_packet_order_id: parcel.reference,
          booked_packet_status: parcel.history.at(-1)!.status,
        }));
      return data.length > 0
        ? { status: 200, json: { status: 1, error: "", data } }
        : refuse("No record found");
    }
    case "trackBookedPacket": {
      const numbers = String(fields.track_numbers ?? "")
        .split(",")
        .map((cn) => cn.trim());
      const packets = numbers.map((cn) => core.parcels.get(cn)).filter((parcel) => parcel !== undefined);
      if (packets.length === 0) return refuse("Invalid tracking number");
      return {
        status: 200,
        json: {
          status: 1,
          error: 0,
          packet_list: packets.map((parcel) => ({
            track_number: parcel.consignmentNumber,
            booked_packet_order_id: parcel.reference,
            booked_packet_status: parcel.history.at(-1)!.status,
            "Tracking Detail": trackingDetail(parcel),
          })),
        },
      };
    }
    case "cancelBookedPackets": {
      const numbers = String(fields.cn_numbers ?? "")
        .split(",")
        .map((cn) => cn.trim());
      const errors: Record<string, string> = {};
      for (const cn of numbers) {
        const parcel = core.parcels.get(cn);
        if (!parcel) errors[cn] = "Invalid CN number";
        else if (parcel.history.length > 1)
          errors[cn] = "Packet is already picked up, it cannot be cancelled";
        else parcel.cancelled = true;
      }
      return Object.keys(errors).length > 0
        ? refuse(errors)
        : { status: 200, json: { status: 1, error: null } };
    }
    default:
      return { status: 404, json: { status: 0, error: "Unknown method" } };
  }
}

/** What Leopards would push for a packet's newest status (the tracking fields, one entry). */
function pushBody(parcel: SimulatedParcel) {
  const last = parcel.history.at(-1)!;
  const { day, time } = pakistanClock(last.at);
  return {
    track_number: parcel.consignmentNumber,
    booked_packet_order_id: parcel.reference,
    booked_packet_status: last.status,
    activity_date: day,
    activity_time: time,
    status_remarks: last.status === "Refused" ? "Refused by consignee" : "",
  };
}

export function startLeopardsSimulator(
  options: { push?: PushTarget; port?: number; host?: string } = {},
): Promise<Simulator> {
  return startSimulator({ basePath: "/api", timeline: LEOPARDS_TIMELINE, handle, pushBody, ...options });
}
