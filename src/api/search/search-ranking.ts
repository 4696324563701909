import { type Synonyms, synonymsOf } from "./search-synonyms.ts";

/**
 * Relevance of a search's matches (docs/decisions/0023-search-speed.md), the same rule on both engines. The index
 * has already decided that a product matches every word (stems, the last word as a prefix, synonyms, filters);
 * this only decides where each word was found, from the document's stored title and facets (normalised words,
 * space-separated), and scores the product by it:
 *
 *   per query word, the best of   title 10 · a synonym in the title 6 · facets 4 · a synonym in facets 2 ·
 *                                  otherwise (the description) 1
 *   summed over the words.
 *
 * Ranking then puts products in stock first, then the higher score, then the newer product. It runs on at most
 * the search window's rows (500), in this process, so it costs the same at any catalogue size; the database's
 * own scores (FTS5 bm25, ts_rank) are not used because bm25 reads every match of every word for its word weights
 * (8 ms for "bag" at 100,000 products) and the two engines' scores differ.
 */

const WEIGHTS = { title: 10, titleSynonym: 6, facets: 4, facetsSynonym: 2, elsewhere: 1 } as const;

/**
 * A light English stem, for deciding where a word the index matched was found: plural endings off ("bags",
 * "dresses", "accessories"). The index's own stemmers (Porter, Snowball) did the matching.
 */
function stem(word: string): string {
  const n = word.length;
  if (n > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (n > 4 && word.endsWith("es")) {
    const before = word.slice(0, -2);
    if (before.endsWith("ss") || before.endsWith("x") || before.endsWith("ch") || before.endsWith("sh"))
      return before;
  }
  if (n > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** A word (or a synonym's words) to look for; the last word of the query also as a prefix. */
interface Wanted {
  stems: string[];
  /** For the last query word: its text, which a field word may start with. */
  prefix?: string;
}

/**
 * The stems of a field's words, worked out once per distinct text in one ranking (facets repeat a lot: the same
 * category, colours and tags).
 */
type Stems = (text: string) => Set<string>;

function stemsOf(): Stems {
  const memo = new Map<string, Set<string>>();
  return (text) => {
    let stems = memo.get(text);
    if (!stems) {
      stems = new Set(text.split(" ").map(stem));
      memo.set(text, stems);
    }
    return stems;
  };
}

/** Whether the field holds every word of `wanted` (its last word as a prefix when it has one). */
function holds(text: string, stems: Set<string>, wanted: Wanted): boolean {
  if (wanted.prefix !== undefined && (text.startsWith(wanted.prefix) || text.includes(` ${wanted.prefix}`)))
    return true;
  return wanted.stems.every((part) => stems.has(part));
}

export interface RankedDocument {
  id: number;
  in_stock: number;
  title: string;
  facets: string;
}

/** Scores matching documents for the query words (see above). */
export function relevance(
  words: string[],
  synonyms: Synonyms,
): (document: Pick<RankedDocument, "title" | "facets">) => number {
  const last = words.length - 1;
  const wanted = words.map((word, i) => ({
    exact: { stems: [stem(word)], prefix: i === last ? word : undefined } satisfies Wanted,
    synonyms: synonymsOf(synonyms, word).map((synonym): Wanted => ({ stems: synonym.split(" ").map(stem) })),
  }));
  const stems = stemsOf();
  return (document) => {
    const title = stems(document.title);
    const facets = stems(document.facets);
    let score = 0;
    for (const { exact, synonyms } of wanted) {
      if (holds(document.title, title, exact)) score += WEIGHTS.title;
      else if (synonyms.some((synonym) => holds(document.title, title, synonym)))
        score += WEIGHTS.titleSynonym;
      else if (holds(document.facets, facets, exact)) score += WEIGHTS.facets;
      else if (synonyms.some((synonym) => holds(document.facets, facets, synonym)))
        score += WEIGHTS.facetsSynonym;
      else score += WEIGHTS.elsewhere;
    }
    return score;
  };
}

/** The documents in relevance order: in stock first, then the score, then the newest (highest id). */
export function rankByRelevance<T extends RankedDocument>(
  words: string[],
  synonyms: Synonyms,
  documents: readonly T[],
): T[] {
  const score = relevance(words, synonyms);
  const scored = documents.map((document) => ({ document, score: score(document) }));
  scored.sort(
    (a, b) => b.document.in_stock - a.document.in_stock || b.score - a.score || b.document.id - a.document.id,
  );
  return scored.map((entry) => entry.document);
}
