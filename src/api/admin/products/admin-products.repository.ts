import {
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SqlBool,
  sql,
  type Transaction,
} from "kysely";
import type { Engine } from "../../../platform/db/connection.ts";
import type { Database } from "../../../platform/db/schema.ts";
import { engineOf, searchWords } from "../../../platform/db/search-documents.ts";
import { retryingTransaction } from "../../../platform/db/transaction.ts";
import type { AdminProductsQuery } from "../../../shared/contracts/admin-products.ts";
import { normaliseSku } from "../../../shared/sku.ts";

type Db = Kysely<Database> | Transaction<Database>;
type ProductsEb = ExpressionBuilder<Database, "products">;

/**
 * The product ids the search index finds for an admin search: every word as the start of a word (staff type
 * fragments: "zebra sat" finds "Zebrawood Satchel"), in the title, the facets (category, colours, tags) or the description, whatever the product's status.
 * The words are letters and digits only (`searchWords`), so they cannot carry FTS5 or tsquery syntax.
 */
function indexHits(engine: Engine, words: string[]) {
  if (engine === "sqlite") {
    const match = `{title facets description} : (${words.map((word) => `"${word}"*`).join(" AND ")})`;
    return sql<number>`(select rowid from product_search where product_search match ${match})`;
  }
  const query = words.map((word) => `${word}:*`).join(" & ");
  return sql<number>`(select product_id from product_search where document @@ to_tsquery('english', ${query}))`;
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
 * built for 100k products: every filter and sort has an index (migration 013), the stock filters start from the
 * variants that qualify (`variants_stock_idx`), and the per-row figures are read for one page of rows only.
 */
export function adminProductsRepository(db: Kysely<Database>) {
  const engine = engineOf(db);

  function whereFilter(filter: AdminProductFilter, lowStock: number) {
    return (eb: ProductsEb) => {
      const conditions: Expression<SqlBool>[] = [];
      if (filter.status !== undefined) conditions.push(eb("products.status", "=", filter.status));
      if (filter.category !== undefined) conditions.push(eb("products.category_id", "=", filter.category));
      if (filter.stock === "low") {
        conditions.push(
          eb(
            "products.id",
            "in",
            eb.selectFrom("variants").select("variants.product_id").where("variants.stock", "<=", lowStock),
          ),
        );
      }
      if (filter.stock === "out") {
        // Candidates from the (few) sold-out variants, then every variant of each must be sold out.
        conditions.push(
          eb(
            "products.id",
            "in",
            eb.selectFrom("variants").select("variants.product_id").where("variants.stock", "=", 0),
          ),
          eb.not(
            eb.exists(
              eb
                .selectFrom("variants")
                .select(sql.lit(1).as("one"))
                .whereRef("variants.product_id", "=", "products.id")
                .where("variants.stock", ">", 0),
            ),
          ),
        );
      }
      if (filter.q !== undefined) {
        const words = searchWords(filter.q);
        // A SKU typed exactly finds its product too (SKUs are stored in upper case).
        const bySku = eb
          .selectFrom("variants")
          .select("variants.product_id")
          .where("variants.sku", "=", normaliseSku(filter.q));
        conditions.push(
          words.length === 0
            ? eb("products.id", "in", bySku)
            : eb.or([eb("products.id", "in", indexHits(engine, words)), eb("products.id", "in", bySku)]),
        );
      }
      return eb.and(conditions);
    };
  }

  return {
    transaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => retryingTransaction(db, work),

    async count(filter: AdminProductFilter, lowStock: number): Promise<number> {
      const row = await db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .where(whereFilter(filter, lowStock))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** One page of the list, with each row's category, stock and variant figures. */
    async list(
      filter: AdminProductFilter,
      sort: AdminProductsQuery["sort"],
      lowStock: number,
      limit: number,
      offset: number,
    ) {
      let query = db
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
          "products.discount",
          "products.updated_at",
          "categories.id as category_id",
          "categories.name as category_name",
        ])
        .select((eb) => [
          eb
            .selectFrom("variants")
            .select((v) => v.fn.coalesce(v.fn.sum<number>("variants.stock"), sql.lit(0)).as("stock"))
            .whereRef("variants.product_id", "=", "products.id")
            .as("stock"),
          eb
            .selectFrom("variants")
            .select((v) => v.fn.countAll<number>().as("variants"))
            .whereRef("variants.product_id", "=", "products.id")
            .as("variants"),
          eb
            .selectFrom("variants")
            .select((v) => v.fn.countAll<number>().as("low"))
            .whereRef("variants.product_id", "=", "products.id")
            .where("variants.stock", "<=", lowStock)
            .as("low_stock_variants"),
        ])
        .where(whereFilter(filter, lowStock));
      for (const [column, direction] of SORTS[sort]) query = query.orderBy(column, direction);
      return query.limit(limit).offset(offset).execute();
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
