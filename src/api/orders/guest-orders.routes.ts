import { Hono } from "hono";
import { operations } from "../../shared/contracts/operations.ts";
import { clientAddress } from "../account/auth.ts";
import { limitAttempts } from "../attempt-limit.ts";
import { route } from "../contract/route.ts";
import type { RateLimiter } from "../rate-limit.ts";
import type { GuestOrdersService } from "./guest-orders.service.ts";

export function guestOrdersRoutes(orders: GuestOrdersService, limiter: RateLimiter): Hono {
  const routes = new Hono();

  // The token is 256 bits of HMAC: guessing it is hopeless, so this read is not rate-limited.
  route(routes, operations.getGuestOrder, (_c, { body }) => orders.withAccessToken(body));

  // Number and email are guessable together, so every try counts, per address and per order number.
  route(routes, operations.lookupOrder, async (c, { body }) => {
    await limitAttempts(limiter, [`lookup-ip:${clientAddress(c)}`, `lookup-order:${body.number}`]);
    return orders.lookup(body);
  });

  return routes;
}
