import {
  type ProductCard,
  type ProductList,
  productQuerySchema,
} from "../../../shared/contracts/catalogue.ts";
import { MAX_PAGE } from "../../../shared/contracts/fields.ts";
import type { Answer } from "../../../shared/contracts/operations.ts";
import type { ApiClient } from "../../lib/api.server.ts";

type ListingQuery = Record<string, string | number>;

/** Product cards for a listing query (e.g. { take: 6, type: "new-arrival" }), or null when the call failed. */
export async function loadProductCards(api: ApiClient, query: ListingQuery): Promise<ProductCard[] | null> {
  const response = await api.call("listProducts", { query });
  return response.ok ? response.data.data : null;
}

type ListOperation = "listSliders" | "listCategories" | "listColors" | "listSizeNames" | "listTags";

/** A list endpoint's items (sliders, categories, colours, sizes, tags), or null when the call failed. */
export async function loadList<Id extends ListOperation>(api: ApiClient, id: Id): Promise<Answer<Id> | null> {
  const response = await (api.call as (id: ListOperation) => ReturnType<ApiClient["call"]>)(id);
  return response.ok ? (response.data as Answer<Id>) : null;
}

const LISTING_KEYS = ["search", "type", "color", "size", "tag", "sort", "page"] as const;

/**
 * The API query for a shop URL. The shop's own links are always well-formed; a hand-edited value the API
 * would refuse (page=abc, sort=cheapest) is dropped here instead, so the page still shows products.
 */
export function listingQuery(search: URLSearchParams, category: string | undefined): ListingQuery {
  const raw: Record<string, string> = {};
  for (const key of LISTING_KEYS) {
    const value = search.get(key);
    if (value !== null) raw[key] = value;
  }
  if (category) raw.category = category;
  // A page number past what the API takes is past the last page all the same: it shows no products.
  if (raw.page && /^\d+$/.test(raw.page.trim()) && Number(raw.page) > MAX_PAGE) raw.page = String(MAX_PAGE);
  let parsed = productQuerySchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) delete raw[String(issue.path[0])];
    parsed = productQuerySchema.safeParse(raw);
  }
  const query: ListingQuery = {};
  if (!parsed.success) return query;
  for (const [key, value] of Object.entries(parsed.data)) {
    if (value === undefined || (key === "sort" && value === "default") || (key === "page" && value === 1))
      continue;
    query[key] = value;
  }
  return query;
}

/** One page of the listing, or null when the API call failed. */
export async function loadProductList(api: ApiClient, query: ListingQuery): Promise<ProductList | null> {
  const response = await api.call("listProducts", { query });
  return response.ok ? response.data : null;
}
