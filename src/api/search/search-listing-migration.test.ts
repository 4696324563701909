import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StaticProvider } from "../../platform/db/migrate.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { seedDemoCatalogue } from "../products/seed/demo-catalogue.ts";

const { engine, available } = testEngine();

/**
 * Migration 018 on a shop that already has a catalogue (PostgreSQL; SQLite has nothing to change): every document
 * gets its product's status, stock flag and sale price, in product order, with its indexes and triggers as before.
 */
describe.skipIf(!available || engine !== "postgres")(
  "the search's listing columns for an existing catalogue",
  () => {
    let database: TestDatabase;
    let db: Kysely<unknown>;

    beforeAll(async () => {
      database = await createTestDatabase({ migrate: false });
      db = database.db as unknown as Kysely<unknown>;
      const stopped = await new Migrator({ db, provider: new StaticProvider("postgres") }).migrateTo(
        "017-search-names",
      );
      expect(stopped.error).toBeUndefined();
      // Today's writer also writes the owner's own percent, Daily Deals flag and final-sale flag (migrations 028,
      // 029, 032): columns this older schema has for the seeding only.
      await sql`alter table products add column own_discount integer not null default 0`.execute(db);
      await sql`alter table products add column own_daily_deal integer not null default 0`.execute(db);
      await sql`alter table products add column final_sale integer not null default 0`.execute(db);
      await seedDemoCatalogue(database.db, { renderImages: false, posts: false });
      await sql`alter table products drop column own_discount`.execute(db);
      await sql`alter table products drop column own_daily_deal`.execute(db);
      await sql`alter table products drop column final_sale`.execute(db);
      await sql`update products set in_stock = 0 where id = (select min(id) from products)`.execute(db);
      await sql`update products set status = 'archived', sale_price = 123
      where id = (select max(id) from products)`.execute(db);
      // The documents in a scattered order, as a catalogue edited for months has them.
      await sql`update product_search set title = title where product_id % 2 = 0`.execute(db);
      // 018 alone, whatever later migrations the code knows.
      const ran = await new Migrator({ db, provider: new StaticProvider("postgres") }).migrateTo(
        "018-search-listing-columns",
      );
      expect(ran.error).toBeUndefined();
      expect(ran.results?.map((result) => result.migrationName)).toEqual(["018-search-listing-columns"]);
    }, 60_000);
    afterAll(() => database?.drop());

    it("copies every product's status, stock flag and sale price to its document", async () => {
      const { rows } = await sql<{ documents: number; differ: number; archived: number; sold_out: number }>`
      select count(*)::int as documents,
        count(*) filter (where s.status <> p.status or s.in_stock <> p.in_stock
          or s.sale_price <> p.sale_price)::int as differ,
        count(*) filter (where s.status = 'archived' and s.sale_price = 123)::int as archived,
        count(*) filter (where s.in_stock = 0)::int as sold_out
      from product_search s join products p on p.id = s.product_id`.execute(db);
      expect(rows[0]).toMatchObject({ differ: 0, archived: 1 });
      expect(rows[0]?.documents).toBeGreaterThan(50);
      expect(rows[0]?.sold_out).toBeGreaterThanOrEqual(1);
    });

    it("leaves the documents in product order, the GIN index without a pending list, the triggers on", async () => {
      const order = await sql<{
        product_id: number;
      }>`select product_id from product_search order by ctid`.execute(db);
      const ids = order.rows.map((row) => row.product_id);
      expect(ids).toEqual(ids.toSorted((a, b) => a - b));

      const index = await sql<{ reloptions: string[] | null }>`
      select reloptions from pg_class where relname = 'product_search_document_idx'`.execute(db);
      expect(index.rows[0]?.reloptions).toContain("fastupdate=off");
      const table = await sql<{ reloptions: string[] | null }>`
      select reloptions from pg_class where relname = 'product_search'`.execute(db);
      expect(table.rows[0]?.reloptions).toContain("fillfactor=90");

      const triggers = await sql<{ tgname: string; tgenabled: string }>`
      select tgname, tgenabled from pg_trigger where not tgisinternal
        and tgrelid in ('product_search'::regclass, 'products'::regclass) order by tgname`.execute(db);
      expect(triggers.rows).toEqual(
        expect.arrayContaining([
          { tgname: "product_search_listing_fill", tgenabled: "O" },
          { tgname: "product_search_listing_sync", tgenabled: "O" },
          { tgname: "product_search_vocabulary_update", tgenabled: "O" },
        ]),
      );
    });

    it("keeps the vocabulary's counts as they were", async () => {
      const { rows } = await sql<{ products: number }>`
      select products from search_vocabulary where word = 'tote'`.execute(db);
      const { rows: counted } = await sql<{ n: number }>`
      select count(*)::int as n from product_search where title ~ '\\mtote\\M' or facets ~ '\\mtote\\M'`.execute(
        db,
      );
      expect(rows[0]?.products).toBe(counted[0]?.n);
    });
  },
);
