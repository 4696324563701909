import type { Context } from "hono";
import { hasPurposeSignature, purposeSignature } from "../../shared/signatures.server.ts";
import type { Authenticator } from "../account/auth.ts";
import type { ApiEnv } from "../api-env.ts";

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

/** Who asks about an order: its customer (signed in), or whoever holds the order's access token. */
export interface OrderAccess {
  userId: number | null;
  token: string | undefined;
}

/** The request's shopper and the token it sent ("" for none), as the order services check them. */
export async function orderAccessOf(
  c: Context<ApiEnv>,
  auth: Authenticator,
  token: string,
): Promise<OrderAccess> {
  const identity = await auth.optionalIdentity(c);
  return { userId: identity?.user.id ?? null, token: token || undefined };
}
