import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildCatalogue } from "../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { catalogRepository } from "./catalogue.repository.ts";
import { catalogService } from "./catalogue.service.ts";
import { catalogueChanged } from "./count-cache.ts";

const { engine, available } = testEngine();

describe.skipIf(!available)(`the catalogue cache on ${engine}`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await buildCatalogue(database.db);
  });
  afterAll(() => database?.drop());

  it("reads the layout's lists and a listing page once until the catalogue changes", async () => {
    const repository = catalogRepository(database.db);
    const reads = {
      categories: vi.spyOn(repository, "categories"),
      colors: vi.spyOn(repository, "colors"),
      sizes: vi.spyOn(repository, "sizes"),
      tags: vi.spyOn(repository, "tags"),
      sliders: vi.spyOn(repository, "sliders"),
      listing: vi.spyOn(repository, "listProducts"),
    };
    const catalog = catalogService(repository);
    const everything = () =>
      Promise.all([
        catalog.categories(),
        catalog.colors(),
        catalog.sizeList(),
        catalog.tags(),
        catalog.sliders(),
        catalog.listProducts({ page: 1, sort: "default" }),
      ]);
    const first = await everything();
    expect(await everything()).toEqual(first);
    for (const [name, spy] of Object.entries(reads)) expect(spy, name).toHaveBeenCalledTimes(1);

    // Another filter is another page; a search is never kept.
    await catalog.listProducts({ page: 1, sort: "low2high" });
    expect(reads.listing).toHaveBeenCalledTimes(2);
    const search = vi.spyOn(repository.search, "search");
    await catalog.listProducts({ page: 1, sort: "default", search: "tote" });
    await catalog.listProducts({ page: 1, sort: "default", search: "tote" });
    expect(search).toHaveBeenCalledTimes(2);

    await database.db
      .updateTable("categories")
      .set({ name: "Bags" })
      .where("slug", "=", "handbags")
      .execute();
    catalogueChanged();
    const after = await everything();
    for (const [name, spy] of Object.entries(reads)) {
      expect(spy, name).toHaveBeenCalledTimes(name === "listing" ? 3 : 2);
    }
    expect(after[0].map((category) => category.name)).toContain("Bags");
  });
});
