import { type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * What scheduled sales add to decision 0048 (docs/decisions/0049-sale-extras.md):
 *
 * - `campaigns.kind`: `percent` (a whole percent off, as before) or `price` (a fixed price: `price` paisa, the
 *   clock gives each covered product the whole percent that brings it to that price or just under; `percent` 0);
 * - `campaigns.daily_deal`: while running, the covered products are in Daily Deals;
 * - `campaigns.countdown`: while running, the home page and its products' pages show a countdown line;
 * - `products.own_daily_deal` (the owner's flag, backfilled) and `products.campaign_daily_deal`; `daily_deal` stays
 *   what every read uses and becomes the effective flag (either of the two), written only by the product writer;
 * - `products.campaign_id`: the campaign whose percent the product carries now (null for none);
 * - `order_items.campaign_id` and `campaign_name`: the sale that priced a line, kept as it was then, and
 *   `campaign_saving`: paisa the sale took off the line beyond the product's own discount (its "discount given").
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const flag = (table: string, column: string) =>
    db.schema
      .alterTable(table)
      .addColumn(column, "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  await flag("products", "own_daily_deal");
  await flag("products", "campaign_daily_deal");
  await sql`update products set own_daily_deal = daily_deal`.execute(db);
  await db.schema.alterTable("products").addColumn("campaign_id", "integer").execute();
  // The clock looks for the products a campaign put in Daily Deals: few, so a partial index finds them.
  await db.schema
    .createIndex("products_campaign_daily_deal_idx")
    .on("products")
    .column("campaign_daily_deal")
    .where(sql.ref("campaign_daily_deal"), "=", 1)
    .execute();

  await db.schema.alterTable("order_items").addColumn("campaign_id", "integer").execute();
  await db.schema.alterTable("order_items").addColumn("campaign_name", "text").execute();
  await db.schema
    .alterTable("order_items")
    .addColumn("campaign_saving", engine === "postgres" ? "bigint" : "integer", (c) =>
      c.notNull().defaultTo(0),
    )
    .execute();
  // A sale's usage: its lines, found by the sale.
  await db.schema
    .createIndex("order_items_campaign_idx")
    .on("order_items")
    .columns(["campaign_id", "order_id"])
    .where(sql.ref("campaign_id"), "is not", null)
    .execute();

  const kindCheck = sql`(kind = 'percent' and percent >= 1 and percent <= 100)
    or (kind = 'price' and percent = 0 and price is not null and price > 0)`;
  if (engine === "postgres") {
    await sql`alter table campaigns add column kind text not null default 'percent'`.execute(db);
    await sql`alter table campaigns add column price bigint`.execute(db);
    await sql`alter table campaigns add column daily_deal integer not null default 0`.execute(db);
    await sql`alter table campaigns add column countdown integer not null default 0`.execute(db);
    await sql`alter table campaigns drop constraint campaigns_percent_check`.execute(db);
    await sql`alter table campaigns add constraint campaigns_kind_check check (${kindCheck})`.execute(db);
    return;
  }
  // SQLite keeps a column's CHECK in its table: a new table with the wider one takes the rows.
  await sql`create table campaigns_new (
    id integer primary key autoincrement,
    name text not null,
    kind text not null default 'percent',
    percent integer not null,
    price integer,
    scope text not null default 'all' check (scope in ('all', 'categories', 'products', 'tags')),
    scope_ids text not null default '[]',
    starts_at text not null,
    ends_at text not null,
    status text not null default 'active' check (status in ('active', 'paused')),
    daily_deal integer not null default 0,
    countdown integer not null default 0,
    created_by text not null,
    created_at text not null,
    updated_at text not null,
    constraint campaigns_kind_check check (${kindCheck}),
    constraint campaigns_dates_check check (ends_at > starts_at)
  )`.execute(db);
  await sql`insert into campaigns_new (id, name, kind, percent, scope, scope_ids, starts_at, ends_at, status,
    created_by, created_at, updated_at)
    select id, name, 'percent', percent, scope, scope_ids, starts_at, ends_at, status, created_by, created_at,
    updated_at from campaigns`.execute(db);
  await sql`drop table campaigns`.execute(db);
  await sql`alter table campaigns_new rename to campaigns`.execute(db);
  await sql`create index campaigns_ends_idx on campaigns (ends_at, starts_at)`.execute(db);
}
