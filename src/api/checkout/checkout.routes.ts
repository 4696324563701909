import { Hono } from "hono";
import { z } from "zod";
import { checkoutSchema } from "../../shared/contracts/checkout.ts";
import { pageField } from "../../shared/contracts/fields.ts";
import type { Authenticator } from "../account/auth.ts";
import type { ordersService } from "../orders/orders.service.ts";
import { currentShopper } from "../shopper.ts";
import { readJson, readQuery } from "../validation.ts";
import type { checkoutService } from "./checkout.service.ts";

const pageQuery = z.object({ page: pageField() });

export function checkoutRoutes(
  checkout: ReturnType<typeof checkoutService>,
  orders: ReturnType<typeof ordersService>,
  auth: Authenticator,
): Hono {
  const routes = new Hono();

  routes.post("/checkout", async (c) => {
    const shopper = await currentShopper(c, auth);
    const input = await readJson(c, checkoutSchema);
    const order = await checkout.placeOrder(shopper.owner, shopper.identity?.user.id ?? null, input);
    return c.json({ message: "Your order has been placed.", order }, 201);
  });

  routes.get("/orders", async (c) => {
    const identity = await auth.requireIdentity(c);
    const { page } = readQuery(c, pageQuery);
    return c.json(await orders.history(identity.user.id, page));
  });

  routes.get("/orders/:number", async (c) => {
    const identity = await auth.requireIdentity(c);
    return c.json(await orders.forOwner(identity.user.id, c.req.param("number")));
  });

  return routes;
}
