import { Hono } from "hono";
import { addToCartSchema, removeFromCartSchema, updateCartSchema } from "../../shared/contracts/cart.ts";
import type { Authenticator } from "../account/auth.ts";
import { currentShopper, ownerForWrite } from "../shopper.ts";
import { readJson } from "../validation.ts";
import { ADDED_MESSAGE, type CartService, REMOVED_MESSAGE } from "./cart.service.ts";

export function cartRoutes(carts: CartService, auth: Authenticator, secureCookies: boolean): Hono {
  const routes = new Hono();

  routes.get("/cart", async (c) => c.json(await carts.view((await currentShopper(c, auth)).owner)));

  routes.post("/cart/add", async (c) => {
    const shopper = await currentShopper(c, auth);
    const input = await readJson(c, addToCartSchema);
    const cart = await carts.add(ownerForWrite(c, shopper, secureCookies), input);
    return c.json({ message: ADDED_MESSAGE, ...cart });
  });

  routes.post("/cart/remove", async (c) => {
    const shopper = await currentShopper(c, auth);
    const { id } = await readJson(c, removeFromCartSchema);
    return c.json({ message: REMOVED_MESSAGE, ...(await carts.remove(shopper.owner, id)) });
  });

  routes.get("/cart/clear", async (c) => {
    const shopper = await currentShopper(c, auth);
    return c.json({ message: "Your cart is now empty.", ...(await carts.clear(shopper.owner)) });
  });

  routes.post("/update-cart", async (c) => {
    const shopper = await currentShopper(c, auth);
    const input = await readJson(c, updateCartSchema);
    return c.json({ message: "Your cart has been updated.", ...(await carts.update(shopper.owner, input)) });
  });

  return routes;
}
