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
