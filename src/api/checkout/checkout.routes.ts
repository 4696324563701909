import { Hono } from "hono";
import { operations } from "../../shared/contracts/operations.ts";
import { type Authenticator, clientAddress } from "../account/auth.ts";
import { route } from "../contract/route.ts";
import type { Limits } from "../rate-limit.ts";
import { currentShopper, type ShopperCookies } from "../shopper.ts";
import type { CheckoutService } from "./checkout.service.ts";

interface CheckoutRouteDeps {
  checkout: CheckoutService;
  auth: Authenticator;
  cookies: ShopperCookies;
  limits: Limits;
}

/**
 * One phone number however it is written: "0300 1234567", "+92 300 1234567" and "923001234567" are the same
 * line, so its last ten digits; text with no digits at all (only emptiness is checked) counts as typed.
 */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.length > 0 ? digits.slice(-10) : phone.trim().toLowerCase();
}

export function checkoutRoutes({ checkout, auth, cookies, limits }: CheckoutRouteDeps): Hono {
  const routes = new Hono();

  route(routes, operations.checkout, async (c, { body }) => {
    const shopper = await currentShopper(c, auth, cookies);
    // Cash on delivery costs the shop a courier run per order, so orders are limited per phone and per address.
    // The allowance is taken before the order and given back when the order is refused: only placed orders count.
    const allowances = [
      ["orders-per-phone", phoneKey(body.phone)],
      ["orders-per-address", clientAddress(c)],
    ] as const;
    await limits.consumeAll(allowances);
    try {
      const order = await checkout.placeOrder(shopper.owner, shopper.identity?.user.id ?? null, body);
      return { message: "Your order has been placed.", order };
    } catch (error) {
      await Promise.all(allowances.map(([name, key]) => limits.refund(name, key)));
      throw error;
    }
  });

  return routes;
}
