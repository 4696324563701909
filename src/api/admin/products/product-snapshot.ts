import {
  type ProductDetail,
  type SizeChart,
  storedDetails,
  storedSizeChart,
} from "../../../shared/contracts/product-details.ts";
import type { ProductStatus } from "../../../shared/product-status.ts";
import { toRupees } from "../../money/money.ts";

/**
 * What the audit log keeps of a product (docs/decisions/0030): its fields, and each variant's SKU, price (rupees)
 * and stock under "Colour / Size". An edit records only what changed, before and after.
 */
export interface ProductSnapshot {
  title: string;
  slug: string;
  status: ProductStatus;
  description: string;
  category_id: number;
  tag_ids: number[];
  new_arrival: boolean;
  daily_deal: boolean;
  final_sale: boolean;
  discount: number;
  details: ProductDetail[];
  size_chart: SizeChart | null;
  variants: Record<string, { sku: string | null; price: number; stock: number }>;
}

interface SnapshotSource {
  product: {
    title: string;
    slug: string;
    status: ProductStatus;
    short_description: string;
    category_id: number;
    new_arrival: number;
    /** The owner's own Daily Deals flag (a campaign's is not the product's: decision 0049). */
    own_daily_deal: number;
    final_sale: number;
    /** The owner's own percent (a campaign's is not the product's: decision 0048). */
    own_discount: number;
    /** JSON (migration 039). */
    details: string;
    size_chart: string | null;
  };
  variants: { color_name: string; size_name: string; sku: string | null; price: number; stock: number }[];
  tagIds: number[];
}

export function productSnapshot({ product, variants, tagIds }: SnapshotSource): ProductSnapshot {
  return {
    title: product.title,
    slug: product.slug,
    status: product.status,
    description: product.short_description,
    category_id: product.category_id,
    tag_ids: tagIds,
    new_arrival: product.new_arrival === 1,
    daily_deal: product.own_daily_deal === 1,
    final_sale: product.final_sale === 1,
    discount: product.own_discount,
    details: storedDetails(product.details),
    size_chart: storedSizeChart(product.size_chart),
    variants: Object.fromEntries(
      variants.map((variant) => [
        `${variant.color_name} / ${variant.size_name}`,
        { sku: variant.sku, price: toRupees(variant.price), stock: variant.stock },
      ]),
    ),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The parts of two snapshots that differ, as `before` and `after` objects (variants: only the ones added,
 * removed or changed). Null when nothing changed.
 */
export function snapshotChanges(
  before: ProductSnapshot,
  after: ProductSnapshot,
): { before: Record<string, unknown>; after: Record<string, unknown> } | null {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof ProductSnapshot)[]) {
    if (key === "variants" || same(before[key], after[key])) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  const variantsWas: ProductSnapshot["variants"] = {};
  const variantsNow: ProductSnapshot["variants"] = {};
  for (const name of new Set([...Object.keys(before.variants), ...Object.keys(after.variants)])) {
    const old = before.variants[name];
    const next = after.variants[name];
    if (same(old, next)) continue;
    if (old) variantsWas[name] = old;
    if (next) variantsNow[name] = next;
  }
  if (Object.keys(variantsWas).length > 0 || Object.keys(variantsNow).length > 0) {
    was.variants = variantsWas;
    now.variants = variantsNow;
  }
  return Object.keys(was).length === 0 && Object.keys(now).length === 0 ? null : { before: was, after: now };
}
