import { synonymsOf } from "./search-synonyms.ts";

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
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** A field's words with their stems, worked out once per document. */
interface Field {
  words: string[];
  stems: string[];
}

function field(text: string): Field {
  const words = text.split(" ");
  return { words, stems: words.map(stem) };
}

/** A phrase to look for: its words' stems, the last word also as a prefix when `prefix`. */
interface Phrase {
  parts: string[];
  stems: string[];
  prefix: boolean;
}

function phrase(text: string, prefix: boolean): Phrase {
  const parts = text.split(" ");
  return { parts, stems: parts.map(stem), prefix };
}

/** Whether the field holds the phrase: its words in order (the last one as a prefix when `prefix`). */
function holds(field: Field, wanted: Phrase): boolean {
  const last = wanted.parts.length - 1;
  for (let start = 0; start + wanted.parts.length <= field.words.length; start++) {
    let found = true;
    for (let k = 0; k <= last && found; k++) {
      found =
        field.stems[start + k] === wanted.stems[k] ||
        (wanted.prefix && k === last && field.words[start + k]!.startsWith(wanted.parts[k]!));
    }
    if (found) return true;
  }
  return false;
}

export interface RankedDocument {
  id: number;
  in_stock: number;
  title: string;
  facets: string;
}

/** Scores matching documents for the query words (see above). */
export function relevance(words: string[]): (document: Pick<RankedDocument, "title" | "facets">) => number {
  const last = words.length - 1;
  const wanted = words.map((word, i) => ({
    exact: phrase(word, i === last),
    synonyms: synonymsOf(word).map((synonym) => phrase(synonym, false)),
  }));
  return (document) => {
    const title = field(document.title);
    const facets = field(document.facets);
    let score = 0;
    for (const { exact, synonyms } of wanted) {
      if (holds(title, exact)) score += WEIGHTS.title;
      else if (synonyms.some((synonym) => holds(title, synonym))) score += WEIGHTS.titleSynonym;
      else if (holds(facets, exact)) score += WEIGHTS.facets;
      else if (synonyms.some((synonym) => holds(facets, synonym))) score += WEIGHTS.facetsSynonym;
      else score += WEIGHTS.elsewhere;
    }
    return score;
  };
}

/** The documents in relevance order: in stock first, then the score, then the newest (highest id). */
export function rankByRelevance<T extends RankedDocument>(words: string[], documents: readonly T[]): T[] {
  const score = relevance(words);
  const scored = documents.map((document) => ({ document, score: score(document) }));
  scored.sort(
    (a, b) => b.document.in_stock - a.document.in_stock || b.score - a.score || b.document.id - a.document.id,
  );
  return scored.map((entry) => entry.document);
}
