import { Hono } from "hono";
import { operations } from "../../../shared/contracts/operations.ts";
import type { Identity } from "../../account/auth.ts";
import type { ApiEnv } from "../../api-env.ts";
import { route } from "../../contract/route.ts";
import { idParam } from "../../validation.ts";
import type { AuditActor } from "../audit.ts";
import type { AdminProductsService } from "./admin-products.service.ts";

const NO_PRODUCT = "No Product Found";
const NO_IMAGE = "This image does not belong to this product.";

const actorOf = (identity: Identity): AuditActor => ({ id: identity.user.id, email: identity.user.email });

/** The back office's products and their photos (`/api/admin/products...`); staff and owners (route() checks). */
export function adminProductRoutes(products: AdminProductsService): Hono<ApiEnv> {
  const routes = new Hono<ApiEnv>();

  route(routes, operations.adminListProducts, (_c, { query }) => products.list(query));
  route(routes, operations.adminCreateProduct, (_c, { actor, body }) =>
    products.create(actorOf(actor), body),
  );
  route(routes, operations.adminGetProduct, (_c, { params }) => products.get(idParam(params.id, NO_PRODUCT)));
  route(routes, operations.adminUpdateProduct, (_c, { actor, params, body }) =>
    products.update(actorOf(actor), idParam(params.id, NO_PRODUCT), body),
  );
  route(routes, operations.adminDeleteProduct, (_c, { actor, params }) =>
    products.remove(actorOf(actor), idParam(params.id, NO_PRODUCT)),
  );

  route(routes, operations.adminUploadProductImage, (_c, { actor, params, body }) =>
    products.uploadImage(actorOf(actor), idParam(params.id, NO_PRODUCT), body),
  );
  route(routes, operations.adminReorderProductImages, (_c, { actor, params, body }) =>
    products.reorderImages(actorOf(actor), idParam(params.id, NO_PRODUCT), body.ids),
  );
  route(routes, operations.adminUpdateProductImage, (_c, { actor, params, body }) =>
    products.updateImage(actorOf(actor), idParam(params.id, NO_PRODUCT), idParam(params.imageId, NO_IMAGE), {
      alt: body.alt,
      colorId: body.color_id,
    }),
  );
  route(routes, operations.adminDeleteProductImage, async (_c, { actor, params }) => {
    await products.deleteImage(
      actorOf(actor),
      idParam(params.id, NO_PRODUCT),
      idParam(params.imageId, NO_IMAGE),
    );
    return { message: "The photo was removed." };
  });

  return routes;
}
