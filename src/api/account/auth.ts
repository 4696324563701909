import type { Context } from "hono";
import { DEFAULT_ADMIN_IDLE_MINUTES } from "../../platform/config.ts";
import type { UserRow } from "../../platform/db/schema.ts";
import { Unauthorized } from "../errors.ts";
import { hashSecret } from "../secrets.ts";
import type { AccountRepository } from "./account.repository.ts";

export interface Identity {
  user: UserRow;
  tokenId: number;
}

const IDENTITY = "identity";

/** What the authenticator keeps on a request's context: the caller it found (null: a guest), once asked. */
export interface IdentityVariables {
  [IDENTITY]?: Identity | null;
}

/** A request of an app whose context carries the identity (the API's, `ApiEnv` in api-env.ts). */
type IdentityContext = Context<{ Variables: IdentityVariables }>;

/** A used token's `last_used_at` is written at most this often, so busy pages do not write on every request. */
const TOUCH_EVERY_MS = 60_000;

export const sessionIdleMessage = (minutes: number) =>
  `Your session ended after ${minutes} minutes without activity. Please sign in again.`;

export interface AuthenticatorOptions {
  /** Minutes a staff or owner token may go unused before it is revoked (docs/decisions/0024). */
  adminIdleMinutes?: number;
  now?: () => Date;
}

/**
 * Who is calling: a bearer token names a user; no token is a guest. A token that is forged, expired or
 * revoked is a 401, so the storefront can log the shopper out (spec: a 401 triggers logout); so is the token of
 * a disabled account. A staff or owner token also ends after `adminIdleMinutes` without use, wherever it is
 * used: it opens the back office, so one left signed in on a shared computer must not stay open.
 */
export function authenticator(accounts: AccountRepository, options: AuthenticatorOptions = {}) {
  const idleMinutes = options.adminIdleMinutes ?? DEFAULT_ADMIN_IDLE_MINUTES;
  const now = options.now ?? (() => new Date());

  /** The identity a token (from the Authorization header or the session cookie) names; a 401 when none. */
  async function identityForToken(c: IdentityContext, token: string): Promise<Identity> {
    const cached = c.get(IDENTITY);
    if (cached) return cached;
    const at = now();
    const row = await accounts.findUserByToken(hashSecret(token), at.toISOString());
    if (!row) throw new Unauthorized();
    const { token_id, token_created_at, token_last_used_at, ...user } = row;
    if (user.role !== "customer") {
      const lastUsed = Date.parse(token_last_used_at ?? token_created_at);
      if (at.getTime() - lastUsed > idleMinutes * 60_000) {
        await accounts.revokeToken(token_id);
        throw new Unauthorized(sessionIdleMessage(idleMinutes));
      }
      if (token_last_used_at === null || at.getTime() - lastUsed >= TOUCH_EVERY_MS) {
        await accounts.touchToken(token_id, at.toISOString());
      }
    }
    const identity: Identity = { user, tokenId: token_id };
    c.set(IDENTITY, identity);
    return identity;
  }

  async function optionalIdentity(c: IdentityContext): Promise<Identity | null> {
    const cached = c.get(IDENTITY);
    if (cached !== undefined) return cached;
    const header = c.req.header("authorization");
    if (header === undefined) {
      c.set(IDENTITY, null);
      return null;
    }
    const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim());
    if (!match?.[1]) throw new Unauthorized();
    return identityForToken(c, match[1]);
  }

  return {
    optionalIdentity,
    identityForToken,
    idleMinutes,
    async requireIdentity(c: IdentityContext): Promise<Identity> {
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

/** The context variable the host sets (server/forwarded.ts) and `clientAddress` reads. */
export interface ClientAddressVariables {
  [CLIENT_ADDRESS]?: string;
}

/**
 * The caller's address for rate limits: the one the host resolved (the socket's, or with TRUST_PROXY the
 * address our proxy put last in X-Forwarded-For), else the socket's. Never a request header a client could set.
 */
export function clientAddress(c: Context): string {
  // Any app's context: the API's, or the host's (which declares its variables in server/app.ts).
  const resolved: unknown =
    c.get(CLIENT_ADDRESS) ?? (c.env as { [CLIENT_ADDRESS]?: unknown } | undefined)?.[CLIENT_ADDRESS];
  if (typeof resolved === "string" && resolved !== "") return resolved;
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress || "unknown";
}

/**
 * The part of an address one client controls, for rate limits: an IPv4 address as it is, an IPv6 address as its
 * /64. A home or mobile network is given a whole /64, so a client counted per /128 could take a fresh address
 * for every attempt. An IPv4-mapped IPv6 address ("::ffff:192.0.2.1") counts as its IPv4 address.
 */
export function addressNetwork(address: string): string {
  const bare = address.replace(/%.*$/, "").toLowerCase();
  if (!bare.includes(":")) return bare;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(bare);
  if (mapped?.[1]) return mapped[1];
  const groupsOf = (part: string | undefined) =>
    part ? part.split(":").flatMap((group) => (group.includes(".") ? ["0", "0"] : [group])) : [];
  const [head, tail] = bare.split("::");
  const left = groupsOf(head);
  const right = groupsOf(tail);
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  if (groups.length !== 8 || groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return bare;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(":")}::/64`;
}

/** The caller's network for rate limits: `clientAddress`, IPv6 taken as its /64 (`addressNetwork`). */
export function clientNetwork(c: Context): string {
  return addressNetwork(clientAddress(c));
}
