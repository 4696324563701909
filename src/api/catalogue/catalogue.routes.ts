import { Hono } from "hono";
import { operations } from "../../shared/contracts/operations.ts";
import type { ApiContext, ApiEnv } from "../api-env.ts";
import { route } from "../contract/route.ts";
import { idParam } from "../validation.ts";
import type { CatalogService } from "./catalogue.service.ts";

/** The filters' names and search-as-you-type change seldom: a browser may keep them 5 minutes. */
const LIST_CACHE = "public, max-age=300";
/**
 * The same for everyone, as the public pages (decision 0033): a shared cache may keep it 30 s, a browser asks
 * again every time (a 304 when nothing changed: the host keeps these answers with an ETag, decision 0056).
 */
const PUBLIC_ANSWER = "public, max-age=0, s-maxage=30";

/** `answer`, said public once it is there: an error (404, 410) stays the API's `private, no-store`. */
async function shared<T>(c: ApiContext, answer: Promise<T>, policy = PUBLIC_ANSWER): Promise<T> {
  const value = await answer;
  c.header("Cache-Control", policy);
  return value;
}

export function catalogRoutes(catalog: CatalogService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  route(routes, operations.listSliders, (c) => shared(c, catalog.sliders()));
  route(routes, operations.getRunningSale, (c) => shared(c, catalog.runningSale()));
  route(routes, operations.listProducts, (c, { query }) => shared(c, catalog.listProducts(query)));
  route(routes, operations.searchSuggestions, (c, { query }) =>
    shared(c, catalog.suggestions(query.q), LIST_CACHE),
  );
  route(routes, operations.getProduct, (c, { params }) => shared(c, catalog.productBySlug(params.slug)));
  route(routes, operations.listSizes, (c, { params }) => {
    const productId = idParam(params.productId, "No Product Found");
    const colorId = idParam(params.colorId, "This colour is not available for this product.");
    return shared(c, catalog.sizes(productId, colorId));
  });

  route(routes, operations.listCategories, (c) => shared(c, catalog.categories(), LIST_CACHE));
  route(routes, operations.getCategoryRedirect, (_c, { params }) => catalog.categoryRedirect(params.slug));
  route(routes, operations.listColors, (c) => shared(c, catalog.colors(), LIST_CACHE));
  route(routes, operations.listSizeNames, (c) => shared(c, catalog.sizeList(), LIST_CACHE));
  route(routes, operations.listTags, (c) => shared(c, catalog.tags(), LIST_CACHE));

  return routes;
}
