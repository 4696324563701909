/**
 * Every money rule of the shop, in one place: conversions, the sale price, line totals, delivery, discount and
 * the order total. Amounts are integer paisa (1 rupee = 100 paisa) and become rupees only in the API's answers;
 * the storefront and the emails display the figures computed here and never compute their own.
 */

/** Rs. 200 on every order that has something to deliver (spec section 9). */
export const DELIVERY_CHARGE = 20_000;

/** The parts of a line that decide its money: the variant's price (paisa), the product's percent, how many. */
export interface PricedLine {
  price: number;
  discount: number;
  quantity: number;
}

export interface LineFigures {
  unitPrice: number;
  lineTotal: number;
}

/** Everything a cart or an order shows, in paisa: `total = subtotal + delivery - discount`. */
export interface CheckoutSummary {
  lines: LineFigures[];
  quantity: number;
  subtotal: number;
  discount: number;
  delivery: number;
  total: number;
}

/** The summary's figures as the API sends them, in rupees, under the spec's checkout field names. */
export interface SummaryInRupees {
  subtotal: number;
  discount: number;
  delivery_charges: number;
  total: number;
}

/** A non-negative safe integer, or a RangeError: a wrong amount must stop the sale, never be charged. */
function amount(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${what} must be a whole, non-negative number within range, not ${value}`);
  }
  return value;
}

/** Paisa to a rupee number with at most 2 decimals, for JSON (125050 -> 1250.5). */
export function toRupees(paisa: number): number {
  return amount(paisa, "an amount in paisa") / 100;
}

/** Rupees (possibly fractional, as a client sends them) to whole paisa. */
export function toPaisa(rupees: number): number {
  if (!Number.isFinite(rupees)) throw new RangeError(`an amount in rupees must be finite, not ${rupees}`);
  return Math.round(rupees * 100);
}

/** True when a client's rupee figure is exactly `paisa`; a malformed or out-of-range figure simply differs. */
export function sameAmount(rupees: number, paisa: number): boolean {
  return (
    Number.isFinite(rupees) && Math.abs(rupees) <= Number.MAX_SAFE_INTEGER / 100 && toPaisa(rupees) === paisa
  );
}

/**
 * The price after a percent discount: `price - round(price * percent / 100)`, the discount rounded to the
 * nearest paisa with halves rounding up (so the shopper gets the half paisa). Integer arithmetic throughout,
 * so no binary fraction can tip a half the wrong way.
 */
export function salePrice(price: number, discountPercent: number): number {
  amount(price, "a price");
  if (!Number.isInteger(discountPercent) || discountPercent < 0 || discountPercent > 100) {
    throw new RangeError(`a discount must be a whole percent from 0 to 100, not ${discountPercent}`);
  }
  const scaled = amount(price * discountPercent + 50, "a discounted price");
  return price - (scaled - (scaled % 100)) / 100;
}

/** A line's total: the unit price times the quantity. */
export function lineTotal(unitPrice: number, quantity: number): number {
  amount(unitPrice, "a unit price");
  amount(quantity, "a quantity");
  return amount(unitPrice * quantity, "a line total");
}

/** One line's unit price (after its product's discount) and total. */
export function priceLine(line: PricedLine): LineFigures {
  const unitPrice = salePrice(line.price, line.discount);
  return { unitPrice, lineTotal: lineTotal(unitPrice, line.quantity) };
}

/** Rs. 200, unless there is nothing to deliver: an empty cart costs nothing. */
export function deliveryCharge(quantity: number): number {
  return amount(quantity, "a quantity") > 0 ? DELIVERY_CHARGE : 0;
}

/** The order's discount. The spec's discount starts at 0 and no promotion exists yet. */
export function orderDiscount(): number {
  return 0;
}

/** The spec's order total: subtotal + delivery - discount. A discount larger than the rest is refused. */
export function orderTotal(subtotal: number, delivery: number, discount: number): number {
  amount(subtotal, "a subtotal");
  amount(delivery, "a delivery charge");
  amount(discount, "a discount");
  return amount(subtotal + delivery - discount, "an order total");
}

/** Every figure of a cart or an order from its lines, in paisa. */
export function checkoutSummary(lines: readonly PricedLine[]): CheckoutSummary {
  const figures = lines.map(priceLine);
  let quantity = 0;
  let subtotal = 0;
  for (const [index, line] of lines.entries()) {
    quantity = amount(quantity + line.quantity, "a cart's quantity");
    subtotal = amount(subtotal + figures[index]!.lineTotal, "a subtotal");
  }
  const discount = orderDiscount();
  const delivery = deliveryCharge(quantity);
  return {
    lines: figures,
    quantity,
    subtotal,
    discount,
    delivery,
    total: orderTotal(subtotal, delivery, discount),
  };
}

/** The summary as the API answers it (rupees). */
export function summaryInRupees(summary: Omit<CheckoutSummary, "lines" | "quantity">): SummaryInRupees {
  return {
    subtotal: toRupees(summary.subtotal),
    discount: toRupees(summary.discount),
    delivery_charges: toRupees(summary.delivery),
    total: toRupees(summary.total),
  };
}
