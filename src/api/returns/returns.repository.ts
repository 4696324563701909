import { type Insertable, type Kysely, sql, type Updateable } from "kysely";
import type {
  CouponTable,
  Database,
  Db,
  ReturnItemTable,
  ReturnRow,
  ReturnTable,
} from "../../platform/db/schema.ts";
import type { ReturnStatus } from "../../shared/returns.ts";

export type NewReturnItem = Omit<Insertable<ReturnItemTable>, "return_id">;

/** The statements of returns and exchanges (migration 032); the rules are returns.service.ts's. */
export function returnsRepository(db: Kysely<Database>) {
  return {
    transaction: <T>(work: (trx: Db) => Promise<T>) => db.transaction().execute(work),

    /** When the order was delivered: its last move to "delivered" (null when none was recorded). */
    async deliveredAt(orderId: number, trx: Db = db): Promise<string | null> {
      const row = await trx
        .selectFrom("order_status_history")
        .select((eb) => eb.fn.max("created_at").as("at"))
        .where("order_id", "=", orderId)
        .where("to_status", "=", "delivered")
        .executeTakeFirst();
      return (row?.at as string | null | undefined) ?? null;
    },

    /** How many of each of the order's lines are in a return that was not rejected. */
    async quantitiesInReturns(orderId: number, trx: Db = db): Promise<Map<number, number>> {
      const rows = await trx
        .selectFrom("return_items")
        .innerJoin("returns", "returns.id", "return_items.return_id")
        .select([
          "return_items.order_item_id",
          (eb) => eb.fn.sum<number | string>("return_items.quantity").as("n"),
        ])
        .where("returns.order_id", "=", orderId)
        .where((eb) => eb.or([eb("returns.outcome", "is", null), eb("returns.outcome", "!=", "rejected")]))
        .groupBy("return_items.order_item_id")
        .execute();
      return new Map(rows.map((row) => [row.order_item_id, Number(row.n)]));
    },

    /** The products' final-sale flags. */
    async finalSale(productIds: number[], trx: Db = db): Promise<Set<number>> {
      if (productIds.length === 0) return new Set();
      const rows = await trx
        .selectFrom("products")
        .select("id")
        .where("id", "in", productIds)
        .where("final_sale", "=", 1)
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    /** Every variant of these products, with its colour and size names: what an exchange may take. */
    variantsOf: (productIds: number[], trx: Db = db) =>
      productIds.length === 0
        ? Promise.resolve([])
        : trx
            .selectFrom("variants")
            .innerJoin("colors", "colors.id", "variants.color_id")
            .innerJoin("sizes", "sizes.id", "variants.size_id")
            .select([
              "variants.id",
              "variants.product_id",
              "variants.stock",
              "colors.name as color_name",
              "sizes.name as size_name",
            ])
            .where("variants.product_id", "in", productIds)
            .orderBy("variants.product_id")
            .orderBy("colors.name")
            .orderBy("sizes.id")
            .execute(),

    countForOrder: async (orderId: number, trx: Db) =>
      Number(
        (
          await trx
            .selectFrom("returns")
            .select((eb) => eb.fn.countAll<number | string>().as("n"))
            .where("order_id", "=", orderId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    async insert(values: Insertable<ReturnTable>, items: NewReturnItem[], trx: Db): Promise<number> {
      const { id } = await trx.insertInto("returns").values(values).returning("id").executeTakeFirstOrThrow();
      await trx
        .insertInto("return_items")
        .values(items.map((item) => ({ ...item, return_id: id })))
        .execute();
      return id;
    },

    addPhoto: (values: { return_id: number; file: string; size: number; created_at: string }, trx: Db) =>
      trx.insertInto("return_photos").values(values).execute(),

    addEvent: (
      values: { return_id: number; status: string; message: string; actor_email: string; created_at: string },
      trx: Db,
    ) => trx.insertInto("return_events").values(values).execute(),

    byId: (id: number, trx: Db = db) =>
      trx.selectFrom("returns").selectAll().where("id", "=", id).executeTakeFirst(),

    /** The return's row, locked until the transaction ends (a no-op update that returns it). */
    lock: (id: number, trx: Db) =>
      trx
        .updateTable("returns")
        .set((eb) => ({ status: eb.ref("status") }))
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst(),

    /**
     * Moves a return on only from where it stood when read: answers false when another change got there first
     * (the caller says so and changes nothing).
     */
    async move(id: number, from: readonly ReturnStatus[], values: Updateable<ReturnTable>, trx: Db = db) {
      const result = await trx
        .updateTable("returns")
        .set(values)
        .where("id", "=", id)
        .where("status", "in", [...from])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    forOrder: (orderId: number, trx: Db = db) =>
      trx.selectFrom("returns").selectAll().where("order_id", "=", orderId).orderBy("id").execute(),

    /** The returns' items with the order lines' names and the exchange variants' colours and sizes. */
    itemsOf: (returnIds: number[], trx: Db = db) =>
      returnIds.length === 0
        ? Promise.resolve([])
        : trx
            .selectFrom("return_items")
            .innerJoin("order_items", "order_items.id", "return_items.order_item_id")
            .leftJoin("variants as exchange", "exchange.id", "return_items.exchange_variant_id")
            .leftJoin("colors as exchange_color", "exchange_color.id", "exchange.color_id")
            .leftJoin("sizes as exchange_size", "exchange_size.id", "exchange.size_id")
            .select([
              "return_items.id",
              "return_items.return_id",
              "return_items.order_item_id",
              "return_items.product_id",
              "return_items.variant_id",
              "return_items.quantity",
              "return_items.amount",
              "return_items.exchange_variant_id",
              "return_items.exchange_held",
              "return_items.condition",
              "return_items.restocked_at",
              "order_items.product_name",
              "order_items.product_slug",
              "order_items.color_name",
              "order_items.size_name",
              "exchange_color.name as exchange_color_name",
              "exchange_size.name as exchange_size_name",
            ])
            .where("return_items.return_id", "in", returnIds)
            .orderBy("return_items.id")
            .execute(),

    events: (returnIds: number[], trx: Db = db) =>
      returnIds.length === 0
        ? Promise.resolve([])
        : trx
            .selectFrom("return_events")
            .selectAll()
            .where("return_id", "in", returnIds)
            .orderBy("id")
            .execute(),

    photos: (returnIds: number[], trx: Db = db) =>
      returnIds.length === 0
        ? Promise.resolve([])
        : trx
            .selectFrom("return_photos")
            .selectAll()
            .where("return_id", "in", returnIds)
            .orderBy("id")
            .execute(),

    /** Stops holding an exchange's stock, once: answers whether this call did (then its stock is the caller's). */
    async releaseHold(itemId: number, trx: Db): Promise<boolean> {
      const result = await trx
        .updateTable("return_items")
        .set({ exchange_held: 0 })
        .where("id", "=", itemId)
        .where("exchange_held", "=", 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Records an item's condition; for "restock", also that its stock came back, once: answers whether this call
     * set `restocked_at` (then, and only then, the caller puts the stock back).
     */
    async recordCondition(
      itemId: number,
      condition: "restock" | "write_off",
      now: string,
      trx: Db,
    ): Promise<boolean> {
      const result = await trx
        .updateTable("return_items")
        .set({ condition, ...(condition === "restock" ? { restocked_at: now } : {}) })
        .where("id", "=", itemId)
        .where("condition", "is", null)
        .executeTakeFirst();
      return condition === "restock" && Number(result.numUpdatedRows) > 0;
    },

    insertCoupon: (values: Insertable<CouponTable>, trx: Db) =>
      trx.insertInto("coupons").values(values).returning("id").executeTakeFirstOrThrow(),

    codeExists: async (code: string, trx: Db) =>
      (await trx.selectFrom("coupons").select("id").where("code", "=", code).executeTakeFirst()) !==
      undefined,

    coupon: (id: number, trx: Db = db) =>
      trx.selectFrom("coupons").select(["code", "value"]).where("id", "=", id).executeTakeFirst(),

    /** The order a return belongs to. */
    orderOf: (orderId: number, trx: Db = db) =>
      trx.selectFrom("orders").selectAll().where("id", "=", orderId).executeTakeFirst(),

    orderNumberOf: async (orderId: number, trx: Db = db) =>
      (await trx.selectFrom("orders").select("number").where("id", "=", orderId).executeTakeFirst())
        ?.number ?? null,

    refund: (id: number, trx: Db = db) =>
      trx
        .selectFrom("payment_refunds")
        .select(["amount", "reference"])
        .where("id", "=", id)
        .executeTakeFirst(),

    /** The newest refund of the order with this reason (a return's refund, just made). */
    latestRefund: async (orderId: number, reason: string, trx: Db = db) =>
      (
        await trx
          .selectFrom("payment_refunds")
          .select("id")
          .where("order_id", "=", orderId)
          .where("reason", "=", reason)
          .orderBy("id", "desc")
          .limit(1)
          .executeTakeFirst()
      )?.id ?? null,

    /** A page of the back office's list, newest first (returns_created_idx, or returns_status_created_idx). */
    page: (status: ReturnStatus | undefined, limit: number, offset: number) => {
      let query = db
        .selectFrom("returns")
        .innerJoin("orders", "orders.id", "returns.order_id")
        .select([
          "returns.id",
          "returns.number",
          "returns.status",
          "returns.outcome",
          "returns.resolution",
          "returns.reason",
          "returns.amount",
          "returns.created_at",
          "orders.number as order_number",
          "orders.first_name",
          "orders.last_name",
          (eb) =>
            eb
              .selectFrom("return_items")
              .select((inner) => inner.fn.sum<number | string>("quantity").as("n"))
              .whereRef("return_items.return_id", "=", "returns.id")
              .as("items"),
        ]);
      if (status) query = query.where("returns.status", "=", status);
      return query
        .orderBy("returns.created_at", "desc")
        .orderBy("returns.id", "desc")
        .limit(limit)
        .offset(offset)
        .execute();
    },

    async countsByStatus(): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom("returns")
        .select(["status", (eb) => eb.fn.countAll<number | string>().as("n")])
        .groupBy("status")
        .execute();
      return new Map(rows.map((row) => [row.status, Number(row.n)]));
    },

    /** Items returned per product since `since` (not rejected), with those for the wrong size; most returned first. */
    returnedByProduct: (since: string, limit: number) =>
      db
        .selectFrom("return_items")
        .innerJoin("returns", "returns.id", "return_items.return_id")
        .select([
          "return_items.product_id",
          (eb) => eb.fn.sum<number | string>("return_items.quantity").as("returned"),
          (eb) =>
            eb.fn
              .sum<number | string>(
                eb
                  .case()
                  .when("returns.reason", "=", "wrong_size")
                  .then(eb.ref("return_items.quantity"))
                  .else(0)
                  .end(),
              )
              .as("wrong_size"),
        ])
        .where("returns.created_at", ">=", since)
        .where((eb) => eb.or([eb("returns.outcome", "is", null), eb("returns.outcome", "!=", "rejected")]))
        .groupBy("return_items.product_id")
        .orderBy("returned", "desc")
        .limit(limit)
        .execute(),

    /** Units of these products on orders placed since `since` that were not cancelled, with their names. */
    soldOf: async (productIds: number[], since: string) => {
      if (productIds.length === 0) return [];
      return db
        .selectFrom("order_items")
        .innerJoin("orders", "orders.id", "order_items.order_id")
        .select([
          "order_items.product_id",
          (eb) => eb.fn.max("order_items.product_name").as("product_name"),
          (eb) => eb.fn.max("order_items.product_slug").as("product_slug"),
          (eb) => eb.fn.sum<number | string>("order_items.quantity").as("sold"),
        ])
        .where("order_items.product_id", "in", productIds)
        .where("orders.created_at", ">=", since)
        .where("orders.status", "not in", ["cancelled", "awaiting_payment", "awaiting_confirmation"])
        .where("orders.replacement_for", "is", null)
        .groupBy("order_items.product_id")
        .execute();
    },

    returnedByReason: (since: string) =>
      db
        .selectFrom("return_items")
        .innerJoin("returns", "returns.id", "return_items.return_id")
        .select(["returns.reason", (eb) => eb.fn.sum<number | string>("return_items.quantity").as("items")])
        .where("returns.created_at", ">=", since)
        .where((eb) => eb.or([eb("returns.outcome", "is", null), eb("returns.outcome", "!=", "rejected")]))
        .groupBy("returns.reason")
        .execute(),

    /** Money refunded for returns, by the month (UTC) the refund was made. */
    refundedByMonth: (since: string) =>
      db
        .selectFrom("returns")
        .innerJoin("payment_refunds", "payment_refunds.id", "returns.refund_id")
        .select([
          sql<string>`substr(payment_refunds.created_at, 1, 7)`.as("month"),
          (eb) => eb.fn.sum<number | string>("payment_refunds.amount").as("amount"),
          (eb) => eb.fn.countAll<number | string>().as("returns"),
        ])
        .where("payment_refunds.created_at", ">=", since)
        .groupBy(sql`substr(payment_refunds.created_at, 1, 7)`)
        .orderBy(sql`substr(payment_refunds.created_at, 1, 7)`)
        .execute(),
  };
}

export type ReturnsRepository = ReturnType<typeof returnsRepository>;
export type { ReturnRow };
