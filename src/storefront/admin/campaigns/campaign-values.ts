import type { Campaign, CampaignScope, CampaignState } from "../../../shared/contracts/campaigns.ts";
import { shopTimeText } from "../../../shared/shop-time.ts";
import { formFields } from "../../ui/forms/api-errors.ts";

/** A sale's form as text (what was typed, kept when the API refuses it). */
export const CAMPAIGN_FIELDS = ["name", "percent", "scope", "scope_ids", "starts_at", "ends_at"] as const;
export type CampaignFormValues = Record<(typeof CAMPAIGN_FIELDS)[number], string>;

export const campaignFormValues = (form: FormData): CampaignFormValues => formFields(form, CAMPAIGN_FIELDS);

/** The API's body from the form: numbers and ids as typed (the API's schema reads and refuses them). */
export function campaignBody(values: CampaignFormValues) {
  return {
    name: values.name,
    percent: values.percent,
    scope: (values.scope || "all") as CampaignScope,
    scope_ids: values.scope_ids.split(/[\s,]+/).filter(Boolean),
    starts_at: values.starts_at,
    ends_at: values.ends_at,
  };
}

export const CAMPAIGN_SCOPE_NAMES: Record<CampaignScope, string> = {
  all: "Everything",
  categories: "Some categories",
  products: "Some products",
  tags: "Products with some tags",
};

/** What a sale covers, in words: "Everything", "Some categories: 3, 7". */
export function campaignCovers(campaign: Pick<Campaign, "scope" | "scope_ids">): string {
  const name = CAMPAIGN_SCOPE_NAMES[campaign.scope];
  return campaign.scope === "all" ? name : `${name}: ${campaign.scope_ids.join(", ")}`;
}

/** When a sale runs, in shop time. */
export const campaignDates = (campaign: Pick<Campaign, "starts_at" | "ends_at">) =>
  `${shopTimeText(campaign.starts_at)} to ${shopTimeText(campaign.ends_at)}`;

export const CAMPAIGN_STATE_NAMES: Record<CampaignState, string> = {
  scheduled: "Scheduled",
  running: "Running",
  ended: "Ended",
  paused: "Paused",
};
