import { z } from "zod";
import { CONTACT_MESSAGE_STATUSES } from "../inbox.ts";
import { pageMetaSchema } from "./catalogue.ts";
import { pageField, requiredText } from "./fields.ts";

/** The back office's contact inbox (issue 35 item 6, docs/decisions/0062). */
export const INBOX_MESSAGES = {
  notFound: "Message not found.",
  replyRequired: "Please write your reply.",
} as const;

export const INBOX_PER_PAGE = 25;
export const REPLY_MAX = 5000;

export const inboxQuerySchema = z.object({
  status: z.preprocess(
    (value) => (value === "" || value === undefined ? "all" : value),
    z
      .enum(["all", ...CONTACT_MESSAGE_STATUSES], {
        error: "The status must be all, new, answered or closed.",
      })
      .describe("Only messages in this state; all when left out."),
  ),
  page: pageField(),
});

const statusSchema = z.enum(CONTACT_MESSAGE_STATUSES);

export const inboxMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string().describe('"" when the sender gave none.'),
  status: statusSchema,
  created_at: z.string(),
  replies_count: z.number().int(),
});

export const inboxPageSchema = z.object({
  data: z.array(inboxMessageSchema),
  meta: pageMetaSchema,
  counts: z.object({ new: z.number().int(), answered: z.number().int(), closed: z.number().int() }),
});

export const inboxReplySchema = z.object({
  id: z.number().int(),
  author_email: z.string(),
  body: z.string(),
  created_at: z.string(),
});

export const inboxMessageDetailSchema = z.object({
  message: inboxMessageSchema.extend({
    message: z.string().describe("What the sender wrote, as they wrote it."),
    user_id: z.number().int().nullable().describe("The signed-in customer who sent it, if any."),
  }),
  replies: z.array(inboxReplySchema).describe("Answers sent from the back office, oldest first."),
});

export const inboxReplyInputSchema = z.object({
  body: requiredText("reply", INBOX_MESSAGES.replyRequired, REPLY_MAX),
});

export const inboxStatusInputSchema = z.object({
  status: z
    .enum(["new", "closed"], { error: "The status must be new or closed." })
    .describe("closed: nothing more to do; new: back on the list of messages to answer."),
});

export type InboxMessage = z.output<typeof inboxMessageSchema>;
export type InboxPage = z.output<typeof inboxPageSchema>;
export type InboxMessageDetail = z.output<typeof inboxMessageDetailSchema>;
export type InboxReplyInput = z.output<typeof inboxReplyInputSchema>;
export type InboxStatusInput = z.output<typeof inboxStatusInputSchema>;
