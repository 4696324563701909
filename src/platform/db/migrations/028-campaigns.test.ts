import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";
import { migrateToLatest, StaticProvider } from "../migrate.ts";

const { engine, available } = testEngine();

describe.skipIf(!available)(`scheduled sales migration on ${engine}`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    const db = database.db as unknown as Kysely<unknown>;
    const stopped = await new Migrator({ db, provider: new StaticProvider(database.engine) }).migrateTo(
      "027-coupons-and-delivery",
    );
    expect(stopped.error).toBeUndefined();
    const now = new Date().toISOString();
    await sql`insert into categories (name, slug, position) values ('Bags', 'bags', 1)`.execute(db);
    await sql`insert into products (slug, title, category_id, short_description, discount, new_arrival, daily_deal,
      price, sale_price, created_at, updated_at)
      values ('tote', 'Tote', 1, '', 25, 0, 0, 100000, 75000, ${now}, ${now}),
             ('clutch', 'Clutch', 1, '', 0, 0, 0, 50000, 50000, ${now}, ${now})`.execute(db);
    await migrateToLatest(database.db, database.engine);
  });
  afterAll(() => database?.drop());

  it("keeps each product's discount as the owner's own, with no campaign's", async () => {
    const rows = await database.db
      .selectFrom("products")
      .select(["slug", "discount", "own_discount", "campaign_discount", "sale_price"])
      .orderBy("slug")
      .execute();
    expect(rows).toEqual([
      { slug: "clutch", discount: 0, own_discount: 0, campaign_discount: 0, sale_price: 50_000 },
      { slug: "tote", discount: 25, own_discount: 25, campaign_discount: 0, sale_price: 75_000 },
    ]);
  });

  it("refuses a campaign whose percent is out of range or whose end is not after its start", async () => {
    const campaign = (percent: number, startsAt: string, endsAt: string) =>
      database.db
        .insertInto("campaigns")
        .values({
          name: "Sale",
          percent,
          scope: "all",
          scope_ids: "[]",
          starts_at: startsAt,
          ends_at: endsAt,
          status: "active",
          created_by: "tests",
          created_at: startsAt,
          updated_at: startsAt,
        })
        .execute();
    const start = "2026-12-01T04:00:00.000Z";
    const end = "2026-12-02T04:00:00.000Z";
    await campaign(10, start, end);
    await expect(campaign(0, start, end)).rejects.toThrow();
    await expect(campaign(101, start, end)).rejects.toThrow();
    await expect(campaign(10, end, start)).rejects.toThrow();
    await expect(campaign(10, start, start)).rejects.toThrow();
  });
});
