import { type Kysely, sql } from "kysely";
import type { Database } from "../../platform/db/schema.ts";
import { searchWords } from "../../platform/db/search-documents.ts";
import { catalogueVersion } from "./count-cache.ts";
import { SYNONYM_WORDS } from "./search-synonyms.ts";

/**
 * The typo fallback (docs/decisions/0021-search-index.md): SQLite has no trigram index, so on both engines a
 * query word the catalogue does not know is compared, by edit distance, with the words of the indexed titles,
 * category, colour and tag names (`product_search.title` / `facets`). The word list is read once and cached per
 * process; it is dropped on a catalogue write in this process and expires after a minute otherwise (writes by
 * another process). It is read only when a search found nothing, so an ordinary search never pays for it.
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

export function searchVocabulary(db: Kysely<Database>) {
  let cached: { version: number; expires: number; words: Promise<Map<string, number>> } | undefined;

  async function load(): Promise<Map<string, number>> {
    const rows = await sql<{
      title: string;
      facets: string;
    }>`select title, facets from product_search`.execute(db);
    const counts = new Map<string, number>();
    for (const row of rows.rows) {
      for (const word of new Set(searchWords(`${row.title} ${row.facets}`))) {
        if (/^\d+$/.test(word)) continue;
        counts.set(word, (counts.get(word) ?? 0) + 1);
      }
    }
    for (const word of SYNONYM_WORDS) if (!counts.has(word)) counts.set(word, 0);
    return counts;
  }

  function vocabulary(): Promise<Map<string, number>> {
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
  }

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

  return {
    /**
     * `words` with each unknown word replaced by the nearest known word one edit away; undefined when no word
     * changed or some unknown word has no such neighbour.
     */
    async correct(words: string[]): Promise<string[] | undefined> {
      const known = await vocabulary();
      const corrected: string[] = [];
      for (const [i, word] of words.entries()) {
        const best = nearest(known, word, i === words.length - 1, false)[0];
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
      const known = await vocabulary();
      const options = words.map((word, i) => nearest(known, word, i === words.length - 1, true).slice(0, 3));
      if (options.some((list) => list.length === 0)) return [];
      const best = options.map((list) => list[0]!);
      const queries = [best];
      for (const [i, list] of options.entries()) {
        for (const other of list.slice(1)) queries.push(best.map((word, j) => (j === i ? other : word)));
      }
      return queries.filter((query) => query.join(" ") !== words.join(" ")).slice(0, limit * 3);
    },
  };
}

export type SearchVocabulary = ReturnType<typeof searchVocabulary>;
