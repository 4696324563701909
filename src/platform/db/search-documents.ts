import { type Kysely, SqliteAdapter, sql, type Transaction } from "kysely";
import type { Engine } from "./connection.ts";
import type { Database } from "./schema.ts";

/**
 * The product search index's documents (docs/decisions/0021-search-index.md). One row per product in
 * `product_search`: on SQLite an FTS5 table (rowid = product id), on PostgreSQL a table with a weighted tsvector.
 * Both hold the same normalised text, built here, so the two engines see the same words:
 * - title        (weight A / bm25 10)
 * - facets       category name, colour names, tag names (weight B / bm25 4)
 * - description  HTML stripped (weight D / bm25 1)
 * The catalogue writer calls `writeSearchDocuments` for the products it wrote, inside its transaction.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** The engine behind a Kysely instance (the writer is handed only the instance). */
export function engineOf(db: { getExecutor(): { adapter: unknown } }): Engine {
  return db.getExecutor().adapter instanceof SqliteAdapter ? "sqlite" : "postgres";
}

/** Lower-case words of letters and digits, accents removed, apostrophes dropped ("Kid's" -> "kids"). */
function plainWords(text: string): string[] {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['\u2019]/g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/**
 * A query's words: `plainWords`, with a one-letter word joined to the next ("T-Shirt" -> "tshirt"), since
 * PostgreSQL's English dictionary drops one-letter words. Nothing a shopper types can reach the FTS5 or
 * tsquery syntax: a word is letters and digits only.
 */
export function searchWords(text: string): string[] {
  const words = plainWords(text);
  const joined: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const next = words[i + 1];
    if (words[i]!.length === 1 && next !== undefined) {
      joined.push(words[i]! + next);
      i++;
    } else joined.push(words[i]!);
  }
  return joined;
}

/** A document's text: its words, then each one-letter word joined to the next, so both spellings match. */
function documentText(text: string): string {
  const words = plainWords(text);
  const joined = searchWords(text).filter((word) => !words.includes(word));
  return [...words, ...joined].join(" ");
}

function plainText(html: string): string {
  return html.replace(/<[^>]*>/g, " ").replace(/&[a-z#0-9]+;/gi, " ");
}

export interface SearchDocument {
  productId: number;
  title: string;
  facets: string;
  description: string;
}

const CHUNK = 500;

/** Documents for `productIds` (or every product) from products, categories, colours and tags. */
async function buildDocuments(db: Db, productIds: number[] | "all"): Promise<SearchDocument[]> {
  if (productIds !== "all" && productIds.length === 0) return [];
  let products = db
    .selectFrom("products")
    .innerJoin("categories", "categories.id", "products.category_id")
    .select(["products.id", "products.title", "products.short_description", "categories.name as category"]);
  let colors = db
    .selectFrom("variants")
    .innerJoin("colors", "colors.id", "variants.color_id")
    .select(["variants.product_id", "colors.name"])
    .distinct();
  let tags = db
    .selectFrom("product_tags")
    .innerJoin("tags", "tags.id", "product_tags.tag_id")
    .select(["product_tags.product_id", "tags.name"]);
  if (productIds !== "all") {
    products = products.where("products.id", "in", productIds);
    colors = colors.where("variants.product_id", "in", productIds);
    tags = tags.where("product_tags.product_id", "in", productIds);
  }
  const [productRows, colorRows, tagRows] = await Promise.all([
    products.execute(),
    colors.execute(),
    tags.execute(),
  ]);
  const facets = new Map<number, string[]>();
  for (const row of [...colorRows, ...tagRows]) {
    const list = facets.get(row.product_id) ?? [];
    list.push(row.name);
    facets.set(row.product_id, list);
  }
  return productRows.map((row) => ({
    productId: row.id,
    title: documentText(row.title),
    facets: documentText([row.category, ...(facets.get(row.id) ?? [])].join(", ")),
    description: documentText(plainText(row.short_description)),
  }));
}

/** Rewrites the search documents of `productIds` (or of every product). Call inside the writer's transaction. */
export async function writeSearchDocuments(db: Db, productIds: number[] | "all"): Promise<number> {
  const engine = engineOf(db);
  const documents = await buildDocuments(db, productIds);
  if (productIds === "all") await sql`delete from product_search`.execute(db);
  for (let i = 0; i < documents.length; i += CHUNK) {
    const chunk = documents.slice(i, i + CHUNK);
    const ids = chunk.map((document) => document.productId);
    if (productIds !== "all") {
      const key = engine === "sqlite" ? sql.raw("rowid") : sql.raw("product_id");
      await sql`delete from product_search where ${key} in (${sql.join(ids)})`.execute(db);
    }
    if (engine === "sqlite") {
      const values = chunk.map((d) => sql`(${d.productId}, ${d.title}, ${d.facets}, ${d.description})`);
      await sql`insert into product_search (rowid, title, facets, description) values ${sql.join(values)}`.execute(
        db,
      );
    } else {
      const values = chunk.map(
        (d) =>
          sql`(${d.productId}, ${d.title}, ${d.facets},
            setweight(to_tsvector('english', ${d.title}), 'A') ||
            setweight(to_tsvector('english', ${d.facets}), 'B') ||
            setweight(to_tsvector('english', ${d.description}), 'D'))`,
      );
      await sql`insert into product_search (product_id, title, facets, document) values ${sql.join(values)}`.execute(
        db,
      );
    }
  }
  return documents.length;
}
