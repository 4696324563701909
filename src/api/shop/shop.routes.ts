import { Hono } from "hono";
import { operations } from "../../shared/contracts/operations.ts";
import { auditActor } from "../admin/audit.ts";
import type { ApiEnv } from "../api-env.ts";
import { route } from "../contract/route.ts";
import type { ContentPagesService } from "./content-pages.service.ts";
import type { ShopDetailsService } from "./shop-details.ts";

interface Deps {
  shopDetails: ShopDetailsService;
  contentPages: ContentPagesService;
}

/** The shop's details and content pages as the storefront reads them (decision 0066). */
export function shopRoutes({ shopDetails, contentPages }: Deps): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();
  route(routes, operations.getShopDetails, () => shopDetails.current());
  route(routes, operations.getContentPage, (_c, { params }) => contentPages.get(params.slug));
  return routes;
}

/** The back office's side: the owner changes the details, staff and owners edit the pages. */
export function adminShopRoutes({ shopDetails, contentPages }: Deps): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();
  route(routes, operations.adminShopDetails, () => shopDetails.read());
  route(routes, operations.adminUpdateShopDetails, (_c, { actor, body }) =>
    shopDetails.replace(auditActor(actor), body),
  );
  route(routes, operations.adminContentPages, () => contentPages.list());
  route(routes, operations.adminContentPage, (_c, { params }) => contentPages.get(params.slug));
  route(routes, operations.adminUpdateContentPage, (_c, { actor, params, body }) =>
    contentPages.save(auditActor(actor), params.slug, body),
  );
  route(routes, operations.adminPreviewContentPage, (_c, { params, body }) =>
    contentPages.preview(params.slug, body.body_html),
  );
  return routes;
}
