import type { Coupon, CouponKind, CouponScope } from "../../../shared/contracts/coupons.ts";
import { formatWholeRupees } from "../../../shared/money.ts";
import { shopLocalInput, shopTimeText } from "../../../shared/shop-time.ts";
import { formFields } from "../../ui/forms/api-errors.ts";
import {
  type ChosenProduct,
  EMPTY_SCOPE,
  type ScopeValues,
  scopeFormValues,
  scopeOf,
  scopeValuesOf,
} from "../scope-values.ts";

/**
 * A code's form as text (what was typed, kept when the API refuses it), and what its answer becomes in the form; what
 * it applies to is the scope picker's (src/storefront/admin/scope-picker.tsx).
 */
export const COUPON_FIELDS = [
  "code",
  "description",
  "kind",
  "value",
  "min_subtotal",
  "exclude_discounted",
  "starts_at",
  "ends_at",
  "max_uses",
  "max_uses_per_customer",
  "status",
] as const;
export type CouponFormValues = Record<(typeof COUPON_FIELDS)[number], string> & ScopeValues;

export const couponFormValues = (form: FormData): CouponFormValues => ({
  ...formFields(form, COUPON_FIELDS),
  ...scopeFormValues(form),
});

export const EMPTY_COUPON: CouponFormValues = {
  code: "",
  description: "",
  kind: "percent",
  value: "",
  min_subtotal: "",
  exclude_discounted: "",
  starts_at: "",
  ends_at: "",
  max_uses: "",
  max_uses_per_customer: "",
  status: "active",
  ...EMPTY_SCOPE,
};

/** The API's body from the form: numbers as typed (the API's schema reads and refuses them), the scope's ids as found. */
export function couponBody(values: CouponFormValues, scopeIds: string[]) {
  return {
    code: values.code.trim(),
    description: values.description,
    kind: values.kind as CouponKind,
    value: values.kind === "free_delivery" && values.value.trim() === "" ? 0 : values.value,
    min_subtotal: values.min_subtotal.trim() === "" ? 0 : values.min_subtotal,
    scope: scopeOf(values.scope) as CouponScope,
    scope_ids: scopeIds,
    exclude_discounted: values.exclude_discounted === "on",
    starts_at: values.starts_at,
    ends_at: values.ends_at,
    max_uses: values.max_uses,
    max_uses_per_customer: values.max_uses_per_customer,
    status: (values.status || "active") as Coupon["status"],
  };
}

/** A stored code as its form shows it: times in shop time, as a `datetime-local` field takes them. */
export function couponFormValuesOf(coupon: Coupon, products: readonly ChosenProduct[]): CouponFormValues {
  return {
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    value: String(coupon.value),
    min_subtotal: coupon.min_subtotal > 0 ? String(coupon.min_subtotal) : "",
    exclude_discounted: coupon.exclude_discounted ? "on" : "",
    starts_at: shopLocalInput(coupon.starts_at),
    ends_at: shopLocalInput(coupon.ends_at),
    max_uses: coupon.max_uses === null ? "" : String(coupon.max_uses),
    max_uses_per_customer: coupon.max_uses_per_customer === null ? "" : String(coupon.max_uses_per_customer),
    status: coupon.status,
    ...scopeValuesOf(coupon.scope, coupon.scope_ids, products),
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
