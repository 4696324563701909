import { type Kysely, sql } from "kysely";
import type { Engine } from "../../platform/db/connection.ts";
import type { Database } from "../../platform/db/schema.ts";
import {
  engineOf,
  HIDDEN_TOKEN,
  type IndexedFilter,
  likePrefix,
  NAME_PREFIX_MIN,
  postgresFilterLexeme,
  postgresPrefixQuery,
  prefixMatch,
  queryFilterTokens,
} from "../../platform/db/search-documents.ts";
import type { ProductQuery } from "../../shared/contracts/catalogue.ts";
import { LIVE_STATUS } from "../../shared/product-status.ts";
import { versionedCache } from "../catalogue/count-cache.ts";
import { CARD_COLUMNS, literalInteger } from "../catalogue/listing-sql.repository.ts";
import { type RankedDocument, rankByRelevance } from "./search-ranking.ts";
import { currentSynonyms, type Synonyms, synonymsOf } from "./search-synonyms.ts";

/**
 * Product search against the index (docs/decisions/0021-search-index.md, 0023-search-speed.md).
 *
 * A search answers at most `window` products: the newest `window` matches (by product id), read from the index
 * in that order, which both engines do without visiting the other matches (SQLite walks FTS5's lists backwards
 * by rowid; PostgreSQL walks the primary key backwards checking each document, or, for a rare word, takes its
 * few matches from the GIN index, whichever its planner finds cheaper). Those are ranked in this process (in
 * stock first, then relevance, then newest: search-ranking.ts) or sorted by price, the page is cut from them and
 * only its cards are read. The total is exact up to `window`; beyond it the answer says `capped` ("500+"). The
 * work is about the same at 1,000 and 100,000 products.
 * Filters are tokens in the documents (`queryFilterTokens`), so a filtered search is still one index read.
 */

/** How many matches a search ranks and answers at most. */
export const SEARCH_WINDOW = 500;

/** The listing filter with the search as the index sees it: `words` from `searchWords`, possibly corrected. */
export type SearchFilter = Omit<ProductQuery, "take" | "page" | "sort" | "search"> & { words: string[] };

/** Each query word with its synonyms; a synonym may be a phrase of several words. */
function alternatives(synonyms: Synonyms, word: string): string[][] {
  return [word, ...synonymsOf(synonyms, word)].map((phrase) => phrase.split(" "));
}

/**
 * The FTS5 query: every word (any of its alternatives) in the text columns, the last word also as a prefix, of a
 * stemmed word or of a name as written (`prefixMatch`), and every filter token in `filters`. Words and tokens are
 * letters and digits only, so quoting them as phrases is all the escaping needed.
 */
function ftsMatch(words: string[], synonyms: Synonyms, tokens: string[]): string {
  const last = words.length - 1;
  const text = words
    .map((word, i) => {
      const options = alternatives(synonyms, word).map((parts) => `"${parts.join(" ")}"`);
      if (i === last) return prefixMatch(word, options.slice(1));
      const any = options.length === 1 ? options[0] : `(${options.join(" OR ")})`;
      return `{title facets description} : ${any}`;
    })
    .join(" AND ");
  const filters = tokens.map((token) => `"${token}"`).join(" AND ");
  return `${text}${filters ? ` AND filters : (${filters})` : ""} NOT filters : "${HIDDEN_TOKEN}"`;
}

/** The to_tsquery('english') text of one word: its alternatives with |, phrases with <->, `:*` when a prefix. */
function tsWord(word: string, synonyms: Synonyms, prefix: boolean): string {
  const options = alternatives(synonyms, word).map((parts, j) => {
    const phrase = parts.join(" <-> ");
    return prefix && j === 0 ? `${phrase}:*` : phrase;
  });
  return options.length === 1 ? options[0]! : `(${options.join(" | ")})`;
}

/**
 * The tsquery of the words: each word with its alternatives, the last one as a prefix of a stemmed word, and of
 * a name as written when `names` (`postgresPrefixQuery`).
 */
function tsQuery(words: string[], synonyms: Synonyms, names: boolean) {
  const last = words.at(-1)!;
  const typing = postgresPrefixQuery(last, tsWord(last, synonyms, true), names);
  if (words.length === 1) return typing;
  const whole = words
    .slice(0, -1)
    .map((word) => tsWord(word, synonyms, false))
    .join(" & ");
  return sql`(to_tsquery('english', ${whole}) && ${typing})`;
}

/** The tsquery of the filter tokens (quoted lexemes, taken as they are), and not a hidden product. */
function tsFilterQuery(tokens: string[]): string {
  return [
    ...tokens.map((token) => `'${postgresFilterLexeme(token)}'`),
    `!'${postgresFilterLexeme(HIDDEN_TOKEN)}'`,
  ].join(" & ");
}

/**
 * Shoppers search products on sale only. Drafts and archived products are in the index for the back office with
 * the `hidden` token, which the window leaves out; the product's own status is checked again on the rows read,
 * so a status changed without its document being rewritten still never shows.
 */
const LIVE = sql.lit(LIVE_STATUS);

/** A matching document as the window reads it (title and facets only when ranking by relevance). */
interface Match {
  id: number;
  in_stock: number;
  sale_price: number;
  title: string;
  facets: string;
}

/**
 * The newest `limit` matches on sale, newest first, with what ranking needs (`texts`: title and facets, else
 * empty). The words and tokens are letters and digits only (`searchWords`, `filterTokens`), so they cannot carry
 * query syntax.
 *
 * SQLite: the FTS5 window, joined to `products` for the stock flag, price and status, with CROSS JOIN and the
 * condition in WHERE: the same join, but SQLite then keeps the window as the outer loop and reads each product by
 * its key. With an inner join its planner starts from the status index instead (every product on sale, 100,000 of
 * them) and probes the window for each: 3-4 ms at 100k products where the window read itself takes 0.6 ms.
 *
 * PostgreSQL: `product_search` alone, which keeps copies of those columns (migration 018): joining 500 products
 * cost 0.7 ms of a 4 ms search. The tsquery is written out (not joined from a function scan), so the planner sees
 * it and estimates how many documents match: walking the primary key backwards suits a common word, the GIN index
 * a rare one (with `random_page_cost` 1.1, as every connection has: connection.ts).
 */
function matches(
  engine: Engine,
  words: string[],
  synonyms: Synonyms,
  tokens: string[],
  limit: number,
  texts: boolean,
  names: boolean,
) {
  if (engine === "sqlite") {
    const columns = texts ? sql`hits.title, hits.facets` : sql`'' as title, '' as facets`;
    return sql<Match>`select products.id, products.in_stock, products.sale_price, ${columns}
      from (select rowid, title, facets from product_search where product_search match ${ftsMatch(words, synonyms, tokens)}
        order by rowid desc limit ${literalInteger(limit)}) as hits
      cross join products
      where products.id = hits.rowid and products.status = ${LIVE}`;
  }
  const columns = texts ? sql`title, facets` : sql`'' as title, '' as facets`;
  const query = sql`(${tsQuery(words, synonyms, names)} && ${tsFilterQuery(tokens)}::tsquery)`;
  return sql<Match>`select product_id as id, in_stock, sale_price, ${columns}
    from product_search where document @@ ${query} and status = ${LIVE}
    order by product_id desc limit ${literalInteger(limit)}`;
}

/** The matches in the chosen order: relevance (search-ranking.ts) or price, ties by id as the listing does. */
function ordered<T extends RankedDocument & { sale_price: number }>(
  words: string[],
  synonyms: Synonyms,
  documents: T[],
  sort: ProductQuery["sort"],
): T[] {
  if (sort === "low2high") return documents.toSorted((a, b) => a.sale_price - b.sale_price || a.id - b.id);
  if (sort === "high2low") return documents.toSorted((a, b) => b.sale_price - a.sale_price || b.id - a.id);
  return rankByRelevance(words, synonyms, documents);
}

/**
 * PostgreSQL: whether the last word, typed in part, needs the names as written (`postgresPrefixQuery`), asked of
 * `search_vocabulary` (the same words, kept in the writer's transaction): only when some name starting with it
 * is stemmed so that the stemmed prefix misses it ("embroide": "embroidered" is indexed "embroid"). Most typed
 * words never need them ("laptop", "bag"), and leaving the second prefix out saves the walk a check on every row
 * it passes: about a fifth of a search for a word in 5% of 100,000 products. Kept per process, like the counts:
 * dropped on a catalogue change here, expired after a minute for one elsewhere.
 */
export function namesNeeded(db: Kysely<Database>) {
  const cache = versionedCache<boolean>(60_000, 2_000);
  return (word: string): Promise<boolean> => {
    if (word.length < NAME_PREFIX_MIN) return Promise.resolve(false);
    return cache.get(word, async () => {
      const prefix = likePrefix(word);
      const { rows } = await sql<{ needed: boolean }>`select exists (
          select 1 from search_vocabulary
          where word like ${prefix} and not (to_tsvector('english', word) @@ to_tsquery('english', ${`${word}:*`}))
        ) as needed`.execute(db);
      return rows[0]?.needed === true;
    });
  };
}

export function searchRepository(db: Kysely<Database>, window = SEARCH_WINDOW) {
  const engine = engineOf(db);
  const needsNames = engine === "postgres" ? namesNeeded(db) : () => Promise.resolve(true);

  /**
   * A category's id by its slug, kept per process like the counts (a round trip saved on every search within a
   * category). Only found ids are kept: a category just added is found at once on every instance; one renamed or
   * deleted elsewhere may be found by its old slug for up to a minute, with its own id (which then matches its
   * products, or none).
   */
  const categoryIds = versionedCache<number>(60_000, 1_000);
  const unknownCategory = new Error("unknown category");

  /** The index's filter for a listing filter; null when it can match nothing (an unknown category). */
  async function indexedFilter(filter: SearchFilter): Promise<IndexedFilter | null> {
    let categoryId: number | undefined;
    const slug = filter.category;
    if (slug !== undefined) {
      categoryId = await categoryIds
        .get(slug, async () => {
          const category = await db
            .selectFrom("categories")
            .select("id")
            .where("slug", "=", slug)
            .executeTakeFirst();
          if (!category) throw unknownCategory;
          return category.id;
        })
        .catch((error: unknown) => {
          if (error === unknownCategory) return undefined;
          throw error;
        });
      if (categoryId === undefined) return null;
    }
    return { categoryId, colorId: filter.color, sizeId: filter.size, tagId: filter.tag, type: filter.type };
  }

  /** The cards of `ids`, in that order. */
  async function cards(ids: number[]) {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom("products")
      .select(CARD_COLUMNS)
      .where("products.id", "in", ids)
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  return {
    /** A page of the search's answer (see above): `limit` cards from `offset`, with the total. */
    async search(filter: SearchFilter, sort: ProductQuery["sort"], limit: number, offset: number) {
      const empty = { rows: [], total: 0, capped: false };
      if (filter.words.length === 0) return empty;
      const indexed = await indexedFilter(filter);
      if (!indexed) return empty;
      const [names, synonyms] = await Promise.all([needsNames(filter.words.at(-1)!), currentSynonyms(db)]);
      // One row past the window says whether more match; it is the oldest and never served.
      const tokens = queryFilterTokens(indexed);
      const { rows: documents } = await matches(
        engine,
        filter.words,
        synonyms,
        tokens,
        window + 1,
        sort === "default",
        names,
      ).execute(db);
      const capped = documents.length > window;
      if (capped) {
        const oldest = Math.min(...documents.map((document) => document.id));
        documents.splice(
          documents.findIndex((document) => document.id === oldest),
          1,
        );
      }
      const page = ordered(filter.words, synonyms, documents, sort).slice(offset, offset + limit);
      return {
        rows: await cards(page.map((document) => document.id)),
        total: documents.length,
        capped,
      };
    },

    /** Whether the words (with the filter) find anything: a "did you mean" candidate must. */
    async finds(filter: SearchFilter): Promise<boolean> {
      if (filter.words.length === 0) return false;
      const indexed = await indexedFilter(filter);
      if (!indexed) return false;
      const [names, synonyms] = await Promise.all([needsNames(filter.words.at(-1)!), currentSynonyms(db)]);
      const { rows } = await matches(
        engine,
        filter.words,
        synonyms,
        queryFilterTokens(indexed),
        1,
        false,
        names,
      ).execute(db);
      return rows.length > 0;
    },
  };
}
