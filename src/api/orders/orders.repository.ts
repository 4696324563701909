import type { Kysely } from "kysely";
import type { Database, Db, OrderItemRow, OrderRow } from "../../platform/db/schema.ts";

export type NewOrder = Omit<OrderRow, "id">;
export type NewOrderItem = Omit<OrderItemRow, "id" | "order_id">;

export function ordersRepository(db: Kysely<Database>) {
  return {
    /** Takes stock only if enough is left: the stock left, or null when another order got there first. */
    async takeStock(variantId: number, quantity: number, trx: Db): Promise<number | null> {
      const row = await trx
        .updateTable("variants")
        .set((eb) => ({ stock: eb("stock", "-", quantity) }))
        .where("id", "=", variantId)
        .where("stock", ">=", quantity)
        .returning("stock")
        .executeTakeFirst();
      return row?.stock ?? null;
    },

    /** Gives stock back (a cancelled order's): the stock now, or null when the variant no longer exists. */
    async returnStock(variantId: number, quantity: number, trx: Db): Promise<number | null> {
      const row = await trx
        .updateTable("variants")
        .set((eb) => ({ stock: eb("stock", "+", quantity) }))
        .where("id", "=", variantId)
        .returning("stock")
        .executeTakeFirst();
      return row?.stock ?? null;
    },
    async insertOrder(order: NewOrder, items: NewOrderItem[], trx: Db): Promise<number> {
      const { id } = await trx.insertInto("orders").values(order).returning("id").executeTakeFirstOrThrow();
      await trx
        .insertInto("order_items")
        .values(items.map((item) => ({ ...item, order_id: id })))
        .execute();
      return id;
    },

    numberExists: async (number: string, trx: Db = db) =>
      (await trx.selectFrom("orders").select("id").where("number", "=", number).executeTakeFirst()) !==
      undefined,

    countForUser: async (userId: number) =>
      Number(
        (
          await db
            .selectFrom("orders")
            .select((eb) => eb.fn.countAll<number>().as("count"))
            .where("user_id", "=", userId)
            .executeTakeFirstOrThrow()
        ).count,
      ),

    pageForUser: (userId: number, limit: number, offset: number) =>
      db
        .selectFrom("orders")
        .selectAll()
        .where("user_id", "=", userId)
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset)
        .execute(),

    findByNumber: (number: string) =>
      db.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirst(),

    itemsFor: (orderIds: number[], trx: Db = db) =>
      orderIds.length === 0
        ? Promise.resolve([])
        : trx.selectFrom("order_items").selectAll().where("order_id", "in", orderIds).orderBy("id").execute(),
  };
}

export type OrdersRepository = ReturnType<typeof ordersRepository>;
