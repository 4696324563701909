import { type Context, Hono } from "hono";
import type { AuthResult } from "../../shared/contracts/account.ts";
import { operations } from "../../shared/contracts/operations.ts";
import type { ApiEnv } from "../api-env.ts";
import { route } from "../contract/route.ts";
import { ValidationFailed } from "../errors.ts";
import type { Limits } from "../rate-limit.ts";
import { currentShopper, type ShopperCookies } from "../shopper.ts";
import { type AccountService, toUser } from "./account.service.ts";
import { type Authenticator, clientAddress } from "./auth.ts";
import type { MoveIntoAccount } from "./guest-belongings.ts";

interface AccountRouteDeps {
  accounts: AccountService;
  moveIntoAccount: MoveIntoAccount;
  auth: Authenticator;
  limits: Limits;
  cookies: ShopperCookies;
}

export function accountRoutes({
  accounts,
  moveIntoAccount,
  auth,
  limits,
  cookies,
}: AccountRouteDeps): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  /** Signs in (or up) and moves the guest's cart and wishlist into the account. */
  async function signIn(c: Context, attempt: () => Promise<AuthResult>): Promise<AuthResult> {
    const shopper = await currentShopper(c, auth, cookies);
    const result = await attempt();
    await moveIntoAccount(c, shopper, result.user.id);
    return result;
  }

  /**
   * Only failed sign-ins count, per email from this address (blocks that grow) and per address. Each attempt is
   * counted before the password is checked, so a burst of parallel guesses cannot all slip past, and given back
   * when it succeeds. An attacker failing on someone's email from their own address blocks only that pair:
   * the owner, from their own address, still signs in.
   */
  async function limitedLogin(address: string, email: string, login: () => Promise<AuthResult>) {
    const account = `${email.trim().toLowerCase()} ${address}`;
    await limits.consumeAll([
      ["login-failures-per-address", address],
      ["login-failures-per-account", account],
    ]);
    try {
      const result = await login();
      await Promise.all([
        limits.refund("login-failures-per-address", address),
        limits.reset("login-failures-per-account", account),
      ]);
      return result;
    } catch (error) {
      if (!(error instanceof ValidationFailed)) {
        await Promise.all([
          limits.refund("login-failures-per-address", address),
          limits.refund("login-failures-per-account", account),
        ]);
      }
      throw error;
    }
  }

  route(routes, operations.register, async (c, { body }) => {
    await limits.consume("registrations-per-address", clientAddress(c));
    return signIn(c, () => accounts.register(body));
  });
  route(routes, operations.login, (c, { body }) =>
    signIn(c, () => limitedLogin(clientAddress(c), body.email, () => accounts.login(body))),
  );

  route(routes, operations.currentUser, async (c) => toUser((await auth.requireIdentity(c)).user));

  route(routes, operations.updateProfile, async (c, { body }) =>
    accounts.updateProfile(await auth.requireIdentity(c), body),
  );

  route(routes, operations.updatePassword, async (c, { body }) => {
    const identity = await auth.requireIdentity(c);
    await limits.consume("password-changes-per-user", String(identity.user.id));
    return accounts.updatePassword(identity, body);
  });

  route(routes, operations.logout, async (c) => {
    await accounts.logout(await auth.requireIdentity(c));
    return { message: "You have been logged out." };
  });

  return routes;
}
