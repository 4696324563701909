import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

type Table = CreateTableBuilder<string, never>;

/** An auto-incrementing integer key on either engine. */
function withId(table: Table, engine: Engine): Table {
  return engine === "postgres"
    ? table.addColumn("id", "integer", (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull();

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  // Money can exceed 2^31 paisa on a large order, so it is 64-bit on PostgreSQL (SQLite integers always are).
  const money = engine === "postgres" ? "bigint" : "integer";
  const schema = db.schema;

  await withId(schema.createTable("categories"), engine)
    .addColumn("name", "text", notNull)
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(schema.createTable("colors"), engine)
    .addColumn("name", "text", notNull)
    .addColumn("code", "text", notNull)
    .execute();

  await withId(schema.createTable("sizes"), engine)
    .addColumn("name", "text", notNull)
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(schema.createTable("tags"), engine).addColumn("name", "text", notNull).execute();

  await withId(schema.createTable("products"), engine)
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", notNull)
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id"))
    .addColumn("short_description", "text", notNull)
    .addColumn("image", "text")
    .addColumn("back_image", "text")
    .addColumn("gallery", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("discount", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("new_arrival", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("daily_deal", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rating", "real", (c) => c.notNull().defaultTo(0))
    .addColumn("reviews", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("price", money, (c) => c.notNull().defaultTo(0))
    .addColumn("sale_price", money, (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();
  // One index per listing the API offers: plain, by category, by type, each in both price orders.
  await schema.createIndex("products_category_idx").on("products").columns(["category_id", "id"]).execute();
  await schema
    .createIndex("products_category_price_idx")
    .on("products")
    .columns(["category_id", "sale_price", "id"])
    .execute();
  await schema.createIndex("products_price_idx").on("products").columns(["sale_price", "id"]).execute();
  await schema
    .createIndex("products_new_arrival_idx")
    .on("products")
    .columns(["new_arrival", "id"])
    .execute();
  await schema.createIndex("products_daily_deal_idx").on("products").columns(["daily_deal", "id"]).execute();

  await schema
    .createTable("product_tags")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("tag_id", "integer", (c) => c.notNull().references("tags.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("product_tags_pk", ["product_id", "tag_id"])
    .execute();
  await schema
    .createIndex("product_tags_tag_idx")
    .on("product_tags")
    .columns(["tag_id", "product_id"])
    .execute();

  await withId(schema.createTable("variants"), engine)
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("color_id", "integer", (c) => c.notNull().references("colors.id"))
    .addColumn("size_id", "integer", (c) => c.notNull().references("sizes.id"))
    .addColumn("price", money, notNull)
    .addColumn("stock", "integer", (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint("variants_product_color_size_unique", ["product_id", "color_id", "size_id"])
    .addCheckConstraint("variants_stock_not_negative", sql`stock >= 0`)
    .execute();
  await schema.createIndex("variants_color_idx").on("variants").columns(["color_id", "product_id"]).execute();
  await schema.createIndex("variants_size_idx").on("variants").columns(["size_id", "product_id"]).execute();

  await withId(schema.createTable("sliders"), engine)
    .addColumn("url", "text", notNull)
    .addColumn("image", "text", notNull)
    .addColumn("image_mobile", "text", notNull)
    .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("position", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(schema.createTable("users"), engine)
    .addColumn("first_name", "text", notNull)
    .addColumn("last_name", "text", notNull)
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", notNull)
    .addColumn("phone", "text")
    .addColumn("image", "text")
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();

  await withId(schema.createTable("auth_tokens"), engine)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", notNull)
    .addColumn("expires_at", "text", notNull)
    .addColumn("revoked_at", "text")
    .execute();
  await schema.createIndex("auth_tokens_user_idx").on("auth_tokens").column("user_id").execute();

  await withId(schema.createTable("carts"), engine)
    .addColumn("guest_key_hash", "text", (c) => c.unique())
    .addColumn("user_id", "integer", (c) => c.unique().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", notNull)
    .addColumn("updated_at", "text", notNull)
    .execute();

  await withId(schema.createTable("cart_items"), engine)
    .addColumn("cart_id", "integer", (c) => c.notNull().references("carts.id").onDelete("cascade"))
    .addColumn("variant_id", "integer", (c) => c.notNull().references("variants.id").onDelete("cascade"))
    .addColumn("quantity", "integer", notNull)
    .addColumn("created_at", "text", notNull)
    .addUniqueConstraint("cart_items_cart_variant_unique", ["cart_id", "variant_id"])
    .execute();

  await withId(schema.createTable("orders"), engine)
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("email", "text", notNull)
    .addColumn("phone", "text", notNull)
    .addColumn("country", "text", notNull)
    .addColumn("first_name", "text", notNull)
    .addColumn("last_name", "text", notNull)
    .addColumn("address", "text", notNull)
    .addColumn("address_2", "text", notNull)
    .addColumn("city", "text", notNull)
    .addColumn("postcode", "text", notNull)
    .addColumn("notes", "text", notNull)
    .addColumn("subtotal", money, notNull)
    .addColumn("delivery_charge", money, notNull)
    .addColumn("discount", money, notNull)
    .addColumn("total", money, notNull)
    .addColumn("status", "text", notNull)
    .addColumn("created_at", "text", notNull)
    .execute();
  await schema.createIndex("orders_user_idx").on("orders").columns(["user_id", "id"]).execute();

  await withId(schema.createTable("order_items"), engine)
    .addColumn("order_id", "integer", (c) => c.notNull().references("orders.id").onDelete("cascade"))
    .addColumn("product_id", "integer", notNull)
    .addColumn("variant_id", "integer", notNull)
    .addColumn("product_name", "text", notNull)
    .addColumn("product_slug", "text", notNull)
    .addColumn("color_name", "text", notNull)
    .addColumn("size_name", "text", notNull)
    .addColumn("unit_price", money, notNull)
    .addColumn("quantity", "integer", notNull)
    .addColumn("line_total", money, notNull)
    .execute();
  await schema.createIndex("order_items_order_idx").on("order_items").column("order_id").execute();
}
