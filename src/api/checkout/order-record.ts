import { randomInt } from "node:crypto";
import type { Trx } from "../../platform/db/schema.ts";
import type { CartRepository } from "../cart/cart.repository.ts";
import { Conflict } from "../errors.ts";
import { type CheckoutSummary, lineTotal as lineTotalOf, salePrice } from "../money/money.ts";
import type { NewOrder, NewOrderItem, OrdersRepository } from "../orders/orders.repository.ts";
import { inStockLockOrder, stockMoved } from "../orders/stock-order.ts";

/**
 * What every order is written with, whoever places it: the shopper's checkout (checkout.service.ts) or staff
 * entering an order taken by phone or message (admin/orders/staff-orders.service.ts). The rules that make an order
 * (its number, its lines as priced, the stock it takes and in which order) live here once.
 */

const NUMBER_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** "BT-261121-7KQ2M": the day it was placed, then five characters nobody misreads. */
export function orderNumber(now: Date): string {
  const day = now.toISOString().slice(2, 10).replaceAll("-", "");
  let suffix = "";
  for (let i = 0; i < 5; i++) suffix += NUMBER_ALPHABET[randomInt(NUMBER_ALPHABET.length)];
  return `BT-${day}-${suffix}`;
}

/** A number no order has yet. */
export async function freshOrderNumber(orders: OrdersRepository, now: Date, trx: Trx): Promise<string> {
  let number = orderNumber(now);
  while (await orders.numberExists(number, trx)) number = orderNumber(now);
  return number;
}

/** A line to be ordered, as the cart repository reads it (a cart's lines, or the variants staff chose). */
export interface OrderableLine {
  variant_id: number;
  product_id: number;
  title: string;
  slug: string;
  color_name: string;
  size_name: string;
  quantity: number;
  stock: number;
  price: number;
  discount: number;
  own_discount: number;
  campaign_id: number | null;
}

/** The order's lines as the money module priced them, each with the sale that priced it (named as it was then). */
export function orderItems(
  lines: readonly OrderableLine[],
  summary: CheckoutSummary,
  sales: ReadonlyMap<number, string>,
): NewOrderItem[] {
  return lines.map((line, index) => {
    const { unitPrice, lineTotal } = summary.lines[index]!;
    const sale = line.discount > line.own_discount ? line.campaign_id : null;
    return {
      product_id: line.product_id,
      variant_id: line.variant_id,
      product_name: line.title,
      product_slug: line.slug,
      color_name: line.color_name,
      size_name: line.size_name,
      unit_price: unitPrice,
      quantity: line.quantity,
      line_total: lineTotal,
      campaign_id: sale,
      campaign_name: sale === null ? null : (sales.get(sale) ?? null),
      campaign_saving:
        sale === null ? 0 : lineTotalOf(salePrice(line.price, line.own_discount), line.quantity) - lineTotal,
    };
  });
}

/** The order row's fields that are the same for every new order, from its summary. */
export function orderMoney(
  summary: CheckoutSummary,
): Pick<NewOrder, "subtotal" | "delivery_charge" | "discount" | "total" | "cod_fee"> {
  return {
    subtotal: summary.subtotal,
    delivery_charge: summary.delivery,
    discount: summary.discount,
    total: summary.total,
    cod_fee: summary.codFee,
  };
}

/** The refusal of a line its variant cannot fill: `available` is what is left of it. */
export function notInStock(
  line: { title: string; color_name: string; size_name: string },
  available: number,
): Conflict {
  const item = `${line.title} (${line.color_name}, ${line.size_name})`;
  return new Conflict(
    available > 0
      ? `Sorry, only ${available} of ${item} left in stock. Please update your cart.`
      : `Sorry, ${item} is out of stock. Please update your cart.`,
  );
}

/**
 * Takes the order's stock for good, the variant rows in the shop's one lock order (a cancelled order gives stock
 * back in the same), refusing the first line the stock cannot fill (the caller's transaction rolls back). The caches
 * are told once the transaction commits (`stockMoved`). Answers what each variant has left (uncommitted).
 */
export async function takeOrderStock(
  trx: Trx,
  deps: { orders: OrdersRepository; carts: Pick<CartRepository, "findVariant"> },
  lines: readonly OrderableLine[],
  refusal: (line: OrderableLine, available: number) => Error = notInStock,
): Promise<Map<number, number>> {
  const soldOut = new Set<number>();
  const stockLeft = new Map<number, number>();
  for (const line of inStockLockOrder(lines)) {
    const left = await deps.orders.takeStock(line.variant_id, line.quantity, trx);
    if (left === 0) soldOut.add(line.product_id);
    if (left === null) {
      throw refusal(line, (await deps.carts.findVariant(line.variant_id, trx))?.stock ?? 0);
    }
    stockLeft.set(line.variant_id, left);
  }
  await stockMoved(
    trx,
    lines.map((line) => line.product_id),
    soldOut,
  );
  return stockLeft;
}
