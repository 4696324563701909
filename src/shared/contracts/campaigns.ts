import { z } from "zod";
import { pageMetaSchema } from "./catalogue.ts";
import { pageField, requiredText } from "./fields.ts";

/**
 * Scheduled sales (docs/decisions/0048-scheduled-sales.md, 0049-sale-extras.md): a whole percent off, or a fixed
 * price, for chosen categories (with those under them), products or tags, or everything, from a start to an end;
 * optionally putting them in Daily Deals and showing a countdown while it runs. Times are ISO with their zone, or the shop's
 * local time (Pakistan) as a `datetime-local` field sends it; they are answered in UTC.
 */

export const CAMPAIGN_SCOPES = ["all", "categories", "products", "tags"] as const;
export type CampaignScope = (typeof CAMPAIGN_SCOPES)[number];
export const CAMPAIGN_STATUSES = ["active", "paused"] as const;
/** A whole percent off, or a fixed price (each covered product gets the percent that brings it there). */
export const CAMPAIGN_KINDS = ["percent", "price"] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];
/** Where a campaign stands now: not started, running, over, or paused by staff. */
export const CAMPAIGN_STATES = ["scheduled", "running", "ended", "paused"] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

export const CAMPAIGN_MESSAGES = {
  name: "Name the sale.",
  percent: "The percent off is a whole number from 1 to 100.",
  kind: "Choose a percent off or a fixed price.",
  price: "The sale price must be a number of rupees more than Rs. 0.",
  scope: "Choose what the sale applies to.",
  scopeIds: "Choose at least one category, product or tag for this sale.",
  scopeMissing: (ids: number[]) => `These do not exist (any more): ${ids.join(", ")}. Choose again.`,
  startRequired: "Enter when the sale starts.",
  endRequired: "Enter when the sale ends.",
  time: "Enter a date and time (shop time, or ISO with its zone).",
  dates: "The end must be after the start.",
  notFound: "Sale not found.",
} as const;

const percentField = z.coerce
  .number({ error: CAMPAIGN_MESSAGES.percent })
  .int(CAMPAIGN_MESSAGES.percent)
  .min(1, CAMPAIGN_MESSAGES.percent)
  .max(100, CAMPAIGN_MESSAGES.percent);

const salePriceField = z.coerce
  .number({ error: CAMPAIGN_MESSAGES.price })
  .finite(CAMPAIGN_MESSAGES.price)
  .gt(0, CAMPAIGN_MESSAGES.price)
  .max(10_000_000, CAMPAIGN_MESSAGES.price);

/** An empty form field is no value (a percent sale's price box, a fixed-price sale's percent box). */
const blankIsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

/** A yes/no from JSON (true/false) or an HTML checkbox ("on", "1", "true"). */
const yesNo = z.preprocess(
  (value) =>
    typeof value === "string" ? ["on", "1", "true", "yes"].includes(value.trim().toLowerCase()) : value,
  z.boolean({ error: "Answer yes or no." }),
);

const timeField = (required: string) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? required : CAMPAIGN_MESSAGES.time,
    })
    .trim()
    .min(1, required)
    .max(40, CAMPAIGN_MESSAGES.time);

export const campaignInputSchema = z.object({
  name: requiredText("name", CAMPAIGN_MESSAGES.name, 100),
  kind: z.enum(CAMPAIGN_KINDS, { error: CAMPAIGN_MESSAGES.kind }).default("percent"),
  percent: blankIsAbsent(percentField).describe("A whole percent off, 1 to 100 (percent sales)."),
  price: blankIsAbsent(salePriceField).describe("Rupees: the fixed sale price (fixed-price sales)."),
  scope: z.enum(CAMPAIGN_SCOPES, { error: CAMPAIGN_MESSAGES.scope }).default("all"),
  scope_ids: z.array(z.coerce.number().int().min(1)).max(500).default([]),
  starts_at: timeField(CAMPAIGN_MESSAGES.startRequired),
  ends_at: timeField(CAMPAIGN_MESSAGES.endRequired),
  status: z.enum(CAMPAIGN_STATUSES).default("active"),
  daily_deal: yesNo.default(false).describe("While it runs, the products it covers are in Daily Deals."),
  countdown: yesNo
    .default(false)
    .describe("While it runs, the home page and its products' pages count down."),
});
export type CampaignInput = z.output<typeof campaignInputSchema>;

const { kind, scope, scope_ids, status, daily_deal, countdown, ...required } = campaignInputSchema.shape;
/** A change to a campaign: any of its fields; what is left out stays as it is (no defaults fill it in). */
export const campaignPatchSchema = z
  .object({
    ...required,
    kind: kind.unwrap(),
    scope: scope.unwrap(),
    scope_ids: scope_ids.unwrap(),
    status: status.unwrap(),
    daily_deal: yesNo,
    countdown: yesNo,
  })
  .partial();
export type CampaignPatch = z.output<typeof campaignPatchSchema>;

export const campaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(CAMPAIGN_KINDS),
  percent: z.number().int().describe("The percent off; 0 for a fixed-price sale."),
  price: z.number().nullable().describe("Rupees: the fixed sale price; null for a percent sale."),
  scope: z.enum(CAMPAIGN_SCOPES),
  scope_ids: z.array(z.number().int()),
  starts_at: z.string().describe("UTC ISO."),
  ends_at: z.string().describe("UTC ISO."),
  status: z.enum(CAMPAIGN_STATUSES),
  daily_deal: z.boolean(),
  countdown: z.boolean(),
  usage: z.object({
    orders: z.number().int(),
    revenue: z.number().describe("Rupees: the order lines the sale priced."),
    discount: z.number().describe("Rupees: what the sale took off them beyond the products' own discounts."),
  }),
  state: z.enum(CAMPAIGN_STATES).describe("Where it stands now: scheduled, running, ended or paused."),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Campaign = z.output<typeof campaignSchema>;

export const campaignPageSchema = z.object({ data: z.array(campaignSchema), meta: pageMetaSchema });
export const campaignQuerySchema = z.object({ page: pageField() });
export const CAMPAIGNS_PER_PAGE = 25;
