import path from "node:path";
import { DEFAULT_LOW_STOCK_THRESHOLD, DEFAULT_RATE_LIMITS, DEFAULT_SHIP_FROM } from "../platform/config.ts";
import { folderStorage } from "../platform/storage/folder-storage.ts";
import { cookiePolicy } from "../shared/cookies.server.ts";
import { accountRepository } from "./account/account.repository.ts";
import { accountService } from "./account/account.service.ts";
import { authenticator } from "./account/auth.ts";
import { guestBelongings } from "./account/guest-belongings.ts";
import { passwordResetService } from "./account/password-reset.service.ts";
import { auditRepository } from "./admin/audit.repository.ts";
import { blocklistRepository } from "./admin/blocklist/blocklist.repository.ts";
import { blocklistService } from "./admin/blocklist/blocklist.service.ts";
import { adminCampaignsRepository } from "./admin/campaigns/campaigns.repository.ts";
import { adminCampaignsService } from "./admin/campaigns/campaigns.service.ts";
import { catalogueRepository } from "./admin/catalogue/catalogue.repository.ts";
import { catalogueService } from "./admin/catalogue/catalogue.service.ts";
import { catalogueCsvService } from "./admin/catalogue-csv/catalogue-csv.routes.ts";
import { codCollectionsRepository } from "./admin/cod-collections/cod-collections.repository.ts";
import { codCollectionsService } from "./admin/cod-collections/cod-collections.service.ts";
import { adminCouponsRepository } from "./admin/coupons/coupons.repository.ts";
import { adminCouponsService } from "./admin/coupons/coupons.service.ts";
import { customersService } from "./admin/customers.service.ts";
import { dashboardRepository } from "./admin/dashboard.repository.ts";
import { dashboardService } from "./admin/dashboard.service.ts";
import { inboxService } from "./admin/inbox/inbox.service.ts";
import { jobsService } from "./admin/jobs/jobs.service.ts";
import { newsletterAdminService } from "./admin/newsletter/newsletter-export.ts";
import { newsletterIssuesService } from "./admin/newsletter/newsletter-issues.service.ts";
import { adminOrdersRepository } from "./admin/orders/admin-orders.repository.ts";
import { adminOrdersService } from "./admin/orders/admin-orders.service.ts";
import { staffOrdersService } from "./admin/orders/staff-orders.service.ts";
import { adminProductsRepository } from "./admin/products/admin-products.repository.ts";
import { adminProductsService } from "./admin/products/admin-products.service.ts";
import { staffService } from "./admin/staff.service.ts";
import { staffInvitationsService } from "./admin/staff-invitations.service.ts";
import { totpKeyBox } from "./admin/two-factor/totp.ts";
import { twoFactorRepository } from "./admin/two-factor/two-factor.repository.ts";
import { secondFactorGate, twoFactorService } from "./admin/two-factor/two-factor.service.ts";
import { postsRepository } from "./blog/posts.repository.ts";
import { postsService } from "./blog/posts.service.ts";
import { applyCampaigns } from "./campaigns/campaign-clock.ts";
import { cartRepository } from "./cart/cart.repository.ts";
import { cartService } from "./cart/cart.service.ts";
import { catalogRepository } from "./catalogue/catalogue.repository.ts";
import { catalogService } from "./catalogue/catalogue.service.ts";
import { checkoutService } from "./checkout/checkout.service.ts";
import { stockHints } from "./checkout/stock-hints.ts";
import { contactService } from "./contact/contact.service.ts";
import { couponsRepository } from "./coupons/coupons.repository.ts";
import { orderPricing } from "./coupons/order-pricing.ts";
import { courierRegistry } from "./couriers/couriers.ts";
import { shipmentsRepository } from "./couriers/shipments.repository.ts";
import { shipmentsService } from "./couriers/shipments.service.ts";
import type { ApiDeps } from "./deps.ts";
import { newsletterService } from "./newsletter/newsletter.service.ts";
import { guestOrdersService } from "./orders/guest-orders.service.ts";
import { confirmationService } from "./orders/order-confirmation.ts";
import { ordersRepository } from "./orders/orders.repository.ts";
import { ordersService } from "./orders/orders.service.ts";
import { orderShipmentNews } from "./orders/shipment-news.ts";
import { trackingService } from "./orders/tracking.ts";
import { CASH_ONLY, paymentRegistry } from "./payments/payment-registry.ts";
import { paymentsRepository } from "./payments/payments.repository.ts";
import { paymentsService } from "./payments/payments.service.ts";
import { productImagesRepository } from "./products/product-images.repository.ts";
import { productImagesService } from "./products/product-images.service.ts";
import { createLimits } from "./rate-limit.ts";
import { returnsRepository } from "./returns/returns.repository.ts";
import { returnsService } from "./returns/returns.service.ts";
import { reviewsRepository } from "./reviews/reviews.repository.ts";
import { reviewsService } from "./reviews/reviews.service.ts";
import { synonymsService } from "./search/search-synonyms.ts";
import { settingsService } from "./settings/shop-settings.ts";
import { contentPagesService } from "./shop/content-pages.service.ts";
import { shopDetailsService } from "./shop/shop-details.ts";
import { shopperCookies } from "./shopper.ts";
import { stockAlertsService } from "./stock-alerts/stock-alerts.service.ts";
import { wishlistRepository } from "./wishlist/wishlist.repository.ts";
import { wishlistService } from "./wishlist/wishlist.service.ts";

/**
 * The composition root: every repository and service of the API, built once per `createApi` from its
 * dependencies, for the shoppers' routes and the back office's alike (one reviews service, one orders repository…).
 * `deps.onCatalogueChanged` goes to the services as it is: their catalogue writes run in `catalogueWrite`
 * (catalogue/catalogue-write.ts), which after each commit drops this process's catalogue caches, then calls it.
 */
export function createServices(deps: ApiDeps) {
  const { db, engine, config, logger, onMailQueued, onMessageQueued, onCatalogueChanged } = deps;
  const policy = cookiePolicy(config);
  const cookies = shopperCookies(policy);
  const accountsRepo = accountRepository(db);
  const auth = authenticator(accountsRepo, { adminIdleMinutes: config.adminIdleMinutes });
  const cartsRepo = cartRepository(db);
  const ordersRepo = ordersRepository(db);
  const couponsRepo = couponsRepository(db);
  const pricing = orderPricing(couponsRepo);
  // The stock carts and checkouts last saw: wakes checkouts waiting for a variant that sold out (decision 0058).
  const hints = stockHints();
  const carts = cartService(cartsRepo, pricing, couponsRepo, hints);
  const wishlists = wishlistService(wishlistRepository(db));
  const limits = deps.limits ?? createLimits({ settings: DEFAULT_RATE_LIMITS, logger });
  const mailing = { db, secret: config.sessionSecret, publicUrl: config.publicUrl, logger, onMailQueued };
  const messaging = { channel: deps.messageChannel ?? "sms", logger, onQueued: onMessageQueued };
  /** The campaign clock (decision 0048): run by each instance's job and after every change to a campaign. */
  const campaignClock = { apply: (now: Date = new Date()) => applyCampaigns(db, now, onCatalogueChanged) };
  const lowStockThreshold = config.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD;
  const blocklist = blocklistService(db, blocklistRepository(db));
  const confirmations = confirmationService({
    db,
    orders: ordersRepo,
    secret: config.sessionSecret,
    publicUrl: config.publicUrl,
    logger,
    onMailQueued,
    messaging,
    onCatalogueChanged,
  });
  const adminOrdersRepo = adminOrdersRepository(db, engine);
  const shipmentsRepo = shipmentsRepository(db);
  const couriers = courierRegistry(config.couriers);
  const paymentMethods = paymentRegistry(config.payments ?? CASH_ONLY);
  const dataDir = config.dataDir ?? path.resolve("data");
  // The one store every writer and reader of photos and uploads goes through (docs/decisions/0055).
  const storage =
    deps.storage ??
    folderStorage({ imagesDir: config.imagesDir ?? path.join(dataDir, "images"), privateDir: dataDir });
  // Images are taken only where the platform said where they go (a bare API in a test may have no images).
  const imageStorage = deps.storage ?? (config.imagesDir ? storage : undefined);
  const payments = paymentsService({
    db,
    orders: ordersRepo,
    payments: paymentsRepository(db),
    registry: paymentMethods,
    publicUrl: config.publicUrl,
    secret: config.sessionSecret,
    messaging,
    onMailQueued,
    onCatalogueChanged,
    logger,
    blocklist,
    storage,
  });

  const jobs = jobsService({ db, logger });

  const adminOrders = adminOrdersService({
    db,
    repository: adminOrdersRepo,
    orders: ordersRepo,
    shipments: shipmentsRepo,
    couriers,
    publicUrl: config.publicUrl,
    onMailQueued,
    messaging,
    onCatalogueChanged,
  });
  return {
    /** Photos and uploads (the bucket or the folder); the host serves `/images/*` from it. */
    storage,
    policy,
    cookies,
    auth,
    limits,
    campaignClock,
    catalog: catalogService(catalogRepository(db, { logger })),
    carts,
    wishlists,
    moveIntoAccount: guestBelongings(carts, wishlists, cookies),
    accounts: accountService({ db, accounts: accountsRepo, publicUrl: config.publicUrl, onMailQueued }),
    resets: passwordResetService({ db, publicUrl: config.publicUrl, onMailQueued, logger }),
    checkout: checkoutService({
      carts: cartsRepo,
      hints,
      ...(deps.ordersDb ? { ordersDb: deps.ordersDb } : {}),
      pricing,
      coupons: couponsRepo,
      orders: ordersRepo,
      blocklist,
      publicUrl: config.publicUrl,
      secret: config.sessionSecret,
      onMailQueued,
      messaging,
      onCatalogueChanged,
      payments: paymentMethods,
    }),
    // Online payments (docs/decisions/0053-online-payments.md).
    paymentMethods,
    payments,
    // Returns and exchanges (docs/decisions/0054-returns.md).
    returns: returnsService({
      db,
      orders: ordersRepo,
      returns: returnsRepository(db),
      payments,
      couriers,
      shipFrom: config.couriers?.shipFrom ?? DEFAULT_SHIP_FROM,
      shopEmail: config.shopEmail,
      secret: config.sessionSecret,
      publicUrl: config.publicUrl,
      storage,
      messaging,
      onMailQueued,
      onCatalogueChanged,
    }),
    orders: ordersService(ordersRepo),
    tracking: trackingService({ orders: ordersRepo, shipments: shipmentsRepo, couriers }),
    confirmations,
    guestOrders: guestOrdersService(ordersRepo, config.sessionSecret),
    reviews: reviewsService(db, reviewsRepository(db, engine), onCatalogueChanged),
    contact: contactService({ ...mailing, shopEmail: config.shopEmail }),
    newsletter: newsletterService(mailing),
    // Back in stock (decision 0061): shoppers' requests, the sweep each instance runs, the back office's list.
    stockAlerts: stockAlertsService({ db, publicUrl: config.publicUrl, onMailQueued, messaging }),
    // The blog (decision 0064): the public reads and the back office's writes.
    posts: postsService({ db, repository: postsRepository(db), storage: imageStorage, logger }),
    // The shop's details and content pages (decision 0066): saving either is a catalogue change.
    shopDetails: shopDetailsService(db, onCatalogueChanged),
    contentPages: contentPagesService(db, onCatalogueChanged),
    // Couriers (docs/decisions/0045-couriers.md). `onShipmentStatus` is where the order side hears a shipment
    // move (in the same transaction); unset, nothing but the shipment changes.
    shipments: shipmentsService({
      db,
      repository: shipmentsRepo,
      orders: ordersRepo,
      couriers,
      shipFrom: config.couriers?.shipFrom ?? DEFAULT_SHIP_FROM,
      logger,
      onCatalogueChanged,
      onShipmentStatus: orderShipmentNews({
        orders: ordersRepo,
        publicUrl: config.publicUrl,
        messaging,
        shipments: shipmentsRepo,
        couriers,
      }),
    }),
    admin: {
      jobs,
      catalogueCsv: catalogueCsvService({
        db,
        onCatalogueChanged,
        jobs,
        photos: imageStorage
          ? { storage: imageStorage, allowPrivate: config.importImagePrivateHosts === true }
          : undefined,
      }),
      codCollections: codCollectionsService({
        db,
        repository: codCollectionsRepository(db),
        courierName: couriers.name,
      }),
      newsletter: newsletterAdminService({ db, publicUrl: config.publicUrl, secret: config.sessionSecret }),
      // The contact inbox and newsletter issues (docs/decisions/0062-contact-inbox-and-newsletter-issues.md).
      inbox: inboxService({ db, shopEmail: config.shopEmail, onMailQueued }),
      newsletterIssues: newsletterIssuesService({
        db,
        engine,
        publicUrl: config.publicUrl,
        secret: config.sessionSecret,
        onMailQueued,
      }),
      orders: adminOrders,
      // Orders staff enter for a shopper who bought by phone or message (decision 0029, "Orders staff enter").
      staffOrders: staffOrdersService({
        db,
        carts: cartsRepo,
        orders: ordersRepo,
        pricing,
        coupons: couponsRepo,
        blocklist,
        accountIdByEmail: async (email) => (await accountsRepo.findUserByEmail(email))?.id,
        orderView: adminOrders.get,
        publicUrl: config.publicUrl,
        onMailQueued,
        messaging,
        onCatalogueChanged,
      }),
      confirmations,
      blocklist,
      settings: settingsService(db),
      // Search words the owner controls (docs/decisions/0060-search-words.md).
      synonyms: synonymsService(db, onCatalogueChanged),
      coupons: adminCouponsService(db, adminCouponsRepository(db)),
      campaigns: adminCampaignsService({
        db,
        repository: adminCampaignsRepository(db),
        applyCampaigns: () => campaignClock.apply(),
        logger,
      }),
      dashboard: dashboardService(dashboardRepository(db), {
        lowStockThreshold,
        courierName: couriers.name,
      }),
      catalogue: catalogueService({
        repository: catalogueRepository(db),
        storage: imageStorage,
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
        storage: imageStorage,
        lowStockThreshold,
        logger,
        onCatalogueChanged,
      }),
    },
  };
}

export type Services = ReturnType<typeof createServices>;
