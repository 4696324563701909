import type { Coupon, CouponKind, CouponScope } from "../../../shared/contracts/coupons.ts";
import { formatWholeRupees } from "../../../shared/money.ts";
import { shopLocalInput, shopTimeText } from "../../../shared/shop-time.ts";
import { formText } from "../../ui/forms/api-errors.ts";

/** A code's form as text (what was typed, kept when the API refuses it), and what its answer becomes in the form. */
export const COUPON_FIELDS = [
  "code",
  "description",
  "kind",
  "value",
  "min_subtotal",
  "scope",
  "scope_ids",
  "exclude_discounted",
  "starts_at",
  "ends_at",
  "max_uses",
  "max_uses_per_customer",
  "status",
] as const;
export type CouponFormValues = Record<(typeof COUPON_FIELDS)[number], string>;

export const couponFormValues = (form: FormData): CouponFormValues =>
  Object.fromEntries(COUPON_FIELDS.map((name) => [name, formText(form, name)])) as CouponFormValues;

/** The API's body from the form: numbers and ids as typed (the API's schema reads and refuses them). */
export function couponBody(values: CouponFormValues) {
  return {
    code: values.code.trim(),
    description: values.description,
    kind: values.kind as CouponKind,
    value: values.kind === "free_delivery" && values.value.trim() === "" ? 0 : values.value,
    min_subtotal: values.min_subtotal.trim() === "" ? 0 : values.min_subtotal,
    scope: values.scope as CouponScope,
    scope_ids: values.scope_ids.split(/[\s,]+/).filter(Boolean),
    exclude_discounted: values.exclude_discounted === "on",
    starts_at: values.starts_at,
    ends_at: values.ends_at,
    max_uses: values.max_uses,
    max_uses_per_customer: values.max_uses_per_customer,
    status: (values.status || "active") as Coupon["status"],
  };
}

/** A stored code as its form shows it: times in shop time, as a `datetime-local` field takes them. */
export function couponFormValuesOf(coupon: Coupon): CouponFormValues {
  return {
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    value: String(coupon.value),
    min_subtotal: coupon.min_subtotal > 0 ? String(coupon.min_subtotal) : "",
    scope: coupon.scope,
    scope_ids: coupon.scope_ids.join(", "),
    exclude_discounted: coupon.exclude_discounted ? "on" : "",
    starts_at: shopLocalInput(coupon.starts_at),
    ends_at: shopLocalInput(coupon.ends_at),
    max_uses: coupon.max_uses === null ? "" : String(coupon.max_uses),
    max_uses_per_customer: coupon.max_uses_per_customer === null ? "" : String(coupon.max_uses_per_customer),
    status: coupon.status,
  };
}

/** The API's field errors by the form's field: "scope_ids.1" is the ids field's. */
export function couponFieldErrors(errors: Record<string, string[]> | undefined): Record<string, string> {
  const first: Record<string, string> = {};
  for (const [path, messages] of Object.entries(errors ?? {})) {
    const field = path.split(".")[0] ?? path;
    if (messages[0] && !(field in first)) first[field] = messages[0];
  }
  return first;
}

/** What a code gives, in words: "10% off", "Rs. 500 off", "Free delivery", and its minimum. */
export function couponGives(coupon: Pick<Coupon, "kind" | "value" | "min_subtotal">): string {
  const gives =
    coupon.kind === "percent"
      ? `${coupon.value}% off`
      : coupon.kind === "amount"
        ? `${formatWholeRupees(coupon.value)} off`
        : "Free delivery";
  return coupon.min_subtotal > 0 ? `${gives} on ${formatWholeRupees(coupon.min_subtotal)} or more` : gives;
}

/** When a code runs, in shop time. */
export function couponDates(coupon: Pick<Coupon, "starts_at" | "ends_at">): string {
  if (coupon.starts_at && coupon.ends_at)
    return `${shopTimeText(coupon.starts_at)} to ${shopTimeText(coupon.ends_at)}`;
  if (coupon.starts_at) return `From ${shopTimeText(coupon.starts_at)}`;
  if (coupon.ends_at) return `Until ${shopTimeText(coupon.ends_at)}`;
  return "Always";
}

/** How often it has been used, against its limit. */
export const couponUses = (coupon: Pick<Coupon, "uses" | "max_uses">) =>
  coupon.max_uses === null ? `${coupon.uses} (no limit)` : `${coupon.uses} of ${coupon.max_uses}`;

export const COUPON_STATUS_NAMES: Record<Coupon["status"], string> = { active: "Active", paused: "Paused" };
