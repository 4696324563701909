import type { Insertable, Kysely } from "kysely";
import type { CouponRedemptionTable, Database, Db } from "../../platform/db/schema.ts";

/** The statements the shopper's side of discount codes needs (migration 027); the rules are coupons.ts's. */
export function couponsRepository(db: Kysely<Database>) {
  return {
    /** The code, matched without case (codes are stored upper case). */
    byCode: (code: string, trx: Db = db) =>
      trx.selectFrom("coupons").selectAll().where("code", "=", code.trim().toUpperCase()).executeTakeFirst(),

    /**
     * Takes one use of the code, unless its uses are spent: one conditional UPDATE, so of two checkouts racing
     * for its last use exactly one gets it (the other's row is not changed, and it is told).
     */
    async takeUse(couponId: number, trx: Db): Promise<boolean> {
      const row = await trx
        .updateTable("coupons")
        .set((eb) => ({ uses: eb("uses", "+", 1) }))
        .where("id", "=", couponId)
        .where((eb) => eb.or([eb("max_uses", "is", null), eb("uses", "<", eb.ref("max_uses"))]))
        .returning("uses")
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Spends `amount` of a store-credit code's balance (decision 0054), only if that much is left: one conditional
     * UPDATE, so two orders racing for the same credit never spend more than it holds.
     */
    async spendCredit(couponId: number, amount: number, trx: Db): Promise<boolean> {
      const row = await trx
        .updateTable("coupons")
        .set((eb) => ({ value: eb("value", "-", amount), uses: eb("uses", "+", 1) }))
        .where("id", "=", couponId)
        .where("credit", "=", 1)
        .where("value", ">=", amount)
        .returning("value")
        .executeTakeFirst();
      return row !== undefined;
    },

    /** How often this customer (by account, or by phone in E.164) has used the code. */
    async usesBy(couponId: number, customer: { userId: number | null; phone: string | null }, trx: Db = db) {
      if (customer.userId === null && customer.phone === null) return 0;
      const row = await trx
        .selectFrom("coupon_redemptions")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("coupon_id", "=", couponId)
        .where((eb) =>
          eb.or([
            ...(customer.userId === null ? [] : [eb("user_id", "=", customer.userId)]),
            ...(customer.phone === null ? [] : [eb("phone_e164", "=", customer.phone)]),
          ]),
        )
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    redeem: (values: Insertable<CouponRedemptionTable>, trx: Db) =>
      trx.insertInto("coupon_redemptions").values(values).execute(),

    /** Each product's category and tags, for a code limited to some of them. */
    async productScopes(productIds: number[], trx: Db = db) {
      if (productIds.length === 0) return new Map<number, { category: number; tags: number[] }>();
      const [products, tags] = await Promise.all([
        trx.selectFrom("products").select(["id", "category_id"]).where("id", "in", productIds).execute(),
        trx
          .selectFrom("product_tags")
          .select(["product_id", "tag_id"])
          .where("product_id", "in", productIds)
          .execute(),
      ]);
      return new Map(
        products.map((product) => [
          product.id,
          {
            category: product.category_id,
            tags: tags.filter((tag) => tag.product_id === product.id).map((tag) => tag.tag_id),
          },
        ]),
      );
    },

    /** Every category with its parent (a small table): a code for a category covers those under it. */
    categoryParents: (trx: Db = db) => trx.selectFrom("categories").select(["id", "parent_id"]).execute(),

    /** What the cart is priced with besides its lines: its code and the city a checkout last priced it for. */
    async cartPricing(cartId: number, trx: Db = db): Promise<{ code: string | null; city: string | null }> {
      const row = await trx
        .selectFrom("carts")
        .select(["coupon_code", "delivery_city"])
        .where("id", "=", cartId)
        .executeTakeFirst();
      return { code: row?.coupon_code ?? null, city: row?.delivery_city ?? null };
    },

    setCartCity: (cartId: number, city: string, trx: Db = db) =>
      trx.updateTable("carts").set({ delivery_city: city }).where("id", "=", cartId).execute(),

    setCartCoupon: (cartId: number, code: string | null, trx: Db = db) =>
      trx.updateTable("carts").set({ coupon_code: code }).where("id", "=", cartId).execute(),
  };
}

export type CouponsRepository = ReturnType<typeof couponsRepository>;
