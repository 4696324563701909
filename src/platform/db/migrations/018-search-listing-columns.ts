import { type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * PostgreSQL: what a search ranks and shows of each match, kept beside its document (docs/decisions/0023, "The
 * listing's columns in the index"), so a search reads `product_search` alone instead of joining 500 products.
 *
 * - `product_search.status`, `in_stock`, `sale_price`: copies of the product's own columns.
 * - Kept by triggers, in the transaction of the change: a document written (insert or upsert) takes them from its
 *   product; a product whose status, stock flag or sale price changes (an owner's edit, a sale that empties the
 *   last variant, a restock) writes them to its document. Writers need not know about them.
 * - `fillfactor` 90 leaves room on each page for such a row update to stay on its page (a HOT update), so a stock
 *   flag flipped at checkout does not write the document's words into the GIN index again.
 * - Filling the copies of an existing catalogue writes every row once: the GIN index is dropped meanwhile and built
 *   again afterwards (as migration 017 does), and the vocabulary's update trigger (migration 008), which would
 *   split every document's words to find no change, is off for that one statement. The table is then written
 *   again in product order (CLUSTER): the update left each new row version wherever its join happened to write it,
 *   and a search walks the newest products through the primary key, reading 10 neighbours per page when they are
 *   in order and one per page when they are not (a search 1.5-2x slower, measured at 100,000 products). CLUSTER
 *   also leaves no dead row versions behind and honours the new fillfactor.
 *
 * SQLite needs none of it: its FTS5 window joined to products by key costs 0.1-0.3 ms at 100,000 products.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== "postgres") return;
  await sql`alter table product_search
    add column status text not null default 'active',
    add column in_stock integer not null default 0,
    add column sale_price bigint not null default 0`.execute(db);
  await sql`alter table product_search set (fillfactor = 90)`.execute(db);
  await sql`drop index product_search_document_idx`.execute(db);
  await sql`alter table product_search disable trigger product_search_vocabulary_update`.execute(db);
  await sql`update product_search s
    set status = p.status, in_stock = p.in_stock, sale_price = p.sale_price
    from products p where p.id = s.product_id`.execute(db);
  await sql`alter table product_search enable trigger product_search_vocabulary_update`.execute(db);
  await sql`cluster product_search using product_search_pkey`.execute(db);
  await sql`create index product_search_document_idx on product_search using gin (document)
    with (fastupdate = off)`.execute(db);

  await sql`create function product_search_listing_fill() returns trigger language plpgsql as $$
    begin
      select p.status, p.in_stock, p.sale_price into new.status, new.in_stock, new.sale_price
        from products p where p.id = new.product_id;
      return new;
    end $$`.execute(db);
  await sql`create trigger product_search_listing_fill before insert on product_search
    for each row execute function product_search_listing_fill()`.execute(db);

  await sql`create function product_search_listing_sync() returns trigger language plpgsql as $$
    begin
      update product_search set status = new.status, in_stock = new.in_stock, sale_price = new.sale_price
        where product_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`create trigger product_search_listing_sync after update of status, in_stock, sale_price on products
    for each row when (old.status is distinct from new.status or old.in_stock is distinct from new.in_stock
      or old.sale_price is distinct from new.sale_price)
    execute function product_search_listing_sync()`.execute(db);
  await sql`analyze product_search`.execute(db);
}
