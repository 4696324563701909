import type { SizeChart } from "../shared/contracts/product-details.ts";
import type { Catalogue } from "./factories.ts";

/**
 * A valid body for the back office's POST /api/admin/products: two colours (Black, Tan) in two sizes (S, M),
 * prices written as staff type them, and a title no other product of the test uses (`n`).
 */
export function newProductBody(catalogue: Catalogue, n: number, overrides: Record<string, unknown> = {}) {
  const { colors, sizes, categories, tags } = catalogue;
  return {
    title: `Weekender Duffel ${n} Zq${n}x`,
    description: "<p>Roomy <strong>duffel</strong> for a weekend away.</p>",
    category_id: categories.bags.id,
    tag_ids: [tags.leather.id],
    new_arrival: true,
    daily_deal: false,
    discount: 10,
    status: "active",
    variants: [
      { color_id: colors.black.id, size_id: sizes.small.id, price: "Rs. 1,250", stock: 4 },
      { color_id: colors.black.id, size_id: sizes.medium.id, price: "1500.50", stock: 0 },
      { color_id: colors.tan.id, size_id: sizes.small.id, price: 1200, stock: 7 },
      { color_id: colors.tan.id, size_id: sizes.medium.id, price: 1300, stock: 2 },
    ],
    ...overrides,
  };
}

/** A size chart as staff would enter it: a kurta's chest and length in inches. */
export const KURTA_CHART: SizeChart = {
  title: "Kurta sizes",
  note: "Measurements in inches",
  columns: ["Size", "Chest", "Length"],
  rows: [
    ["S", "38", "40"],
    ["M", "40", "41"],
  ],
};
