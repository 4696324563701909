import type { Kysely } from "kysely";
import type { Database, Db } from "../../platform/db/schema.ts";
import { searchWords } from "../../platform/db/search-documents.ts";
import {
  type SearchSynonyms,
  type SynonymGroup,
  searchSynonymsSchema,
} from "../../shared/contracts/search.ts";
import type { AuditActor } from "../admin/audit.ts";
import type { CatalogueListener } from "../catalogue/catalogue-write.ts";
import { databaseKey, versionedCache } from "../catalogue/count-cache.ts";
import { ValidationFailed } from "../errors.ts";
import { savePublicSetting } from "../settings/public-setting.ts";
import { shopSettingsRepository } from "../settings/shop-settings.repository.ts";

/**
 * Words a shopper uses for a kind of product the catalogue names otherwise: "black bag" should find the black
 * handbags, totes and backpacks, none of which has the word "bag", and "batwa" (Urdu for a wallet) the wallets.
 * Each search word is searched as any of its alternatives (docs/decisions/0021-search-index.md). The owner edits
 * the list in the back office (`/admin/search-words`); it is kept with the shop's settings, and every instance
 * reads it again after a catalogue change (saving it is one), so search follows at once.
 *
 * Until the owner first saves, the shop uses `DEFAULT_SYNONYMS`: the English words shoppers use for the demo
 * catalogue's kinds, and the Roman Urdu words Pakistani shoppers type for clothes and bags (docs/decisions/
 * 0060-search-words.md lists where they come from).
 */
export const DEFAULT_SYNONYMS: readonly SynonymGroup[] = [
  { word: "bag", alternatives: ["handbag", "backpack", "rucksack", "tote", "clutch", "satchel"] },
  { word: "purse", alternatives: ["handbag", "clutch", "wallet"] },
  { word: "rucksack", alternatives: ["backpack"] },
  { word: "backpack", alternatives: ["rucksack"] },
  { word: "tee", alternatives: ["tshirt"] },
  { word: "muffler", alternatives: ["scarf", "scarves", "shawl"] },
  // Roman Urdu, as typed.
  { word: "batwa", alternatives: ["wallet", "purse", "card holder"] },
  { word: "batua", alternatives: ["wallet", "purse", "card holder"] },
  { word: "thaila", alternatives: ["tote", "shopper", "bag"] },
  { word: "thela", alternatives: ["tote", "shopper", "bag"] },
  { word: "jhola", alternatives: ["tote", "shoulder bag"] },
  { word: "basta", alternatives: ["backpack", "rucksack"] },
  { word: "kameez", alternatives: ["kurta", "shirt"] },
  { word: "qameez", alternatives: ["kurta", "shirt"] },
  { word: "kurti", alternatives: ["kurta"] },
  { word: "jora", alternatives: ["kurta", "suit"] },
  { word: "joda", alternatives: ["kurta", "suit"] },
  { word: "shalwar", alternatives: ["trousers", "pants"] },
  { word: "salwar", alternatives: ["trousers", "pants"] },
  { word: "dupatta", alternatives: ["scarf", "scarves", "stole", "shawl"] },
  { word: "duppata", alternatives: ["scarf", "scarves", "stole", "shawl"] },
  { word: "chadar", alternatives: ["shawl", "stole"] },
  { word: "chaddar", alternatives: ["shawl", "stole"] },
  { word: "koti", alternatives: ["jacket", "waistcoat"] },
  { word: "bushirt", alternatives: ["shirt"] },
];

/** A search word's alternatives, by the word as `searchWords` writes it. A Map, so "constructor" finds nothing. */
export type Synonyms = ReadonlyMap<string, readonly string[]>;

export function synonymMap(groups: readonly SynonymGroup[]): Synonyms {
  return new Map(groups.map(({ word, alternatives }) => [word, alternatives]));
}

/** The alternatives of a query word (singular or plural), without the word itself; empty when it has none. */
export function synonymsOf(synonyms: Synonyms, word: string): readonly string[] {
  return synonyms.get(word) ?? synonyms.get(word.replace(/e?s$/, "")) ?? [];
}

const KEY = "search-synonyms";

/**
 * The list as search reads it: each word and alternative in `searchWords`' form (letters and digits, lower
 * case; a phrase's words joined by one space), the word once, its alternatives once each and never itself. A
 * word that is not one search word, or one given twice, is refused with the field that says so.
 */
export function normalisedSynonyms(input: SearchSynonyms): SynonymGroup[] {
  const seen = new Map<string, number>();
  return input.synonyms.map((group, index) => {
    const words = searchWords(group.word);
    if (words.length !== 1) {
      throw ValidationFailed.field(
        `synonyms.${index}.word`,
        `"${group.word}" is not one word: give each search word on its own, with letters and digits only.`,
      );
    }
    const word = words[0]!;
    const earlier = seen.get(word);
    if (earlier !== undefined) {
      throw ValidationFailed.field(
        `synonyms.${index}.word`,
        `${word} is listed twice (also at ${earlier + 1}); give each search word once.`,
      );
    }
    seen.set(word, index);
    const alternatives = [
      ...new Set(group.alternatives.map((phrase) => searchWords(phrase).join(" "))),
    ].filter((phrase) => phrase !== "" && phrase !== word);
    if (alternatives.length === 0) {
      throw ValidationFailed.field(
        `synonyms.${index}.alternatives`,
        `Give ${word} at least one other word to find, with letters or digits.`,
      );
    }
    return { word, alternatives };
  });
}

/** The saved list, or the defaults until the owner saves one (a stored list that no longer parses: the defaults). */
export async function readSynonyms(db: Db): Promise<SynonymGroup[]> {
  const stored = await shopSettingsRepository.read(db, KEY);
  const parsed = stored === undefined ? undefined : searchSynonymsSchema.safeParse(JSON.parse(stored));
  return parsed?.success ? parsed.data.synonyms : DEFAULT_SYNONYMS.map((group) => ({ ...group }));
}

const cache = versionedCache<Synonyms>(60_000, 16);

/**
 * The synonyms search uses, read once per process and catalogue version (a save here drops it at once; one on
 * another instance when its message arrives, or within a minute).
 */
export function currentSynonyms(db: Kysely<Database>): Promise<Synonyms> {
  return cache.get(databaseKey(db), async () => synonymMap(await readSynonyms(db)));
}

/** The back office's side: read the list, and replace it (audited; a catalogue change, so search follows). */
export function synonymsService(db: Kysely<Database>, onCatalogueChanged?: CatalogueListener) {
  return {
    list: async (): Promise<SearchSynonyms> => ({ synonyms: await readSynonyms(db) }),

    async replace(actor: AuditActor, input: SearchSynonyms): Promise<SearchSynonyms> {
      const synonyms = normalisedSynonyms(input);
      const before = async (from: Db) => ({ synonyms: await readSynonyms(from) });
      await savePublicSetting(db, actor, KEY, before, { synonyms }, onCatalogueChanged);
      return { synonyms };
    },
  };
}

export type SynonymsService = ReturnType<typeof synonymsService>;
