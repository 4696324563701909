import { Hono } from "hono";
import { operations } from "../../shared/contracts/operations.ts";
import { clientNetwork } from "../account/auth.ts";
import type { ApiEnv } from "../api-env.ts";
import { route } from "../contract/route.ts";
import type { Limits } from "../rate-limit.ts";
import type { GuestOrdersService } from "./guest-orders.service.ts";

export function guestOrdersRoutes(orders: GuestOrdersService, limits: Limits): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  // The token is 256 bits of HMAC: guessing it is hopeless, so this read is not rate-limited.
  route(routes, operations.getGuestOrder, (_c, { body }) => orders.withAccessToken(body));

  // Number and email are guessable together, so every try counts, per address and per order number.
  route(routes, operations.lookupOrder, async (c, { body }) => {
    await limits.consumeAll([
      ["order-lookups-per-address", clientNetwork(c)],
      ["order-lookups-per-order", body.number],
    ]);
    return orders.lookup(body);
  });

  return routes;
}
