import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * How a courier's status push proves it comes from the courier. Neither Leopards nor PostEx documents a signed
 * push, so the shop's rule applies (docs/decisions/0045-couriers.md): the header below holds
 * `sha256=<hex HMAC-SHA256 of the raw body>` under that courier's own secret (LEOPARDS_WEBHOOK_SECRET,
 * POSTEX_WEBHOOK_SECRET), which the shop gives the courier when it sets up the push. A push without a valid
 * signature is refused (401) before it is even parsed.
 */
export const SIGNATURE_HEADER = "x-courier-signature";

export function signPush(secret: string, rawBody: string): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`;
}

export function verifyPush(secret: string, rawBody: string, header: string | undefined): boolean {
  if (!header) return false;
  const expected = Buffer.from(signPush(secret, rawBody));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
