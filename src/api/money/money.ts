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
  /** Whether the applied code discounts this line (its scope); true unless said otherwise. */
  eligible?: boolean;
}

export interface LineFigures {
  unitPrice: number;
  lineTotal: number;
}

/** Everything a cart or an order shows, in paisa: `total = subtotal + delivery + codFee - discount`. */
export interface CheckoutSummary {
  lines: LineFigures[];
  quantity: number;
  subtotal: number;
  /** The subtotal of the lines the code applies to. */
  eligibleSubtotal: number;
  discount: number;
  delivery: number;
  deliveryReason: DeliveryReason;
  codFee: number;
  total: number;
}

/** The summary's figures as the API sends them, in rupees, under the spec's checkout field names. */
export interface SummaryInRupees {
  subtotal: number;
  discount: number;
  delivery_charges: number;
  cod_fee: number;
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

/**
 * The smallest whole percent that brings `price` to `fixed` or under (a fixed-price sale, decision 0049): 0 when
 * the price is already at or under it. The shopper pays at most the fixed price, never more.
 */
export function percentForPrice(price: number, fixed: number): number {
  amount(price, "a price");
  amount(fixed, "a fixed price");
  if (price <= fixed) return 0;
  let percent = Math.min(100, Math.ceil(((price - fixed) * 100) / price));
  while (percent > 0 && salePrice(price, percent - 1) <= fixed) percent--;
  while (percent < 100 && salePrice(price, percent) > fixed) percent++;
  return percent;
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

/** How delivery is priced (the owner's settings, decision 0047); the defaults are the spec's flat Rs. 200. */
export interface DeliveryPricing {
  /** Paisa on every order with something to deliver. */
  flat: number;
  /** Free delivery when the subtotal after discounts is at least this (paisa); null for never. */
  freeFrom: number | null;
  /** A different charge for these cities, by `cityKey`. */
  cities: ReadonlyMap<string, number>;
  /** The cash-on-delivery fee (paisa), its own line; 0 for none. */
  codFee: number;
}

export const DEFAULT_DELIVERY: DeliveryPricing = {
  flat: DELIVERY_CHARGE,
  freeFrom: null,
  cities: new Map(),
  codFee: 0,
};

/** A city as delivery prices compare it: "  karachi " and "Karachi" are one. */
export function cityKey(city: string): string {
  return city.trim().replace(/\s+/g, " ").toLowerCase();
}

/** What a discount code takes off: a whole percent, an amount (paisa), or the delivery. */
export interface CouponTerms {
  kind: "percent" | "amount" | "free_delivery";
  value: number;
}

/** Why delivery costs what it does, for the summary's sentence. */
export type DeliveryReason =
  | { kind: "nothing" }
  | { kind: "flat" }
  | { kind: "city"; city: string }
  | { kind: "threshold"; from: number }
  | { kind: "code" };

export interface OrderPricing {
  delivery: DeliveryPricing;
  coupon?: CouponTerms | undefined;
  /** The delivery city, once the shopper has typed it (the cart does not know it yet). */
  city?: string | undefined;
}

/** Rs. 200, unless there is nothing to deliver: an empty cart costs nothing. */
export function deliveryCharge(quantity: number): number {
  return amount(quantity, "a quantity") > 0 ? DELIVERY_CHARGE : 0;
}

/**
 * A code's discount on the subtotal of the lines it applies to: a percent rounded to the nearest paisa with
 * halves in the shopper's favour (as `salePrice`), or an amount, never more than those lines cost. Free delivery
 * takes nothing off the lines (it is priced in `deliveryFor`).
 */
export function couponDiscount(eligibleSubtotal: number, coupon: CouponTerms | undefined): number {
  amount(eligibleSubtotal, "a subtotal");
  if (!coupon || coupon.kind === "free_delivery") return 0;
  if (coupon.kind === "amount") return Math.min(amount(coupon.value, "an amount off"), eligibleSubtotal);
  if (!Number.isInteger(coupon.value) || coupon.value < 0 || coupon.value > 100) {
    throw new RangeError(`a percent off must be a whole percent from 0 to 100, not ${coupon.value}`);
  }
  const scaled = amount(eligibleSubtotal * coupon.value + 50, "a discount");
  return (scaled - (scaled % 100)) / 100;
}

/**
 * Delivery for an order: nothing for an empty cart; free with a free-delivery code, or from the owner's threshold
 * (the subtotal after the discount, exactly met counts); else the city's own charge, or the flat one.
 */
export function deliveryFor(
  quantity: number,
  afterDiscount: number,
  pricing: OrderPricing,
): { charge: number; reason: DeliveryReason } {
  if (amount(quantity, "a quantity") === 0) return { charge: 0, reason: { kind: "nothing" } };
  if (pricing.coupon?.kind === "free_delivery") return { charge: 0, reason: { kind: "code" } };
  const { freeFrom, cities, flat } = pricing.delivery;
  if (freeFrom !== null && afterDiscount >= amount(freeFrom, "a free-delivery amount")) {
    return { charge: 0, reason: { kind: "threshold", from: freeFrom } };
  }
  const cityCharge = pricing.city === undefined ? undefined : cities.get(cityKey(pricing.city));
  if (cityCharge !== undefined && pricing.city !== undefined) {
    return {
      charge: amount(cityCharge, "a city's delivery charge"),
      reason: { kind: "city", city: pricing.city.trim() },
    };
  }
  return { charge: amount(flat, "a delivery charge"), reason: { kind: "flat" } };
}

/** The order's discount. The spec's discount starts at 0; a code is the only thing that takes it above. */
export function orderDiscount(eligibleSubtotal = 0, coupon?: CouponTerms): number {
  return couponDiscount(eligibleSubtotal, coupon);
}

/**
 * The order total: subtotal + delivery + the cash-on-delivery fee - discount. The discount never exceeds the
 * subtotal (`couponDiscount`); a larger one is refused.
 */
export function orderTotal(subtotal: number, delivery: number, discount: number, codFee = 0): number {
  amount(subtotal, "a subtotal");
  amount(delivery, "a delivery charge");
  amount(discount, "a discount");
  amount(codFee, "a cash-on-delivery fee");
  if (discount > subtotal)
    throw new RangeError(`a discount (${discount}) cannot exceed the subtotal (${subtotal})`);
  return amount(subtotal + delivery + codFee - discount, "an order total");
}

/**
 * Every figure of a cart or an order from its lines, in paisa. A line with `eligible: false` (out of the code's
 * scope) is not discounted by the code. Without pricing, the spec's defaults: Rs. 200 delivery, no discount.
 */
export function checkoutSummary(
  lines: readonly PricedLine[],
  pricing: OrderPricing = { delivery: DEFAULT_DELIVERY },
): CheckoutSummary {
  const figures = lines.map(priceLine);
  let quantity = 0;
  let subtotal = 0;
  let eligibleSubtotal = 0;
  for (const [index, line] of lines.entries()) {
    quantity = amount(quantity + line.quantity, "a cart's quantity");
    subtotal = amount(subtotal + figures[index]!.lineTotal, "a subtotal");
    if (line.eligible !== false) eligibleSubtotal += figures[index]!.lineTotal;
  }
  const discount = couponDiscount(eligibleSubtotal, pricing.coupon);
  const delivery = deliveryFor(quantity, subtotal - discount, pricing);
  const codFee = quantity > 0 ? amount(pricing.delivery.codFee, "a cash-on-delivery fee") : 0;
  return {
    lines: figures,
    quantity,
    subtotal,
    eligibleSubtotal,
    discount,
    delivery: delivery.charge,
    deliveryReason: delivery.reason,
    codFee,
    total: orderTotal(subtotal, delivery.charge, discount, codFee),
  };
}

/** The summary as the API answers it (rupees). */
export function summaryInRupees(
  summary: Pick<CheckoutSummary, "subtotal" | "discount" | "delivery" | "total"> & { codFee?: number },
): SummaryInRupees {
  return {
    subtotal: toRupees(summary.subtotal),
    discount: toRupees(summary.discount),
    delivery_charges: toRupees(summary.delivery),
    cod_fee: toRupees(summary.codFee ?? 0),
    total: toRupees(summary.total),
  };
}
