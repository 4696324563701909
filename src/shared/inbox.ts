/** Where a contact message stands in the back office's inbox (docs/decisions/0062). */
export const CONTACT_MESSAGE_STATUSES = ["new", "answered", "closed"] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

/** Where a newsletter issue stands: a draft, being sent (claimed once), or sent (no mail of it left waiting). */
export const NEWSLETTER_ISSUE_STATUSES = ["draft", "sending", "sent"] as const;
export type NewsletterIssueStatus = (typeof NEWSLETTER_ISSUE_STATUSES)[number];

/** Newsletter mails written to the outbox per transaction while an issue is sent. */
export const NEWSLETTER_BATCH = 500;
