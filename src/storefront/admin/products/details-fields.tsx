import { useState } from "react";
import {
  DETAIL_LABEL_MAX,
  DETAIL_VALUE_MAX,
  DETAILS_MAX,
  type ProductDetail,
  SUGGESTED_DETAIL_LABELS,
} from "../../../shared/contracts/product-details.ts";
import { useHydrated } from "../../ui/hooks.ts";

/** Empty rows offered below the product's details, for new ones. */
const SPARE_ROWS = 3;

/**
 * The product's details in the product form: a label and a value per row, in the order shoppers see them, with
 * Fabric, Fit and Care suggested for the label (any other is allowed). A few empty rows follow the filled ones;
 * "More rows" brings more (with JavaScript at once, without it through the form's no-save button). A row left
 * empty is no detail; the API refuses a half-filled one with its message under the row.
 */
export function DetailsFields({
  details,
  errors,
}: {
  details: ProductDetail[];
  /** The form's field messages: "details" for the list, "details.N.label" / "details.N.value" for a row. */
  errors: Record<string, string>;
}) {
  const hydrated = useHydrated();
  const [rows, setRows] = useState(() =>
    Math.min(DETAILS_MAX, Math.max(details.length + SPARE_ROWS, SPARE_ROWS)),
  );
  const rowError = (index: number) =>
    errors[`details.${index}.label`] ?? errors[`details.${index}.value`] ?? errors[`details.${index}`];
  return (
    <fieldset className="details-fields admin-form-section">
      <legend className="field__label">Fabric, fit, care and other details</legend>
      <p className="field__hint">
        Shown in the Description tab of the product page, in this order. Up to {DETAILS_MAX}; leave a row
        empty to remove it.
      </p>
      {errors.details && (
        <p className="field__error" id="details-error">
          {errors.details}
        </p>
      )}
      <datalist id="detail-labels">
        {SUGGESTED_DETAIL_LABELS.map((label) => (
          <option key={label} value={label} />
        ))}
      </datalist>
      {Array.from({ length: rows }, (_, index) => {
        const detail = details[index];
        const error = rowError(index);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are known by their place, as their fields' names are.
          <div key={index} className={`details-fields__row${error ? " field--invalid" : ""}`}>
            <input
              className="field__input"
              name="detail_label"
              list="detail-labels"
              maxLength={DETAIL_LABEL_MAX}
              defaultValue={detail?.label ?? ""}
              placeholder={index < SUGGESTED_DETAIL_LABELS.length ? SUGGESTED_DETAIL_LABELS[index] : "Label"}
              aria-label={`Detail ${index + 1}: label`}
              aria-invalid={error ? true : undefined}
            />
            <input
              className="field__input"
              name="detail_value"
              maxLength={DETAIL_VALUE_MAX}
              defaultValue={detail?.value ?? ""}
              aria-label={`Detail ${index + 1}: value`}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `detail-${index}-error` : undefined}
            />
            {error && (
              <p className="field__error" id={`detail-${index}-error`}>
                {error}
              </p>
            )}
          </div>
        );
      })}
      {rows < DETAILS_MAX && (
        <p>
          {hydrated ? (
            <button
              type="button"
              className="button button--small button--outline"
              onClick={() => setRows(Math.min(DETAILS_MAX, rows + SPARE_ROWS))}
            >
              More rows
            </button>
          ) : (
            <button
              type="submit"
              name="intent"
              value="grid"
              className="button button--small button--outline"
              formNoValidate
            >
              More rows
            </button>
          )}
        </p>
      )}
    </fieldset>
  );
}
