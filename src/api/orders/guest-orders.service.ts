import type { Order } from "../../shared/contracts/checkout.ts";
import {
  type GuestOrderRequest,
  ORDER_LOOKUP_NOT_FOUND,
  type OrderLookupInput,
} from "../../shared/contracts/orders.ts";
import { NotFound } from "../errors.ts";
import { isOrderAccessToken, orderAccessToken } from "./order-access.ts";
import { toOrder } from "./order-view.ts";
import type { OrdersRepository } from "./orders.repository.ts";

/** Orders seen without an account: by the placing browser's access token, or by number and email. */
export function guestOrdersService(orders: OrdersRepository, secret: string) {
  async function orderWith(
    number: string,
    allowed: (row: { email: string; user_id: number | null }) => boolean,
    notFound: string,
  ) {
    const row = await orders.findByNumber(number);
    if (!row || !allowed(row)) throw new NotFound(notFound);
    return toOrder(row, await orders.itemsFor([row.id]));
  }

  return {
    /**
     * Only an order placed as a guest: a customer's order is read in their account, so its number and a token
     * answer as if it did not exist, like a wrong token or a number that does not exist.
     */
    withAccessToken: ({ number, token }: GuestOrderRequest): Promise<Order> =>
      orderWith(
        number,
        (row) => row.user_id === null && isOrderAccessToken(number, token, secret),
        "Order not found.",
      ),

    /** The email is compared without regard to case; a wrong number and a wrong email answer the same. */
    lookup: async ({ number, email }: OrderLookupInput): Promise<Order & { access_token: string }> => {
      const order = await orderWith(
        number,
        (row) => row.email.toLowerCase() === email.toLowerCase(),
        ORDER_LOOKUP_NOT_FOUND,
      );
      // Whoever knows the number and the email may act on the order (ask for a return) as its browser may.
      return { ...order, access_token: orderAccessToken(order.number, secret) };
    },
  };
}

export type GuestOrdersService = ReturnType<typeof guestOrdersService>;
