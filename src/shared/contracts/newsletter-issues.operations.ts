import { type Operation, WRITE_ERRORS } from "./contract.ts";
import {
  newsletterIssueInputSchema,
  newsletterIssuePageSchema,
  newsletterIssueQuerySchema,
  newsletterIssueSchema,
  newsletterTestInputSchema,
  newsletterTestSentSchema,
} from "./newsletter-issues.ts";

/**
 * Newsletter issues (docs/decisions/0062): staff write, preview and test them; only the owner sends one to the
 * list. Spread into `operations`.
 */
export const adminNewsletterIssueOperations = {
  adminNewsletterIssues: {
    method: "GET",
    path: "/admin/newsletter/issues",
    summary: "Newsletter issues, newest first, each with its sending progress",
    tag: "Admin",
    auth: "staff",
    query: newsletterIssueQuerySchema,
    status: 200,
    response: newsletterIssuePageSchema,
    errors: [401, 403, 422],
  },
  adminCreateNewsletterIssue: {
    method: "POST",
    path: "/admin/newsletter/issues",
    summary:
      "Write a newsletter issue as a draft (HTML sanitised; the text part made from it when left empty; audited)",
    tag: "Admin",
    auth: "staff",
    body: newsletterIssueInputSchema,
    status: 201,
    response: newsletterIssueSchema,
    errors: [...WRITE_ERRORS, 403],
  },
  adminNewsletterIssue: {
    method: "GET",
    path: "/admin/newsletter/issues/:id",
    summary: "One newsletter issue with its progress, or its report of sent and failed once sent",
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: newsletterIssueSchema,
    errors: [401, 403, 404],
  },
  adminUpdateNewsletterIssue: {
    method: "PATCH",
    path: "/admin/newsletter/issues/:id",
    summary: "Change a draft issue (a sent one is refused with 409; audited)",
    tag: "Admin",
    auth: "staff",
    body: newsletterIssueInputSchema,
    status: 200,
    response: newsletterIssueSchema,
    errors: [...WRITE_ERRORS, 403, 404, 409],
  },
  adminTestNewsletterIssue: {
    method: "POST",
    path: "/admin/newsletter/issues/:id/test",
    summary: "Send one test copy of an issue to the signed-in staff member or a given address (audited)",
    tag: "Admin",
    auth: "staff",
    body: newsletterTestInputSchema,
    status: 200,
    response: newsletterTestSentSchema,
    errors: [...WRITE_ERRORS, 403, 404],
  },
  adminSendNewsletterIssue: {
    method: "POST",
    path: "/admin/newsletter/issues/:id/send",
    summary:
      "Send an issue to every confirmed subscriber, once each, through the mail outbox in batches, with a one-click " +
      "unsubscribe (RFC 8058). Claimed once; sending it again resumes or changes nothing (owner; audited)",
    tag: "Admin",
    auth: "owner",
    status: 200,
    response: newsletterIssueSchema,
    errors: [401, 403, 404],
  },
} as const satisfies Record<string, Operation>;
