import { CODE_MAX, COUPON_KINDS } from "../../../shared/contracts/coupons.ts";
import { Field } from "../../ui/forms/field.tsx";
import { Choice, fieldProps } from "../form-fields.tsx";
import { ScopePicker } from "../scope-picker.tsx";
import type { ChosenProduct, ScopeOptions } from "../scope-values.ts";
import type { CouponFormValues } from "./coupon-values.ts";

const KIND_NAMES = {
  percent: "A percent off",
  amount: "An amount off (Rs.)",
  free_delivery: "Free delivery",
};

/**
 * A code's fields, for creating one and for changing it: plain inputs that post without JavaScript. Times are the
 * shop's local time (Pakistan), as a `datetime-local` field sends them.
 */
export function CouponFields({
  values,
  errors,
  options,
  products,
}: {
  values: CouponFormValues;
  errors: Record<string, string>;
  options: ScopeOptions;
  products: readonly ChosenProduct[];
}) {
  const field = fieldProps("coupon", values, errors);
  return (
    <>
      <Field
        {...field("code")}
        label="Code"
        required
        maxLength={CODE_MAX}
        autoCapitalize="characters"
        hint="Letters, digits, dashes and underscores; shoppers may type it in any case."
      />
      <Field {...field("description")} label="Description" optional maxLength={200} />
      <Choice
        idPrefix="coupon"
        name="kind"
        label="What it takes off"
        options={Object.fromEntries(COUPON_KINDS.map((kind) => [kind, KIND_NAMES[kind]]))}
        value={values.kind || "percent"}
        error={errors.kind}
      />
      <Field
        {...field("value")}
        label="Value"
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
        hint="A whole percent (1 to 100), rupees for an amount, or 0 for free delivery."
      />
      <Field
        {...field("min_subtotal")}
        label="Minimum subtotal (Rs.)"
        optional
        type="number"
        min={0}
        step="any"
        inputMode="decimal"
      />
      <ScopePicker idPrefix="coupon" values={values} errors={errors} options={options} products={products} />
      <label className="checkbox">
        <input
          type="checkbox"
          name="exclude_discounted"
          defaultChecked={values.exclude_discounted === "on"}
        />{" "}
        Not on items already on sale
      </label>
      <Field {...field("starts_at")} label="Starts (Pakistan time)" optional type="datetime-local" />
      <Field {...field("ends_at")} label="Ends (Pakistan time)" optional type="datetime-local" />
      <Field
        {...field("max_uses")}
        label="Uses in all"
        optional
        type="number"
        min={1}
        step={1}
        hint="Leave empty for no limit."
      />
      <Field
        {...field("max_uses_per_customer")}
        label="Uses per customer"
        optional
        type="number"
        min={1}
        step={1}
        hint="A customer is their account or their phone number."
      />
    </>
  );
}
