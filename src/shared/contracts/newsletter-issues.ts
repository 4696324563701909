import { z } from "zod";
import { NEWSLETTER_ISSUE_STATUSES } from "../inbox.ts";
import { pageMetaSchema } from "./catalogue.ts";
import { EMAIL_MAX, hasNul, pageField, requiredText } from "./fields.ts";

/** Newsletter issues in the back office (issue 35 item 6, docs/decisions/0062). */
export const ISSUE_MESSAGES = {
  notFound: "Newsletter issue not found.",
  subjectRequired: "Please give the issue a subject.",
  htmlRequired: "Please write the newsletter.",
  htmlEmpty: "The newsletter has no text left once unsafe HTML is removed. Please write the newsletter.",
  notDraft: "This issue has been sent, so it can no longer be changed.",
  testEmailInvalid: "Please enter a valid email address for the test.",
} as const;

export const ISSUES_PER_PAGE = 25;
export const ISSUE_SUBJECT_MAX = 200;
export const ISSUE_BODY_MAX = 100_000;

const body = (label: string, max: number) =>
  z
    .string({ error: `The ${label} must be text.` })
    .max(max, `The ${label} may not be greater than ${max} characters.`)
    .refine((value) => !hasNul(value), `The ${label} contains a character that is not allowed.`);

export const newsletterIssueInputSchema = z.object({
  subject: requiredText("subject", ISSUE_MESSAGES.subjectRequired, ISSUE_SUBJECT_MAX).transform((value) =>
    value.replace(/\s+/g, " "),
  ),
  html: z
    .preprocess(
      (value) => (value === undefined || value === null ? "" : value),
      body("newsletter", ISSUE_BODY_MAX),
    )
    .pipe(z.string().trim().min(1, ISSUE_MESSAGES.htmlRequired))
    .describe(
      "The newsletter as HTML: paragraphs, headings (h2, h3), bold, italic, lists, links, quotes and rules; " +
        "anything else is removed when it is saved.",
    ),
  text: z
    .preprocess(
      (value) => (value === undefined || value === null ? "" : value),
      body("text part", ISSUE_BODY_MAX),
    )
    .transform((value) => value.trim())
    .describe("The plain-text part; left empty, it is made from the HTML."),
});

export const newsletterTestInputSchema = z.object({
  email: z
    .preprocess(
      (value) => (value === undefined || value === null ? "" : value),
      z
        .string({ error: ISSUE_MESSAGES.testEmailInvalid })
        .trim()
        .max(EMAIL_MAX, ISSUE_MESSAGES.testEmailInvalid)
        .pipe(z.union([z.literal(""), z.email(ISSUE_MESSAGES.testEmailInvalid)])),
    )
    .describe("Where the test goes; left empty, to the signed-in staff member's own address."),
});

export const issueProgressSchema = z
  .object({
    recipients: z.number().int().describe("Confirmed subscribers when the issue was sent."),
    sent: z.number().int(),
    failed: z.number().int().describe("Mail the outbox gave up on."),
    skipped: z.number().int().describe("Left the list before their mail was queued."),
    pending: z.number().int().describe("Not sent yet (being queued or waiting in the outbox)."),
  })
  .describe("Read from the issue's deliveries; all zero for a draft.");

export const newsletterIssueSchema = z.object({
  id: z.number().int(),
  subject: z.string(),
  html: z.string().describe("Sanitised HTML."),
  text: z.string(),
  status: z.enum(NEWSLETTER_ISSUE_STATUSES),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  sent_by: z.string().nullable(),
  send_started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  progress: issueProgressSchema,
});

export const newsletterIssuePageSchema = z.object({
  data: z.array(newsletterIssueSchema),
  meta: pageMetaSchema,
});
export const newsletterIssueQuerySchema = z.object({ page: pageField() });
export const newsletterTestSentSchema = z.object({ message: z.string(), email: z.string() });

export type NewsletterIssueInput = z.output<typeof newsletterIssueInputSchema>;
export type NewsletterIssue = z.output<typeof newsletterIssueSchema>;
export type IssueProgress = z.output<typeof issueProgressSchema>;
