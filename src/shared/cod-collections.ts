/**
 * Cash collected on delivery (docs/decisions/0046-cash-collected.md): the payment report's limits, columns and
 * words, shared by the API and the back office's page. Zod-free, so pages may import it.
 */
import { CATALOG_CSV_MESSAGES } from "./catalogue-csv.ts";

/** The largest payment report the shop reads, and the most rows besides the header. */
export const PAYMENT_REPORT_MAX_BYTES = 2 * 1024 * 1024;
export const PAYMENT_REPORT_MAX_ROWS = 5_000;
/** What a request carrying the report may weigh: the file and a little form around it. */
export const PAYMENT_REPORT_BODY_MAX_BYTES = PAYMENT_REPORT_MAX_BYTES + 64 * 1024;

/**
 * The report's columns, each found by any of its names (case, spaces, dots, dashes and underscores do not matter):
 * a generic format, with the names couriers' spreadsheets commonly use. A row needs a consignment number or an
 * order number, the amount (rupees), the date and the payment reference.
 */
export const PAYMENT_REPORT_COLUMNS = {
  consignment: ["Consignment Number", "CN", "CN Number", "Tracking Number", "Booked Packet CN"],
  order: ["Order Number", "Order Ref", "Order Reference", "Order Ref Number", "Order ID"],
  amount: ["Amount", "Collected Amount", "COD Amount", "Amount Collected", "Invoice Payment"],
  date: ["Date", "Collected On", "Payment Date", "Delivery Date"],
  reference: ["Reference", "Payment Reference", "Payment Ref", "Transaction ID", "Cheque Number"],
} as const;
export type PaymentReportColumn = keyof typeof PAYMENT_REPORT_COLUMNS;

export const PAYMENT_REPORT_MESSAGES = {
  tooLarge: `The file is too large: a payment report may be at most ${PAYMENT_REPORT_MAX_BYTES / 1024 / 1024} MB. Split it into several files.`,
  tooManyRows: `The file has too many rows: a payment report may have at most ${PAYMENT_REPORT_MAX_ROWS.toLocaleString("en-PK")} rows besides the header. Split it into several files.`,
  fileRequired: "Choose the courier's payment report (a CSV file).",
  notUtf8: CATALOG_CSV_MESSAGES.notUtf8,
  empty: "The file is empty: it needs a header row and at least one payment.",
  missingColumns:
    "The header needs a consignment number or order number column, and Amount, Date and Reference columns.",
} as const;

/** What became of a row of the report. */
export const COLLECTION_OUTCOMES = [
  "recorded",
  "mismatch",
  "duplicate",
  "conflict",
  "not_due",
  "unknown",
  "invalid",
] as const;
export type CollectionOutcome = (typeof COLLECTION_OUTCOMES)[number];

/** How staff read each outcome. */
export const COLLECTION_OUTCOME_LABELS: Record<CollectionOutcome, string> = {
  recorded: "Recorded",
  mismatch: "Recorded, amount differs",
  duplicate: "Already recorded",
  conflict: "Paid under another reference",
  not_due: "No cash due",
  unknown: "Unknown consignment",
  invalid: "Not valid",
};

export const COD_COLLECTION_VIEWS = ["unpaid", "mismatches"] as const;
export type CodCollectionView = (typeof COD_COLLECTION_VIEWS)[number];
