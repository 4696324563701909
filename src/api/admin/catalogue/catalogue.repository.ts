import { type Insertable, type Kysely, sql, type Transaction, type Updateable } from "kysely";
import type {
  CategoryTable,
  ColorTable,
  Database,
  Db,
  SizeTable,
  SliderTable,
  TagTable,
} from "../../../platform/db/schema.ts";
import { retryingTransaction } from "../../../platform/db/transaction.ts";

/** The product count (and variant count) columns come back as bigint strings on PostgreSQL. */
const count = (value: unknown) => Number(value ?? 0);

/**
 * The catalogue settings' reads and writes (categories, colours, sizes, tags, slides). Every write takes the
 * transaction the service runs it in; the lists are small tables, and their usage figures are index counts
 * (`products_category_idx`, `variants_color_idx`, `variants_size_idx`, `product_tags_tag_idx`).
 */
export function catalogueRepository(db: Kysely<Database>) {
  return {
    transaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => retryingTransaction(db, work),

    async categories(on: Db = db) {
      const rows = await on
        .selectFrom("categories")
        .select(["id", "name", "slug", "parent_id", "position", "size_chart"])
        .select((eb) =>
          eb
            .selectFrom("products")
            .select(eb.fn.countAll().as("n"))
            .whereRef("products.category_id", "=", "categories.id")
            .as("products"),
        )
        .execute();
      return rows.map((row) => ({ ...row, products: count(row.products) }));
    },

    async categoryUse(on: Db, id: number) {
      const [products, children] = await Promise.all([
        on
          .selectFrom("products")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("category_id", "=", id)
          .executeTakeFirstOrThrow(),
        on
          .selectFrom("categories")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("parent_id", "=", id)
          .executeTakeFirstOrThrow(),
      ]);
      return { products: count(products.n), children: count(children.n) };
    },

    async productsInCategories(on: Db, ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await on.selectFrom("products").select("id").where("category_id", "in", ids).execute();
      return rows.map((row) => row.id);
    },

    async colors(on: Db = db) {
      const rows = await on
        .selectFrom("colors")
        .select(["id", "name", "code"])
        .select((eb) => [
          eb
            .selectFrom("variants")
            .select(eb.fn.countAll().as("n"))
            .whereRef("variants.color_id", "=", "colors.id")
            .as("variants"),
          eb
            .selectFrom("variants")
            .select(sql<number>`count(distinct variants.product_id)`.as("n"))
            .whereRef("variants.color_id", "=", "colors.id")
            .as("products"),
        ])
        .orderBy(sql`lower(name)`)
        .orderBy("id")
        .execute();
      return rows.map((row) => ({ ...row, variants: count(row.variants), products: count(row.products) }));
    },

    async sizes(on: Db = db) {
      const rows = await on
        .selectFrom("sizes")
        .select(["id", "name", "position"])
        .select((eb) => [
          eb
            .selectFrom("variants")
            .select(eb.fn.countAll().as("n"))
            .whereRef("variants.size_id", "=", "sizes.id")
            .as("variants"),
          eb
            .selectFrom("variants")
            .select(sql<number>`count(distinct variants.product_id)`.as("n"))
            .whereRef("variants.size_id", "=", "sizes.id")
            .as("products"),
        ])
        .orderBy("position")
        .orderBy("id")
        .execute();
      return rows.map((row) => ({ ...row, variants: count(row.variants), products: count(row.products) }));
    },

    async tags(on: Db = db) {
      const rows = await on
        .selectFrom("tags")
        .select(["id", "name"])
        .select((eb) =>
          eb
            .selectFrom("product_tags")
            .select(eb.fn.countAll().as("n"))
            .whereRef("product_tags.tag_id", "=", "tags.id")
            .as("products"),
        )
        .orderBy(sql`lower(name)`)
        .orderBy("id")
        .execute();
      return rows.map((row) => ({ ...row, products: count(row.products) }));
    },

    sliders: (on: Db = db) =>
      on.selectFrom("sliders").selectAll().orderBy("position").orderBy("id").execute(),

    /** A row of `table` whose name is `name` whatever its case, other than `exceptId`. */
    async nameTaken(
      on: Db,
      table: "colors" | "sizes" | "tags",
      name: string,
      exceptId?: number,
    ): Promise<boolean> {
      let query = on.selectFrom(table).select("id").where(sql`lower(name)`, "=", name.toLowerCase());
      if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async variantUse(on: Db, column: "color_id" | "size_id", id: number) {
      const row = await on
        .selectFrom("variants")
        .select((eb) => [eb.fn.countAll().as("variants"), sql`count(distinct product_id)`.as("products")])
        .where(column, "=", id)
        .executeTakeFirstOrThrow();
      return { variants: count(row.variants), products: count(row.products) };
    },

    /** The next position at the end of `table` (among the categories under `parentId` for categories). */
    async nextPosition(on: Db, table: "sizes" | "sliders" | "categories", parentId?: number | null) {
      let query = on.selectFrom(table).select((eb) => eb.fn.max("position").as("last"));
      if (table === "categories")
        query = query.where(
          "parent_id",
          parentId === null || parentId === undefined ? "is" : "=",
          parentId ?? null,
        );
      const row = await query.executeTakeFirst();
      return row?.last === null || row?.last === undefined ? 1 : Number(row.last) + 1;
    },

    /** Writes positions 1, 2, 3... in the order of `ids`. */
    async setPositions(on: Db, table: "sizes" | "sliders" | "categories", ids: number[]) {
      for (const [index, id] of ids.entries())
        await on
          .updateTable(table)
          .set({ position: index + 1 })
          .where("id", "=", id)
          .execute();
    },

    /** Products with variants in more than one size, from `after` on, `limit` of them (their card may move). */
    async productsWithSeveralSizes(on: Db, after: number, limit: number): Promise<number[]> {
      const rows = await on
        .selectFrom("variants")
        .select("product_id")
        .where("product_id", ">", after)
        .groupBy("product_id")
        .having(sql`count(distinct size_id)`, ">", 1)
        .orderBy("product_id")
        .limit(limit)
        .execute();
      return rows.map((row) => row.product_id);
    },

    /** What a product's card price is computed from, for the products `ids`. */
    cardPriceInputs: (on: Db, ids: number[]) =>
      Promise.all([
        on
          .selectFrom("products")
          .select(["id", "discount", "price", "sale_price", "in_stock"])
          .where("id", "in", ids)
          .orderBy("id")
          .execute(),
        on
          .selectFrom("variants")
          .innerJoin("sizes", "sizes.id", "variants.size_id")
          .select([
            "variants.id",
            "variants.product_id",
            "variants.color_id",
            "variants.size_id",
            "sizes.position as size_position",
            "variants.price",
            "variants.stock",
          ])
          .where("variants.product_id", "in", ids)
          .execute(),
      ]),

    async setCardPrice(
      on: Db,
      productId: number,
      card: { price: number; sale_price: number; in_stock: number },
    ) {
      await on.updateTable("products").set(card).where("id", "=", productId).execute();
    },

    // Categories, colours, sizes, tags: one row each -----------------------------------------------------------

    async insertCategory(on: Db, values: Insertable<CategoryTable>): Promise<number> {
      const { id } = await on
        .insertInto("categories")
        .values(values)
        .returning("id")
        .executeTakeFirstOrThrow();
      return id;
    },
    async updateCategory(on: Db, id: number, change: Updateable<CategoryTable>) {
      await on.updateTable("categories").set(change).where("id", "=", id).execute();
    },
    /** Remembers `oldSlug` as category `id`'s (migration 034): its old links answer 301 to the current one. */
    async keepOldCategorySlug(on: Db, oldSlug: string, id: number, at: Date) {
      await on.deleteFrom("category_slug_redirects").where("old_slug", "=", oldSlug).execute();
      await on
        .insertInto("category_slug_redirects")
        .values({ old_slug: oldSlug, category_id: id, created_at: at.toISOString() })
        .execute();
    },
    /** A slug a live category now has sends nobody elsewhere. */
    async forgetOldCategorySlug(on: Db, slug: string) {
      await on.deleteFrom("category_slug_redirects").where("old_slug", "=", slug).execute();
    },
    async deleteCategory(on: Db, id: number) {
      await on.deleteFrom("categories").where("id", "=", id).execute();
    },

    async insertColor(on: Db, values: Insertable<ColorTable>): Promise<number> {
      const { id } = await on.insertInto("colors").values(values).returning("id").executeTakeFirstOrThrow();
      return id;
    },
    async updateColor(on: Db, id: number, change: Updateable<ColorTable>) {
      await on.updateTable("colors").set(change).where("id", "=", id).execute();
    },
    async deleteColor(on: Db, id: number) {
      await on.deleteFrom("colors").where("id", "=", id).execute();
    },

    async insertSize(on: Db, values: Insertable<SizeTable>): Promise<number> {
      const { id } = await on.insertInto("sizes").values(values).returning("id").executeTakeFirstOrThrow();
      return id;
    },
    async updateSize(on: Db, id: number, change: Updateable<SizeTable>) {
      await on.updateTable("sizes").set(change).where("id", "=", id).execute();
    },
    async deleteSize(on: Db, id: number) {
      await on.deleteFrom("sizes").where("id", "=", id).execute();
    },

    async insertTag(on: Db, values: Insertable<TagTable>): Promise<number> {
      const { id } = await on.insertInto("tags").values(values).returning("id").executeTakeFirstOrThrow();
      return id;
    },
    async updateTag(on: Db, id: number, change: Updateable<TagTable>) {
      await on.updateTable("tags").set(change).where("id", "=", id).execute();
    },
    async deleteTag(on: Db, id: number) {
      await on.deleteFrom("tags").where("id", "=", id).execute();
    },

    // Slides -----------------------------------------------------------------------------------------------

    async insertSlider(on: Db, values: Insertable<SliderTable>): Promise<number> {
      const { id } = await on.insertInto("sliders").values(values).returning("id").executeTakeFirstOrThrow();
      return id;
    },
    findSlider: (on: Db, id: number) =>
      on.selectFrom("sliders").selectAll().where("id", "=", id).executeTakeFirst(),
    async updateSlider(on: Db, id: number, change: Updateable<SliderTable>) {
      await on.updateTable("sliders").set(change).where("id", "=", id).execute();
    },
    async deleteSlider(on: Db, id: number) {
      await on.deleteFrom("sliders").where("id", "=", id).execute();
    },
  };
}

export type CatalogueRepository = ReturnType<typeof catalogueRepository>;
