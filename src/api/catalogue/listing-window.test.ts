import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductQuery } from "../../shared/contracts/catalogue.ts";
import { buildCatalogue, type Catalogue } from "../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { catalogRepository } from "./catalogue.repository.ts";
import { catalogService } from "./catalogue.service.ts";
import { catalogueCache } from "./catalogue-cache.ts";

const { engine, available } = testEngine();

/**
 * The listing's window (docs/decisions/0059-a-million-products.md), with a window of 3 over the four-product
 * catalogue: newest first kids-tee, oxford-shirt, evening-clutch, leather-tote.
 */
describe.skipIf(!available)(`the listing's window on ${engine}`, () => {
  let database: TestDatabase;
  let catalogue: Catalogue;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
  });
  afterAll(() => database?.drop());

  const list = (query: Partial<ProductQuery>) =>
    catalogService(catalogRepository(database.db), catalogueCache(), { listingWindow: 3 }).listProducts({
      page: 1,
      sort: "default",
      ...query,
    });
  const slugs = (answer: { data: { slug: string }[] }) => answer.data.map((card) => card.slug);

  it("counts up to the window and says the total is capped, with pages up to the window's end", async () => {
    const first = await list({ take: 2 });
    expect(slugs(first)).toEqual(["kids-tee", "oxford-shirt"]);
    expect(first.meta).toEqual({
      from: 1,
      to: 2,
      total: 3,
      per_page: 2,
      current_page: 1,
      last_page: 2,
      total_capped: true,
    });
    // The window's last page holds what is left of it, not a whole page.
    const second = await list({ take: 2, page: 2 });
    expect(slugs(second)).toEqual(["evening-clutch"]);
    expect(second.meta).toMatchObject({ from: 3, to: 3, total: 3, last_page: 2, total_capped: true });
    // Past the window, as past the last page: empty.
    const third = await list({ take: 2, page: 3 });
    expect(third.data).toEqual([]);
    expect(third.meta).toMatchObject({ from: 0, to: 0, total: 3, current_page: 3, total_capped: true });
    expect((await list({ take: 2, page: 2_000_000 })).data).toEqual([]);
  });

  it("walks each order within the window: the cheapest three, the dearest three", async () => {
    const all = await catalogService(catalogRepository(database.db)).listProducts({
      page: 1,
      sort: "low2high",
    });
    const cheapest = slugs(all);
    expect(cheapest).toHaveLength(4);
    expect(slugs(await list({ sort: "low2high" }))).toEqual(cheapest.slice(0, 3));
    expect(slugs(await list({ sort: "high2low" }))).toEqual(cheapest.toReversed().slice(0, 3));
    expect(slugs(await list({ sort: "high2low", take: 2, page: 2 }))).toEqual([cheapest[1]]);
  });

  it("answers as before when the filter matches no more than the window: exact total, no flag", async () => {
    const bags = await list({ category: "handbags" });
    expect(slugs(bags)).toEqual(["evening-clutch", "leather-tote"]);
    expect(bags.meta).toEqual({ from: 1, to: 2, total: 2, per_page: 12, current_page: 1, last_page: 1 });
    const black = await list({ color: catalogue.colors.black.id });
    expect(black.meta.total_capped).toBeUndefined();
    expect(black.meta.total).toBe(black.data.length);
  });

  it("finds a page's ids in the partial indexes of products on sale (migration 033)", async () => {
    const repository = catalogRepository(database.db);
    const page = repository.listProductsQuery({}, "low2high", 12, 24).compile();
    // SQLite chooses them from its statistics (ANALYZE: migration 033 runs it on a catalogue it finds filled);
    // without any it takes the status index and sorts every product on sale (docs/decisions/0059).
    if (engine === "sqlite") await sql`analyze`.execute(database.db);
    const plan = await database.db.connection().execute(async (connection) => {
      if (engine === "postgres") {
        // A four-product table is read whole otherwise; what is asked is whether the index serves the order.
        await sql`set enable_seqscan = off`.execute(connection);
        await sql`set enable_sort = off`.execute(connection);
      }
      const explain = engine === "sqlite" ? "explain query plan" : "explain";
      const { rows } = await connection.executeQuery<Record<string, string>>(
        CompiledQuery.raw(`${explain} ${page.sql}`, [...page.parameters]),
      );
      if (engine === "postgres") await sql`reset all`.execute(connection);
      return rows.map((row) => row.detail ?? row["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("products_live_price_idx");
  });
});
