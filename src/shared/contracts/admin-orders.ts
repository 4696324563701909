import { z } from "zod";
import { RISK_FLAGS } from "../order-risk.ts";
import { ORDER_STATUSES, SETTABLE_ORDER_STATUSES } from "../order-status.ts";
import { PAYMENT_METHODS, PAYMENT_STATUSES } from "../payment.ts";
import { COURIER_IDS, SHIPMENT_STATUSES } from "../shipment-status.ts";
import { MAX_LINE_QUANTITY } from "./cart.ts";
import { pageMetaSchema } from "./catalogue.ts";
import { CHECKOUT_MESSAGES, orderLineSchema, orderSchema, shippingAddressSchema } from "./checkout.ts";
import { hasNul, idField, optionalText, pageField, quantityField, requiredText } from "./fields.ts";

/** The back office's orders: the list with its filters, one order with its history, and a change of status. */

/** Where an order staff enter was taken (issue 35, item 7); the shop's own checkout is "web". */
export const ORDER_CHANNELS = ["phone", "whatsapp", "instagram", "facebook", "in_person", "other"] as const;
export type OrderChannel = (typeof ORDER_CHANNELS)[number];
export const ORDER_CHANNEL_NAMES: Record<OrderChannel | "web", string> = {
  web: "The shop's website",
  phone: "Phone call",
  whatsapp: "WhatsApp",
  instagram: "Instagram",
  facebook: "Facebook",
  in_person: "In person",
  other: "Other",
};

export const ADMIN_ORDERS_PER_PAGE = 25;
/** The list counts its matches up to here; past it, "10,000+" is as useful and far cheaper (decision 0029). */
export const ORDER_COUNT_LIMIT = 10_000;
export const ORDER_SEARCH_MAX = 100;

export const ADMIN_ORDER_MESSAGES = {
  status: `The status must be one of: ${ORDER_STATUSES.join(", ")}.`,
  newStatus: `The status must be one of: ${SETTABLE_ORDER_STATUSES.join(", ")}.`,
  payment: `The payment status must be one of: ${PAYMENT_STATUSES.join(", ")}.`,
  method: `The payment method must be one of: ${PAYMENT_METHODS.join(", ")}.`,
  statusRequired: "Choose the order's new status.",
  date: (field: string) => `The ${field} date must be a date like 2026-11-21.`,
  dateOrder: "The to date must be on or after the from date.",
  search: `The search may not be longer than ${ORDER_SEARCH_MAX} characters.`,
  searchNul: "The search contains a character that is not allowed.",
} as const;

const blankToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day (YYYY-MM-DD) that exists: 2026-02-30 is refused, not rolled over into March. */
export function isCalendarDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const dayField = (field: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: ADMIN_ORDER_MESSAGES.date(field) })
      .trim()
      .refine(isCalendarDay, ADMIN_ORDER_MESSAGES.date(field))
      .optional()
      .describe(`A day (YYYY-MM-DD) in the shop's time (Pakistan, UTC+5); the ${field} day is included.`),
  );

export const adminOrderQuerySchema = z
  .object({
    status: z.preprocess(
      blankToUndefined,
      z.enum(ORDER_STATUSES, { error: ADMIN_ORDER_MESSAGES.status }).optional(),
    ),
    payment: z
      .preprocess(
        blankToUndefined,
        z.enum(PAYMENT_STATUSES, { error: ADMIN_ORDER_MESSAGES.payment }).optional(),
      )
      .describe(
        "Only orders whose payment stands here (unpaid, pending, paid, failed, refunded, partly_refunded).",
      ),
    method: z
      .preprocess(
        blankToUndefined,
        z.enum(PAYMENT_METHODS, { error: ADMIN_ORDER_MESSAGES.method }).optional(),
      )
      .describe("Only orders paid this way (cod, jazzcash, easypaisa, safepay, bank_transfer)."),
    review: z
      .preprocess(
        (value) =>
          value === "1" || value === "true" ? true : value === "0" || value === "false" ? false : value,
        z.boolean({ error: "The review filter must be 1 or 0." }).optional(),
      )
      .describe(
        "1: only orders that need review (awaiting the customer's confirmation, or flagged by a risk signal and still pending).",
      ),
    from: dayField("from"),
    to: dayField("to"),
    q: z.preprocess(
      blankToUndefined,
      z
        .string({ error: ADMIN_ORDER_MESSAGES.searchNul })
        .trim()
        .max(ORDER_SEARCH_MAX, ADMIN_ORDER_MESSAGES.search)
        .refine((value) => !hasNul(value), ADMIN_ORDER_MESSAGES.searchNul)
        .optional()
        .describe(
          "An order number, an email address or a phone number, or the start of one (case and the phone's " +
            "spaces, dashes and +92 do not matter).",
        ),
    ),
    page: pageField(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: ADMIN_ORDER_MESSAGES.dateOrder,
    path: ["to"],
  });
export type AdminOrderQuery = z.output<typeof adminOrderQuerySchema>;

/** The order's parcel with a courier, as the list shows it: who carries it and where it stands. */
export const shipmentSummarySchema = z.object({
  courier: z.enum(COURIER_IDS),
  courier_name: z.string(),
  consignment_number: z
    .string()
    .nullable()
    .describe("Null while the booking waits for the courier's answer (status `booking`)."),
  tracking_url: z.string().nullable(),
  status: z
    .enum(["booking", ...SHIPMENT_STATUSES])
    .describe(
      "`booking` until the courier confirms, then where the parcel stands (src/shared/shipment-status.ts).",
    ),
});
export type ShipmentSummary = z.output<typeof shipmentSummarySchema>;

/** One row of the order list. */
export const adminOrderSummarySchema = z.object({
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  created_at: z.string(),
  customer_name: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  registered: z.boolean().describe("Whether the order was placed by a signed-in customer."),
  item_count: z.number().int(),
  total: z.number().describe("Rupees."),
  payment_method: z.enum(PAYMENT_METHODS),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_flag: z
    .string()
    .nullable()
    .describe('"refund_due": money arrived for an order already cancelled; null otherwise.'),
  flags: z
    .array(z.enum(RISK_FLAGS))
    .describe("The order's risk flags at checkout (src/shared/order-risk.ts)."),
  shipment: shipmentSummarySchema.nullable().describe("Null until the order is booked with a courier."),
});
export type AdminOrderSummary = z.output<typeof adminOrderSummarySchema>;

export const adminOrderListSchema = z.object({
  data: z.array(adminOrderSummarySchema),
  meta: pageMetaSchema.extend({
    total_capped: z
      .boolean()
      .describe(
        `True when more than ${ORDER_COUNT_LIMIT.toLocaleString("en")} orders match: \`total\` (and \`last_page\`) ` +
          "then stop there; narrow the filters to reach the rest.",
      ),
  }),
});
export type AdminOrderList = z.output<typeof adminOrderListSchema>;

export const orderHistoryEntrySchema = z.object({
  from: z.enum(ORDER_STATUSES).nullable().describe("Null for the order's placing."),
  to: z.enum(ORDER_STATUSES),
  actor: z
    .string()
    .nullable()
    .describe("The email of the staff member who made the change; null for the order's placing."),
  note: z.string(),
  at: z.string(),
});
export type OrderHistoryEntry = z.output<typeof orderHistoryEntrySchema>;

/** One order as the back office sees it: the shopper's view plus the account, history and next steps. */
export const adminOrderSchema = orderSchema.extend({
  status: z.enum(ORDER_STATUSES),
  items: z.array(
    orderLineSchema.extend({
      variant_id: z.number().int(),
      sku: z
        .string()
        .nullable()
        .describe(
          "The variant's SKU today, for picking; null when the variant has no SKU or no longer exists.",
        ),
    }),
  ),
  customer: z
    .object({ id: z.number().int(), name: z.string(), email: z.string() })
    .nullable()
    .describe("The account that placed the order; null for a guest (or an account since removed)."),
  history: z.array(orderHistoryEntrySchema).describe("Oldest first, starting with the order's placing."),
  allowed_statuses: z
    .array(z.enum(SETTABLE_ORDER_STATUSES))
    .describe("The statuses the order may move to now (empty once delivered, returned or cancelled)."),
  can_confirm: z
    .boolean()
    .describe("Whether the order awaits confirmation: POST /admin/orders/{number}/confirm confirms it."),
  risk: z.object({
    flags: z.array(z.enum(RISK_FLAGS)),
    phone_refused: z
      .number()
      .int()
      .describe("This phone's other orders refused at the door (returning or returned)."),
    phone_delivered: z.number().int().describe("This phone's other orders delivered."),
    customer_refused: z
      .number()
      .int()
      .nullable()
      .describe("The account's other refused orders; null for a guest."),
    recent_orders: z
      .number()
      .int()
      .describe("Other orders from this phone or address in the 24 hours before it."),
    first_order: z.boolean().describe("No earlier order from this phone or account."),
  }),
  shipment: shipmentSummarySchema
    .extend({
      booked_at: z.string().nullable(),
      last_error: z
        .string()
        .nullable()
        .describe("Why the last call to the courier about the booking went wrong, if it did."),
      events: z
        .array(
          z.object({
            status: z.enum(SHIPMENT_STATUSES),
            courier_status: z.string().describe("The courier's own words for it."),
            description: z.string(),
            location: z.string(),
            at: z.string(),
          }),
        )
        .describe("What the courier reported, oldest first."),
    })
    .nullable()
    .describe("The order's live shipment; null until it is booked with a courier."),
  replacement_for: z
    .object({ id: z.number().int(), number: z.string() })
    .nullable()
    .describe(
      "The return whose exchange this order sends (a replacement order, total Rs. 0); null for a shopper's own order.",
    ),
  channel: z
    .enum(["web", ...ORDER_CHANNELS])
    .describe("Where the order came from: web (the shop's checkout) or the channel staff entered it for."),
  entered_by: z
    .string()
    .nullable()
    .describe("The staff member who entered the order (their email then); null for the shop's checkout."),
});
export type AdminOrder = z.output<typeof adminOrderSchema>;

export const ORDER_NOTE_MAX = 500;

/** Lines an order staff enter may have (a cart has no such limit, but a form of hundreds of lines is a mistake). */
export const STAFF_ORDER_LINES_MAX = 50;

export const STAFF_ORDER_MESSAGES = {
  items: "Add at least one item to the order.",
  tooManyItems: `An order may have at most ${STAFF_ORDER_LINES_MAX} lines.`,
  sameVariant: "Each colour and size may be listed once: change its quantity instead.",
  unknownVariant: (id: number) =>
    `Item ${id} does not exist: it may have been removed. Please choose it again.`,
  notLive: (title: string) => `${title} is not on sale (it is a draft or archived).`,
  channel: `The channel must be one of: ${ORDER_CHANNELS.join(", ")}.`,
  email: "Email must be a valid email address.",
  blocked:
    "This phone number or email address is on the blocklist for cash on delivery. Take it off the blocklist first if you mean to send this order.",
  codeDropped: (code: string, reason: string) => `The code ${code} does not apply: ${reason}`,
} as const;

const staffOrderItemSchema = z.object({
  variation_id: idField("variation id"),
  quantity: quantityField(MAX_LINE_QUANTITY),
});

const staffOrderItemsSchema = z
  .array(staffOrderItemSchema, { error: STAFF_ORDER_MESSAGES.items })
  .min(1, STAFF_ORDER_MESSAGES.items)
  .max(STAFF_ORDER_LINES_MAX, STAFF_ORDER_MESSAGES.tooManyItems)
  .refine(
    (items) => new Set(items.map((item) => item.variation_id)).size === items.length,
    STAFF_ORDER_MESSAGES.sameVariant,
  );

/** A discount code as staff type it: optional, upper-cased by the pricing like the cart's. */
const staffOrderCode = optionalText("code", 64).transform((code) => code.toUpperCase());

/** What staff ask the price of before entering an order: its lines, and the city and code when known. */
export const staffOrderQuoteSchema = z.object({
  items: staffOrderItemsSchema,
  city: optionalText("city", 100),
  code: staffOrderCode,
  phone: optionalText("phone", 30).describe(
    "The shopper's phone, when known: a code's uses per customer count by it.",
  ),
});
export type StaffOrderQuoteInput = z.output<typeof staffOrderQuoteSchema>;

export const staffOrderQuoteAnswerSchema = z.object({
  lines: z.array(
    z.object({
      variation_id: z.number().int(),
      product_id: z.number().int(),
      slug: z.string(),
      name: z.string(),
      color_name: z.string(),
      size_name: z.string(),
      price: z.number().describe("Unit price today, in rupees (after the product's discount)."),
      quantity: z.number().int(),
      total: z.number(),
      stock: z.number().int().describe("Units in stock now."),
      problem: z
        .string()
        .nullable()
        .describe(
          "Why the line cannot be ordered as it is (not enough stock, not on sale); null when it can.",
        ),
    }),
  ),
  subtotal: z.number(),
  discount: z.number(),
  code: z.string().nullable().describe("The code that priced the order; null for none."),
  code_problem: z
    .string()
    .nullable()
    .describe("Why the typed code does not apply; null when it does or none was typed."),
  delivery_charges: z.number(),
  delivery_note: z.string(),
  cod_fee: z.number(),
  total: z.number(),
});
export type StaffOrderQuote = z.output<typeof staffOrderQuoteAnswerSchema>;

/**
 * An order staff enter for a shopper who bought by phone or message: the checkout's contact and address fields
 * (email optional: many such shoppers have none; then no email is sent), the lines, the channel and a code.
 * Cash on delivery; the staff member's call is its confirmation, so it is not asked to be confirmed again.
 */
export const staffOrderSchema = z.object({
  items: staffOrderItemsSchema,
  email: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z
      .string({ error: STAFF_ORDER_MESSAGES.email })
      .trim()
      .max(254, STAFF_ORDER_MESSAGES.email)
      .pipe(z.email(STAFF_ORDER_MESSAGES.email))
      .optional(),
  ),
  phone: requiredText("phone", CHECKOUT_MESSAGES.phone, 30),
  shipping_address: z.preprocess(
    (value) => (value === undefined || value === null ? {} : value),
    shippingAddressSchema,
  ),
  notes: optionalText("order notes", 1000).describe(
    "The shopper's notes, as on a checkout (printed on the slip).",
  ),
  channel: z.enum(ORDER_CHANNELS, { error: STAFF_ORDER_MESSAGES.channel }),
  staff_note: optionalText("note", ORDER_NOTE_MAX).describe(
    "For the order's history (not sent to the customer): what was agreed, who took the call.",
  ),
  code: staffOrderCode,
});
export type StaffOrderInput = z.output<typeof staffOrderSchema>;

export const updateOrderStatusSchema = z.object({
  status: z.enum(SETTABLE_ORDER_STATUSES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ""
        ? ADMIN_ORDER_MESSAGES.statusRequired
        : ADMIN_ORDER_MESSAGES.newStatus,
  }),
  note: optionalText("note", ORDER_NOTE_MAX).describe(
    "Why, for the order's history (not sent to the customer).",
  ),
});
export type UpdateOrderStatusInput = z.output<typeof updateOrderStatusSchema>;

export const receivedBackSchema = z.object({
  note: optionalText("note", ORDER_NOTE_MAX).describe("The parcel's state, for the order's history."),
});
