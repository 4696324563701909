import { type Kysely, sql } from "kysely";
import type { Database } from "../../platform/db/schema.ts";

/** The search vocabulary's reads (search-vocabulary.ts decides which to use and caches the words). */

/** PostgreSQL: every catalogue word with its product count (the `search_vocabulary` view). */
export async function vocabularyCounts(db: Kysely<Database>) {
  const rows = await sql<{ word: string; products: number }>`
        select word, products from search_vocabulary`.execute(db);
  return rows.rows;
}

/** SQLite: every search document's title and facets, whose words search-vocabulary.ts counts. */
export async function searchDocumentTexts(db: Kysely<Database>) {
  const rows = await sql<{ title: string; facets: string }>`
      select title, facets from product_search`.execute(db);
  return rows.rows;
}

/** PostgreSQL with pg_trgm: the words near `word` or starting with `prefix` (`search_vocabulary_near`). */
export async function trigramNeighbourCounts(db: Kysely<Database>, word: string, prefix: string) {
  const rows = await sql<{ word: string; products: number }>`
      select word, products from search_vocabulary_near(${word}, ${prefix})`.execute(db);
  return rows.rows;
}

/** Whether migration 008 could create `search_vocabulary_near` (PostgreSQL with pg_trgm). */
export async function hasTrigramIndex(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ ready: boolean }>`
        select to_regprocedure('search_vocabulary_near(text, text)') is not null as ready`.execute(db);
  return Boolean(rows[0]?.ready);
}
