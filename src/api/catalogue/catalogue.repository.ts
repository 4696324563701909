import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
} from "kysely";
import type { Logger } from "pino";
import { type Database, FACET_KIND } from "../../platform/db/schema.ts";
import { CATEGORY_DEPTH_MAX } from "../../shared/catalogue-settings.ts";
import type { ProductQuery } from "../../shared/contracts/catalogue.ts";
import { LIVE_STATUS } from "../../shared/product-status.ts";
import { productImagesRepository } from "../products/product-images.repository.ts";
import { placedVariants } from "../products/product-writer.repository.ts";
import { SEARCH_WINDOW, searchRepository } from "../search/search.repository.ts";
import { searchVocabulary } from "../search/search-vocabulary.ts";
import { CARD_COLUMNS, literalInteger } from "./listing-sql.repository.ts";

/** The listing's filters without a search (a search goes through `search`, search.repository.ts). */
export type ProductFilter = Omit<ProductQuery, "take" | "page" | "sort" | "search"> & {
  /** The category (`category`) and every category under it, when it has any (docs/decisions/0031). */
  categoryIds?: number[];
};
type ProductsEb = ExpressionBuilder<Database, "products">;
type FacetsEb = ExpressionBuilder<Database & { f: Database["product_facets"] }, "f">;

/** Shoppers see products on sale only: drafts and archived products are the back office's. */
const LIVE = sql.lit(LIVE_STATUS);

function whereFilter(filter: ProductFilter) {
  return (eb: ProductsEb) => {
    const conditions: Expression<SqlBool>[] = [eb("products.status", "=", LIVE)];
    if (filter.type === "new-arrival") conditions.push(eb("products.new_arrival", "=", literalInteger(1)));
    if (filter.type === "daily-deals") conditions.push(eb("products.daily_deal", "=", literalInteger(1)));
    if (filter.categoryIds !== undefined && filter.categoryIds.length > 1) {
      // A category with subcategories lists theirs too: the ids come from the service, read once per request.
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
    return eb.and(conditions);
  };
}

/**
 * The `product_facets` range (migration 045, decision 0067) a filter with a colour, a size or a tag walks: the
 * colour-and-size pair when it has both ("red in M" means one variant is a red M), else the colour, the size or
 * the tag. Undefined for a filter without any (it walks the products' own indexes).
 */
function facetRange(filter: ProductFilter): { kind: number; value: number; second: number } | undefined {
  if (filter.color !== undefined && filter.size !== undefined)
    return { kind: FACET_KIND.colorAndSize, value: filter.color, second: filter.size };
  if (filter.color !== undefined) return { kind: FACET_KIND.color, value: filter.color, second: 0 };
  if (filter.size !== undefined) return { kind: FACET_KIND.size, value: filter.size, second: 0 };
  if (filter.tag !== undefined) return { kind: FACET_KIND.tag, value: filter.tag, second: 0 };
  return undefined;
}

/**
 * The facet rows of a filter with a colour, size or tag: its range, with the category and type read from the
 * same index entries (the rows hold copies of the product's columns, and only products on sale have rows). A tag
 * beside a colour or size is a probe of the tag's row for each one walked.
 */
function whereFacet(filter: ProductFilter, range: { kind: number; value: number; second: number }) {
  return (eb: FacetsEb) => {
    const conditions: Expression<SqlBool>[] = [
      eb("f.kind", "=", literalInteger(range.kind)),
      eb("f.value_id", "=", range.value),
      eb("f.second_id", "=", range.second),
    ];
    if (filter.type === "new-arrival") conditions.push(eb("f.new_arrival", "=", literalInteger(1)));
    if (filter.type === "daily-deals") conditions.push(eb("f.daily_deal", "=", literalInteger(1)));
    if (filter.categoryIds !== undefined && filter.categoryIds.length > 1) {
      conditions.push(eb("f.category_id", "in", filter.categoryIds));
    } else if (filter.category !== undefined) {
      conditions.push(
        eb(
          "f.category_id",
          "=",
          eb.selectFrom("categories").select("categories.id").where("categories.slug", "=", filter.category),
        ),
      );
    }
    if (filter.tag !== undefined && range.kind !== FACET_KIND.tag) {
      conditions.push(
        eb.exists(
          eb
            .selectFrom("product_facets as t")
            .select(sql.lit(1).as("one"))
            .where("t.kind", "=", literalInteger(FACET_KIND.tag))
            .where("t.value_id", "=", filter.tag)
            .where("t.second_id", "=", 0)
            .whereRef("t.product_id", "=", "f.product_id"),
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

export interface CatalogRepositoryOptions {
  /** Told once when PostgreSQL has no pg_trgm and the typo fallback compares words in this process. */
  logger?: Pick<Logger, "warn">;
  /** How many matches a search ranks and answers at most (tests use a small one). */
  searchWindow?: number;
}

export function catalogRepository(db: Kysely<Database>, options: CatalogRepositoryOptions = {}) {
  /**
   * A page of the listing without a search: newest first, or by price. The page's ids are found first (the
   * filter and the order from the listing's indexes, migration 033, skipping `offset` rows there), then only
   * those rows are read: a deeper page walks index entries, not whole rows.
   */
  function listProductsQuery(
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
    const card = (page: Expression<number>) =>
      ordered(db.selectFrom("products").select(CARD_COLUMNS).where("products.id", "in", page));
    const range = facetRange(filter);
    if (range) {
      // The facet's index in the listing's order (its rows copy the product's sale price): a range walk.
      let ids = db.selectFrom("product_facets as f").select("f.product_id").where(whereFacet(filter, range));
      if (sort === "low2high") ids = ids.orderBy("f.sale_price", "asc").orderBy("f.product_id", "asc");
      else if (sort === "high2low") ids = ids.orderBy("f.sale_price", "desc").orderBy("f.product_id", "desc");
      else ids = ids.orderBy("f.product_id", "desc");
      return card(ids.limit(literalInteger(limit)).offset(offset) as never);
    }
    // The page size as a literal (1 to 48): with `LIMIT ?` SQLite re-prepares the statement on every run.
    const page = ordered(db.selectFrom("products").select("products.id").where(whereFilter(filter)))
      .limit(literalInteger(limit))
      .offset(offset);
    return card(page as never);
  }

  return {
    /**
     * Products matching the filter (no search), counted up to `atMost`: the answer is `atMost + 1` when more
     * match. The count stops there, so it costs the same in a catalogue of ten thousand or a million
     * (docs/decisions/0059-a-million-products.md).
     */
    async countProducts(filter: ProductFilter, atMost: number): Promise<number> {
      const range = facetRange(filter);
      // Ids only, up to `atMost + 1`: from the facet's range, or from the products' own indexes.
      const matches: SelectQueryBuilder<Database, "products", { id: number }> = range
        ? (db
            .selectFrom("product_facets as f")
            .select("f.product_id as id")
            .where(whereFacet(filter, range))
            .limit(literalInteger(atMost + 1)) as never)
        : db
            .selectFrom("products")
            .select("products.id")
            .where(whereFilter(filter))
            .limit(literalInteger(atMost + 1));
      const row = await db
        .selectFrom(matches.as("matches"))
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    listProducts(filter: ProductFilter, sort: ProductQuery["sort"], limit: number, offset: number) {
      return listProductsQuery(filter, sort, limit, offset).execute();
    },

    listProductsQuery,

    /** The product search (search.repository.ts). */
    search: searchRepository(db, options.searchWindow ?? SEARCH_WINDOW),

    /**
     * The product with this slug, whatever its status, or the one that had it before (an old slug is kept in
     * `product_slug_redirects`; the product's own `slug` then differs from the one asked for).
     */
    async findProductBySlug(slug: string) {
      const product = db
        .selectFrom("products")
        .innerJoin("categories", "categories.id", "products.category_id")
        .selectAll("products")
        .select(["categories.name as category_name", "categories.slug as category_slug"]);
      return (
        (await product.where("products.slug", "=", slug).executeTakeFirst()) ??
        (await product
          .where(
            "products.id",
            "=",
            db.selectFrom("product_slug_redirects").select("product_id").where("old_slug", "=", slug),
          )
          .executeTakeFirst())
      );
    },

    /**
     * The running sale with a countdown that ends first (`campaignId`: that sale only, when it is one), for the
     * countdown line: few campaigns, an index on their end.
     */
    async saleCountdown(now: string, campaignId?: number) {
      let query = db
        .selectFrom("campaigns")
        .select(["name", "ends_at"])
        .where("status", "=", "active")
        .where("countdown", "=", 1)
        .where("starts_at", "<=", now)
        .where("ends_at", ">", now);
      if (campaignId !== undefined) query = query.where("id", "=", campaignId);
      return query.orderBy("ends_at").limit(1).executeTakeFirst();
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

    /**
     * The size chart (JSON) of the category or the nearest category above it that has one: what a product
     * without a chart of its own shows. Null when none has.
     */
    async categorySizeChart(categoryId: number): Promise<string | null> {
      let id: number | null = categoryId;
      for (let depth = 0; id !== null && depth < CATEGORY_DEPTH_MAX; depth++) {
        const row = await db
          .selectFrom("categories")
          .select(["parent_id", "size_chart"])
          .where("id", "=", id)
          .executeTakeFirst();
        if (!row) return null;
        if (row.size_chart !== null) return row.size_chart;
        id = row.parent_id;
      }
      return null;
    },

    /** The product's photos in display order. */
    productImages: (productId: number) => productImagesRepository(db).list(productId),

    /** The product if shoppers may see it (on sale). */
    async liveProduct(productId: number): Promise<{ discount: number } | undefined> {
      return db
        .selectFrom("products")
        .select("discount")
        .where("id", "=", productId)
        .where("status", "=", LIVE)
        .executeTakeFirst();
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

    /** The slides showing at `now` (an ISO time): started (or no start) and not ended (or no end), in order. */
    sliders: (now: string) =>
      db
        .selectFrom("sliders")
        .selectAll()
        .where((eb) =>
          eb.and([
            eb.or([eb("starts_at", "is", null), eb("starts_at", "<=", now)]),
            eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]),
          ]),
        )
        .orderBy("position")
        .orderBy("id")
        .execute(),
    categories: () =>
      db
        .selectFrom("categories")
        .select(["id", "name", "slug", "parent_id", "position"])
        .orderBy("position")
        .orderBy("id")
        .execute(),
    /** The current slug of the category that once had `slug` (migration 034), if any. */
    categoryRedirect: async (slug: string): Promise<string | undefined> =>
      (
        await db
          .selectFrom("category_slug_redirects")
          .innerJoin("categories", "categories.id", "category_slug_redirects.category_id")
          .select("categories.slug")
          .where("category_slug_redirects.old_slug", "=", slug)
          .executeTakeFirst()
      )?.slug,
    /** Every category's place in the tree (few rows: the listing finds a category's subtree in it). */
    categoryPlaces: () => db.selectFrom("categories").select(["id", "slug", "parent_id"]).execute(),
    colors: () => db.selectFrom("colors").select(["id", "name", "code"]).orderBy("name").execute(),
    sizes: () => db.selectFrom("sizes").select(["id", "name"]).orderBy("position").orderBy("id").execute(),
    tags: () => db.selectFrom("tags").select(["id", "name"]).orderBy("name").execute(),
  };
}

export type CatalogRepository = ReturnType<typeof catalogRepository>;
