import {
  PAYMENT_REPORT_COLUMNS,
  PAYMENT_REPORT_MAX_ROWS,
  PAYMENT_REPORT_MESSAGES,
  type PaymentReportColumn,
} from "../../../shared/cod-collections.ts";
import { parseRupees } from "../../../shared/money.ts";
import { CsvSyntaxError, parseCsv, unguarded } from "../../csv.ts";
import { toPaisa } from "../../money/money.ts";

/**
 * A courier's payment report read into payments (docs/decisions/0046-cash-collected.md): the columns found by
 * their names, every cell checked. Nothing here reads the database; the service matches the rows to orders.
 */

/** A problem with the file as a whole (no header, too many rows, broken quoting): nothing is recorded. */
export class PaymentReportError extends Error {
  override name = "PaymentReportError";
}

/** A row of the report, read: either a payment to match, or why it is not one. */
export type ReportRow = {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: number;
  consignment: string;
  order: string;
} & ({ ok: true; amount: number; collectedOn: string; reference: string } | { ok: false; reason: string });

const REFERENCE_MAX = 100;
const KEY_MAX = 60;

/** "Payment Ref." and "payment_ref" are one name. */
const columnKey = (name: string) => name.toLowerCase().replace(/[\s._-]+/g, "");

const NAMES = new Map<string, PaymentReportColumn>(
  Object.entries(PAYMENT_REPORT_COLUMNS).flatMap(([column, names]) =>
    names.map((name) => [columnKey(name), column as PaymentReportColumn] as const),
  ),
);

/** A day as reports write it, "2026-11-28" or "28/11/2026" (or with dashes), as YYYY-MM-DD; undefined if none. */
export function reportDay(text: string): string | undefined {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(trimmed);
  const local = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(trimmed);
  const [year, month, day] = iso
    ? [iso[1]!, iso[2]!, iso[3]!]
    : local
      ? [local[3]!, local[2]!.padStart(2, "0"), local[1]!.padStart(2, "0")]
      : [];
  if (!year) return undefined;
  const date = `${year}-${month}-${day}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date) ? date : undefined;
}

function readRow(row: number, cell: (column: PaymentReportColumn) => string): ReportRow {
  const consignment = cell("consignment");
  const order = cell("order");
  const base = { row, consignment, order };
  const refuse = (reason: string): ReportRow => ({ ...base, ok: false, reason });
  if (!consignment && !order) return refuse("The row has neither a consignment number nor an order number.");
  if (consignment.length > KEY_MAX || order.length > KEY_MAX)
    return refuse("The consignment or order number is too long.");
  const rupees = parseRupees(cell("amount"), { strict: true });
  if (rupees === undefined) {
    return refuse(`The amount must be rupees like 2499 or 2,499.50 (found "${cell("amount")}").`);
  }
  const collectedOn = reportDay(cell("date"));
  if (!collectedOn)
    return refuse(`The date must be like 2026-11-28 or 28/11/2026 (found "${cell("date")}").`);
  const reference = cell("reference");
  if (!reference) return refuse("The payment reference is missing.");
  if (reference.length > REFERENCE_MAX) return refuse("The payment reference is too long.");
  return { ...base, ok: true, amount: toPaisa(rupees), collectedOn, reference };
}

/** Reads the report's rows; throws `PaymentReportError` when the file as a whole cannot be read. */
export function readPaymentReport(text: string): ReportRow[] {
  const rows: ReportRow[] = [];
  let columns: Map<PaymentReportColumn, number> | undefined;
  try {
    for (const { fields } of parseCsv(text)) {
      if (!columns) {
        columns = new Map();
        for (const [index, name] of fields.entries()) {
          const column = NAMES.get(columnKey(name));
          if (column && !columns.has(column)) columns.set(column, index);
        }
        const keyed = columns.has("consignment") || columns.has("order");
        if (!keyed || !columns.has("amount") || !columns.has("date") || !columns.has("reference")) {
          throw new PaymentReportError(PAYMENT_REPORT_MESSAGES.missingColumns);
        }
        continue;
      }
      if (rows.length >= PAYMENT_REPORT_MAX_ROWS)
        throw new PaymentReportError(PAYMENT_REPORT_MESSAGES.tooManyRows);
      const found = columns;
      const cell = (column: PaymentReportColumn) => {
        const index = found.get(column);
        return index === undefined ? "" : unguarded((fields[index] ?? "").trim());
      };
      rows.push(readRow(rows.length + 2, cell));
    }
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw new PaymentReportError(`The file is not valid CSV: ${error.message}`);
    throw error;
  }
  if (rows.length === 0) throw new PaymentReportError(PAYMENT_REPORT_MESSAGES.empty);
  return rows;
}
