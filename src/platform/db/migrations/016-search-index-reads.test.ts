import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";

const { engine, available } = testEngine();

/** Migration 016: the search's GIN indexes on PostgreSQL keep no pending list (SQLite has nothing to change). */
describe.skipIf(!available || engine !== "postgres")("search GIN indexes without a pending list", () => {
  let database: TestDatabase;
  let db: Kysely<unknown>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db as unknown as Kysely<unknown>;
  });
  afterAll(() => database?.drop());

  it("turns fastupdate off on the document index (and the trigram index where pg_trgm exists)", async () => {
    const { rows } = await sql<{ relname: string; reloptions: string[] | null }>`
      select relname, reloptions from pg_class
      where relname in ('product_search_document_idx', 'search_vocabulary_word_trgm_idx')`.execute(db);
    const documentIndex = rows.find((row) => row.relname === "product_search_document_idx");
    expect(documentIndex?.reloptions).toContain("fastupdate=off");
    for (const row of rows) expect(row.reloptions).toContain("fastupdate=off");
  });

  it("puts a new document straight into the index, so no search reads a list of waiting entries", async () => {
    const now = "2026-11-23T09:00:00.000Z";
    await sql`insert into categories (name, slug, position) values ('Pending', 'pending-test', 0)`.execute(
      db,
    );
    await sql`insert into products (slug, title, category_id, short_description, created_at, updated_at)
      values ('gin-test', 'Gin Test Tote', (select id from categories where slug = 'pending-test'), '', ${now}, ${now})`.execute(
      db,
    );
    await sql`insert into product_search (product_id, title, facets, document)
      select id, 'gin test tote', 'pending', to_tsvector('english', 'gin test tote') from products
      where slug = 'gin-test'`.execute(db);
    const { rows } = await sql<{ pages: number }>`
      select gin_clean_pending_list('product_search_document_idx'::regclass) as pages`.execute(db);
    expect(Number(rows[0]?.pages)).toBe(0);
    const found = await sql<{ n: number }>`
      select count(*)::int as n from product_search where document @@ to_tsquery('english', 'tote')`.execute(
      db,
    );
    expect(found.rows[0]?.n).toBe(1);
  });
});
