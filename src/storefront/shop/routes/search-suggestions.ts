import type { Suggestions } from "../../../shared/contracts/search.ts";
import { SUGGEST_MIN_CHARS } from "../../../shared/search-limits.ts";
import { apiContext } from "../../lib/api.server.ts";
import type { Route } from "./+types/search-suggestions";

/**
 * The header search's suggestions (a resource route the search box loads through a fetcher): the API's
 * searchSuggestions answer, or null for a text too short to suggest for or when the API fails (the box then
 * simply shows nothing; submitting the form still searches).
 */
export async function loader({ context, url }: Route.LoaderArgs): Promise<Suggestions | null> {
  const q = (url.searchParams.get("q") ?? "").replaceAll("\u0000", "").trim().slice(0, 100);
  if (q.length < SUGGEST_MIN_CHARS) return null;
  const response = await context.get(apiContext).call("searchSuggestions", { query: { q } });
  return response.ok ? response.data : null;
}
