import type { Kysely, Updateable } from "kysely";
import type {
  Database,
  Db,
  OrderItemRow,
  OrderRow,
  OrderStatusHistoryRow,
  OrderTable,
} from "../../platform/db/schema.ts";

export type NewOrder = Omit<OrderRow, "id">;
export type NewOrderItem = Omit<OrderItemRow, "id" | "order_id">;
export type NewHistoryEntry = Omit<OrderStatusHistoryRow, "id">;

/** An order's row, locked until the transaction ends: a no-op update that returns the row. */
const lockedOrder = (trx: Db) =>
  trx
    .updateTable("orders")
    .set((eb) => ({ status: eb.ref("status") }))
    .returningAll();

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

    findByNumber: (number: string, trx: Db = db) =>
      trx.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirst(),

    /**
     * The order, its row locked until the transaction ends (PostgreSQL; SQLite's writers take turns anyway): a
     * second change of the same order waits here, then reads what the first one left.
     */
    lockByNumber: (number: string, trx: Db) =>
      lockedOrder(trx).where("number", "=", number).executeTakeFirst(),

    /** The same, by the order's id (a payment attempt knows its order by id). */
    lockById: (orderId: number, trx: Db) =>
      lockedOrder(trx).where("id", "=", orderId).executeTakeFirstOrThrow(),

    /** Changes a (locked) order's row: its status and what goes with it. */
    update: (orderId: number, values: Updateable<OrderTable>, trx: Db) =>
      trx.updateTable("orders").set(values).where("id", "=", orderId).execute(),

    /** Numbers of orders still awaiting confirmation whose deadline is at or before `at`, soonest first. */
    unconfirmedBefore: async (at: string, limit: number) =>
      (
        await db
          .selectFrom("orders")
          .select("number")
          .where("status", "=", "awaiting_confirmation")
          .where("confirmation_expires_at", "<=", at)
          .orderBy("confirmation_expires_at")
          .limit(limit)
          .execute()
      ).map((row) => row.number),

    addHistory: (entry: NewHistoryEntry, trx: Db) =>
      trx.insertInto("order_status_history").values(entry).execute(),

    history: (orderId: number, trx: Db = db) =>
      trx
        .selectFrom("order_status_history")
        .selectAll()
        .where("order_id", "=", orderId)
        .orderBy("id")
        .execute(),

    itemsFor: (orderIds: number[], trx: Db = db) =>
      orderIds.length === 0
        ? Promise.resolve([])
        : trx.selectFrom("order_items").selectAll().where("order_id", "in", orderIds).orderBy("id").execute(),
  };
}

export type OrdersRepository = ReturnType<typeof ordersRepository>;
