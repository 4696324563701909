import type { PageMeta } from "../../shared/contracts/catalogue.ts";
import type { Order } from "../../shared/contracts/checkout.ts";
import { NotFound } from "../errors.ts";
import { pageMeta } from "../pagination.ts";
import { toOrder } from "./order-view.ts";
import type { OrdersRepository } from "./orders.repository.ts";

export const ORDERS_PER_PAGE = 10;

export function ordersService(orders: OrdersRepository) {
  return {
    async history(userId: number, page: number): Promise<{ data: Order[]; meta: PageMeta }> {
      const offset = (page - 1) * ORDERS_PER_PAGE;
      const [total, rows] = await Promise.all([
        orders.countForUser(userId),
        orders.pageForUser(userId, ORDERS_PER_PAGE, offset),
      ]);
      const items = await orders.itemsFor(rows.map((row) => row.id));
      return {
        data: rows.map((row) =>
          toOrder(
            row,
            items.filter((item) => item.order_id === row.id),
          ),
        ),
        meta: pageMeta(page, ORDERS_PER_PAGE, rows.length, total),
      };
    },

    /** Only the owner sees an order; anyone else gets the same 404 as for a number that does not exist. */
    async forOwner(userId: number, number: string): Promise<Order> {
      const order = await orders.findByNumber(number);
      if (!order || order.user_id !== userId) throw new NotFound("Order not found.");
      return toOrder(order, await orders.itemsFor([order.id]));
    },
  };
}

export type OrdersService = ReturnType<typeof ordersService>;
