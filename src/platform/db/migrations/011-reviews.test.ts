import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";
import { migrateToLatest, StaticProvider } from "../migrate.ts";

const { engine, available } = testEngine();

describe.skipIf(!available)(`reviews table on ${engine}`, () => {
  let database: TestDatabase;
  let productId: number;
  let userIds: number[];

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    const db = database.db as unknown as Kysely<unknown>;
    const stopped = await new Migrator({ db, provider: new StaticProvider(database.engine) }).migrateTo(
      "006-search-index",
    );
    expect(stopped.error).toBeUndefined();
    const now = "2025-01-06T09:00:00.000Z";
    await sql`insert into categories (name, slug, position) values ('Bags', 'bags', 0)`.execute(db);
    // What the demo seed used to write: figures with no review behind them.
    await sql`insert into products (slug, title, category_id, short_description, rating, reviews, created_at, updated_at)
      values ('tote', 'Tote', (select id from categories), '', 4.6, 131, ${now}, ${now})`.execute(db);
    await sql`insert into users (first_name, last_name, email, password_hash, created_at, updated_at)
      values ('A', 'B', 'a@example.pk', 'x', ${now}, ${now}), ('C', 'D', 'c@example.pk', 'x', ${now}, ${now})`.execute(
      db,
    );
    await migrateToLatest(database.db, database.engine);
    productId = (await database.db.selectFrom("products").select("id").executeTakeFirstOrThrow()).id;
    userIds = (await database.db.selectFrom("users").select("id").orderBy("id").execute()).map(
      (row) => row.id,
    );
  });
  afterAll(() => database?.drop());

  it("replaces the seed's invented rating and count with the true ones: no reviews yet", async () => {
    const product = await database.db
      .selectFrom("products")
      .select(["rating", "reviews"])
      .executeTakeFirstOrThrow();
    expect(product).toEqual({ rating: 0, reviews: 0 });
  });

  const review = (overrides: Record<string, unknown> = {}) => ({
    product_id: productId,
    user_id: userIds[0]!,
    rating: 4,
    title: null,
    body: "Good bag for the price.",
    status: "pending",
    created_at: "2025-02-01T00:00:00.000Z",
    updated_at: "2025-02-01T00:00:00.000Z",
    ...overrides,
  });

  it.each([
    ["a rating of 0", { rating: 0 }],
    ["a rating of 6", { rating: 6 }],
    ["an unknown status", { status: "spam" }],
  ])("refuses %s", async (_case, overrides) => {
    await expect(database.db.insertInto("reviews").values(review(overrides)).execute()).rejects.toThrow(
      /reviews_(rating_range|status_known)|check/i,
    );
  });

  it("keeps one review per shopper and product, and drops a shopper's reviews with the account", async () => {
    await database.db.insertInto("reviews").values(review()).execute();
    await expect(
      database.db
        .insertInto("reviews")
        .values(review({ rating: 2 }))
        .execute(),
    ).rejects.toThrow();
    await database.db
      .insertInto("reviews")
      .values(review({ user_id: userIds[1] }))
      .execute();
    await database.db.deleteFrom("users").where("id", "=", userIds[0]!).execute();
    const left = await database.db.selectFrom("reviews").select("user_id").execute();
    expect(left).toEqual([{ user_id: userIds[1] }]);
  });
});
