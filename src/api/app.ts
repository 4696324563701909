import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { DEFAULT_RATE_LIMITS } from "../platform/config.ts";
import { isDatabaseUnavailable } from "../platform/db/errors.ts";
import { type Operation, operations } from "../shared/contracts/operations.ts";
import { cookiePolicy } from "../shared/cookies.server.ts";
import { accountRepository } from "./account/account.repository.ts";
import { accountRoutes } from "./account/account.routes.ts";
import { accountService } from "./account/account.service.ts";
import { authenticator } from "./account/auth.ts";
import { guestBelongings } from "./account/guest-belongings.ts";
import { passwordResetRoutes } from "./account/password-reset.routes.ts";
import { passwordResetService } from "./account/password-reset.service.ts";
import { adminRoutes } from "./admin/admin.routes.ts";
import { provideBackOfficeAuth } from "./admin/admin-auth.ts";
import type { ApiEnv } from "./api-env.ts";
import { cartRepository } from "./cart/cart.repository.ts";
import { cartRoutes } from "./cart/cart.routes.ts";
import { cartService } from "./cart/cart.service.ts";
import { catalogRoutes } from "./catalog/catalog.routes.ts";
import { checkoutRoutes } from "./checkout/checkout.routes.ts";
import { checkoutService } from "./checkout/checkout.service.ts";
import { contactRoutes } from "./contact/contact.routes.ts";
import { contactService } from "./contact/contact.service.ts";
import { openApiDocument } from "./contract/openapi.ts";
import type { ApiDeps } from "./deps.ts";
import { HttpError, ServiceUnavailable, TooManyRequests, ValidationFailed } from "./errors.ts";
import { newsletterRoutes } from "./newsletter/newsletter.routes.ts";
import { newsletterService } from "./newsletter/newsletter.service.ts";
import { guestOrdersRoutes } from "./orders/guest-orders.routes.ts";
import { guestOrdersService } from "./orders/guest-orders.service.ts";
import { ordersRepository } from "./orders/orders.repository.ts";
import { ordersRoutes } from "./orders/orders.routes.ts";
import { ordersService } from "./orders/orders.service.ts";
import { createLimits } from "./rate-limit.ts";
import { reviewsRepository } from "./reviews/reviews.repository.ts";
import { reviewsRoutes } from "./reviews/reviews.routes.ts";
import { reviewsService } from "./reviews/reviews.service.ts";
import { shopperCookies } from "./shopper.ts";
import { limitBody } from "./validation.ts";
import { wishlistRepository } from "./wishlist/wishlist.repository.ts";
import { wishlistRoutes } from "./wishlist/wishlist.routes.ts";
import { wishlistService } from "./wishlist/wishlist.service.ts";

/** A request id: the caller's `X-Request-Id` when sane, the host's when mounted there, else a new one. */
export const REQUEST_ID_HEADER = "X-Request-Id";

/** The commerce API under /api. Every answer is JSON. */
export function createApi(deps: ApiDeps): Hono<ApiEnv> {
  const api = new Hono<ApiEnv>().basePath("/api");
  // `deps.onCatalogueChanged` goes to the services as it is: their catalogue writes run in `catalogueWrite`
  // (catalog/catalogue-write.ts), which after each commit drops this process's catalogue caches, then calls it.

  const policy = cookiePolicy(deps.config);
  const cookies = shopperCookies(policy);
  const accountsRepo = accountRepository(deps.db);
  const auth = authenticator(accountsRepo, { adminIdleMinutes: deps.config.adminIdleMinutes });
  const cartsRepo = cartRepository(deps.db);
  const ordersRepo = ordersRepository(deps.db);
  const carts = cartService(cartsRepo);
  const wishlists = wishlistService(wishlistRepository(deps.db));
  const moveIntoAccount = guestBelongings(carts, wishlists, cookies);
  const limits = deps.limits ?? createLimits({ settings: DEFAULT_RATE_LIMITS, logger: deps.logger });
  const checkout = checkoutService({
    carts: cartsRepo,
    orders: ordersRepo,
    publicUrl: deps.config.publicUrl,
    onMailQueued: deps.onMailQueued,
    onCatalogueChanged: deps.onCatalogueChanged,
  });
  let document: object | undefined;

  api.use(
    requestId({
      headerName: REQUEST_ID_HEADER,
      limitLength: 64,
      generator: (c) => c.get("requestId") ?? randomUUID(),
    }),
  );
  // Carts, wishlists, accounts and orders are personal: nothing is cached, by the browser either, unless a route
  // says otherwise (the catalogue's lists are public for 5 minutes). Set before the route runs, so a route's own
  // c.header("Cache-Control") replaces it: a header set after the response exists makes Hono rebuild the response
  // around a stream, which costs a tenth of a small route's throughput.
  api.use("*", async (c, next) => {
    c.header("Cache-Control", "private, no-store");
    await next();
  });

  api.use(
    "*",
    limitBody(
      (Object.values(operations) as Operation[]).filter((operation) => operation.bodyType === "multipart"),
    ),
  );

  api.get("/openapi.json", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    document ??= openApiDocument(deps.config.publicUrl);
    return c.json(document);
  });
  api.route("/", catalogRoutes(deps));
  api.route("/", cartRoutes(carts, auth, cookies, deps.config.publicUrl));
  api.route("/", wishlistRoutes(wishlists, auth, cookies, deps.config.publicUrl));
  api.route(
    "/",
    accountRoutes({ accounts: accountService(accountsRepo), moveIntoAccount, auth, limits, cookies }),
  );
  const resets = passwordResetService({
    db: deps.db,
    publicUrl: deps.config.publicUrl,
    onMailQueued: deps.onMailQueued,
  });
  api.route("/", passwordResetRoutes({ resets, moveIntoAccount, auth, limits, cookies }));
  api.route("/", checkoutRoutes({ checkout, auth, cookies, limits, secret: deps.config.sessionSecret }));
  api.route("/", ordersRoutes(ordersService(ordersRepo), auth));
  api.route("/", guestOrdersRoutes(guestOrdersService(ordersRepo, deps.config.sessionSecret), limits));
  // The back office: its routes check the caller's role themselves (route() reads it from the contract).
  api.use("/admin/*", provideBackOfficeAuth({ auth, policy, publicUrl: deps.config.publicUrl, limits }));
  api.route("/", adminRoutes({ ...deps, auth, limits }));
  const reviews = reviewsService(deps.db, reviewsRepository(deps.db, deps.engine), deps.onCatalogueChanged);
  api.route("/", reviewsRoutes(reviews, auth, limits));
  const mailing = {
    db: deps.db,
    secret: deps.config.sessionSecret,
    publicUrl: deps.config.publicUrl,
    logger: deps.logger,
    onMailQueued: deps.onMailQueued,
  };
  api.route(
    "/",
    contactRoutes({
      contact: contactService({ ...mailing, shopEmail: deps.config.shopEmail }),
      auth,
      limits,
    }),
  );
  api.route("/", newsletterRoutes({ newsletter: newsletterService(mailing), limits }));

  // Registered last, so it answers only paths no route took (under /api, also when mounted in the host).
  api.all("*", (c) => c.json({ message: "Not found." }, 404));

  api.onError((caught, c) => {
    const error = isDatabaseUnavailable(caught) ? new ServiceUnavailable(caught) : caught;
    if (error instanceof ValidationFailed) {
      return c.json({ message: error.message, errors: error.errors }, 422);
    }
    if (error instanceof TooManyRequests || error instanceof ServiceUnavailable) {
      c.header("Retry-After", String(error.retryAfterSeconds));
    }
    if (error instanceof ServiceUnavailable) {
      deps.logger.warn(
        { err: error.cause, requestId: c.get("requestId"), method: c.req.method, path: c.req.path },
        "database unavailable",
      );
    }
    if (error instanceof HttpError) {
      return c.json({ message: error.message }, error.status as ContentfulStatusCode);
    }
    deps.logger.error(
      { err: error, requestId: c.get("requestId"), method: c.req.method, path: c.req.path },
      "unhandled API error",
    );
    return c.json({ message: "Something went wrong on our side. Please try again." }, 500);
  });

  return api;
}
