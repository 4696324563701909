import { z } from "zod";
import { COURIER_IDS } from "../shipment-status.ts";
import { hasNul } from "./fields.ts";

/** Booking orders with a courier, the couriers on offer, and the airway bills (docs/decisions/0045-couriers.md). */

/** The most orders one booking or one PDF of airway bills takes. */
export const MAX_ORDERS_PER_BOOKING = 100;
export const CONSIGNMENT_MAX = 40;

export const SHIPMENT_MESSAGES = {
  courier: `The courier must be one of: ${COURIER_IDS.join(", ")}.`,
  orders: "Choose at least one order.",
  tooMany: `Book at most ${MAX_ORDERS_PER_BOOKING} orders at once.`,
  orderNumber: "Each order must be an order number such as BT-2026-00042.",
  consignmentRequired: "Type the consignment number for own delivery.",
  consignment: `The consignment number may be at most ${CONSIGNMENT_MAX} letters, digits and dashes.`,
  ownOneOrder: "Own delivery books one order at a time, with its own consignment number.",
  ownOnly: "Only own delivery takes a consignment number; the courier gives its own.",
  trackingUrl: "The tracking address must be a web address starting with https:// or http://.",
  labelOrders: "Name the orders whose airway bills to print, separated by commas.",
} as const;

const orderNumber = z
  .string({ error: SHIPMENT_MESSAGES.orderNumber })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9-]{1,40}$/, SHIPMENT_MESSAGES.orderNumber);

export const bookShipmentsSchema = z
  .object({
    courier: z.enum(COURIER_IDS, { error: SHIPMENT_MESSAGES.courier }),
    orders: z
      .array(orderNumber, { error: SHIPMENT_MESSAGES.orders })
      .min(1, SHIPMENT_MESSAGES.orders)
      .max(MAX_ORDERS_PER_BOOKING, SHIPMENT_MESSAGES.tooMany)
      .describe("The orders' numbers; each is booked on its own, so one failing never stops the others."),
    consignment_number: z
      .string({ error: SHIPMENT_MESSAGES.consignment })
      .trim()
      .regex(/^[A-Za-z0-9-]{1,40}$/, SHIPMENT_MESSAGES.consignment)
      .optional()
      .describe("Own delivery only: the consignment number staff were given."),
    tracking_url: z
      .string({ error: SHIPMENT_MESSAGES.trackingUrl })
      .trim()
      .max(500, SHIPMENT_MESSAGES.trackingUrl)
      .refine((value) => /^https?:\/\/[^\s]+$/.test(value) && !hasNul(value), SHIPMENT_MESSAGES.trackingUrl)
      .optional()
      .describe("Own delivery only, optional: where the customer can follow the parcel."),
  })
  .superRefine((input, context) => {
    if (input.courier === "own") {
      if (!input.consignment_number) {
        context.addIssue({
          code: "custom",
          path: ["consignment_number"],
          message: SHIPMENT_MESSAGES.consignmentRequired,
        });
      }
      if (input.orders.length > 1) {
        context.addIssue({ code: "custom", path: ["orders"], message: SHIPMENT_MESSAGES.ownOneOrder });
      }
    } else if (input.consignment_number !== undefined || input.tracking_url !== undefined) {
      context.addIssue({ code: "custom", path: ["consignment_number"], message: SHIPMENT_MESSAGES.ownOnly });
    }
  });
export type BookShipmentsInput = z.output<typeof bookShipmentsSchema>;

export const bookingResultSchema = z.discriminatedUnion("outcome", [
  z.object({
    order: z.string(),
    outcome: z.literal("booked"),
    courier: z.enum(COURIER_IDS),
    consignment_number: z.string(),
    tracking_url: z.string().nullable(),
    already_booked: z
      .boolean()
      .describe("True when the order had been booked before (nothing new was booked)."),
  }),
  z.object({
    order: z.string(),
    outcome: z.literal("failed"),
    message: z.string().describe("Why, in the courier's words when the courier refused or did not answer."),
  }),
]);
export type BookingResult = z.output<typeof bookingResultSchema>;

export const bookShipmentsAnswerSchema = z.object({ results: z.array(bookingResultSchema) });
export type BookShipmentsAnswer = z.output<typeof bookShipmentsAnswerSchema>;

export const couriersAnswerSchema = z.object({
  data: z.array(
    z.object({
      id: z.enum(COURIER_IDS),
      name: z.string(),
      needs_consignment_number: z.boolean().describe("True for own delivery: staff type the number."),
      simulated: z.boolean().describe("True when bookings go to a local simulator (COURIER_SIMULATORS=on)."),
    }),
  ),
});
export type CouriersAnswer = z.output<typeof couriersAnswerSchema>;

export const labelsQuerySchema = z.object({
  orders: z
    .string({ error: SHIPMENT_MESSAGES.labelOrders })
    .transform((text) => [
      ...new Set(
        text
          .split(",")
          .map((part) => part.trim().toUpperCase())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().regex(/^[A-Z0-9-]{1,40}$/, SHIPMENT_MESSAGES.orderNumber))
        .min(1, SHIPMENT_MESSAGES.labelOrders)
        .max(MAX_ORDERS_PER_BOOKING, SHIPMENT_MESSAGES.tooMany),
    )
    .describe("Order numbers separated by commas: A,B,C."),
});

export const courierPushAnswerSchema = z.object({
  received: z.boolean().describe("False when the push named no shipment the shop knows (it is ignored)."),
});
