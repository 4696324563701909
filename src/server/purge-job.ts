import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { purgeExpiredAccountProtection } from "../api/account/account-protection.repository.ts";
import { purgeExpiredResetTokens } from "../api/account/password-reset.repository.ts";
import { purgeOldJobs } from "../api/admin/jobs/jobs.repository.ts";
import { purgeExpiredInvitations } from "../api/admin/staff-invitations.repository.ts";
import { purgeIdempotencyKeys } from "../api/idempotency/idempotency.ts";
import { purgeOutbox } from "../api/mail/outbox.ts";
import { purgeMessageOutbox } from "../api/messages/message-outbox.ts";
import { purgeUnconfirmedSignups } from "../api/newsletter/newsletter.repository.ts";
import { purgeExpired, refreshPlannerStatistics } from "../platform/db/purge.ts";
import type { Database } from "../platform/db/schema.ts";

export interface PurgeJob {
  /** No further runs; resolves once a run in progress has finished (before the database closes). */
  stop(): Promise<void>;
}

/**
 * Everything that can no longer be used, each kind by the module that owns its table; counts by kind. Then, on
 * SQLite, the planner's statistics of the tables that changed (`refreshPlannerStatistics`, decision 0067).
 */
export async function purgeEverything(db: Kysely<Database>, now: Date) {
  const { guestCarts, guestWishlists, tokens } = await purgeExpired(db, now);
  const purged = {
    guestCarts,
    guestWishlists,
    tokens,
    resetLinks: await purgeExpiredResetTokens(db, now),
    signInCodesAndUndoLinks: await purgeExpiredAccountProtection(db, now),
    staffInvitations: await purgeExpiredInvitations(db, now),
    idempotencyKeys: await purgeIdempotencyKeys(db, now),
    sentMail: await purgeOutbox(db, now),
    sentMessages: await purgeMessageOutbox(db, now),
    unconfirmedSignups: await purgeUnconfirmedSignups(db, now),
    importJobs: await purgeOldJobs(db, now),
  };
  await refreshPlannerStatistics(db);
  return purged;
}

/** Runs `purgeEverything` shortly after start and then every `intervalMs` (0: never). */
export function startPurgeJob(options: {
  db: Kysely<Database>;
  logger: Pick<Logger, "info" | "warn">;
  intervalMs: number;
  firstRunMs?: number;
  now?: () => Date;
}): PurgeJob {
  const { db, logger, now = () => new Date() } = options;
  return startRepeatingJob({
    ...options,
    run: async () => {
      const purged = await purgeEverything(db, now());
      if (Object.values(purged).some((count) => count > 0)) logger.info(purged, "expired rows purged");
    },
    failure: "purge of expired rows failed",
  });
}

/**
 * The shop's background jobs' one pattern: `run` shortly after start and then every `intervalMs` (0: never), one
 * run at a time. The timers are unref'd, so they never keep the process alive; a failed run is logged and the
 * next one tries again. Each job is safe on several instances at once (each run claims its rows under locks).
 */
export function startRepeatingJob(options: {
  logger: Pick<Logger, "warn">;
  intervalMs: number;
  firstRunMs?: number;
  run: () => Promise<void>;
  /** Logged with the error when a run fails. */
  failure: string;
}): PurgeJob {
  const { logger, intervalMs, firstRunMs = 10_000 } = options;
  if (intervalMs <= 0) return { stop: async () => {} };
  let running: Promise<void> | undefined;
  let stopped = false;

  const run = () => {
    if (stopped || running) return;
    running = options
      .run()
      .catch((error: unknown) => logger.warn({ err: error }, options.failure))
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
