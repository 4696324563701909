import { type Kysely, sql } from "kysely";
import type { Engine } from "../connection.ts";

/**
 * PostgreSQL's GIN indexes of the search (docs/decisions/0023-search-speed.md) without a pending list.
 *
 * With GIN's default `fastupdate`, new entries wait in an unsorted pending list (up to `gin_pending_list_limit`,
 * 4 MB) until a vacuum merges them, and every search reads that whole list: after a bulk load of 100,000 products
 * a search for a rare word or a typo read 510 pending pages, 2-3 ms for a word no product has, where the index
 * itself answers in 0.03 ms. A shop writes its catalogue rarely and searches it all the time, so entries go
 * straight into the index (a slower write, the cost on the side that can afford it). Any pending list an existing
 * index has is merged now. SQLite's FTS5 has nothing of the kind.
 */

const GIN_INDEXES = ["product_search_document_idx", "search_vocabulary_word_trgm_idx"] as const;

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== "postgres") return;
  for (const name of GIN_INDEXES) {
    // The trigram index exists only where pg_trgm could be created (migration 008).
    const { rows } = await sql<{ found: boolean }>`select to_regclass(${name}) is not null as found`.execute(
      db,
    );
    if (!rows[0]?.found) continue;
    await sql`select gin_clean_pending_list(${name}::regclass)`.execute(db);
    await sql`alter index ${sql.id(name)} set (fastupdate = off)`.execute(db);
  }
}
