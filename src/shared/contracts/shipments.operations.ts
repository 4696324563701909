import { z } from "zod";
import { type Operation, WRITE_ERRORS } from "./contract.ts";
import {
  bookShipmentsAnswerSchema,
  bookShipmentsSchema,
  courierPushAnswerSchema,
  couriersAnswerSchema,
  labelsQuerySchema,
} from "./shipments.ts";

/** Couriers: booking, the couriers on offer, airway bills, and the couriers' status pushes. Spread into `operations`. */
export const shipmentOperations = {
  adminCouriers: {
    method: "GET",
    path: "/admin/couriers",
    summary: "The couriers this shop can book: those with credentials (or simulators), and own delivery",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: couriersAnswerSchema,
    errors: [401, 403],
  },
  adminBookShipments: {
    method: "POST",
    path: "/admin/shipments",
    summary:
      "Books orders being processed with a courier, each on its own: the answer lists, per order, its consignment " +
      "number and tracking page, or why it failed (in the courier's words). An order is never booked twice: a retry " +
      "asks the courier for the booking under the order's reference first. Own delivery takes the consignment " +
      "number staff type. Each booking is written to the audit log.",
    tag: "Admin",
    auth: "staff",
    body: bookShipmentsSchema,
    status: 200,
    response: bookShipmentsAnswerSchema,
    errors: [...WRITE_ERRORS, 403],
  },
  adminShipmentLabels: {
    method: "GET",
    path: "/admin/shipments/labels.pdf",
    summary:
      "The airway bills of booked orders as one PDF, one per page: consignment barcode (Code 128), COD amount, " +
      "both addresses and the items",
    tag: "Admin",
    auth: "staff",
    query: labelsQuerySchema,
    status: 200,
    response: z.string().describe("A PDF document."),
    produces: "application/pdf",
    errors: [401, 403, 404, 422],
  },
  courierWebhook: {
    method: "POST",
    path: "/couriers/:courier/webhook",
    summary:
      "A courier's status push for one consignment, signed with that courier's secret (header X-Courier-Signature: " +
      "sha256=<HMAC-SHA256 of the body>). A bad signature is a 401 and changes nothing; a repeat is stored once.",
    tag: "Orders",
    auth: "none",
    status: 200,
    response: courierPushAnswerSchema,
    errors: [400, 401, 404],
  },
} as const satisfies Record<string, Operation>;
