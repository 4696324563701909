import { describe, expect, it } from "vitest";
import { defaultVariant, inDisplayOrder, listingPrice, type PlacedVariant } from "./default-variant.ts";

const BLACK = 1;
const TAN = 2;
const SMALL = { size_id: 10, size_position: 1 };
const LARGE = { size_id: 11, size_position: 2 };

function variant(
  id: number,
  color_id: number,
  size: typeof SMALL,
  price: number,
  stock: number,
): PlacedVariant {
  return { id, color_id, ...size, price, stock };
}

describe("the variant a product opens on", () => {
  it("orders colours by first offer and sizes by the shop's size order, whatever the ids of the sizes", () => {
    const variants = [
      variant(5, TAN, LARGE, 1, 1),
      variant(3, BLACK, LARGE, 1, 1),
      variant(4, TAN, SMALL, 1, 1),
      variant(6, BLACK, SMALL, 1, 1),
    ];
    expect(inDisplayOrder(variants).map((item) => item.id)).toEqual([6, 3, 4, 5]);
  });

  it("is the first colour's first size when it has stock", () => {
    const variants = [variant(1, BLACK, SMALL, 100, 2), variant(2, BLACK, LARGE, 90, 5)];
    expect(defaultVariant(inDisplayOrder(variants))?.id).toBe(1);
  });

  it("skips a sold-out first colour and a sold-out first size", () => {
    const variants = [
      variant(1, BLACK, SMALL, 100, 0),
      variant(2, BLACK, LARGE, 120, 0),
      variant(3, TAN, SMALL, 100, 0),
      variant(4, TAN, LARGE, 120, 4),
    ];
    expect(defaultVariant(inDisplayOrder(variants))?.id).toBe(4);
  });

  it("is the very first variant when nothing is in stock, and nothing for no variants", () => {
    const variants = [variant(2, BLACK, LARGE, 120, 0), variant(1, BLACK, SMALL, 100, -1)];
    expect(defaultVariant(inDisplayOrder(variants))?.id).toBe(1);
    expect(defaultVariant([])).toBeUndefined();
  });

  it("gives the card its price: the default variant's, not the cheapest, before and after the discount", () => {
    const variants = [
      variant(1, BLACK, SMALL, 100_000, 0),
      variant(2, BLACK, LARGE, 120_000, 0),
      variant(3, TAN, SMALL, 100_000, 0),
      variant(4, TAN, LARGE, 120_000, 4),
    ];
    expect(listingPrice(variants, 10)).toEqual({ price: 120_000, sale_price: 108_000, in_stock: 1 });
    expect(listingPrice(variants, 0)).toEqual({ price: 120_000, sale_price: 120_000, in_stock: 1 });
    expect(() => listingPrice([], 0)).toThrow();
  });

  it("says whether anything is in stock, for the search's in-stock-first ranking", () => {
    const soldOut = [variant(1, BLACK, SMALL, 100_000, 0), variant(2, TAN, SMALL, 90_000, 0)];
    expect(listingPrice(soldOut, 0)).toEqual({ price: 100_000, sale_price: 100_000, in_stock: 0 });
  });
});
