import { type Context, Hono } from "hono";
import {
  type AuthResult,
  loginSchema,
  registerSchema,
  updatePasswordSchema,
  updateProfileSchema,
} from "../../shared/contracts/account.ts";
import type { CartService } from "../cart/cart.service.ts";
import type { RateLimiter } from "../rate-limit.ts";
import { currentShopper, forgetGuestCart } from "../shopper.ts";
import { readJson } from "../validation.ts";
import { type AccountService, toUser } from "./account.service.ts";
import { type Authenticator, clientAddress } from "./auth.ts";

interface AccountRouteDeps {
  accounts: AccountService;
  carts: CartService;
  auth: Authenticator;
  limiter: RateLimiter;
  secureCookies: boolean;
}

const tooMany = (minutes: number) =>
  `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;

export function accountRoutes({ accounts, carts, auth, limiter, secureCookies }: AccountRouteDeps): Hono {
  const routes = new Hono();

  /** Rate-limits the attempt, signs in, and moves the guest's cart into the account. */
  async function signIn(c: Context, email: string, attempt: () => Promise<AuthResult>): Promise<AuthResult> {
    const shopper = await currentShopper(c, auth);
    limiter.hit([`ip:${clientAddress(c)}`, `email:${email}`], tooMany);
    const result = await attempt();
    if (shopper.guestKeyHash) {
      await carts.mergeGuestCart(shopper.guestKeyHash, result.user.id);
      forgetGuestCart(c, secureCookies);
    }
    return result;
  }

  routes.post("/register", async (c) => {
    const input = await readJson(c, registerSchema);
    return c.json(await signIn(c, input.email, () => accounts.register(input)), 201);
  });

  routes.post("/login", async (c) => {
    const input = await readJson(c, loginSchema);
    return c.json(await signIn(c, input.email, () => accounts.login(input)));
  });

  routes.get("/user", async (c) => c.json(toUser((await auth.requireIdentity(c)).user)));

  routes.post("/update-profile", async (c) => {
    const identity = await auth.requireIdentity(c);
    return c.json(await accounts.updateProfile(identity, await readJson(c, updateProfileSchema)));
  });

  routes.post("/password/update", async (c) => {
    const identity = await auth.requireIdentity(c);
    const input = await readJson(c, updatePasswordSchema);
    limiter.hit([`password:${identity.user.id}`], tooMany);
    return c.json(await accounts.updatePassword(identity, input));
  });

  routes.post("/logout", async (c) => {
    await accounts.logout(await auth.requireIdentity(c));
    return c.json({ message: "You have been logged out." });
  });

  return routes;
}
