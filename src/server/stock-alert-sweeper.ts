import type { Logger } from "pino";
import { startRepeatingJob } from "./purge-job.ts";

export interface StockAlertSweeper {
  /** Sweep now (after a committed catalogue change): one sweep at a time, and one more if asked while it runs. */
  nudge(): void;
  /** No further sweeps; resolves once a sweep in progress has finished (before the database closes). */
  stop(): Promise<void>;
}

/**
 * Runs the back-in-stock sweep (`stockAlerts.sweep`, docs/decisions/0061-back-in-stock.md) every `intervalMs` as
 * one of the shop's repeating jobs (which catches a restock on another instance, or written around the API), and
 * at once when `nudge` says this instance committed a catalogue change, so a shopper is told within moments of
 * staff saving the stock. Sweeps on several instances at once are safe: each alert is claimed once.
 */
export function startStockAlertSweeper(options: {
  sweep: () => Promise<number>;
  logger: Pick<Logger, "info" | "warn">;
  intervalMs: number;
}): StockAlertSweeper {
  const { sweep, logger } = options;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = sweep()
      .then((told) => {
        if (told > 0) logger.info({ alerts: told }, "shoppers told their size is back in stock");
      })
      .catch((error: unknown) => logger.warn({ err: error }, "back-in-stock sweep failed"))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void run();
        }
      });
    return running;
  };

  const job = startRepeatingJob({
    logger,
    intervalMs: options.intervalMs,
    run,
    failure: "back-in-stock sweep failed",
  });

  return {
    nudge: () => void run(),
    async stop() {
      stopped = true;
      await job.stop();
      await running;
    },
  };
}
