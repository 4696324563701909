import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { isDatabaseUnavailable } from "../platform/db/errors.ts";
import { type Operation, operations } from "../shared/contracts/operations.ts";
import { accountRoutes } from "./account/account.routes.ts";
import { passwordResetRoutes } from "./account/password-reset.routes.ts";
import { adminRoutes } from "./admin/admin.routes.ts";
import { provideBackOfficeAuth } from "./admin/admin-auth.ts";
import { staffInvitationRoutes } from "./admin/staff-invitation.routes.ts";
import type { ApiEnv } from "./api-env.ts";
import { adminPostRoutes, postRoutes } from "./blog/posts.routes.ts";
import { cartRoutes } from "./cart/cart.routes.ts";
import { catalogRoutes } from "./catalogue/catalogue.routes.ts";
import { checkoutRoutes } from "./checkout/checkout.routes.ts";
import { contactRoutes } from "./contact/contact.routes.ts";
import { openApiDocument } from "./contract/openapi.ts";
import { courierWebhookRoutes } from "./couriers/shipments.routes.ts";
import type { ApiDeps } from "./deps.ts";
import { HttpError, ServiceUnavailable, TooManyRequests, ValidationFailed } from "./errors.ts";
import { newsletterRoutes } from "./newsletter/newsletter.routes.ts";
import { confirmationRoutes } from "./orders/confirmation.routes.ts";
import { guestOrdersRoutes } from "./orders/guest-orders.routes.ts";
import { ordersRoutes } from "./orders/orders.routes.ts";
import { adminPaymentRoutes, paymentCallbackRoutes, paymentRoutes } from "./payments/payments.routes.ts";
import { adminReturnRoutes, returnRoutes } from "./returns/returns.routes.ts";
import { reviewsRoutes } from "./reviews/reviews.routes.ts";
import { createServices, type Services } from "./services.ts";
import { adminShopRoutes, shopRoutes } from "./shop/shop.routes.ts";
import { adminStockAlertRoutes, stockAlertRoutes } from "./stock-alerts/stock-alerts.routes.ts";
import { limitBody } from "./validation.ts";
import { wishlistRoutes } from "./wishlist/wishlist.routes.ts";

/** A request id: the caller's `X-Request-Id` when sane, the host's when mounted there, else a new one. */
export const REQUEST_ID_HEADER = "X-Request-Id";

/** The commerce API under /api. Every answer is JSON. */
export function createApi(deps: ApiDeps, services: Services = createServices(deps)): Hono<ApiEnv> {
  const api = new Hono<ApiEnv>().basePath("/api");
  const { auth, limits, cookies, moveIntoAccount } = services;
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
  api.route("/", catalogRoutes(services.catalog));
  api.route("/", cartRoutes(services.carts, auth, cookies, deps.config.publicUrl));
  api.route("/", wishlistRoutes(services.wishlists, auth, cookies, deps.config.publicUrl));
  api.route("/", accountRoutes({ accounts: services.accounts, moveIntoAccount, auth, limits, cookies }));
  api.route("/", passwordResetRoutes({ resets: services.resets, moveIntoAccount, auth, limits, cookies }));
  api.route(
    "/",
    checkoutRoutes({ checkout: services.checkout, auth, cookies, limits, secret: deps.config.sessionSecret }),
  );
  api.route("/", ordersRoutes(services.orders, services.tracking, auth));
  api.route("/", guestOrdersRoutes(services.guestOrders, services.tracking, limits));
  api.route("/", confirmationRoutes(services.confirmations, limits));
  // Accepting an invitation to the staff: for someone signed out, so outside /admin and its guard.
  api.route("/", staffInvitationRoutes(services.admin.invitations, limits));
  // The couriers' signed status pushes: from the couriers' servers, so outside /admin and its guard.
  api.route("/", courierWebhookRoutes(services.shipments));
  // Paying for orders: the shopper's side, and the providers' returns and notifications (from outside the shop).
  api.route("/", paymentRoutes(services.payments, services.paymentMethods, auth));
  api.route("/", paymentCallbackRoutes(services.payments, services.paymentMethods, deps.config.publicUrl));
  api.route("/", returnRoutes(services.returns, auth));
  // The back office: its routes check the caller's role themselves (route() reads it from the contract).
  api.use(
    "/admin/*",
    provideBackOfficeAuth({
      auth,
      policy: services.policy,
      publicUrl: deps.config.publicUrl,
      limits,
      secondFactor: services.admin.secondFactor,
    }),
  );
  api.route("/", adminRoutes(services));
  api.route("/", adminPaymentRoutes(services.payments));
  api.route("/", adminReturnRoutes(services.returns));
  api.route("/", adminStockAlertRoutes(services.stockAlerts));
  api.route("/", adminPostRoutes(services.posts));
  api.route("/", adminShopRoutes(services));
  api.route("/", reviewsRoutes(services.reviews, auth, limits));
  api.route("/", contactRoutes({ contact: services.contact, auth, limits }));
  api.route("/", newsletterRoutes({ newsletter: services.newsletter, limits }));
  api.route("/", stockAlertRoutes({ stockAlerts: services.stockAlerts, limits }));
  api.route("/", postRoutes(services.posts));
  api.route("/", shopRoutes(services));

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
