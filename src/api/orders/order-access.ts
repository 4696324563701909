import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The token that lets the browser which placed an order read it without an account: HMAC-SHA256 of the order
 * number under SESSION_SECRET (with a purpose prefix, so it can never double as a cookie signature). Nothing is
 * stored: the number alone cannot produce it, and changing the secret withdraws every token at once (the order
 * lookup by number and email still works). See docs/decisions/0019-guest-orders-and-password-reset.md.
 */
export function orderAccessToken(number: string, secret: string): string {
  return createHmac("sha256", secret).update(`order-access:${number}`).digest("base64url");
}

export function isOrderAccessToken(number: string, token: string, secret: string): boolean {
  const given = Buffer.from(token);
  const expected = Buffer.from(orderAccessToken(number, secret));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
