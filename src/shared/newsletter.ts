/**
 * The newsletter's wording and link lifetime, shared by the API contract and the storefront. A module without
 * zod, so the browser bundle does not pull in the contract's schemas.
 */

/** A confirmation link works this many days after it was mailed. */
export const CONFIRMATION_LINK_DAYS = 7;

/** At most one confirmation mail per address in this many minutes, however often it signs up. */
export const CONFIRMATION_RESEND_MINUTES = 60;

export const NEWSLETTER_MESSAGES = {
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address.",
  /** The one answer to a sign-up, whether or not the address was already on the list. */
  subscribed:
    "Thank you! Please check your inbox for a link to confirm your subscription. If this address is already subscribed, there is nothing more to do.",
  confirmed: "Your subscription is confirmed. Thank you for joining the Bags & Threads newsletter!",
  confirmInvalid:
    "This confirmation link is not valid. Please sign up again with the Subscribe form at the bottom of this page.",
  confirmExpired: `This confirmation link has expired: links work for ${CONFIRMATION_LINK_DAYS} days. Please sign up again with the Subscribe form at the bottom of this page.`,
  unsubscribed: "You have been unsubscribed. You will get no more newsletters from us.",
  unsubscribeInvalid:
    "This unsubscribe link is not valid. Please use the link in our latest email, or write to us and we will take you off the list.",
} as const;

/** The columns of the owner's export of confirmed subscribers, in order. */
export const SUBSCRIBER_CSV_COLUMNS = [
  "Email",
  "Source",
  "Consent given at",
  "Confirmed at",
  "Unsubscribe link",
] as const;
