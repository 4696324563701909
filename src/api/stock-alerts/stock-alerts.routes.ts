import { Hono } from "hono";
import { operations } from "../../shared/contracts/operations.ts";
import { STOCK_ALERT_MESSAGES } from "../../shared/stock-alerts.ts";
import { clientNetwork } from "../account/auth.ts";
import type { ApiEnv } from "../api-env.ts";
import { route } from "../contract/route.ts";
import type { Limits } from "../rate-limit.ts";
import type { StockAlertsService } from "./stock-alerts.service.ts";

export function stockAlertRoutes({
  stockAlerts,
  limits,
}: {
  stockAlerts: StockAlertsService;
  limits: Limits;
}): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  // Limited per client address and per email, like the newsletter's sign-ups: nobody fills the table or an inbox.
  route(routes, operations.createStockAlert, async (c, { body }) => {
    await limits.consumeAll([
      ["stock-alerts-per-address", clientNetwork(c)],
      ["stock-alerts-per-email", body.email],
    ]);
    await stockAlerts.request(body);
    return { message: STOCK_ALERT_MESSAGES.saved };
  });

  return routes;
}

/** The back office's most-wanted sold-out variants (staff; the role is checked by `route()` from the contract). */
export function adminStockAlertRoutes(stockAlerts: StockAlertsService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();
  route(routes, operations.listWantedVariants, async () => ({ variants: await stockAlerts.mostWanted() }));
  return routes;
}
