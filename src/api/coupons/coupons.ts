import type { Selectable } from "kysely";
import type { CouponTable } from "../../platform/db/schema.ts";
import { COUPON_MESSAGES } from "../../shared/contracts/coupons.ts";
import { formatWholeRupees } from "../../shared/money.ts";
import { type CouponTerms, type PricedLine, priceLine, toRupees } from "../money/money.ts";

/**
 * Whether a discount code applies, and to which lines (docs/decisions/0047-discount-codes-and-delivery-pricing.md).
 * One function judges a code for the cart (when applied, and each time the cart is priced) and again inside the
 * order's transaction, so a code that stopped applying is removed with its reason, never silently honoured.
 * A paused code and a code that does not exist get the same sentence.
 */
export type CouponRow = Selectable<CouponTable>;

export interface ScopedLine extends PricedLine {
  product_id: number;
}

export interface CouponContext {
  now: Date;
  lines: readonly ScopedLine[];
  /** Each product's category and tags (only needed for a code limited to some). */
  scopes: ReadonlyMap<number, { category: number; tags: number[] }>;
  /** Every category's parent, so a code for a category covers the ones under it. */
  parents: readonly { id: number; parent_id: number | null }[];
  /** How often this customer used the code already (unknown before checkout for a guest: undefined). */
  customerUses?: number | undefined;
}

export type CouponCheck = { ok: true; eligible: boolean[] } | { ok: false; reason: string };

export function couponTerms(coupon: Pick<CouponRow, "kind" | "value">): CouponTerms {
  return { kind: coupon.kind, value: coupon.value };
}

/** "10% off", "Rs. 500 off", "Free delivery": what the shopper is told the code gives. */
export function describeCoupon(
  coupon: Pick<CouponRow, "kind" | "value" | "description"> & { credit?: number },
): string {
  if (coupon.credit === 1) return `Store credit (${formatWholeRupees(toRupees(coupon.value))} left)`;
  if (coupon.description) return coupon.description;
  if (coupon.kind === "percent") return `${coupon.value}% off`;
  if (coupon.kind === "amount") return `${formatWholeRupees(toRupees(coupon.value))} off`;
  return "Free delivery";
}

function ancestorsOf(category: number, parents: CouponContext["parents"]): Set<number> {
  const parentOf = new Map(parents.map((row) => [row.id, row.parent_id]));
  const seen = new Set<number>();
  for (let at: number | null | undefined = category; at != null && !seen.has(at); at = parentOf.get(at)) {
    seen.add(at);
  }
  return seen;
}

function inScope(coupon: CouponRow, line: ScopedLine, context: CouponContext): boolean {
  if (coupon.exclude_discounted === 1 && line.discount > 0) return false;
  if (coupon.scope === "all") return true;
  const ids = new Set<number>(JSON.parse(coupon.scope_ids) as number[]);
  if (coupon.scope === "products") return ids.has(line.product_id);
  const scope = context.scopes.get(line.product_id);
  if (!scope) return false;
  if (coupon.scope === "tags") return scope.tags.some((tag) => ids.has(tag));
  return [...ancestorsOf(scope.category, context.parents)].some((category) => ids.has(category));
}

/** Whether the code applies to these lines now, and to which; else the sentence that says why not. */
export function checkCoupon(coupon: CouponRow | undefined, context: CouponContext): CouponCheck {
  const refuse = (reason: string): CouponCheck => ({ ok: false, reason });
  if (coupon?.status !== "active") return refuse(COUPON_MESSAGES.notValid);
  const now = context.now.toISOString();
  if (coupon.starts_at !== null && coupon.starts_at > now) return refuse(COUPON_MESSAGES.notStarted);
  if (coupon.ends_at !== null && coupon.ends_at <= now) return refuse(COUPON_MESSAGES.expired);
  if (coupon.max_uses !== null && coupon.uses >= coupon.max_uses) return refuse(COUPON_MESSAGES.usedUp);
  // Store credit (decision 0054): its value is the balance left; spent, it is used up.
  if (coupon.credit === 1 && coupon.value <= 0) return refuse(COUPON_MESSAGES.usedUp);
  if (
    coupon.max_uses_per_customer !== null &&
    context.customerUses !== undefined &&
    context.customerUses >= coupon.max_uses_per_customer
  ) {
    return refuse(COUPON_MESSAGES.usedByYou);
  }
  if (context.lines.length === 0) return refuse(COUPON_MESSAGES.emptyCart);
  const eligible = context.lines.map((line) => inScope(coupon, line, context));
  if (!eligible.some(Boolean)) return refuse(COUPON_MESSAGES.outOfScope);
  const subtotal = context.lines.reduce((sum, line) => sum + priceLine(line).lineTotal, 0);
  if (subtotal < coupon.min_subtotal) {
    return refuse(COUPON_MESSAGES.belowMinimum(formatWholeRupees(toRupees(coupon.min_subtotal))));
  }
  return { ok: true, eligible };
}
