import { type Operation, WRITE_ERRORS } from "./contract.ts";
import { searchSynonymsSchema, suggestionsQuerySchema, suggestionsSchema } from "./search.ts";

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
  adminSearchSynonyms: {
    method: "GET",
    path: "/admin/search/synonyms",
    summary:
      'The search words the shop gives other words for ("batwa" also finds wallets); the defaults until first saved',
    tag: "Admin",
    auth: "staff",
    status: 200,
    response: searchSynonymsSchema,
    errors: [401, 403],
  },
  adminUpdateSearchSynonyms: {
    method: "PUT",
    path: "/admin/search/synonyms",
    summary:
      "Replace the search words' synonyms (staff; each word once, normalised as search reads it; search follows at once on every instance; audited)",
    tag: "Admin",
    auth: "staff",
    body: searchSynonymsSchema,
    status: 200,
    response: searchSynonymsSchema,
    errors: [...WRITE_ERRORS, 403],
  },
} as const satisfies Record<string, Operation>;
