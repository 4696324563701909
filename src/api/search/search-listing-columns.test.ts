import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductQuery } from "../../shared/contracts/catalogue.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { catalogRepository } from "../catalogue/catalogue.repository.ts";
import { catalogService } from "../catalogue/catalogue.service.ts";
import { seedDemoCatalogue } from "../products/seed/demo-catalogue.ts";

/**
 * A search orders and filters by the product's stock flag, sale price and status as they are now (migration 018:
 * PostgreSQL keeps copies of them beside each document, written by triggers in the transaction of the change;
 * SQLite reads the products). Every change here is a plain UPDATE of `products`, as checkout and the back office
 * make them, with no document rewritten.
 */

const { engine, available } = testEngine();

describe.skipIf(!available)(`a search sees a product's stock, price and status at once on ${engine}`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoCatalogue(database.db, { renderImages: false });
  }, 60_000);
  afterAll(() => database?.drop());

  const list = (query: Partial<ProductQuery>) =>
    catalogService(catalogRepository(database.db)).listProducts({
      page: 1,
      sort: "default",
      take: 48,
      ...query,
    });
  const slugs = async (query: Partial<ProductQuery>) => (await list(query)).data.map((card) => card.slug);

  /** PostgreSQL: the documents whose copies differ from their product (none, ever). */
  async function stale(): Promise<number> {
    if (engine !== "postgres") return 0;
    const { rows } = await sql<{ count: number }>`select count(*)::int as count
      from product_search s join products p on p.id = s.product_id
      where s.status <> p.status or s.in_stock <> p.in_stock or s.sale_price <> p.sale_price`.execute(
      database.db,
    );
    return rows[0]?.count ?? -1;
  }

  it("starts with every document's copies equal to its product's", async () => {
    expect(await stale()).toBe(0);
  });

  it("sorts a search by a price changed a moment ago", async () => {
    const cheapest = await slugs({ search: "bag", sort: "low2high" });
    expect(cheapest.length).toBeGreaterThan(2);
    const last = cheapest.at(-1)!;
    await database.db.updateTable("products").set({ sale_price: 1 }).where("slug", "=", last).execute();
    expect((await slugs({ search: "bag", sort: "low2high" }))[0]).toBe(last);
    expect((await slugs({ search: "bag", sort: "high2low" })).at(-1)).toBe(last);
    expect(await stale()).toBe(0);
  });

  it("ranks a product that just sold out after those in stock, and first again once restocked", async () => {
    const ranked = await slugs({ search: "wallet" });
    expect(ranked.length).toBeGreaterThan(1);
    const first = ranked[0]!;
    await database.db.updateTable("products").set({ in_stock: 0 }).where("slug", "=", first).execute();
    const soldOut = await slugs({ search: "wallet" });
    expect(soldOut.at(-1)).toBe(first);
    expect(soldOut).toHaveLength(ranked.length);
    expect(await stale()).toBe(0);

    await database.db.updateTable("products").set({ in_stock: 1 }).where("slug", "=", first).execute();
    expect(await slugs({ search: "wallet" })).toEqual(ranked);
  });

  it("drops an archived product from a search and brings it back when it is on sale again", async () => {
    const found = await slugs({ search: "tote" });
    const gone = found[0]!;
    await database.db.updateTable("products").set({ status: "archived" }).where("slug", "=", gone).execute();
    expect(await slugs({ search: "tote" })).not.toContain(gone);
    expect(await stale()).toBe(0);

    await database.db.updateTable("products").set({ status: "active" }).where("slug", "=", gone).execute();
    expect(await slugs({ search: "tote" })).toEqual(found);
  });

  it("takes a new document's copies from its product, and leaves a rolled-back change unseen", async () => {
    const product = await database.db
      .selectFrom("products")
      .select(["id", "slug"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.updateTable("products").set({ status: "draft" }).where("id", "=", product.id).execute();
        throw new Error("the writer failed after the update");
      }),
    ).rejects.toThrow("the writer failed");
    expect(await stale()).toBe(0);
    if (engine !== "postgres") return;
    // A document written again (as the writer's upsert does) takes the product's values, whatever it held.
    await sql`delete from product_search where product_id = ${product.id}`.execute(database.db);
    await database.db.updateTable("products").set({ sale_price: 777 }).where("id", "=", product.id).execute();
    await sql`insert into product_search (product_id, title, facets, document)
      values (${product.id}, 'x', '', to_tsvector('english', 'x'))`.execute(database.db);
    expect(await stale()).toBe(0);
  });
});
