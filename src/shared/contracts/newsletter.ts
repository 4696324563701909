import { z } from "zod";
import { HONEYPOT_FIELD } from "../honeypot.ts";
import { NEWSLETTER_MESSAGES } from "../newsletter.ts";
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

export type SubscribeInput = z.output<typeof subscribeSchema>;
