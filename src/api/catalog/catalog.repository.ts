import { type ExpressionBuilder, type Kysely, sql } from "kysely";
import type { Engine } from "../../platform/db/connection.ts";
import type { Database } from "../../platform/db/schema.ts";
import { engineOf, searchWords } from "../../platform/db/search-documents.ts";
import type { ProductQuery } from "../../shared/contracts/catalog.ts";
import { productImagesRepository } from "./product-images.repository.ts";
import { placedVariants } from "./product-writer.ts";
import { synonymsOf } from "./search-synonyms.ts";
import { searchVocabulary } from "./search-vocabulary.ts";

/**
 * `words`: the search as the index sees it (`searchWords`), possibly corrected by the typo fallback
 * (search-vocabulary.ts); without it the words of `search` itself.
 */
export type ProductFilter = Omit<ProductQuery, "take" | "page" | "sort"> & { words?: string[] };
type ProductsEb = ExpressionBuilder<Database, "products">;

const CARD_COLUMNS = [
  "products.id",
  "products.slug",
  "products.title",
  "products.image",
  "products.back_image",
  "products.price",
  "products.sale_price",
  "products.discount",
  "products.new_arrival",
  "products.rating",
  "products.reviews",
] as const;

function wordsOf(filter: ProductFilter): string[] | undefined {
  if (filter.search === undefined) return undefined;
  return filter.words ?? searchWords(filter.search);
}

/**
 * The products matching every word, with a relevance score (higher is better). Words match at word starts
 * after stemming ("bags" finds "bag"); the last word also as a prefix, for a shopper still typing ("tot").
 * The words are letters and digits only (`searchWords`), so they cannot carry FTS5 or tsquery syntax.
 * Unless `scored`, the score is 0: a count or a price order need not rank every match.
 */
function searchHits(engine: Engine, words: string[], scored: boolean) {
  const last = words.length - 1;
  // Each alternative is one or more words (a synonym like "t shirt" is a phrase).
  const alternatives = (word: string) => [word, ...synonymsOf(word)].map((phrase) => phrase.split(" "));
  if (engine === "sqlite") {
    const match = words
      .map((word, i) => {
        const options = alternatives(word).map((parts, j) => {
          const phrase = `"${parts.join(" ")}"`;
          return i === last && j === 0 ? `${phrase}*` : phrase;
        });
        return options.length === 1 ? options[0] : `(${options.join(" OR ")})`;
      })
      .join(" AND ");
    const score = scored ? sql`-bm25(product_search, 10.0, 4.0, 1.0)` : sql.lit(0);
    return sql<{ product_id: number; score: number }>`(select rowid as product_id, ${score} as score
      from product_search where product_search match ${match})`.as("hits");
  }
  const query = words
    .map((word, i) => {
      const options = alternatives(word).map((parts, j) => {
        const phrase = parts.join(" <-> ");
        return i === last && j === 0 ? `${phrase}:*` : phrase;
      });
      return options.length === 1 ? options[0] : `(${options.join(" | ")})`;
    })
    .join(" & ");
  // The tsquery written out twice rather than joined from a function scan: the planner then uses the GIN index.
  const score = scored ? sql`ts_rank(document, to_tsquery('english', ${query}))` : sql.lit(0);
  return sql<{ product_id: number; score: number }>`(select product_id, ${score} as score
    from product_search where document @@ to_tsquery('english', ${query}))`.as("hits");
}

/**
 * A small validated integer written into the SQL rather than bound. better-sqlite3 is built with
 * SQLITE_ENABLE_STAT4, and SQLite then re-prepares a statement on every run when its plan depended on a bound
 * value, as it does for `LIMIT ?` and for `new_arrival = ?` (0 or 1): 15-40 us a query. Measured in-process at
 * 10,000 products: page 1 79 -> 42 us, new arrivals 88 -> 50 us; the colour, size and tag ids showed no such
 * cost and stay bound.
 */
function literalInteger(value: number) {
  if (!Number.isSafeInteger(value)) throw new Error(`expected an integer, got ${value}`);
  return sql.lit(value);
}

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
    // A search with no words at all ("%", "--") matches nothing; one with words is an inner join (searchHits).
    if (wordsOf(filter)?.length === 0) conditions.push(sql<boolean>`1 = 0`);
    return eb.and(conditions);
  };
}

const FILTER_KEYS = ["type", "category", "color", "size", "tag", "search"] as const;

/** The filter as a cache key: equal keys count the same products (the search is case-insensitive). */
export function filterKey(filter: ProductFilter): string {
  return JSON.stringify(
    FILTER_KEYS.map((key) => (key === "search" ? wordsOf(filter)?.join(" ") : filter[key]) ?? null),
  );
}

/**
 * No WHERE at all when nothing is filtered: SQLite answers a bare COUNT(*) from the b-tree's page headers, but
 * `WHERE 1 = 1` (what an empty AND compiles to) makes it visit every row.
 */
function isFiltered(filter: ProductFilter): boolean {
  return FILTER_KEYS.some((key) => filter[key] !== undefined);
}

/** Products with a variant in stock come before sold-out ones in a relevance order. */
// A scalar subquery with LIMIT 1 rather than EXISTS: PostgreSQL turns an EXISTS here into a hash of every
// variant in stock (30 ms at 10,000 products); this is one index probe per match (8 ms for 1,000 matches).
const IN_STOCK = sql<boolean>`(select 1 from variants where variants.product_id = products.id and variants.stock > 0 limit 1) is not null`;

export function catalogRepository(db: Kysely<Database>) {
  const engine = engineOf(db);
  /** The products table, joined to the search hits when the filter has search words. */
  function products(filter: ProductFilter, scored: boolean) {
    const words = wordsOf(filter);
    const from = db.selectFrom("products");
    if (words === undefined || words.length === 0) return { query: from, searched: false };
    return {
      query: from.innerJoin(searchHits(engine, words, scored), (join) =>
        join.onRef("hits.product_id", "=", "products.id"),
      ),
      searched: true,
    };
  }

  return {
    async countProducts(filter: ProductFilter): Promise<number> {
      const words = wordsOf(filter);
      if (
        words !== undefined &&
        words.length > 0 &&
        FILTER_KEYS.every((key) => key === "search" || filter[key] === undefined)
      ) {
        // A search alone: every document belongs to a product (cascade / trigger), so count the index's hits.
        const row = await db
          .selectFrom(searchHits(engine, words, false))
          .select((eb) => eb.fn.countAll<number>().as("count"))
          .executeTakeFirstOrThrow();
        return Number(row.count);
      }
      let query = products(filter, false).query.select((eb) => eb.fn.countAll<number>().as("count"));
      if (isFiltered(filter)) query = query.where(whereFilter(filter));
      const row = await query.executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async listProducts(filter: ProductFilter, sort: ProductQuery["sort"], limit: number, offset: number) {
      const from = products(filter, sort === "default");
      let query = from.query.select(CARD_COLUMNS);
      if (isFiltered(filter)) query = query.where(whereFilter(filter));
      if (from.searched && sort === "default")
        // Relevance: in stock first, then the score (title over facets over description), newest last.
        query = query
          .orderBy(IN_STOCK, "desc")
          .orderBy(sql`hits.score`, "desc")
          .orderBy("products.id", "desc");
      else if (sort === "low2high")
        query = query.orderBy("products.sale_price", "asc").orderBy("products.id", "asc");
      else if (sort === "high2low")
        query = query.orderBy("products.sale_price", "desc").orderBy("products.id", "desc");
      else query = query.orderBy("products.id", "desc");
      // The page size as a literal (1 to 48): with `LIMIT ?` SQLite re-prepares the statement on every run.
      return query.limit(literalInteger(limit)).offset(offset).execute();
    },

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
    vocabulary: searchVocabulary(db),

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
