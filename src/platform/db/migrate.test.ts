import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { migrateToLatest } from "./migrate.ts";

const { engine, available } = testEngine();

describe.skipIf(!available)(`migrations on ${engine}`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it("creates every table and is idempotent", async () => {
    const tables = await database.db.introspection.getTables();
    expect(tables.map((table) => table.name)).toEqual(
      expect.arrayContaining([
        "products",
        "variants",
        "carts",
        "cart_items",
        "orders",
        "order_items",
        "users",
      ]),
    );
    expect(await migrateToLatest(database.db, database.engine)).toEqual([]);
  });

  it("refuses negative stock at the database level", async () => {
    const { db } = database;
    const category = await db
      .insertInto("categories")
      .values({ name: "Bags", slug: "bags", position: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const color = await db
      .insertInto("colors")
      .values({ name: "Black", code: "#000000" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const size = await db
      .insertInto("sizes")
      .values({ name: "One Size", position: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const product = await db
      .insertInto("products")
      .values({
        slug: "p",
        title: "P",
        category_id: category.id,
        short_description: "",
        image: null,
        back_image: null,
        gallery: "[]",
        discount: 0,
        new_arrival: 0,
        daily_deal: 0,
        rating: 0,
        reviews: 0,
        price: 100,
        sale_price: 100,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await expect(
      db
        .insertInto("variants")
        .values({ product_id: product.id, color_id: color.id, size_id: size.id, price: 100, stock: -1 })
        .execute(),
    ).rejects.toThrow();
  });
});
