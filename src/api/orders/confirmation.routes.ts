import { Hono } from "hono";
import { operations } from "../../shared/contracts/operations.ts";
import { ORDER_CONFIRMATION_MESSAGES } from "../../shared/contracts/order-confirmation.ts";
import { clientNetwork } from "../account/auth.ts";
import type { ApiEnv } from "../api-env.ts";
import { route } from "../contract/route.ts";
import type { Limits } from "../rate-limit.ts";
import type { ConfirmationService } from "./order-confirmation.ts";

/**
 * A shopper confirms their order (docs/decisions/0042-cod-orders-confirmed-and-tracked.md). Codes are six digits, so
 * tries count per client network and per order besides the order's own five wrong codes; a confirmation that
 * works gives its try back.
 */
export function confirmationRoutes(confirmations: ConfirmationService, limits: Limits): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  route(routes, operations.confirmOrder, async (c, { params, body }) => {
    const number = params.number.trim().toUpperCase();
    const tries = [
      ["order-confirmations-per-address", clientNetwork(c)],
      ["order-confirmations-per-order", number],
    ] as const;
    await limits.consumeAll(tries);
    const proof = body.token ? { token: body.token } : { code: body.code ?? "" };
    const order = await confirmations.confirmByShopper(number, proof);
    await Promise.all(tries.map(([name, key]) => limits.refund(name, key)));
    return { message: ORDER_CONFIRMATION_MESSAGES.confirmed, order };
  });

  return routes;
}
