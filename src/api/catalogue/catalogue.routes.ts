import { Hono } from "hono";
import { operations } from "../../shared/contracts/operations.ts";
import type { ApiEnv } from "../api-env.ts";
import { route } from "../contract/route.ts";
import { idParam } from "../validation.ts";
import type { CatalogService } from "./catalogue.service.ts";

const LIST_CACHE = "public, max-age=300";

export function catalogRoutes(catalog: CatalogService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  route(routes, operations.listSliders, () => catalog.sliders());
  route(routes, operations.getRunningSale, () => catalog.runningSale());
  route(routes, operations.listProducts, (_c, { query }) => catalog.listProducts(query));
  route(routes, operations.searchSuggestions, (c, { query }) => {
    c.header("Cache-Control", LIST_CACHE);
    return catalog.suggestions(query.q);
  });
  route(routes, operations.getProduct, (_c, { params }) => catalog.productBySlug(params.slug));
  route(routes, operations.listSizes, (_c, { params }) => {
    const productId = idParam(params.productId, "No Product Found");
    const colorId = idParam(params.colorId, "This colour is not available for this product.");
    return catalog.sizes(productId, colorId);
  });

  route(routes, operations.listCategories, (c) => {
    c.header("Cache-Control", LIST_CACHE);
    return catalog.categories();
  });
  route(routes, operations.listColors, (c) => {
    c.header("Cache-Control", LIST_CACHE);
    return catalog.colors();
  });
  route(routes, operations.listSizeNames, (c) => {
    c.header("Cache-Control", LIST_CACHE);
    return catalog.sizeList();
  });
  route(routes, operations.listTags, (c) => {
    c.header("Cache-Control", LIST_CACHE);
    return catalog.tags();
  });

  return routes;
}
