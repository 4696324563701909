import { Hono } from "hono";
import { CATALOGUE_MESSAGES as M } from "../../../shared/catalogue-settings.ts";
import { operations } from "../../../shared/contracts/operations.ts";
import type { Identity } from "../../account/auth.ts";
import type { ApiEnv } from "../../api-env.ts";
import { route } from "../../contract/route.ts";
import { idParam } from "../../validation.ts";
import type { AuditActor } from "../audit.ts";
import type { CatalogueService } from "./catalogue.service.ts";

const actorOf = (identity: Identity): AuditActor => ({ id: identity.user.id, email: identity.user.email });

/**
 * The catalogue settings under /api/admin/catalogue (categories, colours, sizes, tags, slides): staff and owners
 * (route() checks; docs/decisions/0031-catalogue-settings.md).
 */
export function catalogueRoutes(catalogue: CatalogueService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  route(routes, operations.adminListCategories, () => catalogue.listCategories());
  route(routes, operations.adminCreateCategory, (_c, { actor, body }) =>
    catalogue.createCategory(actorOf(actor), body),
  );
  route(routes, operations.adminReorderCategories, (_c, { actor, body }) =>
    catalogue.reorderCategories(actorOf(actor), body.parent_id, body.ids),
  );
  route(routes, operations.adminUpdateCategory, (_c, { actor, params, body }) =>
    catalogue.updateCategory(actorOf(actor), idParam(params.id, M.categoryNotFound), body),
  );
  route(routes, operations.adminDeleteCategory, (_c, { actor, params }) =>
    catalogue.deleteCategory(actorOf(actor), idParam(params.id, M.categoryNotFound)),
  );

  route(routes, operations.adminListColors, () => catalogue.listColors());
  route(routes, operations.adminCreateColor, (_c, { actor, body }) =>
    catalogue.createColor(actorOf(actor), body),
  );
  route(routes, operations.adminUpdateColor, (_c, { actor, params, body }) =>
    catalogue.updateColor(actorOf(actor), idParam(params.id, M.colorNotFound), body),
  );
  route(routes, operations.adminDeleteColor, (_c, { actor, params }) =>
    catalogue.deleteColor(actorOf(actor), idParam(params.id, M.colorNotFound)),
  );

  route(routes, operations.adminListSizes, () => catalogue.listSizes());
  route(routes, operations.adminCreateSize, (_c, { actor, body }) =>
    catalogue.createSize(actorOf(actor), body),
  );
  route(routes, operations.adminReorderSizes, (_c, { actor, body }) =>
    catalogue.reorderSizes(actorOf(actor), body.ids),
  );
  route(routes, operations.adminUpdateSize, (_c, { actor, params, body }) =>
    catalogue.updateSize(actorOf(actor), idParam(params.id, M.sizeNotFound), body),
  );
  route(routes, operations.adminDeleteSize, (_c, { actor, params }) =>
    catalogue.deleteSize(actorOf(actor), idParam(params.id, M.sizeNotFound)),
  );

  route(routes, operations.adminListTags, () => catalogue.listTags());
  route(routes, operations.adminCreateTag, (_c, { actor, body }) =>
    catalogue.createTag(actorOf(actor), body),
  );
  route(routes, operations.adminUpdateTag, (_c, { actor, params, body }) =>
    catalogue.updateTag(actorOf(actor), idParam(params.id, M.tagNotFound), body),
  );
  route(routes, operations.adminDeleteTag, (_c, { actor, params }) =>
    catalogue.deleteTag(actorOf(actor), idParam(params.id, M.tagNotFound)),
  );

  route(routes, operations.adminListSliders, () => catalogue.listSliders());
  route(routes, operations.adminCreateSlider, (_c, { actor, body }) =>
    catalogue.createSlider(actorOf(actor), body),
  );
  route(routes, operations.adminReorderSliders, (_c, { actor, body }) =>
    catalogue.reorderSliders(actorOf(actor), body.ids),
  );
  route(routes, operations.adminUpdateSlider, (_c, { actor, params, body }) =>
    catalogue.updateSlider(actorOf(actor), idParam(params.id, M.sliderNotFound), body),
  );
  route(routes, operations.adminDeleteSlider, (_c, { actor, params }) =>
    catalogue.deleteSlider(actorOf(actor), idParam(params.id, M.sliderNotFound)),
  );

  return routes;
}
