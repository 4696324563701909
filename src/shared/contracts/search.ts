import { z } from "zod";
import { SUGGEST_MIN_CHARS } from "../search-limits.ts";
import { categorySchema } from "./catalogue.ts";

/** `q`: the typed text, 2 to 100 characters once trimmed (NUL bytes dropped). */
export const suggestionsQuerySchema = z.object({
  q: z.preprocess(
    (value) => (typeof value === "string" ? value.replaceAll("\u0000", "") : value),
    z
      .string({ message: "The q field is required." })
      .trim()
      .min(SUGGEST_MIN_CHARS, `The q must be at least ${SUGGEST_MIN_CHARS} characters.`)
      .max(100, "The q may not be longer than 100 characters."),
  ),
});

export const productSuggestionSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  price: z.number().describe("Rupees, before the discount (as on the product card)."),
  discount_price: z.number().nullable().describe("Rupees after the discount; null when not discounted."),
});

export const suggestionsSchema = z.object({
  query: z.string().describe("The search as understood (trimmed)."),
  products: z.array(productSuggestionSchema).describe("The best matches of the product listing's search."),
  categories: z.array(categorySchema).describe("Categories whose name contains the text."),
  total: z.number().int().describe("How many products the full search (/shop?search=) finds."),
  total_capped: z
    .boolean()
    .describe(
      "True when more products match than the search answers: `total` is then a lower bound ('500+').",
    ),
});

export type Suggestions = z.output<typeof suggestionsSchema>;
export type ProductSuggestion = z.output<typeof productSuggestionSchema>;

/** How many search words the owner may give other words for, and how many each (the back office's limits). */
export const SYNONYM_LIMITS = {
  words: 300,
  alternatives: 12,
  wordLength: 40,
  alternativeLength: 60,
} as const;

export const synonymGroupSchema = z.object({
  word: z
    .string({ message: "Give the word shoppers type." })
    .trim()
    .min(1, "Give the word shoppers type.")
    .max(
      SYNONYM_LIMITS.wordLength,
      `A search word may not be longer than ${SYNONYM_LIMITS.wordLength} characters.`,
    )
    .describe('A word shoppers type, such as "batwa".'),
  alternatives: z
    .array(
      z
        .string()
        .trim()
        .min(1, "An alternative may not be empty.")
        .max(
          SYNONYM_LIMITS.alternativeLength,
          `An alternative may not be longer than ${SYNONYM_LIMITS.alternativeLength} characters.`,
        ),
      { message: "Give the words it should also find." },
    )
    .min(1, "Give at least one word it should also find.")
    .max(
      SYNONYM_LIMITS.alternatives,
      `Give at most ${SYNONYM_LIMITS.alternatives} words for one search word.`,
    )
    .describe(
      'What the word should also find, in the catalogue\'s own words ("wallet", "purse"); a phrase may have several words.',
    ),
});

export const searchSynonymsSchema = z.object({
  synonyms: z
    .array(synonymGroupSchema, { message: "The synonyms field must be a list." })
    .max(SYNONYM_LIMITS.words, `Give at most ${SYNONYM_LIMITS.words} search words.`),
});

export type SynonymGroup = z.output<typeof synonymGroupSchema>;
export type SearchSynonyms = z.output<typeof searchSynonymsSchema>;
