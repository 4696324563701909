import type { ExpressionBuilder, Insertable, Kysely } from "kysely";
import type { CodCollectionTable, Database, Db } from "../../../platform/db/schema.ts";

/** An order as a payment is matched to it: its status, total and the live shipment's courier, number and COD. */
export interface PayableOrder {
  id: number;
  number: string;
  status: string;
  total: number;
  courier: string | null;
  consignment_number: string | null;
  cod_amount: number | null;
}

/** What a payment is matched against: the order and its shipment's courier, consignment and COD amount. */
const PAYABLE_COLUMNS = [
  "orders.id",
  "orders.number",
  "orders.status",
  "orders.total",
  "shipments.courier",
  "shipments.consignment_number",
  "shipments.cod_amount",
] as const;

/** The `cod_collections` table's statements (migration 026); the rules are cod-collections.service.ts's. */
export function codCollectionsRepository(db: Kysely<Database>) {
  const payable = (trx: Db) =>
    trx
      .selectFrom("orders")
      .leftJoin("shipments", (join) =>
        join.onRef("shipments.order_id", "=", "orders.id").on("shipments.cancelled_at", "is", null),
      )
      .select(PAYABLE_COLUMNS);

  /** When each order became delivered (its latest move there): one probe of the history's (order_id, id) index. */
  const deliveredAt = (eb: ExpressionBuilder<Database, "orders">) =>
    eb
      .selectFrom("order_status_history")
      .select((inner) => inner.fn.max("order_status_history.created_at").as("at"))
      .whereRef("order_status_history.order_id", "=", "orders.id")
      .where("order_status_history.to_status", "=", "delivered")
      .as("delivered_at");

  return {
    /**
     * The order whose shipment with this courier has this consignment number (its live shipment preferred);
     * the (courier, consignment_number) index.
     */
    byConsignment: (courier: string, consignment: string, trx: Db = db): Promise<PayableOrder | undefined> =>
      trx
        .selectFrom("shipments")
        .innerJoin("orders", "orders.id", "shipments.order_id")
        .select(PAYABLE_COLUMNS)
        .where("shipments.courier", "=", courier)
        .where("shipments.consignment_number", "=", consignment)
        .orderBy((eb) => eb.case().when("shipments.cancelled_at", "is", null).then(0).else(1).end())
        .orderBy("shipments.id", "desc")
        .limit(1)
        .executeTakeFirst(),

    byOrderNumber: (number: string, trx: Db = db): Promise<PayableOrder | undefined> =>
      payable(trx).where("orders.number", "=", number).executeTakeFirst(),

    forOrder: (orderId: number, trx: Db = db) =>
      trx.selectFrom("cod_collections").selectAll().where("order_id", "=", orderId).executeTakeFirst(),

    /** The order's payment is its cash, collected (decision 0053). */
    markPaid: (orderId: number, amount: number, trx: Db) =>
      trx
        .updateTable("orders")
        // A return refunded before the courier paid the cash over keeps its refund's status.
        .set((eb) => ({
          payment_status: eb
            .case()
            .when("refunded_amount", "<=", 0)
            .then("paid")
            .when("refunded_amount", ">=", amount)
            .then("refunded")
            .else("partly_refunded")
            .end(),
          paid_amount: amount,
        }))
        .where("id", "=", orderId)
        .execute(),

    /** Records a payment unless the order has one already (then answers undefined: the unique order_id). */
    insert: (values: Insertable<CodCollectionTable>, trx: Db) =>
      trx
        .insertInto("cod_collections")
        .values(values)
        .onConflict((conflict) => conflict.column("order_id").doNothing())
        .returning("id")
        .executeTakeFirst(),

    /**
     * Delivered orders with no payment recorded, oldest first (orders_status_idx: status, created_at; one probe of
     * the unique order_id per order), at most `limit`.
     */
    unpaid: (limit: number) =>
      payable(db)
        .select((eb) => deliveredAt(eb))
        .where("orders.status", "=", "delivered")
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("cod_collections")
                .select("cod_collections.id")
                .whereRef("cod_collections.order_id", "=", "orders.id"),
            ),
          ),
        )
        .orderBy("orders.created_at")
        .orderBy("orders.id")
        .limit(limit)
        .execute(),

    /** Payments whose amount differs from what was due, newest first (the partial index of migration 026). */
    mismatches: (limit: number) =>
      db
        .selectFrom("cod_collections")
        .innerJoin("orders", "orders.id", "cod_collections.order_id")
        .select([
          "orders.number",
          "cod_collections.courier",
          "cod_collections.consignment_number",
          "cod_collections.amount",
          "cod_collections.expected_amount",
          "cod_collections.collected_on",
          "cod_collections.reference",
        ])
        .select((eb) => deliveredAt(eb))
        .whereRef("cod_collections.amount", "<>", "cod_collections.expected_amount")
        .orderBy("cod_collections.recorded_at", "desc")
        .orderBy("cod_collections.id", "desc")
        .limit(limit)
        .execute(),
  };
}

export type CodCollectionsRepository = ReturnType<typeof codCollectionsRepository>;
