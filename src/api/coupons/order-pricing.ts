import type { Db } from "../../platform/db/schema.ts";
import { formatWholeRupees } from "../../shared/money.ts";
import { type CheckoutSummary, checkoutSummary, toRupees } from "../money/money.ts";
import { deliveryPricing, readDeliverySettings } from "../settings/shop-settings.ts";
import type { CouponsRepository } from "./coupons.repository.ts";
import { type CouponRow, checkCoupon, couponTerms, type ScopedLine } from "./coupons.ts";

/** A cart or an order priced with its code and the owner's delivery charges. */
export interface Priced {
  summary: CheckoutSummary;
  /** The code that applies (and priced the summary). */
  coupon: CouponRow | undefined;
  /** The code the cart held that no longer applies, and why; the summary is priced without it. */
  dropped: { code: string; reason: string } | undefined;
}

export interface PricingOptions {
  now?: Date;
  /** The delivery city, once typed (checkout). */
  city?: string | undefined;
  /** The customer, once known (checkout): a code's uses per customer count by account and by phone. */
  customer?: { userId: number | null; phone: string | null } | undefined;
}

/**
 * The one way a cart or an order is priced (decision 0047): the money module's `checkoutSummary` with the
 * owner's delivery settings and, when the code still applies (`checkCoupon`), the code's terms on the lines it
 * covers. Reads only; the caller decides what a dropped code means (the cart forgets it, checkout refuses).
 */
export function orderPricing(coupons: CouponsRepository) {
  return {
    async price(db: Db, lines: readonly ScopedLine[], code: string | null, options: PricingOptions = {}) {
      const delivery = deliveryPricing(await readDeliverySettings(db));
      const pricing = { delivery, city: options.city };
      if (code === null)
        return { summary: checkoutSummary(lines, pricing), coupon: undefined, dropped: undefined };
      const coupon = await coupons.byCode(code, db);
      const scoped = coupon && coupon.scope !== "all";
      const [scopes, parents, customerUses] = await Promise.all([
        scoped ? coupons.productScopes([...new Set(lines.map((line) => line.product_id))], db) : new Map(),
        scoped && coupon.scope === "categories" ? coupons.categoryParents(db) : [],
        coupon && options.customer ? coupons.usesBy(coupon.id, options.customer, db) : undefined,
      ]);
      const check = checkCoupon(coupon, {
        now: options.now ?? new Date(),
        lines,
        scopes,
        parents,
        customerUses,
      });
      if (!check.ok || !coupon) {
        const reason = check.ok ? "" : check.reason;
        return { summary: checkoutSummary(lines, pricing), coupon: undefined, dropped: { code, reason } };
      }
      const eligibleLines = lines.map((line, index) => ({ ...line, eligible: check.eligible[index] }));
      const summary = checkoutSummary(eligibleLines, { ...pricing, coupon: couponTerms(coupon) });
      return { summary, coupon, dropped: undefined } satisfies Priced;
    },
  };
}

export type OrderPricing = ReturnType<typeof orderPricing>;

/** Why delivery costs what it does, for the summary ("" for the flat charge and an empty cart). */
export function deliveryNote(reason: CheckoutSummary["deliveryReason"]): string {
  if (reason.kind === "city") return `Delivery to ${reason.city}`;
  if (reason.kind === "threshold")
    return `Free delivery on orders of ${formatWholeRupees(toRupees(reason.from))} or more`;
  if (reason.kind === "code") return "Free delivery with your code";
  return "";
}
