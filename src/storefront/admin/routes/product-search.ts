import { apiContext } from "../../lib/api.server.ts";
import type { ChosenProduct } from "../scope-values.ts";
import type { Route } from "./+types/product-search";

/** How many products the picker's search offers. */
const SHOWN = 8;

export interface ProductSearchResult {
  q: string;
  products: (ChosenProduct & { status: string })[];
}

/**
 * The scope picker's product search (a resource route its search box loads through a fetcher): the back office's
 * product list searched for `q`. Too short a text, or an API failure, answers no products (typing addresses into
 * the box still works).
 */
export async function loader({ context, url }: Route.LoaderArgs): Promise<ProductSearchResult> {
  const q = (url.searchParams.get("q") ?? "").replaceAll("\u0000", "").trim().slice(0, 100);
  if (q.length < 2) return { q, products: [] };
  const answer = await context.get(apiContext).call("adminListProducts", { query: { q, page: 1 } });
  if (!answer.ok) return { q, products: [] };
  return {
    q,
    products: answer.data.data
      .slice(0, SHOWN)
      .map(({ id, slug, title, status }) => ({ id, slug, title, status })),
  };
}
