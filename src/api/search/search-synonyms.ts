/**
 * Words a shopper uses for a kind of product the catalogue names more precisely: "black bag" should find the
 * black handbags, totes and backpacks, none of which has the word "bag". Searched as alternatives of the word
 * (any of them matches); kept small and in the shop's own words (docs/decisions/0021-search-index.md).
 */
// A Map, not an object literal: a shopper's word such as "constructor" must not find Object.prototype's members.
const SYNONYMS: ReadonlyMap<string, readonly string[]> = new Map([
  ["bag", ["handbag", "backpack", "rucksack", "tote", "clutch", "satchel"]],
  ["purse", ["handbag", "clutch", "wallet"]],
  ["rucksack", ["backpack"]],
  ["backpack", ["rucksack"]],
  ["tee", ["tshirt"]],
]);

/** The alternatives of a query word (singular or plural), without the word itself; empty when it has none. */
export function synonymsOf(word: string): readonly string[] {
  return SYNONYMS.get(word) ?? SYNONYMS.get(word.replace(/e?s$/, "")) ?? [];
}

/** Words the synonyms make searchable, which the typo fallback must treat as known. */
export const SYNONYM_WORDS: readonly string[] = [...SYNONYMS.keys()];
