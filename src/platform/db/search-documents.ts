import { SqliteAdapter, sql } from "kysely";
import { ancestorIds } from "../../shared/category-tree.ts";
import { LIVE_STATUS } from "../../shared/product-status.ts";
import type { Engine } from "./connection.ts";
import type { Db } from "./schema.ts";

/**
 * The product search index's documents (docs/decisions/0021-search-index.md, 0023-search-speed.md). One row per
 * product in `product_search`: on SQLite an FTS5 table (rowid = product id), on PostgreSQL a table with a
 * weighted tsvector. Both hold the same normalised text, built here, so the two engines see the same words:
 * - title        (weight A / bm25 10)
 * - facets       category name, colour names, tag names (weight B / bm25 4)
 * - description  HTML stripped (weight D / bm25 1)
 * - filters      the listing filters the product passes (`filterTokens`), so a filtered search is answered by
 *                the index alone (SQLite: a fourth column, bm25 weight 0; PostgreSQL: `#`-prefixed lexemes in
 *                the same tsvector, which no shopper's word can produce), and `hidden` for a product shoppers
 *                may not see (a draft or archived product), which a shopper's search leaves out
 * - names        the words of title and facets as written (`nameWords`), for a word typed only in part
 *                (`prefixMatch`, `postgresPrefixQuery`; migration 017). SQLite: a fifth column of every start of
 *                those words (`sqliteNameStarts`); PostgreSQL: `=`-prefixed lexemes in the same tsvector
 * The catalogue writer calls `writeSearchDocuments` for the products it wrote, inside its transaction.
 */

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

/**
 * The words the typo fallback knows from one document (its stored `title` and `facets`, already normalised and
 * space-separated): each distinct word of two or more characters that is not a number. PostgreSQL counts the
 * same words in SQL (the `search_vocabulary` trigger of migration 008), so both engines know the same words.
 */
export function vocabularyWords(title: string, facets: string): Set<string> {
  const words = new Set<string>();
  for (const word of `${title} ${facets}`.split(" ")) {
    if (word.length > 1 && !/^\d+$/.test(word)) words.add(word);
  }
  return words;
}

/**
 * The words of title and facets as written (distinct), which a word typed in part is also matched against.
 * The stemmers index "beautiful" as "beauti" and "rational" as "ration", so the prefix "beautif" or "rationa",
 * typed on the way to the whole word, starts no indexed word: without these the search finds nothing halfway
 * through such words and finds them again once the word is complete. Descriptions are left out: a shopper types
 * what products are called, and a description's word still matches once it is whole.
 */
export function nameWords(title: string, facets: string): string[] {
  return [...new Set(`${title} ${facets}`.split(" ").filter((word) => word.length > 0))];
}

/**
 * A word typed in part is matched against the names from this many characters on: both stemmers leave shorter
 * words as they are, so for them the stemmed words' prefix is enough.
 */
export const NAME_PREFIX_MIN = 3;

/**
 * SQLite keeps, in a column of its own, every start of every name word from `NAME_PREFIX_MIN` characters to the
 * whole word ("emb emba ... embroidered"), and a word typed in part is looked up there as a whole word. The
 * Porter stemmer runs on both sides alike (the typed "every" and the stored start "every" both become "everi"),
 * which a prefix query on the words as written cannot do: FTS5 stems the typed prefix too, so "every"* would ask
 * for words starting "everi", and "everyday" does not.
 */
export function sqliteNameStarts(names: string[]): string {
  const starts = new Set<string>();
  for (const word of names) {
    for (let length = NAME_PREFIX_MIN; length <= word.length; length++) starts.add(word.slice(0, length));
  }
  return [...starts].join(" ");
}

/** A LIKE pattern for words starting with `word` (escaped, though query words are letters and digits). */
export function likePrefix(word: string): string {
  return `${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** PostgreSQL keeps the names as lexemes starting with `=`, which `to_tsquery` never makes from a word. */
export function postgresNameLexeme(word: string): string {
  return `=${word}`;
}

/**
 * The FTS5 query of a word typed in part: its start in the stemmed text columns, or (from `NAME_PREFIX_MIN`
 * characters) the start of a name as written. `alternatives` are more FTS5 phrases the text columns may match
 * instead (a synonym).
 */
export function prefixMatch(word: string, alternatives: string[] = []): string {
  const text = `{title facets description} : (${[`"${word}"*`, ...alternatives].join(" OR ")})`;
  return word.length < NAME_PREFIX_MIN ? text : `(${text} OR names : "${word}")`;
}

/**
 * The tsquery of a word typed in part, `english` being its `to_tsquery('english', …)` text (`word:*`, with
 * any alternatives): that, or (from `NAME_PREFIX_MIN` characters, and unless the caller knows no name needs it:
 * `names` false) the start of a name as written. A stop word ("for", "with") gives an empty English query, which
 * PostgreSQL leaves out of the search; then the name is left out as well, so "bags with" still finds bags while
 * the shopper types on.
 */
export function postgresPrefixQuery(word: string, english: string, names = true) {
  const stemmed = sql`to_tsquery('english', ${english})`;
  if (!names || word.length < NAME_PREFIX_MIN) return stemmed;
  const name = `'${postgresNameLexeme(word)}':*`;
  return sql`(case when numnode(${stemmed}) = 0 then ${stemmed} else ${stemmed} || ${name}::tsquery end)`;
}

/** A listing filter as the index knows it: ids, with the category already resolved from its slug. */
export interface IndexedFilter {
  categoryId?: number;
  colorId?: number;
  sizeId?: number;
  tagId?: number;
  type?: "new-arrival" | "daily-deals";
}

/**
 * The filter tokens a search must match (all of them) for `filter`, in the same words `filterTokens` gives a
 * product. Colour and size together need one variant with both ("red in M" means a red M exists).
 */
export function queryFilterTokens(filter: IndexedFilter): string[] {
  const tokens: string[] = [];
  if (filter.type === "new-arrival") tokens.push("new");
  if (filter.type === "daily-deals") tokens.push("deal");
  if (filter.categoryId !== undefined) tokens.push(`cat${filter.categoryId}`);
  if (filter.colorId !== undefined && filter.sizeId !== undefined)
    tokens.push(`var${filter.colorId}x${filter.sizeId}`);
  else if (filter.colorId !== undefined) tokens.push(`col${filter.colorId}`);
  else if (filter.sizeId !== undefined) tokens.push(`siz${filter.sizeId}`);
  if (filter.tagId !== undefined) tokens.push(`tag${filter.tagId}`);
  return tokens;
}

/** The token of a product that is not on sale (status other than LIVE_STATUS): searches leave it out. */
export const HIDDEN_TOKEN = "hidden";

interface FilteredProduct {
  /** Absent before migration 013 gave products a status: every product was on sale then. */
  status?: string | undefined;
  categoryId: number;
  /** The categories above it (migration 014): a search under a parent category finds its subcategories' products. */
  ancestorCategoryIds?: number[];
  newArrival: boolean;
  dailyDeal: boolean;
  variants: { colorId: number; sizeId: number }[];
  tagIds: number[];
}

/** Every filter token a product passes (letters then digits: one token to FTS5's tokenizer, never stemmed). */
export function filterTokens(product: FilteredProduct): string[] {
  const tokens = new Set<string>([`cat${product.categoryId}`]);
  for (const ancestor of product.ancestorCategoryIds ?? []) tokens.add(`cat${ancestor}`);
  if (product.status !== undefined && product.status !== LIVE_STATUS) tokens.add(HIDDEN_TOKEN);
  if (product.newArrival) tokens.add("new");
  if (product.dailyDeal) tokens.add("deal");
  for (const variant of product.variants) {
    tokens.add(`col${variant.colorId}`);
    tokens.add(`siz${variant.sizeId}`);
    tokens.add(`var${variant.colorId}x${variant.sizeId}`);
  }
  for (const tagId of product.tagIds) tokens.add(`tag${tagId}`);
  return [...tokens];
}

/** PostgreSQL keeps filter tokens as lexemes starting with `#`, which `to_tsquery` never makes from a word. */
export function postgresFilterLexeme(token: string): string {
  return `#${token}`;
}

export interface SearchDocument {
  productId: number;
  title: string;
  facets: string;
  description: string;
  filters: string[];
  names: string[];
}

const CHUNK = 500;

/** Documents for `productIds` (or every product) from products, categories, variants, colours and tags. */
async function buildDocuments(db: Db, productIds: number[]): Promise<SearchDocument[]> {
  if (productIds.length === 0) return [];
  const [productRows, variantRows, tagRows, categoryRows] = await Promise.all([
    // Every column, not a list: `status` comes with migration 013, after migration 008 first builds documents.
    db
      .selectFrom("products")
      .innerJoin("categories", "categories.id", "products.category_id")
      .selectAll("products")
      .select("categories.name as category")
      .where("products.id", "in", productIds)
      .execute(),
    db
      .selectFrom("variants")
      .innerJoin("colors", "colors.id", "variants.color_id")
      .select(["variants.product_id", "variants.color_id", "variants.size_id", "colors.name"])
      .where("variants.product_id", "in", productIds)
      .orderBy("variants.id")
      .execute(),
    db
      .selectFrom("product_tags")
      .innerJoin("tags", "tags.id", "product_tags.tag_id")
      .select(["product_tags.product_id", "product_tags.tag_id", "tags.name"])
      .where("product_tags.product_id", "in", productIds)
      .orderBy("tags.id")
      .execute(),
    // Every column: `parent_id` comes with migration 014, after migration 008 first builds documents.
    db.selectFrom("categories").selectAll().execute(),
  ]);
  const parents = categoryRows.map((row) => ({
    id: row.id,
    parent_id: (row as { parent_id?: number | null }).parent_id ?? null,
  }));
  const variants = new Map<number, typeof variantRows>();
  for (const row of variantRows) variants.set(row.product_id, [...(variants.get(row.product_id) ?? []), row]);
  const tags = new Map<number, typeof tagRows>();
  for (const row of tagRows) tags.set(row.product_id, [...(tags.get(row.product_id) ?? []), row]);
  return productRows.map((row) => {
    const ownVariants = variants.get(row.id) ?? [];
    const ownTags = tags.get(row.id) ?? [];
    const colorNames = [...new Set(ownVariants.map((variant) => variant.name))];
    const title = documentText(row.title);
    const facets = documentText([row.category, ...colorNames, ...ownTags.map((tag) => tag.name)].join(", "));
    return {
      productId: row.id,
      title,
      facets,
      names: nameWords(title, facets),
      description: documentText(plainText(row.short_description)),
      filters: filterTokens({
        status: (row as { status?: string }).status,
        categoryId: row.category_id,
        ancestorCategoryIds: ancestorIds(parents, row.category_id),
        newArrival: row.new_arrival === 1,
        dailyDeal: row.daily_deal === 1,
        variants: ownVariants.map((variant) => ({ colorId: variant.color_id, sizeId: variant.size_id })),
        tagIds: ownTags.map((tag) => tag.tag_id),
      }),
    };
  });
}

async function allProductIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom("products").select("id").orderBy("id").execute();
  return rows.map((row) => row.id);
}

/**
 * Rewrites the search documents of `productIds` (or of every product). Call inside the writer's transaction,
 * after everything the documents are made of (the product, its category, variants and tags) was written.
 */
export async function writeSearchDocuments(db: Db, productIds: number[] | "all"): Promise<number> {
  const engine = engineOf(db);
  if (productIds === "all") await sql`delete from product_search`.execute(db);
  const ids = productIds === "all" ? await allProductIds(db) : [...new Set(productIds)];
  let written = 0;
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunkIds = ids.slice(i, i + CHUNK);
    const documents = await buildDocuments(db, chunkIds);
    written += documents.length;
    if (engine === "sqlite") {
      if (productIds !== "all")
        await sql`delete from product_search where rowid in (${sql.join(chunkIds)})`.execute(db);
      if (documents.length === 0) continue;
      const values = documents.map(
        (d) =>
          sql`(${d.productId}, ${d.title}, ${d.facets}, ${d.description}, ${d.filters.join(" ")},
            ${sqliteNameStarts(d.names)})`,
      );
      await sql`insert into product_search (rowid, title, facets, description, filters, names)
        values ${sql.join(values)}`.execute(db);
      continue;
    }
    // PostgreSQL: one upsert, so the vocabulary trigger sees each product's old and new words in one statement.
    if (documents.length === 0) continue;
    const values = documents.map(
      (d) =>
        sql`(${d.productId}, ${d.title}, ${d.facets},
          setweight(to_tsvector('english', ${d.title}), 'A') ||
          setweight(to_tsvector('english', ${d.facets}), 'B') ||
          setweight(to_tsvector('english', ${d.description}), 'D') ||
          array_to_tsvector(${[...d.filters.map(postgresFilterLexeme), ...d.names.map(postgresNameLexeme)]}::text[]))`,
    );
    await sql`insert into product_search (product_id, title, facets, document) values ${sql.join(values)}
      on conflict (product_id) do update
      set title = excluded.title, facets = excluded.facets, document = excluded.document`.execute(db);
  }
  return written;
}
