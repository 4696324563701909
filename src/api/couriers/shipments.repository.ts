import type { Insertable, Kysely } from "kysely";
import type { Database, Db, ShipmentEventTable, ShipmentTable } from "../../platform/db/schema.ts";

/** The `shipments` and `shipment_events` tables' statements (migration 025); the rules are shipments.service.ts's. */
export function shipmentsRepository(db: Kysely<Database>) {
  return {
    /** The order's shipment that is not cancelled (at most one: the partial unique index). */
    liveShipment: (orderId: number, trx: Db = db) =>
      trx
        .selectFrom("shipments")
        .selectAll()
        .where("order_id", "=", orderId)
        .where("cancelled_at", "is", null)
        .executeTakeFirst(),

    /** How many bookings of this order with this courier there have been (each attempt gets its own key). */
    async attempts(orderId: number, courier: string, trx: Db): Promise<number> {
      const row = await trx
        .selectFrom("shipments")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("order_id", "=", orderId)
        .where("courier", "=", courier)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    reserve: (values: Insertable<ShipmentTable>, trx: Db) =>
      trx.insertInto("shipments").values(values).returningAll().executeTakeFirstOrThrow(),

    /** Takes over a reservation whose booking ended without an answer (or has been stuck since `staleBefore`). */
    takeOver: (id: number, now: string, staleBefore: string, trx: Db) =>
      trx
        .updateTable("shipments")
        .set({ updated_at: now, last_error: null })
        .where("id", "=", id)
        .where("status", "=", "booking")
        .where((eb) => eb.or([eb("last_error", "is not", null), eb("updated_at", "<", staleBefore)]))
        .returningAll()
        .executeTakeFirst(),

    confirm: (
      id: number,
      booking: { consignment_number: string; tracking_url: string | null; at: string },
      trx: Db,
    ) =>
      trx
        .updateTable("shipments")
        .set({
          consignment_number: booking.consignment_number,
          tracking_url: booking.tracking_url,
          status: "booked",
          booked_at: booking.at,
          updated_at: booking.at,
          last_error: null,
        })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow(),

    /** The courier's call ended without a clear answer: the reservation stays, for a retry to ask the courier. */
    noteUnsure: (id: number, error: string, now: string) =>
      db.updateTable("shipments").set({ last_error: error, updated_at: now }).where("id", "=", id).execute(),

    /** The courier refused the booking: the reservation is closed, so the order may be booked again. */
    close: (id: number, error: string, now: string) =>
      db
        .updateTable("shipments")
        .set({ last_error: error, updated_at: now, cancelled_at: now })
        .where("id", "=", id)
        .execute(),

    setStatus: (id: number, status: string, now: string, trx: Db) =>
      trx.updateTable("shipments").set({ status, updated_at: now }).where("id", "=", id).execute(),

    /** Stores an event unless it is already there; answers whether it was new. */
    async addEvent(values: Insertable<ShipmentEventTable>, trx: Db): Promise<boolean> {
      const inserted = await trx
        .insertInto("shipment_events")
        .values(values)
        .onConflict((oc) => oc.columns(["shipment_id", "courier_status", "happened_at"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Locks the shipment for a status change (pushes and polls of one parcel take turns). */
    lockShipment: (id: number, trx: Db) =>
      trx
        .updateTable("shipments")
        .set((eb) => ({ status: eb.ref("status") }))
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst(),

    byConsignment: (courier: string, consignmentNumber: string) =>
      db
        .selectFrom("shipments")
        .select("id")
        .where("courier", "=", courier)
        .where("consignment_number", "=", consignmentNumber)
        .where("cancelled_at", "is", null)
        .executeTakeFirst(),

    /** Booked shipments still on their way with a courier that can be asked, least recently heard of first. */
    open: (couriers: string[], finalStatuses: string[], limit: number) =>
      couriers.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom("shipments")
            .innerJoin("orders", "orders.id", "shipments.order_id")
            .select(["shipments.id", "shipments.courier", "shipments.consignment_number", "orders.number"])
            .where("shipments.cancelled_at", "is", null)
            .where("shipments.consignment_number", "is not", null)
            .where("shipments.status", "!=", "booking")
            .where("shipments.status", "not in", finalStatuses)
            .where("shipments.courier", "in", couriers)
            .orderBy("shipments.updated_at")
            .limit(limit)
            .execute(),

    orderNumber: async (orderId: number, trx: Db) =>
      (await trx.selectFrom("orders").select("number").where("id", "=", orderId).executeTakeFirstOrThrow())
        .number,

    /** The live shipments of these orders (the back office's order list and order page). */
    liveFor: (orderIds: number[]) =>
      orderIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom("shipments")
            .selectAll()
            .where("order_id", "in", orderIds)
            .where("cancelled_at", "is", null)
            .execute(),

    /** A shipment's events as its courier reported them, oldest first. */
    events: (shipmentId: number) =>
      db
        .selectFrom("shipment_events")
        .select(["status", "courier_status", "description", "location", "happened_at"])
        .where("shipment_id", "=", shipmentId)
        .orderBy("happened_at")
        .orderBy("id")
        .execute(),

    /** The orders with these numbers and their live, booked shipments (for the airway bills). */
    forLabels: (numbers: string[]) =>
      db
        .selectFrom("orders")
        .leftJoin("shipments", (join) =>
          join.onRef("shipments.order_id", "=", "orders.id").on("shipments.cancelled_at", "is", null),
        )
        .selectAll("orders")
        .select([
          "shipments.courier",
          "shipments.consignment_number",
          "shipments.cod_amount",
          "shipments.status as shipment_status",
        ])
        .where("orders.number", "in", numbers)
        .execute(),
  };
}

export type ShipmentsRepository = ReturnType<typeof shipmentsRepository>;
