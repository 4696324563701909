import type { Operation } from "./contract.ts";
import { suggestionsQuerySchema, suggestionsSchema } from "./search.ts";

/** Search-as-you-type. Spread into `operations` (operations.ts). */
export const searchOperations = {
  searchSuggestions: {
    method: "GET",
    path: "/search/suggestions",
    summary: "Search-as-you-type: the best product matches and matching categories for a typed text",
    tag: "Catalogue",
    auth: "none",
    query: suggestionsQuerySchema,
    status: 200,
    response: suggestionsSchema,
    errors: [422],
  },
} as const satisfies Record<string, Operation>;
