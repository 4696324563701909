import { Hono } from "hono";
import { operations } from "../../shared/contracts/operations.ts";
import type { Authenticator } from "../account/auth.ts";
import { route } from "../contract/route.ts";
import { orderAccessToken } from "../orders/order-access.ts";
import { currentShopper, type ShopperCookies } from "../shopper.ts";
import type { CheckoutService } from "./checkout.service.ts";

export function checkoutRoutes(
  checkout: CheckoutService,
  auth: Authenticator,
  cookies: ShopperCookies,
  secret: string,
): Hono {
  const routes = new Hono();

  route(routes, operations.checkout, async (c, { body }) => {
    const shopper = await currentShopper(c, auth, cookies);
    const order = await checkout.placeOrder(shopper.owner, shopper.identity?.user.id ?? null, body);
    return {
      message: "Your order has been placed.",
      order,
      access_token: orderAccessToken(order.number, secret),
    };
  });

  return routes;
}
