import { type ColumnDefinitionBuilder, type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * Discount codes and delivery pricing (docs/decisions/0047-discount-codes-and-delivery-pricing.md):
 *
 * - `coupons`: a code (stored upper case, unique), what it takes off (a percent, an amount in paisa, or the
 *   delivery), its minimum subtotal, what it applies to, when it runs (UTC; typed in Pakistan time), how often it
 *   may be used in all and per customer, active or paused, and `uses`, counted in the order's transaction (a
 *   conditional UPDATE, so the last use cannot be taken twice).
 * - `coupon_redemptions`: each order that used a code, with its account and phone (per-customer limits) and the
 *   discount it gave.
 * - `carts.coupon_code`: the code the shopper applied; it stays with the cart (and moves with it at login).
 *   `carts.delivery_city`: the city a checkout was last priced for, so the cart shows that city's delivery.
 * - `orders`: the code that priced the order, and the cash-on-delivery fee as its own figure.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const id = (c: ColumnDefinitionBuilder) =>
    engine === "postgres" ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();

  await db.schema
    .createTable("coupons")
    .addColumn("id", "integer", id)
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('percent', 'amount', 'free_delivery')`))
    .addColumn("value", "integer", (c) => c.notNull().check(sql`value >= 0`))
    .addColumn("min_subtotal", "integer", (c) => c.notNull().defaultTo(0).check(sql`min_subtotal >= 0`))
    .addColumn("scope", "text", (c) =>
      c.notNull().defaultTo("all").check(sql`scope in ('all', 'categories', 'products', 'tags')`),
    )
    .addColumn("scope_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("exclude_discounted", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("starts_at", "text")
    .addColumn("ends_at", "text")
    .addColumn("max_uses", "integer")
    .addColumn("max_uses_per_customer", "integer")
    .addColumn("status", "text", (c) =>
      c.notNull().defaultTo("active").check(sql`status in ('active', 'paused')`),
    )
    .addColumn("uses", "integer", (c) => c.notNull().defaultTo(0).check(sql`uses >= 0`))
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("coupons_created_idx").on("coupons").columns(["created_at", "id"]).execute();

  await db.schema
    .createTable("coupon_redemptions")
    .addColumn("id", "integer", id)
    .addColumn("coupon_id", "integer", (c) => c.notNull().references("coupons.id").onDelete("cascade"))
    .addColumn("order_id", "integer", (c) => c.notNull().unique().references("orders.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("phone_e164", "text")
    .addColumn("discount", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("coupon_redemptions_user_idx")
    .on("coupon_redemptions")
    .columns(["coupon_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("coupon_redemptions_phone_idx")
    .on("coupon_redemptions")
    .columns(["coupon_id", "phone_e164"])
    .execute();

  await db.schema.alterTable("carts").addColumn("coupon_code", "text").execute();
  await db.schema.alterTable("carts").addColumn("delivery_city", "text").execute();
  await db.schema.alterTable("orders").addColumn("coupon_code", "text").execute();
  await db.schema
    .alterTable("orders")
    .addColumn("cod_fee", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}
