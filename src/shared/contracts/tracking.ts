import { z } from "zod";
import { ORDER_STATUSES } from "../order-status.ts";
import { SHIPMENT_STATUSES } from "../shipment-status.ts";
import { emailField, requiredText } from "./fields.ts";

/** Following an order to the door (docs/decisions/0042-cod-orders-confirmed-and-tracked.md). */
export const TRACK_MESSAGES = {
  number: "Order number is required.",
  contact: "Enter the phone number or the email address you ordered with.",
  email: "Email must be a valid email address.",
  notFound:
    "We could not find an order with that number and phone number or email. Please check them and try again.",
} as const;

const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

export const trackQuerySchema = z
  .object({
    number: requiredText("order number", TRACK_MESSAGES.number, 40).toUpperCase(),
    phone: z.preprocess(blankToUndefined, z.string().trim().max(30, TRACK_MESSAGES.contact).optional()),
    email: z.preprocess(
      blankToUndefined,
      emailField({ required: TRACK_MESSAGES.contact, invalid: TRACK_MESSAGES.email }).optional(),
    ),
  })
  .refine((query) => query.phone !== undefined || query.email !== undefined, {
    message: TRACK_MESSAGES.contact,
    path: ["phone"],
  });
export type TrackQuery = z.output<typeof trackQuerySchema>;

export const trackingSchema = z.object({
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  placed_at: z.string(),
  confirm_by: z.string().nullable(),
  city: z.string(),
  total: z.number().describe("Rupees: what is paid to the courier in cash."),
  shipment: z
    .object({
      courier: z.string().describe("The courier's name."),
      consignment_number: z.string(),
      tracking_url: z.string().nullable().describe("The courier's own tracking page, when it has one."),
      status: z.enum(SHIPMENT_STATUSES),
    })
    .nullable()
    .describe("The parcel, once it is booked with a courier."),
  timeline: z
    .array(
      z.object({
        at: z.string(),
        title: z.string(),
        detail: z.string().describe('Where, or the courier\'s own words ("" when none).'),
      }),
    )
    .describe("What happened to the order and its parcel, oldest first."),
});
export type Tracking = z.output<typeof trackingSchema>;
