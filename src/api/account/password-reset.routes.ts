import { Hono } from "hono";
import { PASSWORD_RESET_MESSAGES } from "../../shared/contracts/account.ts";
import { operations } from "../../shared/contracts/operations.ts";
import type { ApiEnv } from "../api-env.ts";
import { route } from "../contract/route.ts";
import type { Limits } from "../rate-limit.ts";
import { currentShopper, type ShopperCookies } from "../shopper.ts";
import { type Authenticator, clientNetwork } from "./auth.ts";
import type { MoveIntoAccount } from "./guest-belongings.ts";
import type { PasswordResetService } from "./password-reset.service.ts";

interface PasswordResetRouteDeps {
  resets: PasswordResetService;
  moveIntoAccount: MoveIntoAccount;
  auth: Authenticator;
  limits: Limits;
  cookies: ShopperCookies;
}

export function passwordResetRoutes({
  resets,
  moveIntoAccount,
  auth,
  limits,
  cookies,
}: PasswordResetRouteDeps): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  // Limited per address and per email, so nobody can flood one inbox or walk through many.
  route(routes, operations.requestPasswordReset, async (c, { body }) => {
    await limits.consumeAll([
      ["reset-requests-per-address", clientNetwork(c)],
      ["reset-requests-per-email", body.email.toLowerCase()],
    ]);
    await resets.request(body.email);
    return { message: PASSWORD_RESET_MESSAGES.sent };
  });

  // Signs in like login does: the guest's cart and wishlist move into the account.
  route(routes, operations.resetPassword, async (c, { body }) => {
    const shopper = await currentShopper(c, auth, cookies);
    await limits.consume("password-resets-per-address", clientNetwork(c));
    const result = await resets.reset(body);
    await moveIntoAccount(c, shopper, result.user.id);
    return result;
  });

  return routes;
}
