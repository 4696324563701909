import type { Operation } from "./contract.ts";
import {
  inboxMessageDetailSchema,
  inboxPageSchema,
  inboxQuerySchema,
  inboxReplyInputSchema,
  inboxStatusInputSchema,
} from "./inbox.ts";

/** The contact inbox in the back office (staff; docs/decisions/0062). Spread into `operations`. */
export const adminInboxOperations = {
  adminMessages: {
    method: "GET",
    path: "/admin/messages",
    summary: "Contact-form messages, newest first, by state (new, answered, closed), with the count of each",
    tag: "Admin",
    auth: "staff",
    query: inboxQuerySchema,
    status: 200,
    response: inboxPageSchema,
    errors: [401, 403, 422],
  },
  adminMessage: {
    method: "GET",
    path: "/admin/messages/:id",
    summary: "One contact message with the replies sent to it",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: inboxMessageDetailSchema,
    errors: [401, 403, 404],
  },
  adminReplyToMessage: {
    method: "POST",
    path: "/admin/messages/:id/reply",
    summary:
      'Answer a contact message by e-mail ("Re: <subject>", threaded under the shop\'s copy with In-Reply-To and ' +
      "References); the reply is kept and the message marked answered (audited)",
    tag: "Admin",
    auth: "staff",
    body: inboxReplyInputSchema,
    status: 201,
    response: inboxMessageDetailSchema,
    errors: [400, 401, 403, 404, 422],
  },
  adminSetMessageStatus: {
    method: "POST",
    path: "/admin/messages/:id/status",
    summary: "Close a contact message, or put it back to new (audited)",
    tag: "Admin",
    auth: "staff",
    body: inboxStatusInputSchema,
    status: 200,
    response: inboxMessageDetailSchema,
    errors: [400, 401, 403, 404, 422],
  },
} as const satisfies Record<string, Operation>;
