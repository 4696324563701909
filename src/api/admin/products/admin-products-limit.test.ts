import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminProductsQuerySchema } from "../../../shared/contracts/admin-products.ts";
import { buildCatalogue } from "../../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";
import { adminProductsRepository } from "./admin-products.repository.ts";
import { adminProductsService } from "./admin-products.service.ts";

const { engine, available } = testEngine();

/**
 * The back office's list counts and pages up to its limit (docs/decisions/0059-a-million-products.md), here 3 of
 * the four-product catalogue (newest first: kids-tee, oxford-shirt, evening-clutch, leather-tote).
 */
describe.skipIf(!available)(`back-office product list's count limit on ${engine}`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await buildCatalogue(database.db);
  });
  afterAll(() => database?.drop());

  const list = (query: Record<string, string>, searchWindow?: number) =>
    adminProductsService({
      repository: adminProductsRepository(database.db, { searchWindow }),
      images: undefined as never,
      storage: undefined,
      lowStockThreshold: 5,
      logger: pino({ level: "silent" }),
      countLimit: 3,
    }).list(adminProductsQuerySchema.parse(query));

  it("counts up to the limit, says so, and stops its pages there", async () => {
    const first = await list({});
    expect(first.data.map((row) => row.slug)).toEqual(["kids-tee", "oxford-shirt", "evening-clutch"]);
    expect(first.meta).toEqual({
      from: 1,
      to: 3,
      total: 3,
      per_page: 25,
      current_page: 1,
      last_page: 1,
      total_capped: true,
      low_stock_threshold: 5,
    });
    const oldest = await list({ sort: "oldest" });
    expect(oldest.data.map((row) => row.slug)).toEqual(["leather-tote", "evening-clutch", "oxford-shirt"]);
    const past = await list({ page: "2" });
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ from: 0, to: 0, total: 3, total_capped: true });
  });

  it("answers an exact total under the limit, with a filter or a search alone", async () => {
    expect((await list({ q: "leather" })).meta).toMatchObject({ total: 1, total_capped: false });
    expect((await list({ status: "draft" })).meta).toMatchObject({ total: 0, total_capped: false });
  });

  it("stops the count at the limit, a search's too", async () => {
    const repository = adminProductsRepository(database.db);
    expect(await repository.count({}, 5, 2)).toBe(3);
    expect(await repository.count({ q: "leather" }, 5, 0)).toBe(1);
  });

  it("sorts a search's newest matches up to its window, and says there are more (decision 0067)", async () => {
    // "black": the tote, the clutch and the shirt (their colours); a window of 2 holds the newest two.
    const all = await list({ q: "black", sort: "title" });
    expect(all.data.map((row) => row.slug)).toEqual(["evening-clutch", "leather-tote", "oxford-shirt"]);
    expect(all.meta).toMatchObject({ total: 3, total_capped: false });
    const windowed = await list({ q: "black", sort: "title" }, 2);
    expect(windowed.data.map((row) => row.slug)).toEqual(["evening-clutch", "oxford-shirt"]);
    expect(windowed.meta).toMatchObject({ total: 2, last_page: 1, total_capped: true });
    const newest = await list({ q: "black" }, 2);
    expect(newest.data.map((row) => row.slug)).toEqual(["oxford-shirt", "evening-clutch"]);
    // A filter beside the search counts within the window, and the count is a floor.
    expect((await list({ q: "black", category: "1" }, 2)).meta).toMatchObject({
      total: 1,
      total_capped: true,
    });
    // Exactly as many as the window: nothing more to say.
    expect((await list({ q: "black" }, 3)).meta).toMatchObject({ total: 3, total_capped: false });
  });
});
