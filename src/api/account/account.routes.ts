import { type Context, Hono } from "hono";
import type { AuthResult } from "../../shared/contracts/account.ts";
import { operations } from "../../shared/contracts/operations.ts";
import type { CartService } from "../cart/cart.service.ts";
import { route } from "../contract/route.ts";
import type { RateLimiter } from "../rate-limit.ts";
import { currentShopper, type ShopperCookies } from "../shopper.ts";
import { type AccountService, toUser } from "./account.service.ts";
import { type Authenticator, clientAddress } from "./auth.ts";

interface AccountRouteDeps {
  accounts: AccountService;
  carts: CartService;
  auth: Authenticator;
  limiter: RateLimiter;
  cookies: ShopperCookies;
}

const tooMany = (minutes: number) =>
  `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;

export function accountRoutes({ accounts, carts, auth, limiter, cookies }: AccountRouteDeps): Hono {
  const routes = new Hono();

  /** Rate-limits the attempt, signs in, and moves the guest's cart into the account. */
  async function signIn(c: Context, email: string, attempt: () => Promise<AuthResult>): Promise<AuthResult> {
    const shopper = await currentShopper(c, auth, cookies);
    limiter.hit([`ip:${clientAddress(c)}`, `email:${email}`], tooMany);
    const result = await attempt();
    if (shopper.guestKeyHash) {
      await carts.mergeGuestCart(shopper.guestKeyHash, result.user.id);
      cookies.forgetGuestCart(c);
    }
    return result;
  }

  route(routes, operations.register, (c, { body }) => signIn(c, body.email, () => accounts.register(body)));
  route(routes, operations.login, (c, { body }) => signIn(c, body.email, () => accounts.login(body)));

  route(routes, operations.currentUser, async (c) => toUser((await auth.requireIdentity(c)).user));

  route(routes, operations.updateProfile, async (c, { body }) =>
    accounts.updateProfile(await auth.requireIdentity(c), body),
  );

  route(routes, operations.updatePassword, async (c, { body }) => {
    const identity = await auth.requireIdentity(c);
    limiter.hit([`password:${identity.user.id}`], tooMany);
    return accounts.updatePassword(identity, body);
  });

  route(routes, operations.logout, async (c) => {
    await accounts.logout(await auth.requireIdentity(c));
    return { message: "You have been logged out." };
  });

  return routes;
}
