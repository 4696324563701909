import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Database } from "../../platform/db/schema.ts";
import { engineOf, likePrefix, vocabularyWords } from "../../platform/db/search-documents.ts";
import { catalogueVersion } from "../catalogue/count-cache.ts";
import { currentSynonyms, type Synonyms } from "./search-synonyms.ts";
import {
  hasTrigramIndex,
  searchDocumentTexts,
  trigramNeighbourCounts,
  vocabularyCounts,
} from "./search-vocabulary.repository.ts";

/**
 * The typo fallback (docs/decisions/0021-search-index.md, 0023-search-speed.md): a query word the catalogue does
 * not know is compared, by edit distance, with the words of the indexed titles, category, colour and tag names
 * (`vocabularyWords`), each with how many products have it. It runs only when a search found nothing.
 *
 * Where the candidate words come from:
 * - PostgreSQL with pg_trgm, for the correction of a search: `search_vocabulary` (kept by triggers in the
 *   writer's transaction), asked for the words that share a trigram with the query word or start with it,
 *   through its trigram index. A word one edit from a word of four or more letters always shares a trigram with
 *   it, so the candidates hold every word the rule below can choose: the answer is the one the full scan gives.
 * - SQLite, PostgreSQL without pg_trgm (logged once), and "did you mean" everywhere: every word, read once and
 *   cached per process (dropped on a catalogue write in this process, a minute's expiry for writes by others);
 *   on PostgreSQL from `search_vocabulary`, on SQLite from the FTS5 table's stored text.
 * Either way the same rule picks the word: fewest edits, then the word more products have, then alphabetical.
 */

const TTL_MS = 60_000;

/**
 * Optimal string alignment distance (Levenshtein plus swapping two neighbours: "hnadbag" is one edit from
 * "handbag"). Stops early and answers `max + 1` once the distance must exceed `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous2: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, previous2[j - 2]! + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    previous2 = previous;
    previous = current;
  }
  return Math.min(previous[b.length]!, max + 1);
}

/** Edits a word of this length may be off by: none for short words, where one edit makes another word. */
function allowedEdits(word: string, generous: boolean): number {
  if (word.length < 4) return 0;
  if (generous && word.length >= 7) return 2;
  return 1;
}

/** Known words (with how many products have each) that may be near `word`: all of them, or a superset of those that are. */
type Candidates = (word: string) => Promise<Map<string, number>>;

/** The known words nearest `word`, best first (fewest edits, then most products), or `word` itself if known. */
function nearest(words: Map<string, number>, word: string, prefix: boolean, generous: boolean): string[] {
  if (words.has(word)) return [word];
  if (prefix) for (const known of words.keys()) if (known.startsWith(word)) return [word];
  const max = allowedEdits(word, generous);
  if (max === 0) return [];
  const found: { word: string; edits: number; count: number }[] = [];
  for (const [known, count] of words) {
    const edits = editDistance(word, known, max);
    if (edits <= max) found.push({ word: known, edits, count });
  }
  found.sort((x, y) => x.edits - y.edits || y.count - x.count || x.word.localeCompare(y.word));
  return found.map((candidate) => candidate.word);
}

/** The synonyms' words are known too, whether or not a product has them (then with a count of 0). */
function withSynonyms(words: Map<string, number>, synonyms: Synonyms): Map<string, number> {
  for (const word of synonyms.keys()) if (!words.has(word)) words.set(word, 0);
  return words;
}

/** Every known word, read once per process and catalogue version (see above). */
function allWords(db: Kysely<Database>): Candidates {
  let cached: { version: number; expires: number; words: Promise<Map<string, number>> } | undefined;

  async function load(): Promise<Map<string, number>> {
    const synonyms = await currentSynonyms(db);
    if (engineOf(db) === "postgres") {
      const rows = await vocabularyCounts(db);
      return withSynonyms(new Map(rows.map((row) => [row.word, Number(row.products)])), synonyms);
    }
    const rows = await searchDocumentTexts(db);
    const counts = new Map<string, number>();
    for (const row of rows) {
      for (const word of vocabularyWords(row.title, row.facets))
        counts.set(word, (counts.get(word) ?? 0) + 1);
    }
    return withSynonyms(counts, synonyms);
  }

  return () => {
    const now = Date.now();
    if (!cached || cached.version !== catalogueVersion() || cached.expires <= now) {
      const words = load();
      const entry = { version: catalogueVersion(), expires: now + TTL_MS, words };
      cached = entry;
      words.catch(() => {
        if (cached === entry) cached = undefined;
      });
    }
    return cached.words;
  };
}

/**
 * PostgreSQL with pg_trgm: the words sharing a trigram with `word` (similarity 0.05: a four-letter word and a
 * word one edit away share at least 1 of their 9 trigrams, 0.11), or starting with it, through the trigram index
 * (`search_vocabulary_near`, migration 008).
 */
function trigramNeighbours(db: Kysely<Database>): Candidates {
  return async (word) => {
    const prefix = likePrefix(word);
    const [rows, synonyms] = await Promise.all([
      trigramNeighbourCounts(db, word, prefix),
      currentSynonyms(db),
    ]);
    return withSynonyms(new Map(rows.map((row) => [row.word, Number(row.products)])), synonyms);
  };
}

export interface VocabularyOptions {
  /** Told once per process when PostgreSQL has no pg_trgm here. */
  logger?: Pick<Logger, "warn">;
  /** False compares every word even where the trigram index exists (tests compare the two ways). */
  trigram?: boolean;
}

export function searchVocabulary(db: Kysely<Database>, options: VocabularyOptions = {}) {
  const { logger, trigram = true } = options;
  const scan = allWords(db);
  let source: Promise<Candidates> | undefined;

  /** On PostgreSQL, the trigram index when migration 008 could create it; otherwise the full scan. */
  function candidates(): Promise<Candidates> {
    if (engineOf(db) === "sqlite" || !trigram) return Promise.resolve(scan);
    if (!source) {
      source = hasTrigramIndex(db).then((ready) => {
        if (ready) return trigramNeighbours(db);
        logger?.warn(
          "PostgreSQL has no pg_trgm here (CREATE EXTENSION was not allowed): search typos are corrected by comparing every catalogue word in this process",
        );
        return scan;
      });
      source.catch(() => {
        source = undefined;
      });
    }
    return source;
  }

  /**
   * The best known words for `word`. "Did you mean" (`generous`: two edits for long words) always compares
   * every word: two swaps in a seven-letter word can change all of its trigrams, so the trigram index is no
   * sure way to find those; one edit always leaves a trigram in common.
   */
  async function bestWords(word: string, prefix: boolean, generous: boolean): Promise<string[]> {
    const words = await (generous ? scan : await candidates())(word);
    return nearest(words, word, prefix, generous);
  }

  return {
    /**
     * `words` with each unknown word replaced by the nearest known word one edit away; undefined when no word
     * changed or some unknown word has no such neighbour.
     */
    async correct(words: string[]): Promise<string[] | undefined> {
      const corrected: string[] = [];
      for (const [i, word] of words.entries()) {
        const best = (await bestWords(word, i === words.length - 1, false))[0];
        if (best === undefined) return undefined;
        corrected.push(best);
      }
      return corrected.join(" ") === words.join(" ") ? undefined : corrected;
    },

    /**
     * Up to `limit` corrected queries, most likely first: the best neighbour of every unknown word (up to two
     * edits for long words), then the same with one word's second or third neighbour.
     */
    async alternatives(words: string[], limit: number): Promise<string[][]> {
      const lists: string[][] = [];
      for (const [i, word] of words.entries()) {
        const list = (await bestWords(word, i === words.length - 1, true)).slice(0, 3);
        if (list.length === 0) return [];
        lists.push(list);
      }
      const best = lists.map((list) => list[0]!);
      const queries = [best];
      for (const [i, list] of lists.entries()) {
        for (const other of list.slice(1)) queries.push(best.map((word, j) => (j === i ? other : word)));
      }
      return queries.filter((query) => query.join(" ") !== words.join(" ")).slice(0, limit * 3);
    },
  };
}

export type SearchVocabulary = ReturnType<typeof searchVocabulary>;
