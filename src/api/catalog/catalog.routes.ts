import { Hono } from "hono";
import { productQuerySchema } from "../../shared/contracts/catalog.ts";
import type { ApiDeps } from "../deps.ts";
import { NotFound } from "../errors.ts";
import { readQuery } from "../validation.ts";
import { catalogRepository } from "./catalog.repository.ts";
import { catalogService } from "./catalog.service.ts";

const LIST_CACHE = "public, max-age=300";

function idParam(value: string, message: string): number {
  if (!/^[1-9]\d{0,9}$/.test(value)) throw new NotFound(message);
  return Number(value);
}

export function catalogRoutes(deps: ApiDeps): Hono {
  const catalog = catalogService(catalogRepository(deps.db));
  const routes = new Hono();

  routes.get("/sliders", async (c) => c.json(await catalog.sliders()));

  routes.get("/products", async (c) => c.json(await catalog.listProducts(readQuery(c, productQuerySchema))));

  routes.get("/product/:slug", async (c) => c.json(await catalog.productBySlug(c.req.param("slug"))));

  routes.get("/product-sizes/:productId/:colorId/sizes", async (c) => {
    const productId = idParam(c.req.param("productId"), "No Product Found");
    const colorId = idParam(c.req.param("colorId"), "This colour is not available for this product.");
    return c.json(await catalog.sizes(productId, colorId));
  });

  routes.get("/categories", async (c) => {
    c.header("Cache-Control", LIST_CACHE);
    return c.json(await catalog.categories());
  });
  routes.get("/colors", async (c) => {
    c.header("Cache-Control", LIST_CACHE);
    return c.json(await catalog.colors());
  });
  routes.get("/sizes", async (c) => {
    c.header("Cache-Control", LIST_CACHE);
    return c.json(await catalog.sizeList());
  });
  routes.get("/tags", async (c) => {
    c.header("Cache-Control", LIST_CACHE);
    return c.json(await catalog.tags());
  });

  return routes;
}
