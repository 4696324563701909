import { DEFAULT_LOW_STOCK_THRESHOLD, DEFAULT_RATE_LIMITS, DEFAULT_SHIP_FROM } from "../platform/config.ts";
import { cookiePolicy } from "../shared/cookies.server.ts";
import { accountRepository } from "./account/account.repository.ts";
import { accountService } from "./account/account.service.ts";
import { authenticator } from "./account/auth.ts";
import { guestBelongings } from "./account/guest-belongings.ts";
import { passwordResetService } from "./account/password-reset.service.ts";
import { auditRepository } from "./admin/audit.repository.ts";
import { catalogueRepository } from "./admin/catalogue/catalogue.repository.ts";
import { catalogueService } from "./admin/catalogue/catalogue.service.ts";
import { catalogueCsvService } from "./admin/catalogue-csv/catalogue-csv.routes.ts";
import { customersService } from "./admin/customers.service.ts";
import { dashboardRepository } from "./admin/dashboard.repository.ts";
import { dashboardService } from "./admin/dashboard.service.ts";
import { newsletterAdminService } from "./admin/newsletter/newsletter-export.ts";
import { adminOrdersRepository } from "./admin/orders/admin-orders.repository.ts";
import { adminOrdersService } from "./admin/orders/admin-orders.service.ts";
import { adminProductsRepository } from "./admin/products/admin-products.repository.ts";
import { adminProductsService } from "./admin/products/admin-products.service.ts";
import { staffService } from "./admin/staff.service.ts";
import { staffInvitationsService } from "./admin/staff-invitations.service.ts";
import { totpKeyBox } from "./admin/two-factor/totp.ts";
import { twoFactorRepository } from "./admin/two-factor/two-factor.repository.ts";
import { secondFactorGate, twoFactorService } from "./admin/two-factor/two-factor.service.ts";
import { cartRepository } from "./cart/cart.repository.ts";
import { cartService } from "./cart/cart.service.ts";
import { catalogRepository } from "./catalogue/catalogue.repository.ts";
import { catalogService } from "./catalogue/catalogue.service.ts";
import { checkoutService } from "./checkout/checkout.service.ts";
import { contactService } from "./contact/contact.service.ts";
import { courierRegistry } from "./couriers/couriers.ts";
import { shipmentsRepository } from "./couriers/shipments.repository.ts";
import { shipmentsService } from "./couriers/shipments.service.ts";
import type { ApiDeps } from "./deps.ts";
import { newsletterService } from "./newsletter/newsletter.service.ts";
import { guestOrdersService } from "./orders/guest-orders.service.ts";
import { ordersRepository } from "./orders/orders.repository.ts";
import { ordersService } from "./orders/orders.service.ts";
import { productImagesRepository } from "./products/product-images.repository.ts";
import { productImagesService } from "./products/product-images.service.ts";
import { createLimits } from "./rate-limit.ts";
import { reviewsRepository } from "./reviews/reviews.repository.ts";
import { reviewsService } from "./reviews/reviews.service.ts";
import { shopperCookies } from "./shopper.ts";
import { wishlistRepository } from "./wishlist/wishlist.repository.ts";
import { wishlistService } from "./wishlist/wishlist.service.ts";

/**
 * The composition root: every repository and service of the API, built once per `createApi` from its
 * dependencies, for the shoppers' routes and the back office's alike (one reviews service, one orders repository…).
 * `deps.onCatalogueChanged` goes to the services as it is: their catalogue writes run in `catalogueWrite`
 * (catalogue/catalogue-write.ts), which after each commit drops this process's catalogue caches, then calls it.
 */
export function createServices(deps: ApiDeps) {
  const { db, engine, config, logger, onMailQueued, onCatalogueChanged } = deps;
  const policy = cookiePolicy(config);
  const cookies = shopperCookies(policy);
  const accountsRepo = accountRepository(db);
  const auth = authenticator(accountsRepo, { adminIdleMinutes: config.adminIdleMinutes });
  const cartsRepo = cartRepository(db);
  const ordersRepo = ordersRepository(db);
  const carts = cartService(cartsRepo);
  const wishlists = wishlistService(wishlistRepository(db));
  const limits = deps.limits ?? createLimits({ settings: DEFAULT_RATE_LIMITS, logger });
  const mailing = { db, secret: config.sessionSecret, publicUrl: config.publicUrl, logger, onMailQueued };
  const lowStockThreshold = config.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
  const adminOrdersRepo = adminOrdersRepository(db, engine);

  return {
    policy,
    cookies,
    auth,
    limits,
    catalog: catalogService(catalogRepository(db, { logger })),
    carts,
    wishlists,
    moveIntoAccount: guestBelongings(carts, wishlists, cookies),
    accounts: accountService({ db, accounts: accountsRepo, publicUrl: config.publicUrl, onMailQueued }),
    resets: passwordResetService({ db, publicUrl: config.publicUrl, onMailQueued, logger }),
    checkout: checkoutService({
      carts: cartsRepo,
      orders: ordersRepo,
      publicUrl: config.publicUrl,
      onMailQueued,
      onCatalogueChanged,
    }),
    orders: ordersService(ordersRepo),
    guestOrders: guestOrdersService(ordersRepo, config.sessionSecret),
    reviews: reviewsService(db, reviewsRepository(db, engine), onCatalogueChanged),
    contact: contactService({ ...mailing, shopEmail: config.shopEmail }),
    newsletter: newsletterService(mailing),
    // Couriers (docs/decisions/0045-couriers.md). `onShipmentStatus` is where the order side hears a shipment
    // move (in the same transaction); unset, nothing but the shipment changes.
    shipments: shipmentsService({
      db,
      repository: shipmentsRepository(db),
      adminOrders: adminOrdersRepo,
      orders: ordersRepo,
      couriers: courierRegistry(config.couriers),
      shipFrom: config.couriers?.shipFrom ?? DEFAULT_SHIP_FROM,
      logger,
    }),
    admin: {
      catalogueCsv: catalogueCsvService({ db, onCatalogueChanged }),
      newsletter: newsletterAdminService({ db, publicUrl: config.publicUrl, secret: config.sessionSecret }),
      orders: adminOrdersService({
        db,
        repository: adminOrdersRepo,
        orders: ordersRepo,
        publicUrl: config.publicUrl,
        onMailQueued,
        onCatalogueChanged,
      }),
      dashboard: dashboardService(dashboardRepository(db), { lowStockThreshold }),
      catalogue: catalogueService({
        repository: catalogueRepository(db),
        imagesDir: config.imagesDir,
        logger,
        onCatalogueChanged,
      }),
      customers: customersService(db),
      staff: staffService(db, engine),
      invitations: staffInvitationsService({ db, publicUrl: config.publicUrl, onMailQueued }),
      twoFactor: twoFactorService({
        db,
        box: totpKeyBox(config.sessionSecret),
        issuer: new URL(config.publicUrl).hostname,
        limits,
      }),
      secondFactor: secondFactorGate(twoFactorRepository(db)),
      audit: auditRepository(db),
      products: adminProductsService({
        repository: adminProductsRepository(db),
        images: productImagesService(productImagesRepository(db), onCatalogueChanged),
        imagesDir: config.imagesDir,
        lowStockThreshold,
        logger,
        onCatalogueChanged,
      }),
    },
  };
}

export type Services = ReturnType<typeof createServices>;
