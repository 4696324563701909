import type { Context } from "hono";
import type { UserRow } from "../../platform/db/schema.ts";
import { Unauthorized } from "../errors.ts";
import { hashSecret } from "../secrets.ts";
import type { AccountRepository } from "./account.repository.ts";

export interface Identity {
  user: UserRow;
  tokenId: number;
}

const IDENTITY = "identity";

/**
 * Who is calling: a bearer token names a user; no token is a guest. A token that is forged, expired or
 * revoked is a 401, so the storefront can log the shopper out (spec: a 401 triggers logout).
 */
export function authenticator(accounts: AccountRepository) {
  async function optionalIdentity(c: Context): Promise<Identity | null> {
    const cached = c.get(IDENTITY as never) as Identity | null | undefined;
    if (cached !== undefined) return cached;
    const header = c.req.header("authorization");
    let identity: Identity | null = null;
    if (header !== undefined) {
      const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
      if (!match?.[1]) throw new Unauthorized();
      const row = await accounts.findUserByToken(hashSecret(match[1]), new Date().toISOString());
      if (!row) throw new Unauthorized();
      const { token_id, ...user } = row;
      identity = { user, tokenId: token_id };
    }
    c.set(IDENTITY as never, identity as never);
    return identity;
  }

  return {
    optionalIdentity,
    async requireIdentity(c: Context): Promise<Identity> {
      const identity = await optionalIdentity(c);
      if (!identity) throw new Unauthorized();
      return identity;
    },
  };
}

export type Authenticator = ReturnType<typeof authenticator>;

/**
 * Where the host puts the caller's address it resolved: a context variable for requests it serves, and the
 * `clientAddress` of the env it passes to the in-process API calls of a page. Both are out of a client's reach.
 */
export const CLIENT_ADDRESS = "clientAddress";

/**
 * The caller's address for rate limits: the one the host resolved (the socket's, or with TRUST_PROXY the
 * address our proxy put last in X-Forwarded-For), else the socket's. Never a request header a client could set.
 */
export function clientAddress(c: Context): string {
  const resolved =
    (c.get(CLIENT_ADDRESS as never) as string | undefined) ??
    (c.env as { [CLIENT_ADDRESS]?: unknown } | undefined)?.[CLIENT_ADDRESS];
  if (typeof resolved === "string" && resolved !== "") return resolved;
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress || "unknown";
}
