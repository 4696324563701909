import { type ProductCard, type ProductList, productQuerySchema } from "../../shared/contracts/catalog.ts";
import type { ApiClient } from "../lib/api.server.ts";

/** Product cards for a listing query (e.g. "take=6&type=new-arrival"), or null when the API call failed. */
export async function loadProductCards(api: ApiClient, query: string): Promise<ProductCard[] | null> {
  try {
    const response = await api.get<ProductList>(`/products?${query}`);
    return response.ok ? response.data.data : null;
  } catch {
    return null;
  }
}

/** A list endpoint's items (categories, colours, sizes, tags, sliders), or null when the call failed. */
export async function loadList<T>(api: ApiClient, path: string): Promise<T[] | null> {
  try {
    const response = await api.get<T[]>(path);
    return response.ok && Array.isArray(response.data) ? response.data : null;
  } catch {
    return null;
  }
}

const LISTING_KEYS = ["search", "type", "color", "size", "tag", "sort", "page"] as const;

/**
 * The API query for a shop URL. The shop's own links are always well-formed; a hand-edited value the API
 * would refuse (page=abc, sort=cheapest) is dropped here instead, so the page still shows products.
 */
export function listingQuery(search: URLSearchParams, category: string | undefined): string {
  const raw: Record<string, string> = {};
  for (const key of LISTING_KEYS) {
    const value = search.get(key);
    if (value !== null) raw[key] = value;
  }
  if (category) raw.category = category;
  let parsed = productQuerySchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
    parsed = productQuerySchema.safeParse(raw);
  }
  const query = new URLSearchParams();
  if (!parsed.success) return "";
  for (const [key, value] of Object.entries(parsed.data)) {
    if (value === undefined || (key === "sort" && value === "default") || (key === "page" && value === 1))
      continue;
    query.set(key, String(value));
  }
  return query.toString();
}

/** One page of the listing, or null when the API call failed. */
export async function loadProductList(api: ApiClient, query: string): Promise<ProductList | null> {
  try {
    const response = await api.get<ProductList>(query ? `/products?${query}` : "/products");
    return response.ok ? response.data : null;
  } catch {
    return null;
  }
}
