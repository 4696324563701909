import { messageSchema, type Operation } from "./contract.ts";
import {
  confirmSubscriptionSchema,
  subscriberCountsSchema,
  subscribersCsvSchema,
  subscribeSchema,
  subscriptionChangeSchema,
  unsubscribeSchema,
} from "./newsletter.ts";

/** Signing up for the newsletter, confirming and unsubscribing. Spread into `operations` (operations.ts). */
export const newsletterOperations = {
  subscribeNewsletter: {
    method: "POST",
    path: "/newsletter/subscribe",
    summary:
      "Sign an address up for the newsletter: a link to confirm it is mailed (at most one an hour); the same answer whether or not it was already subscribed",
    tag: "Newsletter",
    auth: "none",
    body: subscribeSchema,
    status: 200,
    response: messageSchema,
    errors: [400, 422, 429],
  },
  confirmNewsletter: {
    method: "POST",
    path: "/newsletter/confirm",
    summary:
      "Confirm a sign-up with the token of its emailed link (valid 7 days; confirming again answers the same)",
    tag: "Newsletter",
    auth: "none",
    body: confirmSubscriptionSchema,
    status: 200,
    response: subscriptionChangeSchema,
    errors: [400, 422],
  },
  unsubscribeNewsletter: {
    method: "POST",
    path: "/newsletter/unsubscribe",
    summary: "Take an address off the newsletter with the token of the unsubscribe link in its mail",
    tag: "Newsletter",
    auth: "none",
    body: unsubscribeSchema,
    status: 200,
    response: subscriptionChangeSchema,
    errors: [400, 422],
  },
} as const satisfies Record<string, Operation>;

/**
 * The back office's newsletter (owner only): the counts and the subscribers' export. Spread into
 * `operations` (operations.ts).
 */
export const adminNewsletterOperations = {
  newsletterSubscriberCounts: {
    method: "GET",
    path: "/admin/newsletter",
    summary: "How many newsletter sign-ups are confirmed, waiting for confirmation and unsubscribed",
    tag: "Admin",
    auth: "owner",
    status: 200,
    response: subscriberCountsSchema,
    errors: [401, 403],
  },
  exportNewsletterSubscribers: {
    method: "GET",
    path: "/admin/newsletter/subscribers.csv",
    summary:
      "The confirmed newsletter subscribers as a CSV download (each export is written to the audit log)",
    tag: "Admin",
    auth: "owner",
    status: 200,
    response: subscribersCsvSchema,
    produces: "text/csv",
    errors: [401, 403],
  },
} as const satisfies Record<string, Operation>;
