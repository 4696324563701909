import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { purgeExpired } from "../platform/db/purge.ts";
import type { Database } from "../platform/db/schema.ts";

export interface PurgeJob {
  /** No further runs; resolves once a run in progress has finished (before the database closes). */
  stop(): Promise<void>;
}

/**
 * Runs `purgeExpired` shortly after start and then every `intervalMs` (0: never). The timers are unref'd, so
 * they never keep the process alive; a failed run is logged and the next one tries again.
 */
export function startPurgeJob(options: {
  db: Kysely<Database>;
  logger: Pick<Logger, "info" | "warn">;
  intervalMs: number;
  firstRunMs?: number;
  now?: () => Date;
}): PurgeJob {
  const { db, logger, intervalMs, firstRunMs = 10_000, now = () => new Date() } = options;
  if (intervalMs <= 0) return { stop: async () => {} };
  let running: Promise<void> | undefined;
  let stopped = false;

  const run = () => {
    if (stopped || running) return;
    running = purgeExpired(db, now())
      .then((purged) => {
        if (purged.guestCarts > 0 || purged.tokens > 0)
          logger.info(purged, "expired carts and tokens purged");
      })
      .catch((error: unknown) => logger.warn({ err: error }, "purge of expired carts and tokens failed"))
      .finally(() => {
        running = undefined;
      });
  };
  const first = setTimeout(run, Math.min(firstRunMs, intervalMs));
  const every = setInterval(run, intervalMs);
  first.unref();
  every.unref();

  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(every);
      await running;
    },
  };
}
