import { salePrice } from "../money/money.ts";

/**
 * Which variant a product opens on, and so which price its card shows: one rule for the product page, the
 * product card and the listing's price sort (docs/decisions/0020-product-defaults-crawlers-first-start.md).
 *
 * A product's variants have a display order: colours in the order the product first offered them (lowest
 * variant id), and within a colour the sizes in the shop's size order. The product opens on the first variant
 * in that order that has stock, i.e. the first colour with anything left and that colour's first size with
 * stock; when nothing is left, on the very first variant (the page then says 'Out Of Stock').
 */

export interface PlacedVariant {
  id: number;
  color_id: number;
  size_position: number;
  size_id: number;
  /** Paisa, before the product's discount. */
  price: number;
  stock: number;
}

/** The variants in display order: colours by first offer, then sizes by the shop's size order. */
export function inDisplayOrder<T extends PlacedVariant>(variants: readonly T[]): T[] {
  const colorRank = new Map<number, number>();
  for (const variant of variants) {
    const rank = colorRank.get(variant.color_id);
    if (rank === undefined || variant.id < rank) colorRank.set(variant.color_id, variant.id);
  }
  return variants.toSorted(
    (a, b) =>
      colorRank.get(a.color_id)! - colorRank.get(b.color_id)! ||
      a.size_position - b.size_position ||
      a.size_id - b.size_id ||
      a.id - b.id,
  );
}

/** The variant to open on among variants already in display order: the first with stock, else the first. */
export function defaultVariant<T extends { stock: number }>(ordered: readonly T[]): T | undefined {
  return ordered.find((variant) => variant.stock > 0) ?? ordered[0];
}

/**
 * The listing's copy of the card price (`products.price` and `products.sale_price`, in paisa): the default
 * variant's price before and after the product's discount; and whether any variant has stock
 * (`products.in_stock`, 1 or 0), which a search's ranking puts first.
 */
export function listingPrice(
  variants: readonly PlacedVariant[],
  discount: number,
): { price: number; sale_price: number; in_stock: number } {
  const chosen = defaultVariant(inDisplayOrder(variants));
  if (!chosen) throw new Error("a product needs at least one variant");
  return {
    price: chosen.price,
    sale_price: salePrice(chosen.price, discount),
    in_stock: chosen.stock > 0 ? 1 : 0,
  };
}
