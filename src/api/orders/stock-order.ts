import type { Db, Trx } from "../../platform/db/schema.ts";
import { markCatalogueChanged, markStockChanged } from "../catalogue/catalogue-write.ts";
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

/**
 * After an order's stock moved (taken, given back, held for an exchange): the caches are told of `moved`'s
 * stock once the transaction commits, and of a catalogue change when a variant of `flipped` sold out or came
 * back in stock (listings show that: the card's price is its first variant in stock's, and a search ranks those
 * with stock first; decision 0056), whose listing columns are worked out again here.
 */
export async function stockMoved(
  trx: Trx,
  moved: Iterable<number>,
  flipped: Iterable<number>,
): Promise<void> {
  markStockChanged(trx, moved);
  const changed = [...flipped];
  if (changed.length === 0) return;
  markCatalogueChanged(trx);
  await refreshListings(trx, changed);
}
