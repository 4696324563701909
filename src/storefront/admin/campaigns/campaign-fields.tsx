import type { Campaign } from "../../../shared/contracts/campaigns.ts";
import { Field } from "../../ui/forms/field.tsx";
import { fieldProps } from "../form-fields.tsx";
import { ScopePicker } from "../scope-picker.tsx";
import type { ChosenProduct, ScopeOptions } from "../scope-values.ts";
import type { CampaignFormValues } from "./campaign-values.ts";

const KINDS = { percent: "Percent off", price: "Fixed price" } as const;

/**
 * A sale's fields, for creating one and for changing it: plain inputs that post without JavaScript. Times are the
 * shop's local time (Pakistan). Only the chosen kind's number shows where the browser has `:has()` (CSS).
 */
export function CampaignFields({
  values,
  errors,
  options,
  products,
}: {
  values: CampaignFormValues;
  errors: Record<string, string>;
  options: ScopeOptions;
  products: readonly ChosenProduct[];
}) {
  const field = fieldProps("campaign", values, errors);
  const kind = values.kind === "price" ? "price" : "percent";
  return (
    <div className="campaign-fields form-stack">
      <Field {...field("name")} label="Name" required maxLength={100} />
      <fieldset
        className={`admin-choice${errors.kind ? " field--invalid" : ""}`}
        aria-describedby={errors.kind ? "campaign-kind-error" : undefined}
      >
        <legend className="field__label">What it gives</legend>
        <div className="admin-choice__options">
          {Object.entries(KINDS).map(([value, label]) => (
            <label key={value} className="checkbox">
              <input type="radio" name="kind" value={value} defaultChecked={kind === value} />
              {label}
            </label>
          ))}
        </div>
        {errors.kind && (
          <p className="field__error" id="campaign-kind-error">
            {errors.kind}
          </p>
        )}
      </fieldset>
      <Field
        {...field("percent")}
        className="campaign-fields__percent"
        label="Percent"
        type="number"
        min={1}
        max={100}
        step={1}
        inputMode="numeric"
        hint="For a percent off: a whole percent. A product whose own discount is better keeps its own."
      />
      <Field
        {...field("price")}
        className="campaign-fields__price"
        label="Sale price (Rs.)"
        type="number"
        min={1}
        step="any"
        inputMode="decimal"
        hint="For a fixed price: the most each product it covers costs while it runs (a product at or under it keeps its own price)."
      />
      <ScopePicker
        idPrefix="campaign"
        values={values}
        errors={errors}
        options={options}
        products={products}
        hint="A category includes the categories under it."
      />
      <div className="form-row">
        <Field {...field("starts_at")} label="Starts (Pakistan time)" required type="datetime-local" />
        <Field {...field("ends_at")} label="Ends (Pakistan time)" required type="datetime-local" />
      </div>
      <label className="checkbox">
        <input type="checkbox" name="daily_deal" defaultChecked={values.daily_deal === "on"} />
        Put these products in Daily Deals while it runs
      </label>
      <label className="checkbox">
        <input type="checkbox" name="countdown" defaultChecked={values.countdown === "on"} />
        Show a countdown on the home page and product pages
      </label>
    </div>
  );
}

/** What a sale shows besides its prices: its products in Daily Deals, a countdown. Nothing when neither. */
export function CampaignMarkers({ campaign }: { campaign: Pick<Campaign, "daily_deal" | "countdown"> }) {
  if (!campaign.daily_deal && !campaign.countdown) return null;
  return (
    <span className="admin-markers">
      {campaign.daily_deal && <span className="admin-badge admin-badge--info">Daily Deals</span>}
      {campaign.countdown && <span className="admin-badge">Countdown</span>}
    </span>
  );
}
