import { type Context, Hono } from "hono";
import type { AuthResult, LoginInput } from "../../shared/contracts/account.ts";
import { operations } from "../../shared/contracts/operations.ts";
import type { ApiEnv } from "../api-env.ts";
import { route } from "../contract/route.ts";
import { ValidationFailed } from "../errors.ts";
import type { Limits } from "../rate-limit.ts";
import { currentShopper, type ShopperCookies } from "../shopper.ts";
import { type AccountService, toUser } from "./account.service.ts";
import { type Authenticator, clientNetwork } from "./auth.ts";
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
   * Only failed sign-ins count, per email from this network (blocks that grow), per network, and per email from
   * anywhere. Each attempt is counted before the password is checked, so a burst of parallel guesses cannot all
   * slip past, and given back when it succeeds. An attacker failing on someone's email from their own network
   * blocks only that pair: the owner, from their own network, still signs in. Guessing one account from many
   * networks puts it under attack: from then on a sign-in also needs a code mailed to the account
   * (`accounts.login`), which stops the attacker and lets the mailbox's holder in.
   */
  async function limitedLogin(network: string, input: LoginInput) {
    const email = input.email.trim().toLowerCase();
    const pair = `${email} ${network}`;
    await limits.consumeAll([
      ["login-failures-per-address", network],
      ["login-failures-per-account", pair],
    ]);
    const anywhere = await limits.count("login-failures-per-account-anywhere", email);
    try {
      const result = await accounts.login(input, {
        codeNeeded: anywhere.over,
        failures: anywhere.events - 1,
      });
      await Promise.all([
        limits.refund("login-failures-per-address", network),
        limits.reset("login-failures-per-account", pair),
        limits.refund("login-failures-per-account-anywhere", email),
      ]);
      return result;
    } catch (error) {
      if (!(error instanceof ValidationFailed)) {
        await Promise.all([
          limits.refund("login-failures-per-address", network),
          limits.refund("login-failures-per-account", pair),
          limits.refund("login-failures-per-account-anywhere", email),
        ]);
      }
      throw error;
    }
  }

  route(routes, operations.register, async (c, { body }) => {
    await limits.consume("registrations-per-address", clientNetwork(c));
    return signIn(c, () => accounts.register(body));
  });
  route(routes, operations.login, (c, { body }) => signIn(c, () => limitedLogin(clientNetwork(c), body)));

  route(routes, operations.currentUser, async (c) => toUser((await auth.requireIdentity(c)).user));

  route(routes, operations.updateProfile, async (c, { body }) => {
    const identity = await auth.requireIdentity(c);
    await limits.consume("profile-changes-per-user", String(identity.user.id));
    return accounts.updateProfile(identity, body);
  });

  route(routes, operations.undoEmailChange, async (c, { body }) => {
    await limits.consume("email-undos-per-address", clientNetwork(c));
    return { message: await accounts.undoEmailChange(body.token) };
  });

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
