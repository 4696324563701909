import type { Insertable, Kysely } from "kysely";
import type { Database, Db, PaymentEventTable } from "../../platform/db/schema.ts";

/** The statements of online payments (migration 030); the rules are payments.service.ts's. */
export function paymentsRepository(db: Kysely<Database>) {
  return {
    db,

    orderNumber: async (orderId: number) =>
      (await db.selectFrom("orders").select("number").where("id", "=", orderId).executeTakeFirst())?.number,

    insertAttempt: async (
      values: {
        order_id: number;
        provider: string;
        reference: string;
        amount: number;
        created_at: string;
      },
      trx: Db,
    ) =>
      (
        await trx
          .insertInto("payment_attempts")
          .values({ ...values, status: "started", provider_reference: null, updated_at: values.created_at })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,

    attemptByReference: (reference: string, trx: Db = db) =>
      trx.selectFrom("payment_attempts").selectAll().where("reference", "=", reference).executeTakeFirst(),

    attempts: (orderId: number, trx: Db = db) =>
      trx.selectFrom("payment_attempts").selectAll().where("order_id", "=", orderId).orderBy("id").execute(),

    setProviderReference: (id: number, providerReference: string, trx: Db = db) =>
      trx
        .updateTable("payment_attempts")
        .set({ provider_reference: providerReference })
        .where("id", "=", id)
        .execute(),

    /**
     * Moves an attempt to `status` only from one of `from`: answers whether this call moved it. Two callers at once
     * (the return and the notification) both try; the row lock lets one of them through.
     */
    moveAttempt: async (
      id: number,
      from: readonly string[],
      values: { status: "pending" | "paid" | "failed" | "cancelled"; provider_reference?: string | null },
      at: string,
      trx: Db,
    ) => {
      const result = await trx
        .updateTable("payment_attempts")
        .set({ ...values, updated_at: at })
        .where("id", "=", id)
        .where("status", "in", from as ("started" | "pending" | "paid" | "failed" | "cancelled")[])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    addEvent: (values: Insertable<PaymentEventTable>, trx: Db = db) =>
      trx.insertInto("payment_events").values(values).execute(),

    events: (orderId: number, trx: Db = db) =>
      trx.selectFrom("payment_events").selectAll().where("order_id", "=", orderId).orderBy("id").execute(),

    refunds: (orderId: number, trx: Db = db) =>
      trx.selectFrom("payment_refunds").selectAll().where("order_id", "=", orderId).orderBy("id").execute(),

    refundedFrom: async (attemptId: number, trx: Db = db) =>
      Number(
        (
          await trx
            .selectFrom("payment_refunds")
            .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>("amount"), eb.val(0)).as("total"))
            .where("attempt_id", "=", attemptId)
            .executeTakeFirstOrThrow()
        ).total,
      ),

    /**
     * Takes `amount` of what is left to refund, only when that much is left: answers whether it was taken (a second
     * refund at the same moment finds less left).
     */
    reserveRefund: async (orderId: number, amount: number, trx: Db) => {
      const result = await trx
        .updateTable("orders")
        .set((eb) => ({ refunded_amount: eb("refunded_amount", "+", amount) }))
        .where("id", "=", orderId)
        // What the shopper paid: the money received, or a delivered cash order's total (the cash taken at the door).
        .where((eb) =>
          eb(
            eb(
              eb
                .case()
                .when(
                  eb.and([
                    eb("payment_method", "=", "cod"),
                    eb("status", "=", "delivered"),
                    eb("total", ">", eb.ref("paid_amount")),
                  ]),
                )
                .then(eb.ref("total"))
                .else(eb.ref("paid_amount"))
                .end(),
              "-",
              eb.ref("refunded_amount"),
            ),
            ">=",
            amount,
          ),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    releaseRefund: (orderId: number, amount: number, trx: Db = db) =>
      trx
        .updateTable("orders")
        .set((eb) => ({ refunded_amount: eb("refunded_amount", "-", amount) }))
        .where("id", "=", orderId)
        .execute(),

    insertRefund: (
      values: {
        order_id: number;
        attempt_id: number | null;
        amount: number;
        via: "provider" | "manual";
        reference: string;
        reason: string;
        actor_email: string;
        created_at: string;
      },
      trx: Db,
    ) => trx.insertInto("payment_refunds").values(values).execute(),

    /** Orders still waiting for their money whose hold ended at or before `at`, soonest first. */
    holdsEndedBefore: async (at: string, limit: number) =>
      (
        await db
          .selectFrom("orders")
          .select("number")
          .where("status", "=", "awaiting_payment")
          .where("payment_due_by", "<=", at)
          .orderBy("payment_due_by")
          .limit(limit)
          .execute()
      ).map((row) => row.number),

    insertProof: (
      values: { order_id: number; file: string; content_type: string; size: number; created_at: string },
      trx: Db = db,
    ) => trx.insertInto("payment_proofs").values(values).returning("id").executeTakeFirstOrThrow(),

    proofs: (orderId: number, trx: Db = db) =>
      trx.selectFrom("payment_proofs").selectAll().where("order_id", "=", orderId).orderBy("id").execute(),
  };
}

export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
