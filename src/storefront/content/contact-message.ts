import { CONTACT } from "../layout/layout-data.ts";

export const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactValues = Record<ContactField, string>;

const REQUIRED: Record<ContactField, string> = {
  name: "Please enter your name.",
  email: "Please enter your email address.",
  subject: "Please enter a subject.",
  message: "Please write your message.",
};

export function validateContact(values: ContactValues): Partial<Record<ContactField, string>> {
  const errors: Partial<Record<ContactField, string>> = {};
  for (const field of CONTACT_FIELDS) if (values[field].trim() === "") errors[field] = REQUIRED[field];
  if (!errors.email && !/^[^\s@]+@[^\s@]+$/.test(values.email.trim())) {
    errors.email = "Please enter a valid email address.";
  }
  return errors;
}

/**
 * The contact form does not store or send anything itself: it opens the shopper's own email app with the
 * message addressed to the shop, so they keep a copy and the reply reaches them
 * (see docs/decisions/0006-storefront-cart-checkout-accounts.md).
 */
export function contactMailto(values: ContactValues): string {
  const body = `${values.message.trim()}\n\n${values.name.trim()}\n${values.email.trim()}`;
  return `mailto:${CONTACT.email}?subject=${encodeURIComponent(values.subject.trim())}&body=${encodeURIComponent(body)}`;
}
