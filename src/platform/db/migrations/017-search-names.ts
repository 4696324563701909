import { type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";
import type { Database } from "../schema.ts";
import { writeSearchDocuments } from "../search-documents.ts";
import { FTS_PREFIXES } from "./008-search-speed.ts";

/**
 * A word typed in part also matches the start of a product's names as written (docs/decisions/0023-search-speed.md,
 * "Prefixes of stemmed words"): the stemmers index "beautiful" as "beauti", so "beautif" found nothing.
 *
 * - SQLite: the FTS5 table is made again with a fifth column, `names`: every start of every name word
 *   (`sqliteNameStarts`), which a word typed in part is looked up in as a whole word.
 * - PostgreSQL: `=`-prefixed lexemes in the same tsvector. Its GIN index is dropped while every document is
 *   rewritten and built again afterwards (one sorted build instead of 100,000 inserts into an index without a
 *   pending list, migration 016), still without a pending list.
 *
 * Every document is rewritten here, so the index is built in its final shape for existing catalogues.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === "sqlite") {
    // The delete trigger of 006 names the table and keeps working once it exists again.
    await sql`drop table product_search`.execute(db);
    await sql`create virtual table product_search using fts5(
      title, facets, description, filters, names,
      tokenize = 'porter unicode61 remove_diacritics 2',
      prefix = ${sql.raw(`'${FTS_PREFIXES}'`)}
    )`.execute(db);
    await writeSearchDocuments(db as Kysely<Database>, "all");
    return;
  }
  await sql`drop index product_search_document_idx`.execute(db);
  await writeSearchDocuments(db as Kysely<Database>, "all");
  await sql`create index product_search_document_idx on product_search using gin (document)
    with (fastupdate = off)`.execute(db);
  await sql`analyze product_search`.execute(db);
}
