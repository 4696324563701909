import { z } from "zod";
import {
  RETURN_CONDITIONS,
  RETURN_FILTERS,
  RETURN_MESSAGES,
  RETURN_METHODS,
  RETURN_OUTCOMES,
  RETURN_PHOTO_MAX_BYTES,
  RETURN_PHOTOS_MAX,
  RETURN_REASONS,
  RETURN_RESOLUTIONS,
  RETURN_STATUSES,
} from "../returns.ts";
import { pageMetaSchema } from "./catalogue.ts";
import { idField, optionalText, pageField } from "./fields.ts";

/**
 * Returns and exchanges (docs/decisions/0054-returns.md): a delivered order's shopper asks, staff approve, receive
 * and settle. Money is rupees.
 */

/** Who asks about a guest's order: the access token (from the checkout's answer or the order lookup). */
export const returnAccessQuerySchema = z.object({ token: optionalText("token", 200) });

const returnLineSchema = z.object({
  order_item_id: idField("order item"),
  quantity: z
    .number({ error: "The quantity must be a whole number." })
    .int("The quantity must be a whole number.")
    .min(1, "The quantity must be at least 1.")
    .max(1000, "The quantity may not be greater than 1000."),
  exchange_variant_id: idField("exchange variant").optional().nullable(),
});
export type ReturnLineInput = z.output<typeof returnLineSchema>;

/** `items` arrives as JSON text inside the multipart form (beside the photos). */
const itemsField = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
  z.array(returnLineSchema, { error: RETURN_MESSAGES.items }).min(1, RETURN_MESSAGES.noItems).max(100),
);

const photoField = z
  .file({ error: RETURN_MESSAGES.photoType })
  .max(RETURN_PHOTO_MAX_BYTES, RETURN_MESSAGES.photoSize);

export const returnRequestSchema = z.object({
  token: optionalText("token", 200),
  items: itemsField.describe(
    'JSON text: [{"order_item_id": 12, "quantity": 1, "exchange_variant_id": 34}], the exchange only for an exchange.',
  ),
  reason: z.enum(RETURN_REASONS, { error: RETURN_MESSAGES.reason }),
  reason_text: optionalText("details", 1000).describe('Required for the reason "other".'),
  resolution: z.enum(RETURN_RESOLUTIONS, { error: RETURN_MESSAGES.resolution }),
  photos: z
    .preprocess(
      (value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]),
      z.array(photoField).max(RETURN_PHOTOS_MAX, RETURN_MESSAGES.photoCount),
    )
    .describe(
      `Up to ${RETURN_PHOTOS_MAX} JPEG, PNG or WebP pictures of at most 5 MB each (checked by their content).`,
    ),
});
export type ReturnRequestInput = z.output<typeof returnRequestSchema>;

const itemViewSchema = z.object({
  id: z.number().int().describe("The return item's id: the receive step names items by it."),
  order_item_id: z.number().int(),
  product_name: z.string(),
  product_slug: z.string(),
  color_name: z.string(),
  size_name: z.string(),
  quantity: z.number().int(),
  amount: z.number(),
  exchange: z
    .object({ variant_id: z.number().int(), color_name: z.string(), size_name: z.string() })
    .nullable(),
  condition: z.enum(RETURN_CONDITIONS).nullable(),
});

export const returnViewSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  order_number: z.string(),
  status: z.enum(RETURN_STATUSES),
  status_name: z.string(),
  outcome: z.enum(RETURN_OUTCOMES).nullable(),
  resolution: z.enum(RETURN_RESOLUTIONS),
  resolution_name: z.string(),
  reason: z.enum(RETURN_REASONS),
  reason_name: z.string(),
  reason_text: z.string(),
  method: z.enum(RETURN_METHODS).nullable(),
  courier_name: z.string().nullable(),
  consignment_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
  send_to: z
    .string()
    .nullable()
    .describe("Where the shopper sends the parcel (a return they send themselves)."),
  staff_note: z.string(),
  amount: z.number().describe("What the items cost (their share of the order's discount taken off)."),
  items: z.array(itemViewSchema),
  photos: z.number().int(),
  refund: z.object({ amount: z.number(), reference: z.string() }).nullable(),
  replacement_order_number: z.string().nullable(),
  credit: z.object({ code: z.string(), balance: z.number() }).nullable(),
  timeline: z.array(z.object({ status: z.string(), message: z.string(), created_at: z.string() })),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReturnView = z.output<typeof returnViewSchema>;

/** An order's returns, and what may still be asked for: the shopper's page reads this one answer. */
export const orderReturnsSchema = z.object({
  order_number: z.string(),
  returns: z.array(returnViewSchema),
  can_request: z.boolean(),
  refusal: z
    .string()
    .nullable()
    .describe("Why nothing can be returned now (not delivered, the window passed)."),
  window_ends_at: z.string().nullable(),
  items: z.array(
    z.object({
      order_item_id: z.number().int(),
      product_name: z.string(),
      product_slug: z.string(),
      color_name: z.string(),
      size_name: z.string(),
      bought: z.number().int(),
      returnable: z.number().int().describe("Not yet in a return request (0 for final sale)."),
      final_sale: z.boolean(),
      unit_amount: z.number().describe("What one of it refunds."),
      exchange_options: z.array(
        z.object({
          variant_id: z.number().int(),
          color_name: z.string(),
          size_name: z.string(),
          in_stock: z.boolean(),
        }),
      ),
    }),
  ),
});
export type OrderReturns = z.output<typeof orderReturnsSchema>;

/** The back office's view adds the order, the customer, the photos and who did what. */
export const adminReturnViewSchema = returnViewSchema.extend({
  order: z.object({
    number: z.string(),
    status: z.string(),
    payment_method: z.string(),
    payment_status: z.string(),
    customer: z.string(),
    email: z.string(),
    phone: z.string(),
    city: z.string(),
  }),
  photo_ids: z.array(z.number().int()),
  refund_through: z
    .string()
    .nullable()
    .describe(
      "The provider a refund goes back through; null: a transfer staff make and record by reference.",
    ),
  events: z.array(
    z.object({ status: z.string(), message: z.string(), actor_email: z.string(), created_at: z.string() }),
  ),
  actions: z.array(z.enum(["approve", "reject", "in_transit", "receive", "settle"])),
});
export type AdminReturnView = z.output<typeof adminReturnViewSchema>;

export const adminReturnQuerySchema = z.object({
  status: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.enum(RETURN_FILTERS, { error: "Choose new, approved, in_transit, received or closed." }).optional(),
  ),
  page: pageField(),
});

export const adminReturnListSchema = z.object({
  data: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      order_number: z.string(),
      customer: z.string(),
      status: z.enum(RETURN_STATUSES),
      status_name: z.string(),
      outcome: z.enum(RETURN_OUTCOMES).nullable(),
      resolution: z.enum(RETURN_RESOLUTIONS),
      reason_name: z.string(),
      items: z.number().int(),
      amount: z.number(),
      created_at: z.string(),
    }),
  ),
  meta: pageMetaSchema,
  counts: z.record(z.enum(RETURN_FILTERS), z.number().int()),
});
export type AdminReturnList = z.output<typeof adminReturnListSchema>;

const noteField = optionalText("note", 1000).describe("What the customer reads with this step.");

export const adminReturnActionSchema = z.discriminatedUnion(
  "action",
  [
    z.object({
      action: z.literal("approve"),
      method: z.enum(RETURN_METHODS, { error: RETURN_MESSAGES.method }),
      courier: optionalText("courier", 40).describe("For a pickup: leopards, postex or own."),
      consignment_number: optionalText("consignment number", 60).describe("For own delivery's pickup."),
      tracking_url: optionalText("tracking page", 500),
      note: noteField,
    }),
    z.object({ action: z.literal("reject"), note: noteField }),
    z.object({
      action: z.literal("in_transit"),
      consignment_number: optionalText("consignment number", 60),
      note: noteField,
    }),
    z.object({
      action: z.literal("receive"),
      items: z
        .array(
          z.object({
            id: idField("return item"),
            condition: z.enum(RETURN_CONDITIONS, { error: RETURN_MESSAGES.condition }),
          }),
          { error: RETURN_MESSAGES.conditions },
        )
        .min(1, RETURN_MESSAGES.conditions),
      note: noteField,
    }),
    z.object({
      action: z.literal("settle"),
      resolution: z
        .enum(RETURN_RESOLUTIONS, { error: RETURN_MESSAGES.resolution })
        .optional()
        .describe(
          "Settle another way than the customer asked (agreed with them): an exchange whose size is gone as a refund.",
        ),
      reference: optionalText("reference", 100).describe(
        "For a refund made outside the shop (cash orders, Easypaisa): the transfer's reference.",
      ),
      note: noteField,
    }),
  ],
  { error: RETURN_MESSAGES.action },
);
export type AdminReturnAction = z.output<typeof adminReturnActionSchema>;

export const returnReportSchema = z.object({
  since: z.string(),
  by_product: z.array(
    z.object({
      product_id: z.number().int(),
      product_name: z.string(),
      product_slug: z.string(),
      sold: z.number().int(),
      returned: z.number().int(),
      return_rate: z.number().describe("Returned ÷ sold, 0 to 1."),
      wrong_size: z.number().int(),
      wrong_size_rate: z.number().describe("Returned for the wrong size ÷ sold: a size chart to check."),
    }),
  ),
  by_reason: z.array(z.object({ reason: z.enum(RETURN_REASONS), name: z.string(), items: z.number().int() })),
  refunded_by_month: z.array(z.object({ month: z.string(), amount: z.number(), returns: z.number().int() })),
});
export type ReturnReport = z.output<typeof returnReportSchema>;

export const returnReportQuerySchema = z.object({
  months: z.coerce
    .number({ error: "The months must be a whole number from 1 to 24." })
    .int("The months must be a whole number from 1 to 24.")
    .min(1, "The months must be a whole number from 1 to 24.")
    .max(24, "The months must be a whole number from 1 to 24.")
    .default(12),
});
