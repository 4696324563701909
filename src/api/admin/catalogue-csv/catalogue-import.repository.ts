import type { Kysely } from "kysely";
import type { Database, Db } from "../../../platform/db/schema.ts";

/**
 * The catalogue import's own reads and writes (catalogue-import.ts). A product's variants, tags and snapshot come
 * from the products repository, and its writes go through the catalogue writer (products/product-writer.ts).
 */
export function catalogueImportRepository(db: Kysely<Database>) {
  return {
    /** The shop's categories, colours and sizes: the names a file may use. */
    async shopNames() {
      const [categories, colors, sizes] = await Promise.all([
        db.selectFrom("categories").select(["id", "name", "slug"]).execute(),
        db.selectFrom("colors").select(["id", "name"]).execute(),
        db.selectFrom("sizes").select(["id", "name"]).execute(),
      ]);
      return { categories, colors, sizes };
    },

    /** The product whose slug is `handle`. */
    productByHandle: (handle: string, trx: Db = db) =>
      trx.selectFrom("products").selectAll().where("slug", "=", handle).executeTakeFirst(),

    /** When `handle` is an old address of a product, that product's slug now. */
    async redirectedSlug(handle: string, trx: Db = db): Promise<string | undefined> {
      const redirect = await trx
        .selectFrom("product_slug_redirects")
        .innerJoin("products", "products.id", "product_slug_redirects.product_id")
        .select("products.slug")
        .where("product_slug_redirects.old_slug", "=", handle)
        .executeTakeFirst();
      return redirect?.slug;
    },

    /** The variants holding one of `skus`, with their product's slug: of other products than `productId`. */
    skuHolders: (skus: string[], productId: number | undefined, trx: Db = db) =>
      trx
        .selectFrom("variants")
        .innerJoin("products", "products.id", "variants.product_id")
        .select(["variants.sku", "products.slug"])
        .where("variants.sku", "in", skus)
        .$if(productId !== undefined, (query) => query.where("variants.product_id", "!=", productId!))
        .execute(),

    /** The product's photos in order, as the import compares them with the file's. */
    images: (productId: number, trx: Db = db) =>
      trx
        .selectFrom("product_images")
        .select(["file", "color_id as colorId", "alt"])
        .where("product_id", "=", productId)
        .orderBy("position")
        .execute(),

    /** The tags whose lower-cased name is one of `lowerCaseNames`. */
    tagsNamed: (lowerCaseNames: string[], trx: Db = db) =>
      trx
        .selectFrom("tags")
        .select(["id", "name"])
        .where((eb) => eb(eb.fn("lower", ["name"]), "in", lowerCaseNames))
        .execute(),

    /** The row of `table` whose lower-cased name is `lowerCaseName`, if any (the oldest). */
    named: (table: "colors" | "sizes" | "categories", lowerCaseName: string, trx: Db = db) =>
      trx
        .selectFrom(table)
        .select(["id", "name"])
        .where((eb) => eb(eb.fn("lower", ["name"]), "=", lowerCaseName))
        .orderBy("id")
        .executeTakeFirst(),

    /** Adds a colour; answers its id. */
    async insertColor(name: string, code: string, trx: Db = db): Promise<number> {
      const { id } = await trx
        .insertInto("colors")
        .values({ name, code })
        .returning("id")
        .executeTakeFirstOrThrow();
      return id;
    },

    /** Adds a size after the shop's last one; answers its id. */
    async insertSize(name: string, trx: Db = db): Promise<number> {
      const last = await trx
        .selectFrom("sizes")
        .select((eb) => eb.fn.max("position").as("last"))
        .executeTakeFirst();
      const position = Number(last?.last ?? 0) + 1;
      const { id } = await trx
        .insertInto("sizes")
        .values({ name, position })
        .returning("id")
        .executeTakeFirstOrThrow();
      return id;
    },

    /**
     * Adds a top-level category after the last one, its slug made from `slug` (with -2, -3… when a category has
     * it or had it); answers its id.
     */
    async insertCategory(name: string, slug: string, trx: Db = db): Promise<number> {
      const taken = new Set(
        [
          ...(await trx
            .selectFrom("categories")
            .select("slug as s")
            .where("slug", "like", `${slug}%`)
            .execute()),
          ...(await trx
            .selectFrom("category_slug_redirects")
            .select("old_slug as s")
            .where("old_slug", "like", `${slug}%`)
            .execute()),
        ].map((row) => row.s),
      );
      let free = slug;
      for (let n = 2; taken.has(free); n += 1) free = `${slug}-${n}`;
      const last = await trx
        .selectFrom("categories")
        .select((eb) => eb.fn.max("position").as("last"))
        .where("parent_id", "is", null)
        .executeTakeFirst();
      const { id } = await trx
        .insertInto("categories")
        .values({ name, slug: free, position: Number(last?.last ?? 0) + 1 })
        .returning("id")
        .executeTakeFirstOrThrow();
      return id;
    },

    /** Adds a tag; answers its id. */
    async insertTag(name: string, trx: Db = db): Promise<number> {
      const { id } = await trx.insertInto("tags").values({ name }).returning("id").executeTakeFirstOrThrow();
      return id;
    },
  };
}

export type CatalogueImportRepository = ReturnType<typeof catalogueImportRepository>;
