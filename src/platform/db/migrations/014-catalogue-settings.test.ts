import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";
import { migrateToLatest, StaticProvider } from "../migrate.ts";

const { engine, available } = testEngine();

describe.skipIf(!available)(`catalogue settings migration on ${engine}`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    const db = database.db as unknown as Kysely<unknown>;
    const stopped = await new Migrator({ db, provider: new StaticProvider(database.engine) }).migrateTo(
      "013-product-admin",
    );
    expect(stopped.error).toBeUndefined();
    // What an older shop may hold: one colour entered twice in different cases, a slide without dates.
    await sql`insert into colors (name, code) values ('Black', '#111111'), ('black', '#000000'), ('BLACK', '#222222')`.execute(
      db,
    );
    await sql`insert into categories (name, slug, position) values ('Bags', 'bags', 1)`.execute(db);
    await sql`insert into sliders (url, image, image_mobile, title, position) values ('/', 'a', 'b', 'One', 1)`.execute(
      db,
    );
    await migrateToLatest(database.db, database.engine);
  });
  afterAll(() => database?.drop());

  it("renames names held twice, then keeps colour, size and tag names unique whatever their case", async () => {
    const colors = await database.db.selectFrom("colors").select("name").orderBy("id").execute();
    expect(colors.map((row) => row.name)).toEqual(["Black", "black (2)", "BLACK (3)"]);
    await expect(
      database.db.insertInto("colors").values({ name: "bLaCk", code: "#000000" }).execute(),
    ).rejects.toThrow();
    await database.db.insertInto("sizes").values({ name: "XL", position: 1 }).execute();
    await expect(
      database.db.insertInto("sizes").values({ name: "xl", position: 2 }).execute(),
    ).rejects.toThrow();
    await database.db.insertInto("tags").values({ name: "Silk" }).execute();
    await expect(database.db.insertInto("tags").values({ name: "SILK" }).execute()).rejects.toThrow();
  });

  it("gives categories a parent (top-level by default, a real category only) and slides open dates", async () => {
    const bags = await database.db
      .selectFrom("categories")
      .select(["id", "parent_id"])
      .executeTakeFirstOrThrow();
    expect(bags.parent_id).toBeNull();
    await database.db
      .insertInto("categories")
      .values({ name: "Clutches", slug: "clutches", position: 1, parent_id: bags.id })
      .execute();
    await expect(
      database.db
        .insertInto("categories")
        .values({ name: "Lost", slug: "lost", position: 1, parent_id: 999_999 })
        .execute(),
    ).rejects.toThrow();
    const slide = await database.db
      .selectFrom("sliders")
      .select(["starts_at", "ends_at"])
      .executeTakeFirstOrThrow();
    expect(slide).toEqual({ starts_at: null, ends_at: null });
  });
});
