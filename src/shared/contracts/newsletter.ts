import { z } from "zod";
import { HONEYPOT_FIELD } from "../honeypot.ts";
import { NEWSLETTER_MESSAGES, SUBSCRIBER_CSV_COLUMNS } from "../newsletter.ts";
import { emailField, hasNul, honeypotField } from "./fields.ts";

export const subscribeSchema = z.object({
  /** Kept in lower case: one row per address, whatever its spelling. */
  email: emailField(
    { required: NEWSLETTER_MESSAGES.emailRequired, invalid: NEWSLETTER_MESSAGES.emailInvalid },
    { lowerCase: true },
  ),
  source: z
    .preprocess(
      (value) => (value === undefined || value === null || value === "" ? "api" : value),
      z
        .string({ error: "The source must be text." })
        .regex(/^[a-z0-9-]{1,40}$/, "The source must be a short name such as footer."),
    )
    .describe('Where the address signed up ("footer"); "api" when not given.'),
  [HONEYPOT_FIELD]: honeypotField(),
});

/** The token of an emailed link: anything that is not one (missing, too long, not text) is simply not valid. */
const linkToken = (invalid: string) =>
  z.object({
    token: z
      .string({ error: invalid })
      .trim()
      .min(1, invalid)
      .max(200, invalid)
      .refine((value) => !hasNul(value), invalid),
  });

export const confirmSubscriptionSchema = linkToken(NEWSLETTER_MESSAGES.confirmInvalid);
export const unsubscribeSchema = linkToken(NEWSLETTER_MESSAGES.unsubscribeInvalid);

export const subscriptionChangeSchema = z.object({
  message: z.string(),
  email: z.string().describe("The address the link was for."),
});

export const subscriberCountsSchema = z.object({
  confirmed: z.number().int().describe("Confirmed: these get the newsletter (and are in the export)."),
  pending: z.number().int().describe("Signed up, confirmation link not opened yet."),
  unsubscribed: z.number().int(),
});
export type SubscriberCounts = z.output<typeof subscriberCountsSchema>;

export const subscribersCsvSchema = z
  .string()
  .describe(
    `RFC 4180 CSV (UTF-8, CRLF), a header row then one row per confirmed subscriber, oldest first: ${SUBSCRIBER_CSV_COLUMNS.join(", ")}. ` +
      "Times are ISO 8601 (UTC). The unsubscribe link is the subscriber's own, for mail sent from elsewhere.",
  );

export type SubscribeInput = z.output<typeof subscribeSchema>;
