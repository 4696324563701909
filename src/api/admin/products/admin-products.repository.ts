import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  sql,
  type Transaction,
} from "kysely";
import type { Engine } from "../../../platform/db/connection.ts";
import type { Database, Db } from "../../../platform/db/schema.ts";
import {
  engineOf,
  postgresPrefixQuery,
  prefixMatch,
  searchWords,
} from "../../../platform/db/search-documents.ts";
import { retryingTransaction } from "../../../platform/db/transaction.ts";
import type { AdminProductsQuery } from "../../../shared/contracts/admin-products.ts";
import { ADMIN_SEARCH_WINDOW } from "../../../shared/product-admin.ts";
import { normaliseSku } from "../../../shared/sku.ts";

type ProductsEb = ExpressionBuilder<Database, "products">;

/**
 * The product ids an admin search finds: those the search index finds, every word as the start of a word (staff
 * type fragments: "zebra sat" finds "Zebrawood Satchel"; one the stemmers would miss, like "embroide", is also
 * looked for at the start of the names as written: `prefixMatch`, `postgresPrefixQuery`) in the title, the
 * facets (category, colours, tags) or the description, whatever the product's status; and the product of a SKU typed exactly (stored in upper case). One
 * list (a UNION), so the page can still walk products in id order. The words are letters and digits only
 * (`searchWords`), so they cannot carry FTS5 or tsquery syntax.
 *
 * The index's part is its newest `window` documents (decision 0067): a word in a tenth of a million products
 * would otherwise make every search list, count and sort 100,000 ids (170-625 ms on PostgreSQL). The newest
 * first is what the index gives cheapest (a common word walks the newest documents and stops, a rare one takes
 * its few from the GIN or FTS5 index, as the shop's search does: decision 0023), so the list's default order
 * pages through the same products it did, up to the window; the other orders sort the window.
 */
function searchHits(engine: Engine, q: string, window: number) {
  const sku = sql<number>`select product_id from variants where sku = ${normaliseSku(q)}`;
  const documents = documentHits(engine, q, window);
  if (!documents) return sql<number>`(${sku})`;
  return sql<number>`(select id from ${documents} as documents union ${sku})`;
}

/** The search index's newest `window` matches (`id`), or undefined when `q` has no words to look for. */
function documentHits(engine: Engine, q: string, window: number) {
  const words = searchWords(q);
  if (words.length === 0) return undefined;
  const limit = sql.lit(window);
  if (engine === "sqlite") {
    const match = words.map((word) => prefixMatch(word)).join(" AND ");
    return sql<number>`(select rowid as id from product_search where product_search match ${match}
      order by rowid desc limit ${limit})`;
  }
  const query = sql.join(
    words.map((word) => postgresPrefixQuery(word, `${word}:*`)),
    sql` && `,
  );
  return sql<number>`(select product_id as id from product_search where document @@ (${query})
    order by product_id desc limit ${limit})`;
}

const SORTS = {
  newest: [["products.id", "desc"]],
  oldest: [["products.id", "asc"]],
  title: [
    ["products.title", "asc"],
    ["products.id", "asc"],
  ],
  title_desc: [
    ["products.title", "desc"],
    ["products.id", "desc"],
  ],
  price_asc: [
    ["products.sale_price", "asc"],
    ["products.id", "asc"],
  ],
  price_desc: [
    ["products.sale_price", "desc"],
    ["products.id", "desc"],
  ],
  updated: [
    ["products.updated_at", "desc"],
    ["products.id", "desc"],
  ],
} as const;

export type AdminProductFilter = Omit<AdminProductsQuery, "page" | "sort">;

/**
 * The back office's product queries (the writes go through the catalogue writer, product-writer.ts). The list is
 * built for 100k products: every sort has an index (migration 013), a search is one list of ids from the index,
 * and the per-row figures are read for one page of rows only (docs/benchmarks.md, "Back-office product list").
 */
export function adminProductsRepository(db: Kysely<Database>, options: { searchWindow?: number } = {}) {
  const engine = engineOf(db);
  const window = options.searchWindow ?? ADMIN_SEARCH_WINDOW;

  /**
   * The filter's conditions. "low": some variant at the threshold or less; for a count that is a list of the
   * (indexed) variants that qualify, for a page a probe per product walked in order, which stops after a page.
   * "out": the listing's own copy of "nothing in stock" (`products.in_stock`, kept by the writer and checkout).
   */
  function whereFilter(filter: AdminProductFilter, lowStock: number, counting: boolean) {
    return (eb: ProductsEb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (filter.status !== undefined) conditions.push(eb("products.status", "=", filter.status));
      if (filter.category !== undefined) conditions.push(eb("products.category_id", "=", filter.category));
      if (filter.stock === "low") {
        const low = eb.selectFrom("variants").where("variants.stock", "<=", lowStock);
        conditions.push(
          counting
            ? eb("products.id", "in", low.select("variants.product_id"))
            : eb.exists(low.select(sql.lit(1).as("one")).whereRef("variants.product_id", "=", "products.id")),
        );
      }
      if (filter.stock === "out") conditions.push(eb("products.in_stock", "=", 0));
      if (filter.q !== undefined)
        conditions.push(eb("products.id", "in", searchHits(engine, filter.q, window)));
      return eb.and(conditions);
    };
  }

  return {
    transaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => retryingTransaction(db, work),

    /**
     * The products matching the filter, counted up to `atMost + 1` (the list says "10,000+" past its limit): the
     * count stops there, however many match.
     */
    async count(filter: AdminProductFilter, lowStock: number, atMost: number): Promise<number> {
      const limit = sql.lit(atMost + 1);
      if (
        filter.q !== undefined &&
        Object.values({ ...filter, q: undefined }).every((value) => value === undefined)
      ) {
        // A search alone: its list of ids is the answer (every document and SKU belongs to a product).
        const hits = await sql<{
          count: number | string;
        }>`select count(*) as count from (select * from ${searchHits(engine, filter.q, window)} as hits limit ${limit}) as capped`.execute(
          db,
        );
        return Number(hits.rows[0]?.count ?? 0);
      }
      const matches = db
        .selectFrom("products")
        .select("products.id")
        .where(whereFilter(filter, lowStock, true))
        .limit(limit)
        .as("matches");
      const row = await db
        .selectFrom(matches)
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /**
     * Whether the search found more documents than its window holds (`searchHits`): its count is then a floor,
     * and the list says so ("1,000+").
     */
    async searchWindowFull(q: string): Promise<boolean> {
      const documents = documentHits(engine, q, window + 1);
      if (!documents) return false;
      const { rows } = await sql<{
        count: number | string;
      }>`select count(*) as count from ${documents} as hits`.execute(db);
      return Number(rows[0]?.count ?? 0) > window;
    },

    /**
     * One page of the list, with each row's category and stock figures. The page's ids are found first (the
     * filter, the sort's index, LIMIT and OFFSET, nothing else), then only those rows are read in full: a deep
     * page then costs an index walk, not the figures of every row skipped (PostgreSQL works out a select list
     * before OFFSET drops the row).
     */
    async list(
      filter: AdminProductFilter,
      sort: AdminProductsQuery["sort"],
      lowStock: number,
      limit: number,
      offset: number,
    ) {
      let page = db
        .selectFrom("products")
        .select("products.id")
        .where(whereFilter(filter, lowStock, false));
      for (const [column, direction] of SORTS[sort]) page = page.orderBy(column, direction);
      const ids = (await page.limit(limit).offset(offset).execute()).map((row) => row.id);
      if (ids.length === 0) return [];
      const [rows, figures] = await Promise.all([
        db
          .selectFrom("products")
          .innerJoin("categories", "categories.id", "products.category_id")
          .select([
            "products.id",
            "products.title",
            "products.slug",
            "products.status",
            "products.image",
            "products.price",
            "products.sale_price",
            "products.own_discount",
            "products.updated_at",
            "categories.id as category_id",
            "categories.name as category_name",
          ])
          .where("products.id", "in", ids)
          .execute(),
        db
          .selectFrom("variants")
          .select((eb) => [
            "variants.product_id",
            eb.fn.sum<number | string>("variants.stock").as("stock"),
            eb.fn.countAll<number | string>().as("variants"),
            eb.fn
              .sum<number | string>(eb.case().when("variants.stock", "<=", lowStock).then(1).else(0).end())
              .as("low_stock_variants"),
          ])
          .where("variants.product_id", "in", ids)
          .groupBy("variants.product_id")
          .execute(),
      ]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const figuresOf = new Map(figures.map((row) => [row.product_id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        if (!row) return [];
        const figure = figuresOf.get(id);
        return [
          {
            ...row,
            stock: Number(figure?.stock ?? 0),
            variants: Number(figure?.variants ?? 0),
            low_stock_variants: Number(figure?.low_stock_variants ?? 0),
          },
        ];
      });
    },

    /** The product with its category, whatever its status. */
    find: (productId: number, trx: Db = db) =>
      trx.selectFrom("products").selectAll().where("id", "=", productId).executeTakeFirst(),

    /** The product's variants with their colour and size, and whether each has been ordered, in id order. */
    variants: (productId: number, trx: Db = db) =>
      trx
        .selectFrom("variants")
        .innerJoin("colors", "colors.id", "variants.color_id")
        .innerJoin("sizes", "sizes.id", "variants.size_id")
        .select([
          "variants.id",
          "variants.color_id",
          "variants.size_id",
          "variants.price",
          "variants.stock",
          "variants.sku",
          "colors.name as color_name",
          "colors.code as color_code",
          "sizes.name as size_name",
          "sizes.position as size_position",
        ])
        .select((eb) =>
          eb
            .exists(
              eb
                .selectFrom("order_items")
                .select(sql.lit(1).as("one"))
                .whereRef("order_items.product_id", "=", "variants.product_id")
                .whereRef("order_items.variant_id", "=", "variants.id"),
            )
            .as("has_orders"),
        )
        .where("variants.product_id", "=", productId)
        .orderBy("variants.id")
        .execute(),

    async tagIds(productId: number, trx: Db = db): Promise<number[]> {
      const rows = await trx
        .selectFrom("product_tags")
        .select("tag_id")
        .where("product_id", "=", productId)
        .orderBy("tag_id")
        .execute();
      return rows.map((row) => row.tag_id);
    },

    async oldSlugs(productId: number, trx: Db = db): Promise<string[]> {
      const rows = await trx
        .selectFrom("product_slug_redirects")
        .select("old_slug")
        .where("product_id", "=", productId)
        .orderBy("id", "desc")
        .execute();
      return rows.map((row) => row.old_slug);
    },

    /** The product's latest audit entries, newest first. */
    history: (productId: number, limit: number) =>
      db
        .selectFrom("audit_log")
        .select(["id", "action", "actor_email", "before", "after", "created_at"])
        .where("entity_type", "=", "product")
        .where("entity_id", "=", String(productId))
        .orderBy("id", "desc")
        .limit(limit)
        .execute(),

    /** Who holds a slug: a product (as its slug) or a redirect (an earlier slug of a product). */
    async slugHolder(
      slug: string,
      trx: Db = db,
    ): Promise<{ productId: number; current: boolean } | undefined> {
      const product = await trx
        .selectFrom("products")
        .select("id")
        .where("slug", "=", slug)
        .executeTakeFirst();
      if (product) return { productId: product.id, current: true };
      const redirect = await trx
        .selectFrom("product_slug_redirects")
        .select("product_id")
        .where("old_slug", "=", slug)
        .executeTakeFirst();
      return redirect ? { productId: redirect.product_id, current: false } : undefined;
    },

    /** Of `skus`, those a variant of another product (than `productId`) holds. */
    async skusHeldElsewhere(
      skus: string[],
      productId: number | undefined,
      trx: Db = db,
    ): Promise<Set<string>> {
      if (skus.length === 0) return new Set();
      let query = trx.selectFrom("variants").select("sku").where("sku", "in", skus);
      if (productId !== undefined) query = query.where("product_id", "!=", productId);
      const rows = await query.execute();
      return new Set(rows.flatMap((row) => (row.sku === null ? [] : [row.sku])));
    },

    /** Of `ids`, those that exist in `table`. */
    async existing(
      table: "categories" | "colors" | "sizes" | "tags",
      ids: number[],
      trx: Db = db,
    ): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await trx.selectFrom(table).select("id").where("id", "in", ids).execute();
      return new Set(rows.map((row) => row.id));
    },

    async hasOrders(productId: number, trx: Db = db): Promise<boolean> {
      const row = await trx
        .selectFrom("order_items")
        .select("id")
        .where("product_id", "=", productId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Writes the product row (to itself), which on PostgreSQL locks it until the transaction ends, and answers it
     * as it is once the lock is held: two saves of one product take turns, and the second reads the first's
     * result. Undefined when there is no such product.
     */
    lock: (productId: number, trx: Db) =>
      trx
        .updateTable("products")
        .set((eb) => ({ updated_at: eb.ref("updated_at") }))
        .where("id", "=", productId)
        .returningAll()
        .executeTakeFirst(),
  };
}

export type AdminProductsRepository = ReturnType<typeof adminProductsRepository>;
