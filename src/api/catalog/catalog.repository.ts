import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { Logger } from "pino";
import type { Database } from "../../platform/db/schema.ts";
import type { ProductQuery } from "../../shared/contracts/catalog.ts";
import { CARD_COLUMNS, literalInteger } from "./listing-sql.ts";
import { productImagesRepository } from "./product-images.repository.ts";
import { placedVariants } from "./product-writer.ts";
import { SEARCH_WINDOW, searchRepository } from "./search.repository.ts";
import { searchVocabulary } from "./search-vocabulary.ts";

/** The listing's filters without a search (a search goes through `search`, search.repository.ts). */
export type ProductFilter = Omit<ProductQuery, "take" | "page" | "sort" | "search">;
type ProductsEb = ExpressionBuilder<Database, "products">;

function whereFilter(filter: ProductFilter) {
  return (eb: ProductsEb) => {
    const conditions = [];
    if (filter.type === "new-arrival") conditions.push(eb("products.new_arrival", "=", literalInteger(1)));
    if (filter.type === "daily-deals") conditions.push(eb("products.daily_deal", "=", literalInteger(1)));
    if (filter.category !== undefined) {
      conditions.push(
        eb(
          "products.category_id",
          "=",
          eb.selectFrom("categories").select("categories.id").where("categories.slug", "=", filter.category),
        ),
      );
    }
    if (filter.color !== undefined || filter.size !== undefined) {
      // One variant must carry both: "red in M" means a red M exists.
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

const FILTER_KEYS = ["type", "category", "color", "size", "tag"] as const;

/** The filter as a cache key: equal keys count the same products. */
export function filterKey(filter: ProductFilter): string {
  return JSON.stringify(FILTER_KEYS.map((key) => filter[key] ?? null));
}

/**
 * No WHERE at all when nothing is filtered: SQLite answers a bare COUNT(*) from the b-tree's page headers, but
 * `WHERE 1 = 1` (what an empty AND compiles to) makes it visit every row.
 */
function isFiltered(filter: ProductFilter): boolean {
  return FILTER_KEYS.some((key) => filter[key] !== undefined);
}

export interface CatalogRepositoryOptions {
  /** Told once when PostgreSQL has no pg_trgm and the typo fallback compares words in this process. */
  logger?: Pick<Logger, "warn">;
  /** How many matches a search ranks and answers at most (tests use a small one). */
  searchWindow?: number;
}

export function catalogRepository(db: Kysely<Database>, options: CatalogRepositoryOptions = {}) {
  return {
    /** Products matching the filter (no search). */
    async countProducts(filter: ProductFilter): Promise<number> {
      let query = db.selectFrom("products").select((eb) => eb.fn.countAll<number>().as("count"));
      if (isFiltered(filter)) query = query.where(whereFilter(filter));
      const row = await query.executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** A page of the listing without a search: newest first, or by price. */
    async listProducts(filter: ProductFilter, sort: ProductQuery["sort"], limit: number, offset: number) {
      let query = db.selectFrom("products").select(CARD_COLUMNS);
      if (isFiltered(filter)) query = query.where(whereFilter(filter));
      if (sort === "low2high")
        query = query.orderBy("products.sale_price", "asc").orderBy("products.id", "asc");
      else if (sort === "high2low")
        query = query.orderBy("products.sale_price", "desc").orderBy("products.id", "desc");
      else query = query.orderBy("products.id", "desc");
      // The page size as a literal (1 to 48): with `LIMIT ?` SQLite re-prepares the statement on every run.
      return query.limit(literalInteger(limit)).offset(offset).execute();
    },

    /** The product search (search.repository.ts). */
    search: searchRepository(db, options.searchWindow ?? SEARCH_WINDOW),

    async findProductBySlug(slug: string) {
      return db
        .selectFrom("products")
        .innerJoin("categories", "categories.id", "products.category_id")
        .selectAll("products")
        .select(["categories.name as category_name", "categories.slug as category_slug"])
        .where("products.slug", "=", slug)
        .executeTakeFirst();
    },

    /** The typo fallback's word list (search-vocabulary.ts). */
    vocabulary: searchVocabulary(db, { logger: options.logger }),

    /** The product's variants with what places them; `inDisplayOrder` orders them. */
    productVariants: (productId: number) => placedVariants(db, productId),

    /** The product's colours in the order they were first offered. */
    async productColors(productId: number) {
      return db
        .selectFrom("variants")
        .innerJoin("colors", "colors.id", "variants.color_id")
        .select(["colors.id", "colors.name", "colors.code"])
        .select((eb) => eb.fn.min("variants.id").as("first_variant"))
        .where("variants.product_id", "=", productId)
        .groupBy(["colors.id", "colors.name", "colors.code"])
        .orderBy("first_variant")
        .execute();
    },

    /** The product's photos in display order. */
    productImages: (productId: number) => productImagesRepository(db).list(productId),

    async productExists(productId: number): Promise<{ discount: number } | undefined> {
      return db.selectFrom("products").select("discount").where("id", "=", productId).executeTakeFirst();
    },

    async sizesFor(productId: number, colorId: number) {
      return db
        .selectFrom("variants")
        .innerJoin("sizes", "sizes.id", "variants.size_id")
        .select(["variants.id", "sizes.name as size_name", "variants.price", "variants.stock"])
        .where("variants.product_id", "=", productId)
        .where("variants.color_id", "=", colorId)
        .orderBy("sizes.position")
        .orderBy("sizes.id")
        .execute();
    },

    sliders: () => db.selectFrom("sliders").selectAll().orderBy("position").orderBy("id").execute(),
    categories: () =>
      db.selectFrom("categories").select(["id", "name", "slug"]).orderBy("position").orderBy("id").execute(),
    colors: () => db.selectFrom("colors").select(["id", "name", "code"]).orderBy("name").execute(),
    sizes: () => db.selectFrom("sizes").select(["id", "name"]).orderBy("position").orderBy("id").execute(),
    tags: () => db.selectFrom("tags").select(["id", "name"]).orderBy("name").execute(),
  };
}

export type CatalogRepository = ReturnType<typeof catalogRepository>;
