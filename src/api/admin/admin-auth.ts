import type { Context, MiddlewareHandler } from "hono";
import { CONFIRM_PASSWORD_MESSAGES } from "../../shared/contracts/admin.ts";
import { type CookiePolicy, readSignedCookie, SESSION_COOKIE } from "../../shared/cookies.server.ts";
import { type BackOfficeRole, roleAllows } from "../../shared/roles.ts";
import type { Authenticator, Identity, IdentityVariables } from "../account/auth.ts";
import { verifyPassword } from "../account/passwords.ts";
import { isSameOrigin } from "../cross-site.ts";
import { Forbidden, Unauthorized, ValidationFailed } from "../errors.ts";
import type { Limits } from "../rate-limit.ts";
import type { SecondFactorGate } from "./two-factor/two-factor.service.ts";

/**
 * Who may use the back office (`/api/admin/...`), in one place (docs/decisions/0024-back-office-roles-sessions-audit.md):
 *
 * - The caller is named by a bearer token, as everywhere in the API, or by the storefront's signed session
 *   cookie, so the back office's own pages (and scripts in them) can call it. A write sent with the cookie must
 *   come from the shop's own origin; SameSite=Lax already keeps the cookie off other sites' POSTs, and this
 *   refuses the rest (a sibling subdomain, an old browser).
 * - Anonymous, a refused token, a disabled account or an idle staff session: 401. A signed-in customer: 403.
 *   "staff" admits staff and owners; "owner" only owners.
 * - Then the second factor (docs/decisions/0039-staff-two-factor.md): a session that gave only the password of an
 *   account with two-factor sign-in on, or of an account without it while the owner requires it, is a 403 that
 *   says what to do, except for the operations the contract marks `beforeSecondFactor` (the code and set-up).
 *
 * `route()` calls `requireRole` for every operation whose contract says `auth: "staff" | "owner"`, before the
 * request is even validated, so no back-office route can forget it.
 */

export const STAFF_ONLY = "This area is for the shop's staff. Your account cannot open the back office.";
export const OWNER_ONLY = "Only the shop's owner can do this.";
export const CROSS_SITE_WRITE = "Refused: changes in the back office must be made from the shop's own pages.";

/** What `requireRole` and `confirmPassword` need to know who is calling and to count password guesses. */
export interface BackOfficeAuthDeps {
  auth: Authenticator;
  policy: CookiePolicy;
  publicUrl: string;
  limits: Limits;
  secondFactor: SecondFactorGate;
}

const BACK_OFFICE_AUTH = "backOfficeAuth";

/** The context variable `provideBackOfficeAuth` sets for `requireRole` and `confirmPassword`. */
export interface BackOfficeAuthVariables {
  [BACK_OFFICE_AUTH]?: BackOfficeAuthDeps;
}

/** A back-office request: its context carries the back office's dependencies and the identity (`ApiEnv`). */
type BackOfficeContext = Context<{ Variables: BackOfficeAuthVariables & IdentityVariables }>;

/**
 * The middleware in front of the back office's routes (`/api/admin/*`): it checks nothing itself, it puts on each
 * request what `requireRole` and `confirmPassword` need (the authenticator, cookie policy, public URL and limits).
 */
export function provideBackOfficeAuth(
  deps: BackOfficeAuthDeps,
): MiddlewareHandler<{ Variables: BackOfficeAuthVariables }> {
  return async (c, next) => {
    c.set(BACK_OFFICE_AUTH, deps);
    await next();
  };
}

function backOfficeAuthOf(c: BackOfficeContext): BackOfficeAuthDeps {
  const deps = c.get(BACK_OFFICE_AUTH);
  if (!deps) throw new Error("provideBackOfficeAuth() is not mounted in front of this back-office route");
  return deps;
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The signed-in staff member (or owner) behind this request; 401 or 403 otherwise (see above). */
export async function requireRole(
  c: BackOfficeContext,
  needed: BackOfficeRole,
  options: { beforeSecondFactor?: boolean } = {},
): Promise<Identity> {
  const { auth, policy, publicUrl, secondFactor } = backOfficeAuthOf(c);
  let identity: Identity | null;
  if (c.req.header("authorization") !== undefined) {
    identity = await auth.optionalIdentity(c);
  } else {
    const token = readSignedCookie(c.req.header("cookie"), SESSION_COOKIE, policy);
    if (token !== null && !READS.has(c.req.method) && !isSameOrigin(c, publicUrl)) {
      throw new Forbidden(CROSS_SITE_WRITE);
    }
    identity = token === null ? null : await auth.identityForToken(c, token);
  }
  if (!identity) throw new Unauthorized();
  if (!roleAllows(identity.user.role, needed))
    throw new Forbidden(identity.user.role === "customer" ? STAFF_ONLY : OWNER_ONLY);
  await secondFactor.check(identity, options.beforeSecondFactor === true);
  return identity;
}

/**
 * For sensitive actions (disabling an account, changing the staff): the signed-in person's own password, asked
 * again. Wrong or missing: a 422 on `current_password`; guesses count against the person's allowance, so a
 * session left open cannot be used to find the password.
 */
export async function confirmPassword(
  c: BackOfficeContext,
  identity: Identity,
  password: string,
): Promise<void> {
  const { limits } = backOfficeAuthOf(c);
  const key = String(identity.user.id);
  await limits.consume("password-confirmations-per-user", key);
  if (!(await verifyPassword(password, identity.user.password_hash))) {
    throw ValidationFailed.field("current_password", CONFIRM_PASSWORD_MESSAGES.incorrect);
  }
  await limits.refund("password-confirmations-per-user", key);
}
