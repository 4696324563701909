import type { Logger } from "pino";
import type { ShipmentsService } from "./shipments.service.ts";

export interface TrackingWorker {
  /** Runs one round now (tests, and the first round after start). */
  runOnce(): Promise<{ asked: number; moved: number; failed: number }>;
  /** No further rounds; resolves once a round in progress has finished (before the database closes). */
  stop(): Promise<void>;
}

/**
 * Follows open shipments by itself: every `intervalMs` it asks each one's courier for news
 * (`ShipmentsService.pollOpen`), which stores new events and moves the shipment through `applyShipmentStatus`,
 * the same function the couriers' pushes go through. Started by the platform unless COURIER_POLL_MINUTES=0; the
 * timer is unref'd and a failed round is logged, the next one tries again.
 */
export function startTrackingWorker(options: {
  shipments: ShipmentsService;
  logger: Pick<Logger, "info" | "warn">;
  intervalMs: number;
  firstRunMs?: number;
}): TrackingWorker {
  const { shipments, logger, intervalMs, firstRunMs = 30_000 } = options;
  let running: Promise<{ asked: number; moved: number; failed: number }> | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const runOnce = () => {
    running ??= shipments
      .pollOpen()
      .then((round) => {
        if (round.moved > 0 || round.failed > 0) logger.info(round, "shipments tracked");
        return round;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const schedule = (delay: number) => {
    if (stopped || intervalMs <= 0) return;
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => logger.warn({ err: error }, "tracking round failed"))
        .finally(() => schedule(intervalMs));
    }, delay);
    timer.unref();
  };
  schedule(Math.min(firstRunMs, intervalMs));

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
