import type { Campaign, CampaignKind, CampaignState } from "../../../shared/contracts/campaigns.ts";
import { formatWholeRupees } from "../../../shared/money.ts";
import { shopLocalInput, shopTimeText } from "../../../shared/shop-time.ts";
import { formFields } from "../../ui/forms/api-errors.ts";
import {
  type ChosenProduct,
  EMPTY_SCOPE,
  type ScopeOptions,
  type ScopeValues,
  scopeFormValues,
  scopeOf,
  scopeValuesOf,
  scopeWords,
} from "../scope-values.ts";

/** A sale's form as text (what was typed, kept when the API refuses it); what it applies to is the scope picker's. */
export const CAMPAIGN_FIELDS = [
  "name",
  "kind",
  "percent",
  "price",
  "starts_at",
  "ends_at",
  "daily_deal",
  "countdown",
] as const;
export type CampaignFormValues = Record<(typeof CAMPAIGN_FIELDS)[number], string> & ScopeValues;

export const EMPTY_CAMPAIGN: CampaignFormValues = {
  name: "",
  kind: "percent",
  percent: "",
  price: "",
  starts_at: "",
  ends_at: "",
  daily_deal: "",
  countdown: "",
  ...EMPTY_SCOPE,
};

export const campaignFormValues = (form: FormData): CampaignFormValues => ({
  ...formFields(form, CAMPAIGN_FIELDS),
  ...scopeFormValues(form),
});

const kindOf = (value: string): CampaignKind => (value === "price" ? "price" : "percent");

/**
 * The API's body from the form: numbers as typed (the API's schema reads and refuses them), only the chosen kind's
 * number (the other one's box is hidden, and what is left in it is not the sale's), and the scope's ids as found.
 */
export function campaignBody(values: CampaignFormValues, scopeIds: string[]) {
  const kind = kindOf(values.kind);
  return {
    name: values.name,
    kind,
    ...(kind === "percent" ? { percent: values.percent } : { price: values.price }),
    scope: scopeOf(values.scope),
    scope_ids: scopeIds,
    starts_at: values.starts_at,
    ends_at: values.ends_at,
    daily_deal: values.daily_deal === "on",
    countdown: values.countdown === "on",
  };
}

/** A stored sale as its form shows it: times in shop time, as a `datetime-local` field takes them. */
export function campaignFormValuesOf(
  campaign: Campaign,
  products: readonly ChosenProduct[],
): CampaignFormValues {
  return {
    name: campaign.name,
    kind: campaign.kind,
    percent: campaign.kind === "percent" ? String(campaign.percent) : "",
    price: campaign.price === null ? "" : String(campaign.price),
    starts_at: shopLocalInput(campaign.starts_at),
    ends_at: shopLocalInput(campaign.ends_at),
    daily_deal: campaign.daily_deal ? "on" : "",
    countdown: campaign.countdown ? "on" : "",
    ...scopeValuesOf(campaign.scope, campaign.scope_ids, products),
  };
}

/** What a sale gives, in words: "15% off", "Rs. 1,999 each". */
export const campaignGives = (campaign: Pick<Campaign, "kind" | "percent" | "price">): string =>
  campaign.kind === "price" && campaign.price !== null
    ? `${formatWholeRupees(campaign.price)} each`
    : `${campaign.percent}% off`;

/** What a sale covers, in words: "Everything", "Chosen categories: Kurtas, Shawls". */
export const campaignCovers = (
  campaign: Pick<Campaign, "scope" | "scope_ids">,
  options: ScopeOptions,
  products: readonly ChosenProduct[],
): string => scopeWords(campaign.scope, campaign.scope_ids, options, products);

/** When a sale runs, in shop time. */
export const campaignDates = (campaign: Pick<Campaign, "starts_at" | "ends_at">) =>
  `${shopTimeText(campaign.starts_at)} to ${shopTimeText(campaign.ends_at)}`;

export const CAMPAIGN_STATE_NAMES: Record<CampaignState, string> = {
  scheduled: "Scheduled",
  running: "Running",
  ended: "Ended",
  paused: "Paused",
};

/** A state's badge: running is good news, paused a warning, scheduled news to come, ended plain. */
export const CAMPAIGN_STATE_BADGES: Record<CampaignState, string> = {
  scheduled: "admin-badge admin-badge--info",
  running: "admin-badge admin-badge--success",
  ended: "admin-badge",
  paused: "admin-badge admin-badge--warning",
};
