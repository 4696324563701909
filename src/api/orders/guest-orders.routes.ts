import { Hono } from "hono";
import { operations } from "../../shared/contracts/operations.ts";
import { clientNetwork } from "../account/auth.ts";
import type { ApiEnv } from "../api-env.ts";
import { route } from "../contract/route.ts";
import type { Limits } from "../rate-limit.ts";
import type { GuestOrdersService } from "./guest-orders.service.ts";
import type { TrackingService } from "./tracking.ts";

export function guestOrdersRoutes(
  orders: GuestOrdersService,
  tracking: TrackingService,
  limits: Limits,
): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  // The token is 256 bits of HMAC, but a token that is not the order's counts all the same, per address and per
  // order number: nobody gets to try tokens by the thousand. The browser that placed the order sends the right one,
  // and a read that finds its order gives the try back, so reloading the confirmation page never counts.
  route(routes, operations.getGuestOrder, async (c, { body }) => {
    const tries = [
      ["order-access-per-address", clientNetwork(c)],
      ["order-access-per-order", body.number],
    ] as const;
    await limits.consumeAll(tries);
    const order = await orders.withAccessToken(body);
    await Promise.all(tries.map(([name, key]) => limits.refund(name, key)));
    return order;
  });

  // Number and email are guessable together, so every try counts, per address and per order number.
  route(routes, operations.lookupOrder, async (c, { body }) => {
    await limits.consumeAll([
      ["order-lookups-per-address", clientNetwork(c)],
      ["order-lookups-per-order", body.number],
    ]);
    return orders.lookup(body);
  });

  // Tracking is a lookup too (number with a phone or an email): counted the same way, in the same allowance.
  route(routes, operations.trackOrder, async (c, { query }) => {
    await limits.consumeAll([
      ["order-lookups-per-address", clientNetwork(c)],
      ["order-lookups-per-order", query.number],
    ]);
    return tracking.track(query);
  });

  return routes;
}
