import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slugify } from "../../../shared/images.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";
import { salePrice } from "../../money/money.ts";
import { clearCatalogue, ensureDemoCatalogue, seedDemoCatalogue } from "./demo-catalogue.ts";
import { buildDemoCatalogue } from "./demo-data.ts";

const { engine, available } = testEngine();

async function snapshot(database: TestDatabase) {
  const { db } = database;
  return {
    categories: await db.selectFrom("categories").selectAll().orderBy("id").execute(),
    colors: await db.selectFrom("colors").selectAll().orderBy("id").execute(),
    sizes: await db.selectFrom("sizes").selectAll().orderBy("id").execute(),
    tags: await db.selectFrom("tags").selectAll().orderBy("id").execute(),
    products: await db.selectFrom("products").selectAll().orderBy("id").execute(),
    variants: await db.selectFrom("variants").selectAll().orderBy("id").execute(),
    images: await db.selectFrom("product_images").selectAll().orderBy("id").execute(),
    productTags: await db
      .selectFrom("product_tags")
      .selectAll()
      .orderBy("product_id")
      .orderBy("tag_id")
      .execute(),
    sliders: await db.selectFrom("sliders").selectAll().orderBy("id").execute(),
  };
}

describe.skipIf(!available)(`demo catalogue on ${engine}`, () => {
  let first: TestDatabase;
  let second: TestDatabase;
  let rows: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    await seedDemoCatalogue(first.db, { renderImages: false });
    await seedDemoCatalogue(second.db, { renderImages: false });
    rows = await snapshot(first);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([first?.drop(), second?.drop()]);
  });

  it("is deterministic: two fresh databases get identical rows", async () => {
    expect(await snapshot(second)).toEqual(rows);
    expect(JSON.stringify(buildDemoCatalogue())).toBe(JSON.stringify(buildDemoCatalogue()));
  });

  it("has the reference data: 10 categories, 12 colours, bag and clothing sizes, tags", () => {
    expect(rows.categories.map((category) => category.slug)).toEqual([
      "handbags",
      "backpacks",
      "totes",
      "clutches",
      "wallets",
      "shirts",
      "kurtas",
      "t-shirts",
      "jackets",
      "scarves",
    ]);
    expect(rows.colors).toHaveLength(12);
    for (const color of rows.colors) expect(color.code).toMatch(/^#[0-9A-F]{6}$/);
    expect(rows.sizes.map((size) => size.name)).toEqual(
      expect.arrayContaining(["One Size", "Small", "Medium", "Large", "XS", "S", "M", "L", "XL", "XXL"]),
    );
    expect(new Set(rows.sizes.map((size) => size.position)).size).toBe(rows.sizes.length);
    expect(rows.tags.length).toBeGreaterThanOrEqual(8);
  });

  it("has about 60 products with 2-4 colours, several sizes, sane prices and stock", () => {
    const { products, variants } = rows;
    expect(products.length).toBeGreaterThanOrEqual(55);
    expect(products.length).toBeLessThanOrEqual(65);
    expect(new Set(products.map((product) => product.slug)).size).toBe(products.length);
    const categoriesUsed = new Set(products.map((product) => product.category_id));
    expect(categoriesUsed.size).toBe(10);
    for (const product of products) {
      const own = variants.filter((variant) => variant.product_id === product.id);
      const colors = new Set(own.map((variant) => variant.color_id));
      expect(colors.size, product.slug).toBeGreaterThanOrEqual(2);
      expect(colors.size, product.slug).toBeLessThanOrEqual(4);
      expect(own.length, product.slug).toBe(
        colors.size * new Set(own.map((variant) => variant.size_id)).size,
      );
      expect(
        own.some((variant) => variant.stock > 0),
        product.slug,
      ).toBe(true);
      for (const variant of own) {
        expect(variant.price % 100, "whole rupees").toBe(0);
        expect(variant.price).toBeGreaterThanOrEqual(300 * 100);
        expect(variant.price).toBeLessThanOrEqual(50_000 * 100);
        expect(variant.stock).toBeGreaterThanOrEqual(0);
        expect(variant.stock).toBeLessThanOrEqual(40);
      }
      // Ratings come from shoppers' approved reviews, never from the seed.
      expect(product.rating).toBe(0);
      expect(product.reviews).toBe(0);
      expect(product.short_description).toMatch(/^<p>/);
      const tagsUsed =
        product.short_description.match(/<\/?([a-z]+)/g)?.map((tag) => tag.replace(/[</]/g, "")) ?? [];
      for (const tag of tagsUsed) expect(["p", "ul", "li", "strong"]).toContain(tag);
    }
    const prices = variants.map((variant) => variant.price);
    expect(Math.min(...prices)).toBeLessThan(1000 * 100);
    expect(Math.max(...prices)).toBeGreaterThan(10_000 * 100);
    expect(variants.some((variant) => variant.stock === 0)).toBe(true);
    expect(variants.filter((variant) => variant.stock === 0).length).toBeLessThan(variants.length / 5);
  });

  it("keeps the listing price columns at the price of the variant the product opens on", () => {
    for (const product of rows.products) {
      // The seed writes each colour's sizes in size order, colour after colour, so id order is display order.
      const own = rows.variants.filter((variant) => variant.product_id === product.id);
      const opensOn = own.find((variant) => variant.stock > 0) ?? own[0]!;
      expect(product.price, product.slug).toBe(opensOn.price);
      expect(product.sale_price, product.slug).toBe(salePrice(opensOn.price, product.discount));
    }
  });

  it("has about a third discounted, about 10 new arrivals and 10 daily deals", () => {
    const { products } = rows;
    const discounted = products.filter((product) => product.discount > 0);
    expect(discounted.length).toBeGreaterThanOrEqual(products.length / 4);
    expect(discounted.length).toBeLessThanOrEqual(products.length / 2.5);
    for (const product of discounted) {
      expect(product.discount).toBeGreaterThanOrEqual(10);
      expect(product.discount).toBeLessThanOrEqual(40);
    }
    const newArrivals = products.filter((product) => product.new_arrival === 1);
    const dailyDeals = products.filter((product) => product.daily_deal === 1);
    expect(newArrivals.length).toBeGreaterThanOrEqual(8);
    expect(newArrivals.length).toBeLessThanOrEqual(12);
    expect(dailyDeals.length).toBeGreaterThanOrEqual(8);
    expect(dailyDeals.length).toBeLessThanOrEqual(12);
    // New arrivals are the most recently added products.
    const newest = [...products]
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .slice(0, newArrivals.length);
    expect(newest.every((product) => product.new_arrival === 1)).toBe(true);
    expect(new Set(products.map((product) => product.created_at)).size).toBe(products.length);
  });

  it("gives every colour front and back photos with alt text; the first two are the listing's pictures", () => {
    const colorName = new Map(rows.colors.map((color) => [color.id, color.name]));
    for (const product of rows.products) {
      const images = rows.images
        .filter((image) => image.product_id === product.id)
        .sort((a, b) => a.position - b.position);
      const colors = [
        ...new Set(rows.variants.filter((v) => v.product_id === product.id).map((v) => v.color_id)),
      ];
      expect(images.map((image) => image.position)).toEqual(images.map((_, index) => index));
      expect(images.map((image) => image.color_id)).toEqual(colors.flatMap((id) => [id, id]));
      expect(product.image).toBe(images[0]!.file);
      expect(product.back_image).toBe(images[1]!.file);
      for (const [index, image] of images.entries()) {
        const view = index % 2 === 0 ? "front" : "back";
        const color = colorName.get(image.color_id!)!;
        expect(image.file).toMatch(
          new RegExp(`^/images/products/${product.slug}/${slugify(color)}-${view}-800\\.webp$`),
        );
        expect(image.alt).toBe(`${product.title} in ${color}, ${view} view`);
      }
    }
  });

  it("has three banner slides with desktop and mobile images", () => {
    expect(rows.sliders).toHaveLength(3);
    expect(rows.sliders.map((slider) => slider.url)).toEqual([
      "/shop/handbags",
      "/shop?type=new-arrival",
      "/shop?type=daily-deals",
    ]);
    rows.sliders.forEach((slider, index) => {
      expect(slider.image).toBe(`/images/sliders/slide-${index + 1}-desktop.webp`);
      expect(slider.image_mobile).toBe(`/images/sliders/slide-${index + 1}-mobile.webp`);
      expect(slider.title).not.toBe("");
    });
  });

  it("ensureDemoCatalogue leaves a database with products alone", async () => {
    expect(await ensureDemoCatalogue(first.db, { renderImages: false })).toBe(false);
    expect(await snapshot(first)).toEqual(rows);
  });

  it("ensureDemoCatalogue seeds an empty catalogue, and reseeding replaces rather than duplicates", async () => {
    await clearCatalogue(second.db);
    expect(await ensureDemoCatalogue(second.db, { renderImages: false })).toBe(true);
    await seedDemoCatalogue(second.db, { renderImages: false });
    const again = await snapshot(second);
    expect(again.products.map((product) => product.slug)).toEqual(
      rows.products.map((product) => product.slug),
    );
    expect(again.variants).toHaveLength(rows.variants.length);
    expect(again.images).toHaveLength(rows.images.length);
    expect(again.categories).toHaveLength(10);
    expect(again.sliders).toHaveLength(3);
  });
});
