/**
 * The contact form's fields, limits and wording, shared by the API contract and the storefront's page. A module
 * without zod, so the browser bundle does not pull in the contract's schemas.
 */

export const CONTACT_LIMITS = {
  name: 100,
  subject: 150,
  messageMin: 10,
  message: 5000,
} as const;

/** A form sent sooner than this after it was issued was not filled in by a person: it is dropped. */
export const CONTACT_MIN_FILL_SECONDS = 3;
/**
 * A form's token is good for this long after it was issued: a token taken once cannot be replayed by a script for
 * ever, and a tab left open overnight still sends (docs/decisions/0038-signing-secret.md).
 */
export const CONTACT_FORM_TOKEN_HOURS = 24;

export const CONTACT_MESSAGES = {
  nameRequired: "Please enter your name.",
  emailRequired: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address.",
  messageRequired: "Please write your message.",
  messageTooShort: `Your message must be at least ${CONTACT_LIMITS.messageMin} characters.`,
  /** The form's issue-time token is missing or was not issued by the shop (or the secret changed since). */
  formOutOfDate: "This form is out of date. Please send your message again.",
  /** The form's token was issued more than CONTACT_FORM_TOKEN_HOURS ago. */
  formExpired: "This form has expired: it was opened more than a day ago. Please send your message again.",
  /** The one answer to a message, also to one dropped as spam. */
  sent: "Thank you for your message! We have emailed you a confirmation and will reply within one working day.",
} as const;
