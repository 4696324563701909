import { applyDiscount } from "../../shared/money.ts";

export interface PricedInput {
  price: number;
  discount: number;
  quantity: number;
}

/** The one place a cart line's money is worked out, for the cart view and for checkout alike (paisa). */
export function priceLine(line: PricedInput): { unitPrice: number; lineTotal: number } {
  const unitPrice = applyDiscount(line.price, line.discount);
  return { unitPrice, lineTotal: unitPrice * line.quantity };
}

export function priceLines(lines: PricedInput[]): { quantity: number; subtotal: number } {
  let quantity = 0;
  let subtotal = 0;
  for (const line of lines) {
    quantity += line.quantity;
    subtotal += priceLine(line).lineTotal;
  }
  return { quantity, subtotal };
}
