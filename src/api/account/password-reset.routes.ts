import { Hono } from "hono";
import { PASSWORD_RESET_MESSAGES } from "../../shared/contracts/account.ts";
import { operations } from "../../shared/contracts/operations.ts";
import type { CartService } from "../cart/cart.service.ts";
import { route } from "../contract/route.ts";
import type { Limits } from "../rate-limit.ts";
import { currentShopper, type ShopperCookies } from "../shopper.ts";
import { type Authenticator, clientAddress } from "./auth.ts";
import type { PasswordResetService } from "./password-reset.service.ts";

interface PasswordResetRouteDeps {
  resets: PasswordResetService;
  carts: CartService;
  auth: Authenticator;
  limits: Limits;
  cookies: ShopperCookies;
}

export function passwordResetRoutes({ resets, carts, auth, limits, cookies }: PasswordResetRouteDeps): Hono {
  const routes = new Hono();

  // Limited per address and per email, so nobody can flood one inbox or walk through many.
  route(routes, operations.requestPasswordReset, async (c, { body }) => {
    await limits.consumeAll([
      ["reset-requests-per-address", clientAddress(c)],
      ["reset-requests-per-email", body.email.toLowerCase()],
    ]);
    await resets.request(body.email);
    return { message: PASSWORD_RESET_MESSAGES.sent };
  });

  // Signs in like login does: the guest's cart moves into the account.
  route(routes, operations.resetPassword, async (c, { body }) => {
    const shopper = await currentShopper(c, auth, cookies);
    await limits.consume("password-resets-per-address", clientAddress(c));
    const result = await resets.reset(body);
    if (shopper.guestKeyHash) {
      await carts.mergeGuestCart(shopper.guestKeyHash, result.user.id);
      cookies.forgetGuestCart(c);
    }
    return result;
  });

  return routes;
}
