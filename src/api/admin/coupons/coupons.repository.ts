import type { Insertable, Kysely, Updateable } from "kysely";
import type { CouponTable, Database, Db } from "../../../platform/db/schema.ts";
import { newestFirst } from "../newest-first.repository.ts";

/** The back office's statements on discount codes (migration 027); the rules are coupons.service.ts's. */
export function adminCouponsRepository(db: Kysely<Database>) {
  return {
    ...newestFirst(db, "coupons"),

    find: (id: number, trx: Db = db) =>
      trx.selectFrom("coupons").selectAll().where("id", "=", id).executeTakeFirst(),

    /** The code with this upper-case spelling (codes are stored upper case), other than `exceptId`. */
    idOfCode: async (code: string, exceptId: number | null, trx: Db = db) =>
      (
        await trx
          .selectFrom("coupons")
          .select("id")
          .where("code", "=", code)
          .$if(exceptId !== null, (qb) => qb.where("id", "!=", exceptId as number))
          .executeTakeFirst()
      )?.id,

    insert: async (values: Insertable<CouponTable>, trx: Db = db) =>
      (await trx.insertInto("coupons").values(values).returning("id").executeTakeFirstOrThrow()).id,

    update: (id: number, values: Updateable<CouponTable>, trx: Db = db) =>
      trx.updateTable("coupons").set(values).where("id", "=", id).execute(),

    /** Each code's orders, their totals and the discount given (paisa), in one grouped query for a page. */
    usage: (couponIds: number[]) =>
      couponIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom("coupon_redemptions")
            .innerJoin("orders", "orders.id", "coupon_redemptions.order_id")
            .select((eb) => [
              "coupon_redemptions.coupon_id",
              eb.fn.countAll<number | string>().as("orders"),
              eb.fn.sum<number | string>("orders.total").as("revenue"),
              eb.fn.sum<number | string>("coupon_redemptions.discount").as("discount"),
            ])
            .where("coupon_redemptions.coupon_id", "in", couponIds)
            .groupBy("coupon_redemptions.coupon_id")
            .execute(),
  };
}

export type AdminCouponsRepository = ReturnType<typeof adminCouponsRepository>;
