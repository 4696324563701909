import { Hono } from "hono";
import { operations } from "../../shared/contracts/operations.ts";
import type { Authenticator } from "../account/auth.ts";
import { route } from "../contract/route.ts";
import { IDEMPOTENCY_HEADER } from "../idempotency/idempotency.ts";
import { currentShopper, type ShopperCookies } from "../shopper.ts";
import type { CheckoutService } from "./checkout.service.ts";

export function checkoutRoutes(
  checkout: CheckoutService,
  auth: Authenticator,
  cookies: ShopperCookies,
): Hono {
  const routes = new Hono();

  route(routes, operations.checkout, async (c, { body, headers }) => {
    const shopper = await currentShopper(c, auth, cookies);
    const answer = await checkout.placeOrder(
      shopper.owner,
      shopper.identity?.user.id ?? null,
      body,
      headers[IDEMPOTENCY_HEADER],
    );
    if (answer.replayed) c.header("Idempotent-Replayed", "true");
    return answer.body;
  });

  return routes;
}
