import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The one way the shop signs anything with its secret: HMAC-SHA256 of `purpose:value`. Every signature names
 * its purpose ("cookie:shop_session", "order-access", "contact-form", ...), so a signature made for one purpose
 * never passes for another: a cookie's for an order's access token, a contact form's for a newsletter link.
 * Server-only. See docs/decisions/0038-signing-secret.md.
 */
export function purposeSignature(secret: string, purpose: string, value: string): string {
  return createHmac("sha256", secret).update(`${purpose}:${value}`).digest("base64url");
}

/** Whether `given` is the signature of `value` for `purpose`, compared in constant time. */
export function hasPurposeSignature(secret: string, purpose: string, value: string, given: string): boolean {
  const actual = Buffer.from(given);
  const expected = Buffer.from(purposeSignature(secret, purpose, value));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
