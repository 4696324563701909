/**
 * Money is integer paisa everywhere inside the system (1 rupee = 100 paisa) and becomes rupees only at the edge.
 * These helpers are the one place that converts and rounds.
 */

/** The price after a percentage discount, rounded to the nearest paisa (halves round up). */
export function applyDiscount(pricePaisa: number, discountPercent: number): number {
  if (discountPercent <= 0) return pricePaisa;
  return pricePaisa - Math.floor((pricePaisa * discountPercent) / 100 + 0.5);
}

/** Paisa to a rupee number with at most 2 decimals, for JSON (1250.5 for Rs. 1,250.50). */
export function toRupees(paisa: number): number {
  return paisa / 100;
}

/** Rupees (possibly fractional) to whole paisa. */
export function toPaisa(rupees: number): number {
  return Math.round(rupees * 100);
}

const amountFormat = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "1,250.00" for 125000 paisa. */
export function formatAmount(paisa: number): string {
  return amountFormat.format(paisa / 100);
}

/** "Rs. 1,250.00" from a rupee amount as the API sends it. */
export function formatRupees(rupees: number): string {
  return `Rs. ${amountFormat.format(rupees)}`;
}
