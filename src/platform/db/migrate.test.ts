import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { migrateToLatest, pendingMigrations, StaticProvider } from "./migrate.ts";

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
        "product_images",
        "wishlists",
        "wishlist_items",
        "order_status_history",
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
        discount: 0,
        own_discount: 0,
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

  it("takes a migration that landed after a higher-numbered one already ran (features land in any order)", async () => {
    const late = await createTestDatabase({ migrate: false });
    try {
      // 019 and 037 change 010's tables, so they are held back with it (every database that runs them has run 010).
      const {
        "010-contact-newsletter": held,
        "019-signing-secret": heldWithIt,
        "037-inbox-and-newsletter-issues": alsoHeldWithIt,
        ...landedFirst
      } = await new StaticProvider(late.engine).getMigrations();
      expect(held).toBeDefined();
      expect(heldWithIt).toBeDefined();
      expect(alsoHeldWithIt).toBeDefined();
      const db = late.db as unknown as Kysely<unknown>;
      const first = await new Migrator({
        db,
        provider: { getMigrations: async () => landedFirst },
      }).migrateToLatest();
      expect(first.error).toBeUndefined();
      const heldBack = ["010-contact-newsletter", "019-signing-secret", "037-inbox-and-newsletter-issues"];
      expect(await pendingMigrations(late.db, late.engine)).toEqual(heldBack);
      expect(await migrateToLatest(late.db, late.engine)).toEqual(heldBack);
      expect(await pendingMigrations(late.db, late.engine)).toEqual([]);
      const tables = (await late.db.introspection.getTables()).map((table) => table.name);
      expect(tables).toEqual(expect.arrayContaining(["contact_messages", "newsletter_subscribers"]));
    } finally {
      await late.drop();
    }
  });

  it("002 turns each product's image, back image and gallery into ordered rows with colour and alt text", async () => {
    const old = await createTestDatabase({ migrate: false });
    try {
      const db = old.db as unknown as Kysely<unknown>;
      const stopped = await new Migrator({ db, provider: new StaticProvider(old.engine) }).migrateTo(
        "001-initial",
      );
      expect(stopped.error).toBeUndefined();
      const now = "2025-01-06T09:00:00.000Z";
      await sql`insert into categories (name, slug, position) values ('Bags', 'bags', 0)`.execute(db);
      await sql`insert into colors (name, code) values ('Black', '#111111'), ('Blush Pink', '#E8B4B8')`.execute(
        db,
      );
      const file = (color: string, view: string) => `/images/products/tote/${color}-${view}-800.webp`;
      const gallery = [
        file("black", "front"),
        file("black", "back"),
        file("blush-pink", "front"),
        "/uploads/x.jpg",
      ];
      await sql`insert into products (slug, title, category_id, short_description, image, back_image, gallery,
          created_at, updated_at)
        values ('tote', 'City Tote', (select id from categories), '', ${gallery[0]}, ${gallery[1]},
          ${JSON.stringify(gallery)}, ${now}, ${now}),
        ('plain', 'Plain Tote', (select id from categories), '', null, null, '[]', ${now}, ${now}),
        ('odd', 'Odd Tote', (select id from categories), '', '/images/legacy.webp', null, 'not json', ${now}, ${now})`.execute(
        db,
      );

      expect((await migrateToLatest(old.db, old.engine))[0]).toBe("002-product-images");
      const colors = await old.db.selectFrom("colors").select(["id", "name"]).orderBy("id").execute();
      const [black, pink] = colors.map((color) => color.id);
      const rows = await old.db
        .selectFrom("product_images")
        .innerJoin("products", "products.id", "product_images.product_id")
        .select(["products.slug", "color_id", "position", "file", "alt"])
        .orderBy("products.slug")
        .orderBy("position")
        .execute();
      expect(rows).toEqual([
        { slug: "odd", color_id: null, position: 0, file: "/images/legacy.webp", alt: "Odd Tote, photo 1" },
        {
          slug: "tote",
          color_id: black,
          position: 0,
          file: gallery[0],
          alt: "City Tote in Black, front view",
        },
        {
          slug: "tote",
          color_id: black,
          position: 1,
          file: gallery[1],
          alt: "City Tote in Black, back view",
        },
        {
          slug: "tote",
          color_id: pink,
          position: 2,
          file: gallery[2],
          alt: "City Tote in Blush Pink, front view",
        },
        { slug: "tote", color_id: null, position: 3, file: "/uploads/x.jpg", alt: "City Tote, photo 4" },
      ]);
      const columns = (await old.db.introspection.getTables()).find(
        (table) => table.name === "products",
      )!.columns;
      expect(columns.map((column) => column.name)).not.toContain("gallery");
      // Removing a product removes its photos.
      await old.db.deleteFrom("products").where("slug", "=", "tote").execute();
      expect(await old.db.selectFrom("product_images").select("id").execute()).toHaveLength(1);
    } finally {
      await old.drop();
    }
  });

  it("runs a migration that lands after later ones (parallel work merged out of order)", async () => {
    const late = await createTestDatabase({ migrate: false });
    try {
      const db = late.db as unknown as Kysely<unknown>;
      const all = await new StaticProvider(late.engine).getMigrations();
      const { "009-wishlist": _later, ...before } = all;
      const first = await new Migrator({
        db,
        provider: { getMigrations: async () => before },
      }).migrateToLatest();
      expect(first.error).toBeUndefined();
      expect((await late.db.introspection.getTables()).map((table) => table.name)).not.toContain("wishlists");

      expect(await migrateToLatest(late.db, late.engine)).toEqual(["009-wishlist"]);
      expect((await late.db.introspection.getTables()).map((table) => table.name)).toContain("wishlists");
    } finally {
      await late.drop();
    }
  });

  it("013 puts every product on sale, gives every variant a unique SKU and refuses an unknown status", async () => {
    const old = await createTestDatabase({ migrate: false });
    try {
      const db = old.db as unknown as Kysely<unknown>;
      const provider = new StaticProvider(old.engine);
      const names = Object.keys(await provider.getMigrations()).sort();
      const before = names[names.indexOf("013-product-admin") - 1]!;
      const stopped = await new Migrator({ db, provider }).migrateTo(before);
      expect(stopped.error).toBeUndefined();
      const now = "2025-01-06T09:00:00.000Z";
      await sql`insert into categories (name, slug, position) values ('Bags', 'bags', 0)`.execute(db);
      await sql`insert into colors (name, code) values ('Black Gold', '#111111'), ('Gold', '#d4af37')`.execute(
        db,
      );
      await sql`insert into sizes (name, position) values ('S', 1), ('One Size', 2)`.execute(db);
      // "tote" in Black Gold and "tote-black" in Gold make the same SKU: the second gets a suffix.
      await sql`insert into products (slug, title, category_id, short_description, created_at, updated_at)
        values ('tote', 'Tote', (select id from categories), '', ${now}, ${now}),
        ('tote-black', 'Tote Black', (select id from categories), '', ${now}, ${now})`.execute(db);
      await sql`insert into variants (product_id, color_id, size_id, price, stock) values
        ((select id from products where slug = 'tote'), (select id from colors where name = 'Black Gold'),
          (select id from sizes where name = 'S'), 100, 1),
        ((select id from products where slug = 'tote'), (select id from colors where name = 'Black Gold'),
          (select id from sizes where name = 'One Size'), 100, 1),
        ((select id from products where slug = 'tote-black'), (select id from colors where name = 'Gold'),
          (select id from sizes where name = 'S'), 100, 1)`.execute(db);

      expect(await migrateToLatest(old.db, old.engine)).toContain("013-product-admin");
      const variants = await old.db
        .selectFrom("variants")
        .innerJoin("products", "products.id", "variants.product_id")
        .select(["products.slug", "products.status", "variants.sku"])
        .orderBy("variants.id")
        .execute();
      expect(variants).toEqual([
        { slug: "tote", status: "active", sku: "TOTE-BLACK-GOLD-S" },
        { slug: "tote", status: "active", sku: "TOTE-BLACK-GOLD-ONE-SIZE" },
        { slug: "tote-black", status: "active", sku: "TOTE-BLACK-GOLD-S-2" },
      ]);
      await expect(
        old.db
          .updateTable("products")
          .set({ status: "sold" as never })
          .where("slug", "=", "tote")
          .execute(),
      ).rejects.toThrow(/products_status_known/);
      await expect(
        old.db
          .updateTable("variants")
          .set({ sku: "TOTE-BLACK-GOLD-S" })
          .where("sku", "=", "TOTE-BLACK-GOLD-ONE-SIZE")
          .execute(),
      ).rejects.toThrow();
    } finally {
      await old.drop();
    }
  });
});
