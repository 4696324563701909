import { type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * The product search index (docs/decisions/0021-search-index.md): its tables.
 * SQLite: an FTS5 table, rowid = product id, with a trigger dropping a deleted product's row (a virtual table
 * has no foreign keys). PostgreSQL: a table with a weighted tsvector and a GIN index; deleting a product
 * cascades. Both keep the normalised title and facets, which the typo fallback reads as its vocabulary.
 *
 * The documents themselves are written by 008-search-speed, which gives the index its final shape and then
 * indexes every product (this migration used to index them here, with the writer of its day).
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === "sqlite") {
    await sql`create virtual table product_search using fts5(
      title, facets, description,
      tokenize = 'porter unicode61 remove_diacritics 2',
      prefix = '2 3'
    )`.execute(db);
    await sql`create trigger products_search_delete after delete on products begin
      delete from product_search where rowid = old.id;
    end`.execute(db);
  } else {
    await sql`create table product_search (
      product_id integer primary key references products(id) on delete cascade,
      title text not null,
      facets text not null,
      document tsvector not null
    )`.execute(db);
    await sql`create index product_search_document_idx on product_search using gin (document)`.execute(db);
  }
}
