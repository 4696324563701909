import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductQuery } from "../../shared/contracts/catalogue.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { seedDemoCatalogue } from "../products/seed/demo-catalogue.ts";
import { catalogRepository } from "./catalogue.repository.ts";
import { catalogService } from "./catalogue.service.ts";

/**
 * Shoppers see products on sale only (migration 013, docs/decisions/0030): a draft or archived product is in
 * the search index (the back office searches it) but not in a shopper's listing, search, suggestions or count.
 */

const { engine, available } = testEngine();

describe.skipIf(!available)(`products shoppers see on ${engine}`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoCatalogue(database.db, { renderImages: false });
  }, 60_000);
  afterAll(() => database?.drop());

  const catalog = () => catalogService(catalogRepository(database.db));
  const list = (query: Partial<ProductQuery>) =>
    catalog().listProducts({ page: 1, sort: "default", take: 48, ...query });
  const slugs = async (query: Partial<ProductQuery>) => (await list(query)).data.map((card) => card.slug);

  it("leaves drafts and archived products out of the listing, its count, search and suggestions", async () => {
    const [first, second] = await database.db
      .selectFrom("products")
      .select(["id", "slug", "title"])
      .orderBy("id", "desc")
      .limit(2)
      .execute();
    if (!first || !second) throw new Error("the demo catalogue has products");
    const before = await list({});
    expect(await slugs({ search: first.title })).toContain(first.slug);

    await database.db.updateTable("products").set({ status: "draft" }).where("id", "=", first.id).execute();
    await database.db
      .updateTable("products")
      .set({ status: "archived" })
      .where("id", "=", second.id)
      .execute();

    const after = await list({});
    expect(after.meta.total).toBe(before.meta.total - 2);
    expect(after.data.map((card) => card.slug)).not.toContain(first.slug);
    expect(after.data.map((card) => card.slug)).not.toContain(second.slug);
    expect(await slugs({ search: first.title })).not.toContain(first.slug);
    expect(await slugs({ search: second.title })).not.toContain(second.slug);
    const suggestions = await catalog().suggestions(first.title);
    expect(suggestions.products.map((product) => product.slug)).not.toContain(first.slug);
  });
});
