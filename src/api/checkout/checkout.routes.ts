import { Hono } from "hono";
import { operations } from "../../shared/contracts/operations.ts";
import { toE164 } from "../../shared/phone.ts";
import { type Authenticator, clientNetwork } from "../account/auth.ts";
import type { ApiEnv } from "../api-env.ts";
import { route } from "../contract/route.ts";
import { IDEMPOTENCY_HEADER } from "../idempotency/idempotency.ts";
import { orderAccessToken } from "../orders/order-access.ts";
import type { Limits } from "../rate-limit.ts";
import { currentShopper, type ShopperCookies } from "../shopper.ts";
import type { CheckoutAnswer, CheckoutService } from "./checkout.service.ts";

interface CheckoutRouteDeps {
  checkout: CheckoutService;
  auth: Authenticator;
  cookies: ShopperCookies;
  limits: Limits;
  /** Signs the order-access token a guest's browser keeps to see its order (SESSION_SECRET). */
  secret: string;
}

export function checkoutRoutes({ checkout, auth, cookies, limits, secret }: CheckoutRouteDeps): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  route(routes, operations.checkout, async (c, { body, headers }) => {
    const shopper = await currentShopper(c, auth, cookies);
    // Cash on delivery costs the shop a courier run per order, so orders are limited per phone and per address.
    // The allowance is taken before the order and given back when the order is refused: only placed orders count.
    const allowances = [
      // The number as the shop compares it; one that is not Pakistani is refused by the checkout anyway.
      ["orders-per-phone", toE164(body.phone) ?? body.phone.trim()],
      ["orders-per-address", clientNetwork(c)],
    ] as const;
    const refund = () => Promise.all(allowances.map(([name, key]) => limits.refund(name, key)));
    await limits.consumeAll(allowances);
    let answer: CheckoutAnswer;
    try {
      answer = await checkout.placeOrder(
        shopper.owner,
        shopper.identity?.user.id ?? null,
        body,
        headers[IDEMPOTENCY_HEADER],
      );
    } catch (error) {
      await refund();
      throw error;
    }
    if (answer.replayed) {
      // The stored answer of an order already placed (and counted): this request placed nothing.
      await refund();
      c.header("Idempotent-Replayed", "true");
    }
    // The token depends only on the order number, so a replayed answer carries the same one.
    return { ...answer.body, access_token: orderAccessToken(answer.body.order.number, secret) };
  });

  return routes;
}
