import type { Hono } from "hono";
import type { Logger } from "pino";
import { createApi } from "../api/app.ts";
import { ensureDemoCatalogue } from "../api/catalog/seed/demo-catalogue.ts";
import { RateLimiter } from "../api/rate-limit.ts";
import { type Config, loadConfig } from "../platform/config.ts";
import { type DatabaseHandle, openDatabase } from "../platform/db/connection.ts";
import { migrateToLatest } from "../platform/db/migrate.ts";
import { renderDefaultImages } from "../platform/images/render.ts";
import { createLogger } from "../platform/logger.ts";
import { createMailer } from "../platform/mail.ts";
import { startPurgeJob } from "./purge-job.ts";

export interface Platform {
  config: Config;
  logger: Logger;
  database: DatabaseHandle;
  api: Hono;
}

/** Opens the database, migrates it, seeds the demo catalogue on first start and builds the API. */
export async function startPlatform(config: Config = loadConfig()): Promise<Platform> {
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config.database, { timeouts: config.databaseTimeouts, logger });
  const applied = await migrateToLatest(database.db, database.engine);
  if (applied.length > 0) logger.info({ applied }, "database migrated");
  await renderDefaultImages(config.imagesDir);
  if (config.seedDemo) {
    const started = performance.now();
    const seeded = await ensureDemoCatalogue(database.db, { imagesDir: config.imagesDir });
    if (seeded) logger.info({ ms: Math.round(performance.now() - started) }, "demo catalogue seeded");
  }
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    outboxDir: config.outboxDir,
    from: config.mailFrom,
  });
  const limiter = new RateLimiter({ limit: config.authAttemptsPer15Min, windowMs: 15 * 60 * 1000 });
  const api = createApi({ db: database.db, engine: database.engine, config, logger, mailer, limiter });
  const purge = startPurgeJob({ db: database.db, logger, intervalMs: config.purgeIntervalMinutes * 60_000 });
  // Shutdown closes the database; the purge stops first, so no run meets a closed pool.
  const close = async () => {
    await purge.stop();
    await database.close();
  };
  return { config, logger, database: { ...database, close }, api };
}
