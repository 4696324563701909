import type { Db } from "../../platform/db/schema.ts";
import { refreshListingPrice } from "../products/product-writer.ts";

/**
 * The one order in which stock is changed, by checkout taking it and by a cancelled order giving it back
 * (docs/decisions/0029-order-workflow.md): the variant rows in ascending id, whatever order the lines were added
 * in, then the products whose listing moves, in ascending id. Two such transactions over the same items then
 * queue on the first row one of them locks, instead of each holding a row the other needs (a deadlock).
 */
export function inStockLockOrder<Line extends { variant_id: number }>(lines: readonly Line[]): Line[] {
  return lines.toSorted((a, b) => a.variant_id - b.variant_id);
}

/**
 * A variant that sold out, or came back in stock, can move the variant a product opens on, and with it the
 * card's price: those products' listing columns are worked out again, after the variant rows, in ascending id.
 */
export async function refreshListings(trx: Db, productIds: Iterable<number>): Promise<void> {
  for (const productId of [...new Set(productIds)].sort((a, b) => a - b)) {
    await refreshListingPrice(trx, productId);
  }
}
