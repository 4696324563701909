import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductQuery } from "../../shared/contracts/catalogue.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { catalogRepository } from "../catalogue/catalogue.repository.ts";
import { catalogService } from "../catalogue/catalogue.service.ts";
import { catalogueWrite } from "../catalogue/catalogue-write.ts";
import { reindexProductsUsing } from "../products/product-writer.ts";
import { seedDemoCatalogue } from "../products/seed/demo-catalogue.ts";

/**
 * `reindexProductsUsing` (docs/decisions/0023-search-speed.md): a category, colour or tag renamed or deleted
 * by the back office is searched by its new name at once, in the same transaction, and no longer by the old.
 */

const { engine, available } = testEngine();

describe.skipIf(!available)(`re-indexing products after a rename on ${engine}`, () => {
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
  const slugs = async (query: Partial<ProductQuery>) =>
    (await list(query)).data.map((card) => card.slug).sort();

  it("finds a renamed colour's products by the new name and no longer by the old", async () => {
    const mustard = await database.db
      .selectFrom("colors")
      .select("id")
      .where("name", "=", "Mustard")
      .executeTakeFirstOrThrow();
    const coloured = await slugs({ color: mustard.id });
    expect(coloured.length).toBeGreaterThan(0);
    expect(await slugs({ search: "mustard" })).toEqual(coloured);

    const rewritten = await catalogueWrite(database.db, async (trx) => {
      await trx.updateTable("colors").set({ name: "Saffron" }).where("id", "=", mustard.id).execute();
      return reindexProductsUsing(trx, { colorId: mustard.id });
    });
    expect(rewritten).toBe(coloured.length);
    expect(await slugs({ search: "saffron" })).toEqual(coloured);
    expect(await slugs({ search: "mustard" })).toEqual([]);
    // The colour filter of a search still holds.
    expect(await slugs({ search: "saffron", color: mustard.id })).toEqual(coloured);
  });

  it("finds a renamed category's products by the new name", async () => {
    const totes = await database.db
      .selectFrom("categories")
      .select("id")
      .where("slug", "=", "totes")
      .executeTakeFirstOrThrow();
    const inCategory = await slugs({ category: "totes" });
    await catalogueWrite(database.db, async (trx) => {
      await trx.updateTable("categories").set({ name: "Carryalls" }).where("id", "=", totes.id).execute();
      await reindexProductsUsing(trx, { categoryId: totes.id });
    });
    expect(await slugs({ search: "carryalls" })).toEqual(inCategory);
    expect(await slugs({ search: "carryall", category: "totes" })).toEqual(inCategory);
  });

  it("finds a category added after a search within it found nothing, with the same service", async () => {
    const catalog = catalogService(catalogRepository(database.db));
    const within = async (category: string) =>
      (
        await catalog.listProducts({ page: 1, sort: "default", take: 48, search: "kurta", category })
      ).data.map((card) => card.slug);
    expect(await within("festive-wear")).toEqual([]);
    const product = await database.db
      .selectFrom("products")
      .select(["id", "slug"])
      .where("slug", "=", "chikankari-festive-kurta")
      .executeTakeFirstOrThrow();
    await catalogueWrite(database.db, async (trx) => {
      const made = await trx
        .insertInto("categories")
        .values({ name: "Festive Wear", slug: "festive-wear", position: 99 })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx.updateTable("products").set({ category_id: made.id }).where("id", "=", product.id).execute();
      await reindexProductsUsing(trx, { categoryId: made.id });
    });
    expect(await within("festive-wear")).toEqual([product.slug]);
    // Asked again, from the kept id.
    expect(await within("festive-wear")).toEqual([product.slug]);
  });

  it("forgets a deleted tag: the products are found before the deletion and rewritten after it", async () => {
    const winter = await database.db
      .selectFrom("tags")
      .select("id")
      .where("name", "=", "Winter")
      .executeTakeFirstOrThrow();
    const tagged = await slugs({ tag: winter.id });
    expect(await slugs({ search: "winter", tag: winter.id })).toEqual(tagged);
    const byName = await slugs({ search: "winter" });
    for (const slug of tagged) expect(byName).toContain(slug);

    await catalogueWrite(database.db, (trx) =>
      reindexProductsUsing(trx, { tagId: winter.id }, () =>
        // product_tags rows go with the tag (ON DELETE CASCADE).
        trx.deleteFrom("tags").where("id", "=", winter.id).execute(),
      ),
    );
    expect(await slugs({ search: "winter", tag: winter.id })).toEqual([]);
    // Only the products whose title or description says "winter" are still found.
    const after = await slugs({ search: "winter" });
    expect(after).toEqual(["khaddar-winter-kurta", "tartan-winter-scarf", "waxed-field-jacket"]);
  });

  it("drops a deleted product's document with the product", async () => {
    expect(await slugs({ search: "chikankari" })).toEqual(["chikankari-festive-kurta"]);
    const product = await database.db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", "chikankari-festive-kurta")
      .executeTakeFirstOrThrow();
    await database.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("variants").where("product_id", "=", product.id).execute();
      await trx.deleteFrom("products").where("id", "=", product.id).execute();
    });
    expect(await slugs({ search: "chikankari" })).toEqual([]);
    expect(await slugs({ search: "kurta" })).not.toContain("chikankari-festive-kurta");
  });

  it("changes nothing when the caller's transaction rolls back", async () => {
    const navy = await database.db
      .selectFrom("colors")
      .select("id")
      .where("name", "=", "Navy")
      .executeTakeFirstOrThrow();
    const before = await slugs({ search: "navy" });
    await expect(
      catalogueWrite(database.db, async (trx) => {
        await trx.updateTable("colors").set({ name: "Indigo" }).where("id", "=", navy.id).execute();
        await reindexProductsUsing(trx, { colorId: navy.id });
        throw new Error("the back office gave up");
      }),
    ).rejects.toThrow("the back office gave up");
    expect(await slugs({ search: "navy" })).toEqual(before);
    expect(await slugs({ search: "indigo" })).toEqual([]);
  });
});
