import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";
import { salePrice } from "../../money/money.ts";
import { seedLargeCatalogue } from "./large-catalogue.ts";

const { engine, available } = testEngine();
const PRODUCTS = 500;

describe.skipIf(!available)(`large catalogue on ${engine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it("creates N products in batches, with unique slugs, demo images and consistent price columns", async () => {
    const { db } = database;
    // A small batch size exercises several transactions and statement chunks.
    const result = await seedLargeCatalogue(db, {
      products: PRODUCTS,
      renderImages: false,
      batchSize: 128,
    });
    expect(result.products).toBe(PRODUCTS);

    const products = await db.selectFrom("products").selectAll().orderBy("id").execute();
    const variants = await db.selectFrom("variants").selectAll().orderBy("id").execute();
    expect(products).toHaveLength(PRODUCTS);
    expect(variants).toHaveLength(result.variants);
    expect(new Set(products.map((product) => product.slug)).size).toBe(PRODUCTS);
    expect(await db.selectFrom("categories").selectAll().execute()).toHaveLength(10);
    expect(await db.selectFrom("colors").selectAll().execute()).toHaveLength(12);
    expect(await db.selectFrom("sliders").selectAll().execute()).toHaveLength(3);
    expect((await db.selectFrom("product_tags").selectAll().execute()).length).toBeGreaterThan(PRODUCTS);

    const imagesOf = new Map<
      number,
      { position: number; file: string; alt: string; color_id: number | null }[]
    >();
    for (const image of await db.selectFrom("product_images").selectAll().orderBy("position").execute()) {
      imagesOf.set(image.product_id, [...(imagesOf.get(image.product_id) ?? []), image]);
    }
    const byProduct = new Map<number, { price: number; stock: number }[]>();
    for (const variant of variants) {
      byProduct.set(variant.product_id, [...(byProduct.get(variant.product_id) ?? []), variant]);
    }
    for (const product of products) {
      // Written colour after colour, sizes in size order: id order is display order.
      const ownVariants = byProduct.get(product.id)!;
      expect(ownVariants.length, product.slug).toBeGreaterThan(0);
      const opensOn = ownVariants.find((variant) => variant.stock > 0) ?? ownVariants[0]!;
      expect(product.price, product.slug).toBe(opensOn.price);
      expect(product.sale_price, product.slug).toBe(salePrice(product.price, product.discount));
      expect(product.image).toMatch(/^\/images\/products\/[a-z0-9-]+\/[a-z-]+-front-800\.webp$/);
      const own = imagesOf.get(product.id) ?? [];
      expect(own.map((image) => image.position)).toEqual(own.map((_, index) => index));
      expect([own[0]?.file, own[1]?.file]).toEqual([product.image, product.back_image]);
      expect(own.length, product.slug).toBe(new Set(own.map((image) => image.color_id)).size * 2);
      for (const image of own)
        expect(image.alt).toMatch(new RegExp(`^${product.title} in [A-Za-z ]+, (front|back) view$`));
    }
    const discounted = products.filter((product) => product.discount > 0).length;
    expect(discounted).toBeGreaterThan(PRODUCTS / 5);
    expect(discounted).toBeLessThan(PRODUCTS / 2);
    expect(products.some((product) => product.new_arrival === 1)).toBe(true);
    expect(products.some((product) => product.daily_deal === 1)).toBe(true);

    // The listing's facets (migration 045) follow the seed's plain inserts: one row per colour, size, pair, tag.
    const live = new Map(products.filter((p) => p.status === "active").map((p) => [p.id, p]));
    const expected = new Set<string>();
    for (const v of variants) {
      if (!live.has(v.product_id)) continue;
      for (const key of [`1,${v.color_id},0`, `2,${v.size_id},0`, `3,${v.color_id},${v.size_id}`])
        expected.add(`${key},${v.product_id},${live.get(v.product_id)!.sale_price}`);
    }
    for (const t of await db.selectFrom("product_tags").selectAll().execute())
      if (live.has(t.product_id))
        expected.add(`4,${t.tag_id},0,${t.product_id},${live.get(t.product_id)!.sale_price}`);
    const facets = await db.selectFrom("product_facets").selectAll().execute();
    expect(
      new Set(
        facets.map((f) => `${f.kind},${f.value_id},${f.second_id},${f.product_id},${Number(f.sale_price)}`),
      ),
    ).toEqual(expected);
    expect(facets).toHaveLength(expected.size);
  }, 60_000);

  it("is deterministic and replaces the previous catalogue", async () => {
    const { db } = database;
    // Ids move on after a reseed (sequences do not restart); everything else must match.
    const read = async () =>
      (await db.selectFrom("products").selectAll().orderBy("id").execute()).map(
        ({ id: _id, category_id: _category, ...rest }) => rest,
      );
    const before = await read();
    await seedLargeCatalogue(db, { products: PRODUCTS, renderImages: false });
    expect(await read()).toEqual(before);
  }, 60_000);
});
