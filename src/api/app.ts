import { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { catalogRoutes } from "./catalog/catalog.routes.ts";
import type { ApiDeps } from "./deps.ts";
import { HttpError, TooManyRequests, ValidationFailed } from "./errors.ts";

/** The commerce API under /api. Every answer is JSON. */
export function createApi(deps: ApiDeps): Hono {
  const api = new Hono().basePath("/api");

  api.route("/", catalogRoutes(deps));

  // Registered last, so it answers only paths no route took (under /api, also when mounted in the host).
  api.all("*", (c) => c.json({ message: "Not found." }, 404));

  api.onError((error, c) => {
    if (error instanceof ValidationFailed) {
      return c.json({ message: error.message, errors: error.errors }, 422);
    }
    if (error instanceof TooManyRequests) {
      c.header("Retry-After", String(error.retryAfterSeconds));
    }
    if (error instanceof HttpError) {
      return c.json({ message: error.message }, error.status as ContentfulStatusCode);
    }
    deps.logger.error({ err: error, method: c.req.method, path: c.req.path }, "unhandled API error");
    return c.json({ message: "Something went wrong on our side. Please try again." }, 500);
  });

  return api;
}
