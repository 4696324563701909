import { type Kysely, sql } from "kysely";
import type { Engine } from "../../../platform/db/connection.ts";
import { type OrderSearchKey, orderSearchKeys, PREFIX_END } from "../../../platform/db/order-search.ts";
import type { Database, Db } from "../../../platform/db/schema.ts";
import type { OrderStatus } from "../../../shared/order-status.ts";
import type { PaymentMethod, PaymentStatus } from "../../../shared/payment.ts";

/** What the order list is narrowed to; every part is optional and they all apply together. */
export interface OrderFilter {
  status?: OrderStatus | undefined;
  paymentStatus?: PaymentStatus | undefined;
  paymentMethod?: PaymentMethod | undefined;
  /** Orders someone should look at: awaiting confirmation, or flagged and not yet worked on (pending). */
  needsReview?: boolean | undefined;
  /** Placed at or after this instant (ISO). */
  placedFrom?: string | undefined;
  /** Placed before this instant (ISO). */
  placedBefore?: string | undefined;
  /** Orders whose key starts with one of the prefixes (any of these matching is enough). */
  search?: { key: OrderSearchKey; prefixes: string[] }[] | undefined;
}

/** The back office's reads and writes of orders; its indexes are migration 012's and 031's. */
export function adminOrdersRepository(db: Kysely<Database>, engine: Engine) {
  const keys = orderSearchKeys(engine);

  function filtered(filter: OrderFilter) {
    let query = db.selectFrom("orders");
    if (filter.status) query = query.where("status", "=", filter.status);
    if (filter.paymentStatus) query = query.where("payment_status", "=", filter.paymentStatus);
    if (filter.paymentMethod) query = query.where("payment_method", "=", filter.paymentMethod);
    if (filter.needsReview) {
      query = query.where((eb) =>
        eb.or([
          eb("status", "=", "awaiting_confirmation"),
          eb.and([eb("status", "=", "pending"), eb("risk_flags", "!=", "")]),
        ]),
      );
    }
    if (filter.placedFrom) query = query.where("created_at", ">=", filter.placedFrom);
    if (filter.placedBefore) query = query.where("created_at", "<", filter.placedBefore);
    const search = filter.search ?? [];
    if (search.length > 0) {
      query = query.where((eb) =>
        eb.or(
          search.flatMap(({ key, prefixes }) =>
            prefixes.map((prefix) =>
              eb.and([eb(keys[key], ">=", prefix), eb(keys[key], "<", `${prefix}${PREFIX_END}`)]),
            ),
          ),
        ),
      );
    }
    return query;
  }

  const repository = {
    /** One page of the orders the filter keeps, newest first (unexecuted, so tests can EXPLAIN it). */
    pageQuery: (filter: OrderFilter, limit: number, offset: number) =>
      filtered(filter)
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .offset(offset),

    /**
     * The next `limit` orders the filter keeps after `after` (newest first; the first ones without it): the
     * export's walk, each page found by its place in the order rather than by skipping (issue 35 item 7).
     */
    exportPage: (filter: OrderFilter, after: { created_at: string; id: number } | undefined, limit: number) =>
      filtered(filter)
        .selectAll()
        .$if(after !== undefined, (query) =>
          query.where((eb) =>
            eb.or([
              eb("created_at", "<", after!.created_at),
              eb.and([eb("created_at", "=", after!.created_at), eb("id", "<", after!.id)]),
            ]),
          ),
        )
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute(),

    /**
     * How many orders the filter keeps, counting no further than `limit` + 1: a count visits every match, and
     * past ten thousand or so the number stops helping anyone while its cost keeps growing.
     */
    countQuery: (filter: OrderFilter, limit: number) =>
      db
        .selectFrom(
          filtered(filter)
            .select(sql<number>`1`.as("one"))
            .limit(limit + 1)
            .as("matches"),
        )
        .select((eb) => eb.fn.countAll<number | string>().as("count")),

    /** How many pieces each order holds. */
    async itemCounts(orderIds: number[]): Promise<Map<number, number>> {
      if (orderIds.length === 0) return new Map();
      const rows = await db
        .selectFrom("order_items")
        .select((eb) => ["order_id", eb.fn.sum<number | string>("quantity").as("pieces")])
        .where("order_id", "in", orderIds)
        .groupBy("order_id")
        .execute();
      return new Map(rows.map((row) => [row.order_id, Number(row.pieces)]));
    },

    findByNumber: (number: string, trx: Db = db) =>
      trx.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirst(),

    /** The SKUs of these variants (the ones that still exist and have one). */
    async skus(variantIds: number[]): Promise<Map<number, string>> {
      if (variantIds.length === 0) return new Map();
      const rows = await db
        .selectFrom("variants")
        .select(["id", "sku"])
        .where("id", "in", variantIds)
        .execute();
      return new Map(rows.flatMap((row) => (row.sku === null ? [] : [[row.id, row.sku] as const])));
    },

    /** The return a replacement order was made for (decision 0054), by its id. */
    returnReference: (returnId: number) =>
      db.selectFrom("returns").select(["id", "number"]).where("id", "=", returnId).executeTakeFirst(),

    customer: (userId: number) =>
      db
        .selectFrom("users")
        .select(["id", "first_name", "last_name", "email"])
        .where("id", "=", userId)
        .executeTakeFirst(),

    page: (filter: OrderFilter, limit: number, offset: number) =>
      repository.pageQuery(filter, limit, offset).execute(),

    count: async (filter: OrderFilter, limit: number) =>
      Number((await repository.countQuery(filter, limit).executeTakeFirstOrThrow()).count),
  };
  return repository;
}

export type AdminOrdersRepository = ReturnType<typeof adminOrdersRepository>;
