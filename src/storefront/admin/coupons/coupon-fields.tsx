import { CODE_MAX, COUPON_KINDS, COUPON_SCOPES } from "../../../shared/contracts/coupons.ts";
import { Field } from "../../ui/forms/field.tsx";
import type { CouponFormValues } from "./coupon-values.ts";

const KIND_NAMES = {
  percent: "A percent off",
  amount: "An amount off (Rs.)",
  free_delivery: "Free delivery",
};
const SCOPE_NAMES = {
  all: "Everything",
  categories: "Some categories",
  products: "Some products",
  tags: "Products with some tags",
};

/** A select of `options` (value to words) with its label and error, posted as `name` (a code's and a sale's forms). */
export function Choice({
  name,
  label,
  options,
  value,
  error,
  idPrefix = "coupon",
}: {
  name: string;
  label: string;
  options: Record<string, string>;
  value: string;
  error: string | undefined;
  /** The field's id is `<idPrefix>-<name>`. */
  idPrefix?: string;
}) {
  const id = `${idPrefix}-${name}`;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        className="field__input"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        {Object.entries(options).map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A code's fields, for creating one and for changing it: plain inputs that post without JavaScript. Times are the
 * shop's local time (Pakistan), as a `datetime-local` field sends them.
 */
export function CouponFields({
  values,
  errors,
}: {
  values: CouponFormValues;
  errors: Record<string, string>;
}) {
  const field = (name: keyof CouponFormValues) => ({
    id: `coupon-${name}`,
    name,
    defaultValue: values[name],
    error: errors[name],
  });
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
      <Choice
        name="scope"
        label="Applies to"
        options={Object.fromEntries(COUPON_SCOPES.map((scope) => [scope, SCOPE_NAMES[scope]]))}
        value={values.scope || "all"}
        error={errors.scope}
      />
      <Field
        {...field("scope_ids")}
        label="Category, product or tag numbers"
        optional
        inputMode="numeric"
        hint="For some categories, products or tags: their numbers (as in the catalogue's addresses), separated by commas."
      />
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
