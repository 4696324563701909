/**
 * Display of amounts the API sent, in rupees. No money rule lives here: prices, totals, delivery and rounding
 * are worked out by the API's money module (`src/api/money/money.ts`) and shown as they arrive.
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
