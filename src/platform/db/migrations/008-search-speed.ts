import { type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * Search that stays fast at 100,000 products (docs/decisions/0023-search-speed.md):
 *
 * - `products.in_stock`: the listing's copy of "some variant has stock" (like `price` and `sale_price`, kept by
 *   the catalogue writer and the checkout), so ranking in-stock products first reads no variants.
 * - The search documents gain the listing filters the product passes (category, colours, sizes, colour+size,
 *   tags, new arrival, daily deal), so a search with filters is answered by the index alone. SQLite: the FTS5
 *   table is made again with a fourth column `filters` and prefix indexes up to six characters (the last word
 *   is searched as a prefix; without an index of that length FTS5 merges every matching word's list).
 *   PostgreSQL: the same tokens as `#`-prefixed lexemes in `document`.
 * - PostgreSQL: `search_vocabulary` (the typo fallback's words with how many products have each), kept by
 *   statement triggers on `product_search` in the writer's transaction, and `pg_trgm` with a trigram index on
 *   it when the extension can be created. Without the extension (no permission on a managed server) the
 *   migration still succeeds and the shop compares words in TypeScript (logged once at run time).
 *
 * The documents are written by 017-search-names, which gives the index its final shape and then indexes every
 * product (this migration used to, with the writer of its day).
 */

/** FTS5 prefix index lengths (characters). */
export const FTS_PREFIXES = "2 3 4 5 6";

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .alterTable("products")
    .addColumn("in_stock", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update products set in_stock = 1
    where exists (select 1 from variants where variants.product_id = products.id and variants.stock > 0)`.execute(
    db,
  );

  if (engine === "sqlite") {
    // The delete trigger of 006 names the table and keeps working once it exists again.
    await sql`drop table product_search`.execute(db);
    await sql`create virtual table product_search using fts5(
      title, facets, description, filters,
      tokenize = 'porter unicode61 remove_diacritics 2',
      prefix = ${sql.raw(`'${FTS_PREFIXES}'`)}
    )`.execute(db);
  } else {
    await createVocabulary(db);
  }
}

/**
 * The words of a document as `vocabularyWords` (search-documents.ts) cuts them: distinct words of two or more
 * characters that are not numbers, from the stored (normalised, space-separated) title and facets.
 */
const DOCUMENT_WORDS = (rows: string) => `
  select distinct d.product_id, w.word
  from ${rows} d, regexp_split_to_table(d.title || ' ' || d.facets, ' ') as w(word)
  where length(w.word) > 1 and w.word !~ '^[0-9]+$'`;

async function createVocabulary(db: Kysely<unknown>): Promise<void> {
  await sql`create table search_vocabulary (
    word text primary key,
    products integer not null
  )`.execute(db);
  // One statement per change, words in order: two writers lock shared words ("black") in the same order.
  await sql
    .raw(`create function search_vocabulary_count() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into search_vocabulary as v (word, products)
          select word, count(*) from (${DOCUMENT_WORDS("new_rows")}) w group by word order by word
          on conflict (word) do update set products = v.products + excluded.products;
      elsif tg_op = 'DELETE' then
        update search_vocabulary as v set products = v.products - gone.n
          from (select word, count(*) as n from (${DOCUMENT_WORDS("old_rows")}) w group by word order by word) gone
          where v.word = gone.word;
        delete from search_vocabulary where products <= 0;
      else
        insert into search_vocabulary as v (word, products)
          select word, sum(n) from (
            select word, 1 as n from (${DOCUMENT_WORDS("new_rows")}) a
            union all
            select word, -1 as n from (${DOCUMENT_WORDS("old_rows")}) b
          ) delta group by word having sum(n) <> 0 order by word
          on conflict (word) do update set products = v.products + excluded.products;
        delete from search_vocabulary where products <= 0;
      end if;
      return null;
    end $$`)
    .execute(db);
  await sql`create trigger product_search_vocabulary_insert after insert on product_search
    referencing new table as new_rows for each statement execute function search_vocabulary_count()`.execute(
    db,
  );
  await sql`create trigger product_search_vocabulary_update after update on product_search
    referencing old table as old_rows new table as new_rows
    for each statement execute function search_vocabulary_count()`.execute(db);
  await sql`create trigger product_search_vocabulary_delete after delete on product_search
    referencing old table as old_rows for each statement execute function search_vocabulary_count()`.execute(
    db,
  );

  // pg_trgm is a trusted extension (PostgreSQL 13+): a user with CREATE on the database may add it. Without that
  // right the statement fails; the savepoint keeps the migration's transaction usable.
  await sql`savepoint search_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index search_vocabulary_word_trgm_idx on search_vocabulary using gin (word gin_trgm_ops)`.execute(
      db,
    );
    // The words sharing a trigram with `typed` or starting with it (`prefix`: a LIKE pattern). The threshold is
    // the function's own setting, so one statement asks with it and the pooled connection keeps its own.
    await sql`create function search_vocabulary_near(typed text, prefix text)
      returns table (word text, products integer)
      language sql stable
      set pg_trgm.similarity_threshold = 0.05
      as $$ select v.word, v.products from search_vocabulary v where v.word % typed or v.word like prefix $$`.execute(
      db,
    );
    await sql`release savepoint search_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint search_trgm`.execute(db);
  }
}
