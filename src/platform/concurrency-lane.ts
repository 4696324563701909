/** The code of the error a lane's waiter gets when its turn did not come in time (a 503, like a busy pool). */
export const LANE_TIMEOUT_CODE = "SHOP_LANE_TIMEOUT";

/** `signal`: aborting it while the work still waits for its turn takes it out of the queue (it fails with the reason). */
export type Lane = <T>(work: () => Promise<T>, signal?: AbortSignal) => Promise<T>;

/**
 * At most `limit` runs of some work at once in this process; the others wait their turn in arrival order, for at
 * most `maxWaitMs`, then fail with `LANE_TIMEOUT_CODE` (which `isDatabaseUnavailable` takes as "cannot answer
 * now": a 503). A bulkhead: during a sale's rush, checkouts queue here, holding nothing, instead of each holding
 * one of the pool's few connections while it waits for the sale variant's row, which left pages and carts
 * without a connection (issue 34, the flash sale).
 */
export function concurrencyLane(limit: number, maxWaitMs: number): Lane {
  let running = 0;
  const waiting: { start: () => void; timer: NodeJS.Timeout }[] = [];

  function release() {
    const next = waiting.shift();
    if (next) {
      clearTimeout(next.timer);
      next.start(); // the slot passes to it: `running` stays as it is
    } else {
      running--;
    }
  }

  function turn(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (running < limit) {
      running++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const leave = () => {
        waiting.splice(waiting.indexOf(entry), 1);
        clearTimeout(entry.timer);
      };
      const aborted = () => {
        leave();
        reject(signal?.reason);
      };
      const entry = {
        start: () => {
          signal?.removeEventListener("abort", aborted);
          resolve();
        },
        timer: setTimeout(() => {
          signal?.removeEventListener("abort", aborted);
          leave();
          reject(Object.assign(new Error("waited too long for a turn"), { code: LANE_TIMEOUT_CODE }));
        }, maxWaitMs),
      };
      waiting.push(entry);
      signal?.addEventListener("abort", aborted, { once: true });
    });
  }

  return async (work, signal) => {
    await turn(signal);
    try {
      return await work();
    } finally {
      release();
    }
  };
}
