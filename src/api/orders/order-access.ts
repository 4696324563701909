import { hasPurposeSignature, purposeSignature } from "../../shared/signatures.server.ts";

const PURPOSE = "order-access";

/**
 * The token that lets the browser which placed a guest order read it without an account: the order number's
 * signature for the purpose "order-access" (src/shared/signatures.server.ts), so it can never double as a cookie's
 * or another token's signature. Nothing is stored: the number alone cannot produce it, and changing the secret
 * withdraws every token at once (the order lookup by number and email still works). See
 * docs/decisions/0019-guest-orders-and-password-reset.md and 0038-signing-secret.md.
 */
export function orderAccessToken(number: string, secret: string): string {
  return purposeSignature(secret, PURPOSE, number);
}

export function isOrderAccessToken(number: string, token: string, secret: string): boolean {
  return hasPurposeSignature(secret, PURPOSE, number, token);
}
