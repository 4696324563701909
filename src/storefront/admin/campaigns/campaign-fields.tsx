import { CAMPAIGN_SCOPES } from "../../../shared/contracts/campaigns.ts";
import { Field } from "../../ui/forms/field.tsx";
import { Choice, fieldProps } from "../form-fields.tsx";
import { CAMPAIGN_SCOPE_NAMES, type CampaignFormValues } from "./campaign-values.ts";

/** A sale's fields: plain inputs that post without JavaScript; times are the shop's local time (Pakistan). */
export function CampaignFields({
  values,
  errors,
}: {
  values: CampaignFormValues;
  errors: Record<string, string>;
}) {
  const field = fieldProps("campaign", values, errors);
  return (
    <>
      <Field {...field("name")} label="Name" required maxLength={100} />
      <Field
        {...field("percent")}
        label="Percent off"
        required
        type="number"
        min={1}
        max={100}
        step={1}
        inputMode="numeric"
        hint="A whole percent. A product whose own discount is better keeps its own."
      />
      <Choice
        idPrefix="campaign"
        name="scope"
        label="Applies to"
        options={Object.fromEntries(CAMPAIGN_SCOPES.map((scope) => [scope, CAMPAIGN_SCOPE_NAMES[scope]]))}
        value={values.scope || "all"}
        error={errors.scope}
      />
      <Field
        {...field("scope_ids")}
        label="Category, product or tag numbers"
        optional
        inputMode="numeric"
        hint="For some categories (with those under them), products or tags: their numbers, separated by commas."
      />
      <Field {...field("starts_at")} label="Starts (Pakistan time)" required type="datetime-local" />
      <Field {...field("ends_at")} label="Ends (Pakistan time)" required type="datetime-local" />
    </>
  );
}
