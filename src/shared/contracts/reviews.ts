import { z } from "zod";
import {
  RATING_MAX,
  RATING_MIN,
  REVIEW_BODY_MAX,
  REVIEW_BODY_MIN,
  REVIEW_STATUSES,
  REVIEW_TITLE_MAX,
} from "../review-limits.ts";
import { pageMetaSchema } from "./catalogue.ts";
import { hasNul, pageField } from "./fields.ts";

const RATING_REQUIRED = `Please choose a rating from ${RATING_MIN} to ${RATING_MAX} stars.`;
const RATING_INVALID = `The rating must be a whole number from ${RATING_MIN} to ${RATING_MAX}.`;

/** A rating from JSON (4) or from an HTML form ("4"); blank is missing. */
const ratingField = z.preprocess(
  (value) => {
    if (value === null || (typeof value === "string" && value.trim() === "")) return undefined;
    return typeof value === "string" ? Number(value) : value;
  },
  z
    .number({ error: (issue) => (issue.input === undefined ? RATING_REQUIRED : RATING_INVALID) })
    .int(RATING_INVALID)
    .min(RATING_MIN, RATING_INVALID)
    .max(RATING_MAX, RATING_INVALID),
);

/** Characters nobody types on purpose (controls other than tab and line breaks), dropped from review text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROLS = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * Review text is plain text: stored as typed (never HTML; pages escape it when they render it), with control
 * characters dropped, line breaks made "\n", and at most one empty line between paragraphs.
 */
function reviewText(label: string, options: { min: number; max: number; missing: string; lines: boolean }) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? options.missing : `The ${label} must be text.`,
    })
    .refine((value) => !hasNul(value), `The ${label} contains a character that is not allowed.`)
    .transform((value) => {
      const text = value.replace(/\r\n?/g, "\n").replace(CONTROLS, "");
      return (
        options.lines ? text.replace(/[ \t]+\n/g, "\n").replace(/\n{3,}/g, "\n\n") : text.replace(/\s+/g, " ")
      ).trim();
    })
    .pipe(
      z
        .string()
        .min(options.min, options.missing)
        .max(options.max, `The ${label} may not be greater than ${options.max} characters.`),
    );
}

/** What a shopper sends to write or edit their review of a product. */
export const reviewInputSchema = z.object({
  rating: ratingField,
  title: z.preprocess(
    (value) => (value === undefined || value === null ? "" : value),
    reviewText("title", {
      min: 0,
      max: REVIEW_TITLE_MAX,
      missing: "The title must be text.",
      lines: false,
    }),
  ),
  body: reviewText("review", {
    min: REVIEW_BODY_MIN,
    max: REVIEW_BODY_MAX,
    missing: `Please write your review (at least ${REVIEW_BODY_MIN} characters).`,
    lines: true,
  }),
});

export const reviewStatusSchema = z.enum(REVIEW_STATUSES);

export const reviewListQuerySchema = z.object({ page: pageField() });

/** An approved review as everyone sees it. */
export const reviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
  title: z.string().nullable().describe("Plain text; null when the reviewer gave no title."),
  body: z.string().describe('Plain text (never HTML); paragraphs separated by "\\n".'),
  author: z.string().describe('The reviewer\'s first name and last initial, "Ayesha K.".'),
  created_at: z.string().describe("ISO 8601."),
  edited: z.boolean().describe("Whether the reviewer changed it after first writing it."),
});

export const reviewSummarySchema = z.object({
  average: z.number().describe("Mean of the approved ratings, one decimal; 0 when there are none."),
  count: z.number().int().describe("Approved reviews."),
});

export const reviewListSchema = z.object({
  data: z.array(reviewSchema).describe("Approved reviews, newest first."),
  meta: pageMetaSchema,
  summary: reviewSummarySchema,
});

/** The caller's own review, with its moderation status. */
export const myReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(RATING_MIN).max(RATING_MAX),
  title: z.string().nullable(),
  body: z.string(),
  status: reviewStatusSchema.describe(
    "pending: waiting for the shop; approved: shown on the product page; hidden: the shop took it down.",
  ),
  created_at: z.string(),
  updated_at: z.string().describe("When the reviewer last wrote it."),
});

export const reviewStandingSchema = z.object({
  eligible: z
    .boolean()
    .describe("Whether the caller has received this product in a delivered order (so may review it)."),
  reason: z
    .enum(["not_purchased", "not_delivered"])
    .nullable()
    .describe("Why not: never ordered it, or ordered but not delivered yet; null when eligible."),
  message: z.string().nullable().describe("The reason in a sentence for the shopper; null when eligible."),
  review: myReviewSchema.nullable().describe("The caller's review of this product, if they wrote one."),
});

export type ReviewInput = z.output<typeof reviewInputSchema>;
export type Review = z.output<typeof reviewSchema>;
export type ReviewList = z.output<typeof reviewListSchema>;
export type ReviewSummary = z.output<typeof reviewSummarySchema>;
export type MyReview = z.output<typeof myReviewSchema>;
export type ReviewStanding = z.output<typeof reviewStandingSchema>;

/** The moderation queue's query: which reviews (the pending ones unless asked), and the page. */
export const adminReviewsQuerySchema = z.object({
  status: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    z.enum(REVIEW_STATUSES, { error: "The selected status is invalid." }).default("pending"),
  ),
  page: pageField(),
});

/** A review as the shop's staff see it: the product, the reviewer (with their email) and the status. */
export const adminReviewSchema = myReviewSchema.extend({
  edited: z.boolean().describe("Whether the reviewer changed it after first writing it."),
  product: z.object({ id: z.number().int(), slug: z.string(), title: z.string() }),
  author: z.object({
    id: z.number().int(),
    name: z.string().describe('As the product page shows it, "Ayesha K.".'),
    email: z.string(),
  }),
});

export const adminReviewPageSchema = z.object({
  data: z
    .array(adminReviewSchema)
    .describe("Oldest first, so the queue is worked through in order of arrival."),
  meta: pageMetaSchema,
  counts: z
    .object({ pending: z.number().int(), approved: z.number().int(), hidden: z.number().int() })
    .describe("Reviews in each status, for the queue's tabs."),
});

export const MODERATION_CHOICE = "Choose whether to approve or hide the review.";

/** The shop's decision on a review. */
export const moderateReviewSchema = z.object({
  status: z.enum(["approved", "hidden"], { error: MODERATION_CHOICE }),
});

export type AdminReview = z.output<typeof adminReviewSchema>;
export type AdminReviewPage = z.output<typeof adminReviewPageSchema>;
