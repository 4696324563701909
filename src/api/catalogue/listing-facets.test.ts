import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, StaticProvider } from "../../platform/db/migrate.ts";
import type { Database } from "../../platform/db/schema.ts";
import type { ProductQuery } from "../../shared/contracts/catalogue.ts";
import { PRODUCT_STATUSES } from "../../shared/product-status.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import {
  deleteProduct,
  insertProduct,
  refreshListingPrice,
  updateProduct,
} from "../products/product-writer.ts";
import { catalogRepository, type ProductFilter } from "./catalogue.repository.ts";
import { catalogueWrite } from "./catalogue-write.ts";
import { CARD_COLUMNS } from "./listing-sql.repository.ts";

const { engine, available } = testEngine();

/**
 * The listing before migration 045 (decision 0059's query, kept here as the reference): a colour, size or tag is
 * a probe into variants or product_tags for each product. The facet walk must answer exactly what it answered.
 */
function oldFilter(filter: ProductFilter) {
  return (eb: ExpressionBuilder<Database, "products">) => {
    const conditions: Expression<SqlBool>[] = [eb("products.status", "=", sql.lit("active"))];
    if (filter.type === "new-arrival") conditions.push(eb("products.new_arrival", "=", 1));
    if (filter.type === "daily-deals") conditions.push(eb("products.daily_deal", "=", 1));
    if (filter.categoryIds !== undefined && filter.categoryIds.length > 1) {
      conditions.push(eb("products.category_id", "in", filter.categoryIds));
    } else if (filter.category !== undefined) {
      conditions.push(
        eb(
          "products.category_id",
          "=",
          eb.selectFrom("categories").select("categories.id").where("categories.slug", "=", filter.category),
        ),
      );
    }
    if (filter.color !== undefined || filter.size !== undefined) {
      let variant = eb
        .selectFrom("variants")
        .select(sql.lit(1).as("one"))
        .whereRef("variants.product_id", "=", "products.id");
      if (filter.color !== undefined) variant = variant.where("variants.color_id", "=", filter.color);
      if (filter.size !== undefined) variant = variant.where("variants.size_id", "=", filter.size);
      conditions.push(eb.exists(variant));
    }
    if (filter.tag !== undefined) {
      conditions.push(
        eb.exists(
          eb
            .selectFrom("product_tags")
            .select(sql.lit(1).as("one"))
            .whereRef("product_tags.product_id", "=", "products.id")
            .where("product_tags.tag_id", "=", filter.tag),
        ),
      );
    }
    return eb.and(conditions);
  };
}

function oldList(
  db: Kysely<Database>,
  filter: ProductFilter,
  sort: ProductQuery["sort"],
  limit: number,
  offset: number,
) {
  const ordered = <Q extends SelectQueryBuilder<Database, "products", object>>(query: Q): Q => {
    if (sort === "low2high")
      return query.orderBy("products.sale_price", "asc").orderBy("products.id", "asc") as Q;
    if (sort === "high2low")
      return query.orderBy("products.sale_price", "desc").orderBy("products.id", "desc") as Q;
    return query.orderBy("products.id", "desc") as Q;
  };
  return ordered(db.selectFrom("products").select(CARD_COLUMNS).where(oldFilter(filter)))
    .limit(limit)
    .offset(offset)
    .execute();
}

async function oldCount(db: Kysely<Database>, filter: ProductFilter, atMost: number) {
  const rows = await db
    .selectFrom("products")
    .select("products.id")
    .where(oldFilter(filter))
    .limit(atMost + 1)
    .execute();
  return rows.length;
}

/** A small deterministic generator (mulberry32), so a failure repeats. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}

interface Refs {
  categories: { id: number; slug: string }[];
  parent: { id: number; slug: string; children: number[] };
  colors: number[];
  sizes: number[];
  tags: number[];
}

async function references(db: Kysely<Database>): Promise<Refs> {
  const insert = async (table: "categories" | "colors" | "sizes" | "tags", values: object) =>
    (await (db.insertInto(table) as any).values(values).returning("id").executeTakeFirstOrThrow())
      .id as number;
  const parentId = await insert("categories", { name: "Bags", slug: "bags", position: 0 });
  const categories: { id: number; slug: string }[] = [];
  const children: number[] = [];
  for (const slug of ["totes", "clutches", "shirts"]) {
    const id = await insert("categories", {
      name: slug,
      slug,
      position: 1,
      ...(slug !== "shirts" ? { parent_id: parentId } : {}),
    });
    categories.push({ id, slug });
    if (slug !== "shirts") children.push(id);
  }
  const colors: number[] = [];
  for (const name of ["Black", "Tan", "Navy", "Red", "Rare"])
    colors.push(await insert("colors", { name, code: "#000000" }));
  const sizes: number[] = [];
  for (const [position, name] of ["One Size", "S", "M", "XXL"].entries())
    sizes.push(await insert("sizes", { name, position }));
  const tags: number[] = [];
  for (const name of ["Leather", "Cotton", "Silk"]) tags.push(await insert("tags", { name }));
  return {
    categories,
    parent: { id: parentId, slug: "bags", children: [parentId, ...children] },
    colors,
    sizes,
    tags,
  };
}

/** A product through the product writer: random category, flags, tags and a grid of colours and sizes. */
async function generatedProduct(db: Kysely<Database>, refs: Refs, rng: ReturnType<typeof random>, n: number) {
  // The last colour and size are rare: on a few products only, so their walks skip far.
  const colors = refs.colors.slice(0, -1).filter(() => rng.next() < 0.45);
  if (colors.length === 0 || rng.next() < 0.05) colors.push(refs.colors.at(-1)!);
  const sizes = refs.sizes.slice(0, -1).filter(() => rng.next() < 0.5);
  if (sizes.length === 0 || rng.next() < 0.07) sizes.push(refs.sizes.at(-1)!);
  const variants = colors.flatMap((colorId) =>
    sizes
      .filter(() => rng.next() < 0.8)
      .map((sizeId) => ({ colorId, sizeId, price: 1000 + 500 * rng.int(8), stock: rng.int(3) })),
  );
  if (variants.length === 0) variants.push({ colorId: colors[0]!, sizeId: sizes[0]!, price: 2000, stock: 1 });
  return insertProduct(db, {
    slug: `p-${n}`,
    title: `Product ${n}`,
    categoryId: rng.pick([...refs.categories.map((c) => c.id), refs.parent.id]),
    shortDescription: "",
    images: [],
    discount: rng.pick([0, 0, 10, 25]),
    newArrival: rng.next() < 0.3,
    dailyDeal: rng.next() < 0.3,
    tagIds: refs.tags.filter(() => rng.next() < 0.3),
    variants,
    status: rng.next() < 0.8 ? "active" : rng.pick(PRODUCT_STATUSES),
  });
}

/** What product_facets must hold, computed from the products, variants and tags as they are now. */
async function expectedFacets(db: Kysely<Database>): Promise<string[]> {
  const live = new Map(
    (
      await db
        .selectFrom("products")
        .select(["id", "sale_price", "category_id", "new_arrival", "daily_deal"])
        .where("status", "=", "active")
        .execute()
    ).map((p) => [p.id, p]),
  );
  const rows = new Set<string>();
  const row = (kind: number, value: number, second: number, productId: number) => {
    const p = live.get(productId);
    if (!p) return;
    rows.add(
      [
        kind,
        value,
        second,
        productId,
        Number(p.sale_price),
        p.category_id,
        p.new_arrival,
        p.daily_deal,
      ].join(),
    );
  };
  for (const v of await db.selectFrom("variants").select(["product_id", "color_id", "size_id"]).execute()) {
    row(1, v.color_id, 0, v.product_id);
    row(2, v.size_id, 0, v.product_id);
    row(3, v.color_id, v.size_id, v.product_id);
  }
  for (const t of await db.selectFrom("product_tags").selectAll().execute())
    row(4, t.tag_id, 0, t.product_id);
  return [...rows].sort();
}

async function actualFacets(db: Kysely<Database>): Promise<string[]> {
  return (await db.selectFrom("product_facets").selectAll().execute())
    .map((f) =>
      [
        f.kind,
        f.value_id,
        f.second_id,
        f.product_id,
        Number(f.sale_price),
        f.category_id,
        f.new_arrival,
        f.daily_deal,
      ].join(),
    )
    .sort();
}

/** Every filter the listing takes, over the references (with and without each facet). */
function filters(refs: Refs): ProductFilter[] {
  const out: ProductFilter[] = [];
  for (const type of [undefined, "new-arrival", "daily-deals"] as const)
    for (const category of [undefined, "totes", "bags"])
      for (const color of [undefined, refs.colors[0], refs.colors.at(-1)])
        for (const size of [undefined, refs.sizes[2], refs.sizes.at(-1)])
          for (const tag of [undefined, refs.tags[0]]) {
            if (color === undefined && size === undefined && tag === undefined) continue;
            const filter: ProductFilter = { type, category, color, size, tag };
            if (category === "bags") filter.categoryIds = refs.parent.children;
            out.push(filter);
          }
  return out;
}

async function expectSameListings(db: Kysely<Database>, refs: Refs) {
  const repository = catalogRepository(db);
  let compared = 0;
  let nonEmpty = 0;
  for (const filter of filters(refs)) {
    for (const sort of ["default", "low2high", "high2low"] as const) {
      const label = JSON.stringify({ ...filter, sort });
      const whole = await repository.listProducts(filter, sort, 48, 0);
      expect(whole, label).toEqual(await oldList(db, filter, sort, 48, 0));
      const page = await repository.listProducts(filter, sort, 5, 5);
      expect(page, label).toEqual(await oldList(db, filter, sort, 5, 5));
      compared++;
      if (whole.length > 0) nonEmpty++;
    }
    for (const atMost of [3, 10_000]) {
      expect(await repository.countProducts(filter, atMost), JSON.stringify(filter)).toBe(
        await oldCount(db, filter, atMost),
      );
    }
  }
  return { compared, nonEmpty };
}

describe.skipIf(!available)(`the listing's facets (migration 045) on ${engine}`, () => {
  let database: TestDatabase;
  let refs: Refs;
  const rng = random(34);

  beforeAll(async () => {
    database = await createTestDatabase();
    refs = await references(database.db);
    for (let n = 0; n < 120; n++) await generatedProduct(database.db, refs, rng, n);
  });
  afterAll(() => database?.drop());

  // About 1,000 listings compared per pass: seconds on SQLite, tens of seconds on a busy PostgreSQL.
  const SLOW = 120_000;

  it(
    "answers every filter with a colour, size or tag, in every order, as the variants' probe did",
    async () => {
      expect(await actualFacets(database.db)).toEqual(await expectedFacets(database.db));
      const { compared, nonEmpty } = await expectSameListings(database.db, refs);
      expect(compared).toBe(filters(refs).length * 3);
      // The comparison means something: most filters match some products, the rarest few.
      expect(nonEmpty).toBeGreaterThan(compared / 2);
    },
    SLOW,
  );

  it(
    "follows every write: edits, status, prices, variants, tags, campaigns' columns, deletions",
    async () => {
      const { db } = database;
      const ids = (await db.selectFrom("products").select("id").orderBy("id").execute()).map((row) => row.id);
      for (let round = 0; round < 40; round++) {
        const id = rng.pick(ids);
        const exists = await db.selectFrom("products").select("id").where("id", "=", id).executeTakeFirst();
        if (!exists) continue;
        switch (round % 10) {
          case 0: // the back office's edit: status, category, flags, tags and a new grid
            await catalogueWrite(db, (trx) =>
              updateProduct(trx, id, {
                status: rng.pick(PRODUCT_STATUSES),
                categoryId: rng.pick(refs.categories).id,
                newArrival: rng.next() < 0.5,
                dailyDeal: rng.next() < 0.5,
                tagIds: refs.tags.filter(() => rng.next() < 0.5),
                variants: [
                  {
                    colorId: rng.pick(refs.colors.slice(0, -1)),
                    sizeId: rng.pick(refs.sizes),
                    price: 3000,
                    stock: 2,
                  },
                  {
                    colorId: refs.colors.at(-1)!,
                    sizeId: refs.sizes.at(-1)!,
                    price: 1500 + rng.int(9) * 100,
                    stock: 1,
                  },
                ],
              }),
            );
            break;
          case 1: // taken off sale and back
            await db.updateTable("products").set({ status: "draft" }).where("id", "=", id).execute();
            if (rng.next() < 0.5)
              await db.updateTable("products").set({ status: "active" }).where("id", "=", id).execute();
            break;
          case 2: // a variant sold out: checkout's price refresh
            await db.updateTable("variants").set({ stock: 0 }).where("product_id", "=", id).execute();
            await refreshListingPrice(db, id);
            break;
          case 3: // a variant removed (its colour may stay through another)
            await db
              .deleteFrom("variants")
              .where("id", "=", db.selectFrom("variants").select("id").where("product_id", "=", id).limit(1))
              .execute();
            break;
          case 4: // a variant recoloured in SQL
            await db
              .updateTable("variants")
              .set({ color_id: refs.colors.at(-1)! })
              .where(
                "id",
                "=",
                db
                  .selectFrom("variants")
                  .select("id")
                  .where("product_id", "=", id)
                  .orderBy("id", "desc")
                  .limit(1),
              )
              .execute()
              .catch(() => undefined); // the product may already have that colour in that size
            break;
          case 5: // a campaign's columns
            await db
              .updateTable("products")
              .set({ sale_price: 500 + rng.int(20) * 250, daily_deal: rng.int(2) })
              .where("id", "=", id)
              .execute();
            break;
          case 6: // tags by hand
            await db.deleteFrom("product_tags").where("product_id", "=", id).execute();
            await db
              .insertInto("product_tags")
              .values({ product_id: id, tag_id: rng.pick(refs.tags) })
              .execute();
            break;
          case 7:
            await catalogueWrite(db, (trx) => deleteProduct(trx, id));
            break;
          case 8: // a new product, archived ones put back on sale
            await generatedProduct(db, refs, rng, 1000 + round);
            await db
              .updateTable("products")
              .set({ status: "active" })
              .where("status", "=", "archived")
              .execute();
            break;
          case 9: // a variant added
            await db
              .insertInto("variants")
              .values({
                product_id: id,
                color_id: refs.colors[1]!,
                size_id: refs.sizes.at(-1)!,
                price: 900,
                stock: 1,
                sku: `extra-${round}`,
              })
              .execute()
              .catch(() => undefined);
            break;
        }
      }
      // A tag deleted: its product_tags rows go by the foreign key's cascade.
      await db.deleteFrom("tags").where("id", "=", refs.tags[2]!).execute();
      expect(await actualFacets(db)).toEqual(await expectedFacets(db));
      await expectSameListings(db, refs);
    },
    SLOW,
  );

  it(
    "is filled from an existing catalogue when the migration runs",
    async () => {
      const old = await createTestDatabase({ migrate: false });
      try {
        const stopped = await new Migrator({
          db: old.db as unknown as Kysely<unknown>,
          provider: new StaticProvider(old.engine),
        }).migrateTo("044-jobs");
        expect(stopped.error).toBeUndefined();
        const oldRefs = await references(old.db);
        const seeded = random(7);
        for (let n = 0; n < 60; n++) await generatedProduct(old.db, oldRefs, seeded, n);
        expect(await migrateToLatest(old.db, old.engine)).toContain("045-listing-facets");
        const facets = await actualFacets(old.db);
        expect(facets.length).toBeGreaterThan(60);
        expect(facets).toEqual(await expectedFacets(old.db));
        await expectSameListings(old.db, oldRefs);
      } finally {
        await old.drop();
      }
    },
    SLOW,
  );
});
