import { setTimeout as delay } from "node:timers/promises";
import type { Hono } from "hono";
import type { Logger } from "pino";
import type { ApiEnv } from "../api/api-env.ts";
import { createApi } from "../api/app.ts";
import { ensureSlideTwins } from "../api/catalogue/slide-images.ts";
import { ORDERS_AT_ONCE } from "../api/checkout/checkout.service.ts";
import { startCourierSimulators } from "../api/couriers/simulators/simulated-couriers.ts";
import { startTrackingWorker } from "../api/couriers/tracking-worker.ts";
import { createMailWorker, type MailWorker } from "../api/mail/outbox.ts";
import { createMessageWorker, type MessageWorker } from "../api/messages/message-outbox.ts";
import { startPaymentSimulators } from "../api/payments/simulators/simulated-payments.ts";
import { ensureDemoCatalogue } from "../api/products/seed/demo-catalogue.ts";
import { createLimits } from "../api/rate-limit.ts";
import { createServices, type Services } from "../api/services.ts";
import { type Config, loadConfig, type RunningConfig } from "../platform/config.ts";
import { type DatabaseHandle, openDatabase } from "../platform/db/connection.ts";
import { migrateToLatest } from "../platform/db/migrate.ts";
import { resolveSigningSecret } from "../platform/db/signing-secret.ts";
import { renderDefaultImages } from "../platform/images/render.ts";
import { createLogger } from "../platform/logger.ts";
import { createMailer } from "../platform/mail.ts";
import { createMessenger } from "../platform/messenger.ts";
import { closeRedis, openRedis, type Redis, redisReady } from "../platform/redis.ts";
import { createStorage } from "../platform/storage/create-storage.ts";
import type { Storage } from "../platform/storage/storage.ts";
import { catalogueChanges, dropCaches } from "./catalogue-changes.ts";
import { type AnswerCache, createAnswerCache } from "./public-answers.ts";
import { createPageCache, type PageCache } from "./public-pages/page-cache.ts";
import { startPurgeJob, startRepeatingJob } from "./purge-job.ts";
import { startStockAlertSweeper } from "./stock-alert-sweeper.ts";

/** A kept page is served for at most this long: the safety net for a change whose message was lost. */
export const PAGE_TTL_MS = 60_000;
/** At most this many kept API answers, whatever their size (decision 0056). */
const MAX_ANSWERS = 20_000;

/** The host's kept public pages and API answers, as configured (PAGE_CACHE_MB, API_CACHE_MB). */
export function publicCaches(config: Pick<Config, "pageCacheMb" | "apiCacheMb">): {
  pages: PageCache;
  answers: AnswerCache;
} {
  return {
    pages: createPageCache({ maxBytes: config.pageCacheMb * 2 ** 20, ttlMs: PAGE_TTL_MS }),
    answers: createAnswerCache({
      maxBytes: config.apiCacheMb * 2 ** 20,
      maxEntries: MAX_ANSWERS,
      ttlMs: PAGE_TTL_MS,
    }),
  };
}
/** How long start-up waits for the subscription to other instances' catalogue changes. */
const SUBSCRIBE_WAIT_MS = 2_000;

export interface Platform {
  /** The configuration, with the signing secret resolved (SESSION_SECRET, or the shop's own). */
  config: RunningConfig;
  logger: Logger;
  database: DatabaseHandle;
  /** Photos and uploads: the bucket (S3_BUCKET) or the local folder (docs/decisions/0055-object-storage.md). */
  storage: Storage;
  /** Shared rate-limit counters; unset when `REDIS_URL` is. */
  redis: Redis | undefined;
  api: Hono<ApiEnv>;
  /** The API's repositories and services (`createServices`), built once: the host reads guests' carts with them. */
  services: Services;
  /** Rendered public pages (PAGE_CACHE_MB), dropped on every catalogue change here or on another instance. */
  pages: PageCache;
  /** The API's public JSON answers (API_CACHE_MB), dropped likewise (decision 0056). */
  answers: AnswerCache;
  /** Sends the mail outbox; running unless MAIL_WORKER=off. Stopped on shutdown before the pool closes. */
  mailWorker: MailWorker;
  /** Sends the message outbox (SMS, WhatsApp) through MESSENGER; running unless MAIL_WORKER=off, stopped likewise. */
  messageWorker: MessageWorker;
  /** Stops both outbox workers (each finishes what it is sending): at shutdown, before `close`. */
  stopWorkers(): Promise<void>;
  /** Closes the database pool and the Redis connection (at shutdown, once requests have finished). */
  close(): Promise<void>;
}

/**
 * Opens the database, migrates it, resolves the signing secret (src/platform/db/signing-secret.ts), seeds the demo
 * catalogue on first start, builds the API and starts the mail and message workers (unless MAIL_WORKER=off).
 * catalogue on first start, builds the API and starts the mail worker (unless MAIL_WORKER=off), the tracking worker
 * of shipments (unless COURIER_POLL_MINUTES=0), the campaign clock of scheduled sales (unless
 * CAMPAIGN_CHECK_SECONDS=0), the back-in-stock sweep (STOCK_ALERT_CHECK_SECONDS), the end of prepaid orders' holds (unless PAYMENT_CHECK_MINUTES=0) and, with
 * COURIER_SIMULATORS=on and PAYMENT_SIMULATORS=on, the couriers' and payment providers' simulators.
 */
export async function startPlatform(loaded: Config = loadConfig()): Promise<Platform> {
  const logger = createLogger(loaded.logLevel);
  const database = await openDatabase(loaded.database, {
    timeouts: loaded.databaseTimeouts,
    logger,
    ordersPoolSize: ORDERS_AT_ONCE,
  });
  const applied = await migrateToLatest(database.db, database.engine);
  if (applied.length > 0) logger.info({ applied }, "database migrated");
  const { secret } = await resolveSigningSecret({
    configured: loaded.sessionSecret,
    db: database.db,
    dataDir: loaded.dataDir,
    logger,
  });
  // COURIER_SIMULATORS=on (refused by loadConfig unless PUBLIC_URL is this machine): every courier books with its
  // local simulator, which pushes its statuses back to this shop's webhooks.
  const simulators = loaded.couriers.simulators
    ? await startCourierSimulators({ shopUrl: loaded.publicUrl })
    : undefined;
  if (simulators) {
    logger.warn(
      { leopards: simulators.leopards.url, postex: simulators.postex.url },
      "COURIER_SIMULATORS=on: couriers are simulated, no parcel is really booked",
    );
  }
  // PAYMENT_SIMULATORS=on (likewise refused unless PUBLIC_URL is this machine): every provider is its simulator.
  const paymentSimulators = loaded.payments.simulators
    ? await startPaymentSimulators({ shopUrl: loaded.publicUrl })
    : undefined;
  if (paymentSimulators) {
    logger.warn(
      {
        jazzcash: paymentSimulators.jazzcash.url,
        easypaisa: paymentSimulators.easypaisa.url,
        safepay: paymentSimulators.safepay.url,
      },
      "PAYMENT_SIMULATORS=on: payments are simulated, no money moves",
    );
  }
  const config: RunningConfig = {
    ...loaded,
    sessionSecret: secret,
    couriers: simulators ? simulators.settings(loaded.couriers) : loaded.couriers,
    payments: paymentSimulators ? paymentSimulators.settings(loaded.payments) : loaded.payments,
  };
  // A bucket that cannot be used (missing, refused keys, unreachable) stops the start with the reason.
  const storage = createStorage(config);
  await storage.check();
  if (config.storage.bucket)
    logger.info(
      { bucket: config.storage.bucket.bucket, endpoint: config.storage.bucket.endpoint ?? "AWS S3" },
      "photos and uploads are kept in the bucket",
    );
  await renderDefaultImages(storage);
  if (config.seedDemo) {
    const started = performance.now();
    const seeded = await ensureDemoCatalogue(database.db, {
      storage,
      // Drawing the photos takes half a minute on a small machine: say so rather than sit silent.
      onSeeding: () =>
        logger.info("seeding the demo catalogue and drawing its images (first start, about half a minute)"),
    });
    if (seeded) logger.info({ ms: Math.round(performance.now() - started) }, "demo catalogue seeded");
  }
  // Reported, not fatal: a slide without its AVIF twin still shows on desktops and in browsers without AVIF; phones
  // that take AVIF would miss that one picture, which is worth a warning but not worth keeping the shop down.
  await ensureSlideTwins(database.db, storage).then(
    (written) => {
      if (written.length > 0) logger.info({ files: written.length }, "AVIF mobile slide images written");
    },
    (error: unknown) => logger.warn({ err: error }, "could not write the AVIF mobile slide images"),
  );
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: config.outboxDir,
    from: config.mailFrom,
  });
  const redis = config.redisUrl ? openRedis(config.redisUrl, logger) : undefined;
  // A Redis that is down does not stop the shop: the limits count in memory until it answers (and say so).
  if (redis && (await redisReady(redis))) logger.info("rate limits are shared through Redis");
  const limits = createLimits({ settings: config.rateLimits, redis, logger });
  const mailWorker = createMailWorker({ db: database.db, engine: database.engine, mailer, logger });
  const messageWorker = createMessageWorker({
    db: database.db,
    engine: database.engine,
    messenger: createMessenger(config.messenger),
    templateLanguage: config.messenger.templateLanguage,
    logger,
  });
  const { pages, answers } = publicCaches(config);
  const changes = catalogueChanges({ redis, logger, drop: dropCaches([pages, answers]) });
  // A page kept before this instance hears the others' catalogue changes could outlive one: it serves once it is
  // subscribed. Bounded, so a Redis that stops answering just now does not hold the start up.
  if (redis?.status === "ready")
    await Promise.race([changes.listening, delay(SUBSCRIBE_WAIT_MS, false, { ref: false })]);
  const apiDeps = {
    db: database.db,
    ...(database.orders ? { ordersDb: database.orders } : {}),
    engine: database.engine,
    config,
    logger,
    storage,
    limits,
    onMailQueued: () => mailWorker.nudge(),
    onMessageQueued: () => messageWorker.nudge(),
    messageChannel: config.messenger.channel,
    onCatalogueChanged: (stockOf?: readonly number[]) => {
      changes.changed(stockOf);
      // A variant coming back in stock is always a whole change (decision 0056): only then can an alert be due.
      if (stockOf === undefined) stockAlerts.nudge();
    },
  };
  // The composition root, once: the API's routes and the host's pages (a guest's cart in a kept page) share it.
  const services = createServices(apiDeps);
  const api = createApi(apiDeps, services);
  if (config.mailWorker) {
    mailWorker.start();
    messageWorker.start();
  }
  const purge = startPurgeJob({ db: database.db, logger, intervalMs: config.purgeIntervalMinutes * 60_000 });
  // Orders nobody confirmed in time are cancelled and their stock put back (docs/decisions/0042).
  const unconfirmed = startRepeatingJob({
    logger,
    intervalMs: config.unconfirmedCheckMinutes * 60_000,
    run: async () => {
      await services.confirmations.cancelUnconfirmed();
    },
    failure: "cancelling unconfirmed orders failed",
  });
  // Scheduled sales start and end on time with nobody there (docs/decisions/0048-scheduled-sales.md).
  const campaigns = startRepeatingJob({
    logger,
    intervalMs: config.campaignCheckSeconds * 1000,
    firstRunMs: 1000,
    run: async () => {
      const { changed } = await services.campaignClock.apply();
      if (changed > 0) logger.info({ products: changed }, "campaign prices brought up to date");
    },
    failure: "applying scheduled sales failed",
  });
  // Prepaid orders whose hold ended unpaid are cancelled and their stock put back (docs/decisions/0053).
  const holds = startRepeatingJob({
    logger,
    intervalMs: config.payments.checkMinutes * 60_000,
    run: async () => {
      const cancelled = await services.payments.expireHolds();
      if (cancelled > 0)
        logger.info({ orders: cancelled }, "unpaid orders cancelled at the end of their hold");
    },
    failure: "cancelling unpaid orders failed",
  });
  // Shoppers waiting for a sold-out size are told once it has stock, by whatever door (docs/decisions/0061).
  const stockAlerts = startStockAlertSweeper({
    sweep: () => services.stockAlerts.sweep(),
    logger,
    intervalMs: config.stockAlertCheckSeconds * 1000,
  });
  const tracking = startTrackingWorker({
    shipments: services.shipments,
    logger,
    intervalMs: config.couriers.pollMinutes * 60_000,
  });
  // Shutdown closes the database; the jobs and the tracking worker stop first, so no run meets a closed pool.
  const close = async () => {
    await Promise.all([
      purge.stop(),
      unconfirmed.stop(),
      campaigns.stop(),
      holds.stop(),
      stockAlerts.stop(),
      tracking.stop(),
    ]);
    await simulators?.close();
    await paymentSimulators?.close();
    await changes.close();
    await Promise.all([database.close(), redis ? closeRedis(redis) : undefined]);
    storage.close();
  };
  const stopWorkers = async () => {
    await Promise.all([mailWorker.stop(), messageWorker.stop()]);
  };
  return {
    config,
    logger,
    database,
    storage,
    redis,
    api,
    services,
    pages,
    answers,
    mailWorker,
    messageWorker,
    stopWorkers,
    close,
  };
}
