/**
 * Display of amounts the API sent, in rupees, and the one reading of rupees people type (`parseRupees`). No
 * money rule lives here: prices, totals, delivery, rounding and paisa are worked out by the API's money module
 * (`src/api/money/money.ts`) and shown as they arrive.
 */

const amountFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** "1,250.00" for 1250: the spec's size option price string. */
export function formatAmount(rupees: number): string {
  return amountFormat.format(rupees);
}

/** "Rs. 1,250.00" from a rupee amount as the API sends it. */
export function formatRupees(rupees: number): string {
  return `Rs. ${amountFormat.format(rupees)}`;
}

/** "Rs. 200" for a whole amount (the spec's shipping line), "Rs. 200.50" when there are paisa to show. */
export function formatWholeRupees(rupees: number): string {
  return Number.isInteger(rupees) ? `Rs. ${wholeFormat.format(rupees)}` : formatRupees(rupees);
}

/** "1250.00": a machine-readable amount (structured data, meta tags), no grouping. */
export function formatPlainAmount(rupees: number): string {
  return amountFormat
    .formatToParts(rupees)
    .filter((part) => part.type !== "group")
    .map((part) => part.value)
    .join("");
}

/** What a well-formed amount looks like to the catalogue CSV: "1499", "1,499.50", "Rs. 1,499". */
const STRICT_RUPEES = /^(?:rs\.?\s*)?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d{1,2})?$/i;

/**
 * Rupees as a person or a spreadsheet writes them, as a number: "1250", "1,250.50", "Rs. 1,250" (a leading
 * "Rs" or "Rs." in any case, and thousands commas, are dropped); undefined when the text is not an amount.
 * Two dialects, one reading: the product form takes commas anywhere and any number of decimals, and leaves
 * the decimals, bounds and wording to its own checks; `strict` (the catalogue CSV) also wants the commas
 * between groups of three digits, a digit before the point and at most two decimals. Turning rupees into
 * paisa is the API's (`toPaisa`).
 */
export function parseRupees(text: string, options: { strict?: boolean } = {}): number | undefined {
  const typed = text.trim();
  if (options.strict && !STRICT_RUPEES.test(typed)) return undefined;
  const plain = typed.replace(/^rs\.?\s*/i, "").replaceAll(",", "");
  return /^\d*\.?\d+$/.test(plain) ? Number(plain) : undefined;
}
