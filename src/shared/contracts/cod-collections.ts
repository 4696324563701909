import { z } from "zod";
import {
  COD_COLLECTION_VIEWS,
  COLLECTION_OUTCOMES,
  PAYMENT_REPORT_MAX_BYTES,
  PAYMENT_REPORT_MAX_ROWS,
  PAYMENT_REPORT_MESSAGES,
} from "../cod-collections.ts";
import { COURIER_IDS } from "../shipment-status.ts";

/** Cash collected on delivery: the payment report's upload and the lists (docs/decisions/0046-cash-collected.md). */

export const paymentReportSchema = z.object({
  file: z
    .file({ error: PAYMENT_REPORT_MESSAGES.fileRequired })
    .min(1, PAYMENT_REPORT_MESSAGES.fileRequired)
    .max(PAYMENT_REPORT_MAX_BYTES, PAYMENT_REPORT_MESSAGES.tooLarge)
    .describe(
      `The courier's payment report as CSV (UTF-8), at most ${PAYMENT_REPORT_MAX_BYTES / 1024 / 1024} MB and ` +
        `${PAYMENT_REPORT_MAX_ROWS} rows: a consignment number or order number, the amount (rupees), the date ` +
        "(YYYY-MM-DD or DD/MM/YYYY) and the payment reference.",
    ),
  courier: z
    .enum(COURIER_IDS, { error: "Choose the courier whose report this is." })
    .describe("Whose report it is: consignment numbers are looked up among this courier's shipments."),
});
export type PaymentReportInput = z.output<typeof paymentReportSchema>;

export const paymentReportRowSchema = z.object({
  row: z.number().int().describe("The row as a spreadsheet numbers it: the header is row 1."),
  consignment_number: z.string(),
  order_number: z.string().nullable().describe("The order the row matched; null when none."),
  amount: z.number().nullable().describe("What the report says was collected, in rupees."),
  expected: z.number().nullable().describe("The cash that was due (COD amount), in rupees."),
  outcome: z.enum(COLLECTION_OUTCOMES),
  reason: z.string().describe("What happened, in words for staff."),
});
export type PaymentReportRow = z.output<typeof paymentReportRowSchema>;

export const paymentReportAnswerSchema = z.object({
  message: z.string(),
  counts: z.record(z.enum(COLLECTION_OUTCOMES), z.number().int()).describe("Rows by outcome."),
  rows: z
    .array(paymentReportRowSchema)
    .describe(
      "Every row: recorded (or recorded with a mismatch) or why not. A row that failed changed nothing; " +
        "uploading the same report again records nothing twice.",
    ),
});
export type PaymentReportAnswer = z.output<typeof paymentReportAnswerSchema>;

export const codCollectionsQuerySchema = z.object({
  view: z.enum(COD_COLLECTION_VIEWS, { error: "The view must be unpaid or mismatches." }),
});

export const codCollectionItemSchema = z.object({
  order_number: z.string(),
  courier: z.string().describe('How staff read the courier; "No courier booked" when none was.'),
  consignment_number: z.string().nullable(),
  expected: z
    .number()
    .describe("The cash due (the shipment's COD amount, else the order's total), in rupees."),
  amount: z.number().nullable().describe("What was collected, in rupees; null in the unpaid list."),
  collected_on: z.string().nullable(),
  reference: z.string().nullable(),
  delivered_at: z
    .string()
    .nullable()
    .describe("When the order became delivered; null if the history lacks it."),
  days_since_delivery: z.number().int().nullable(),
});
export type CodCollectionItem = z.output<typeof codCollectionItemSchema>;

export const codCollectionsAnswerSchema = z.object({
  view: z.enum(COD_COLLECTION_VIEWS),
  data: z
    .array(codCollectionItemSchema)
    .describe(
      "unpaid: delivered orders with no cash recorded, longest waiting first; mismatches: payments whose amount " +
        "differs from the cash due, newest first. At most 200.",
    ),
  more: z.boolean().describe("True when there are more than those listed."),
});
export type CodCollectionsAnswer = z.output<typeof codCollectionsAnswerSchema>;
