import { randomUUID } from "node:crypto";
import type { Logger } from "pino";

/**
 * The worker every transactional outbox runs (mail: docs/decisions/0014-mail-outbox-and-idempotent-checkout.md;
 * phone messages: docs/decisions/0044-messages.md). A request writes its row in the same transaction as what it is
 * about; this worker claims due rows, sends each through its transport with a timeout, retries a failure with
 * backoff, gives up after the last attempt (and logs an error), and on stop finishes the send in progress and
 * hands the rest of its claim back. On PostgreSQL several instances share a table, and the claim's
 * `FOR UPDATE SKIP LOCKED` (outbox.repository.ts) keeps any two from taking the same row.
 */

export interface OutboxOptions {
  /** Rows claimed per pass. */
  batchSize: number;
  /** How long a claim holds; a worker that died mid-send leaves a claim another worker takes after this. */
  claimMs: number;
  /** Longest one send may take before it counts as failed (and is retried). Must be below `claimMs`. */
  sendTimeoutMs: number;
  /** Sends tried before the worker gives up on a row (and logs an error). */
  maxAttempts: number;
  /** How often an idle worker looks for due rows (a request on this instance that queues one wakes it at once). */
  pollMs: number;
  /** Wait before the first retry; doubled for each further one, up to `maxRetryMs`. */
  firstRetryMs: number;
  maxRetryMs: number;
}

export const DEFAULT_OUTBOX_OPTIONS: OutboxOptions = {
  batchSize: 10,
  claimMs: 5 * 60_000,
  sendTimeoutMs: 30_000,
  maxAttempts: 10,
  pollMs: 5_000,
  firstRetryMs: 15_000,
  maxRetryMs: 30 * 60_000,
};

/** The wait before the next try after `attempts` failed ones: 15 s, 30 s, 1 min… up to the cap, ±20%. */
export function retryDelayMs(attempts: number, options: Pick<OutboxOptions, "firstRetryMs" | "maxRetryMs">) {
  const base = Math.min(options.firstRetryMs * 2 ** Math.max(0, attempts - 1), options.maxRetryMs);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

export interface OutboxWorker {
  /** Starts polling (once; a second call does nothing). */
  start(): void;
  /** A row was just queued: a running worker looks at once instead of at its next poll. */
  nudge(): void;
  /** Stops polling and waits for the row being sent to finish; claimed rows not yet sent are released. */
  stop(): Promise<void>;
  /** One pass: claims due rows and sends them; answers how many were claimed. */
  runOnce(): Promise<number>;
  /** Passes until nothing is due (tests, and a one-off flush). */
  drain(): Promise<void>;
}

/** What the worker needs to know of a claimed row. */
export interface ClaimedRow {
  id: number;
  attempts: number;
  last_error: string | null;
}

/** One outbox table's statements (each a thin call of outbox.repository.ts with its table). */
export interface OutboxStatements<Row extends ClaimedRow, Sent> {
  claim(options: { now: Date; claimMs: number; batchSize: number; token: string }): Promise<Row[]>;
  /** Marks the row sent with what the transport answered; false when the claim was lost meanwhile. */
  markSent(row: Row, token: string, now: Date, sent: Sent): Promise<boolean>;
  /** A failed send: when to try again, or that it was given up (`failed_at`), with the reason. */
  markFailed(
    row: Row,
    token: string,
    change: { next_attempt_at?: string; failed_at?: string; last_error?: string },
  ): Promise<void>;
  release(ids: number[], token: string): Promise<void>;
}

class SendTimeout extends Error {
  override name = "SendTimeout";
}

export function createOutboxWorker<Row extends ClaimedRow, Sent>(deps: {
  /** What the rows are, for logs: "mail", "message". */
  kind: string;
  /** What sends them, for the timeout's sentence: "mail transport", "messenger". */
  transport: string;
  statements: OutboxStatements<Row, Sent>;
  /** Sends one row; `signal` aborts a send past the timeout. */
  send(row: Row, signal: AbortSignal): Promise<Sent>;
  /** What a log line says the row is (its id, the order it is about). */
  describe(row: Row): Record<string, unknown>;
  logger: Pick<Logger, "info" | "warn" | "error">;
  options?: Partial<OutboxOptions> | undefined;
  /** The clock (tests move it to expire claims). */
  now?: (() => Date) | undefined;
}): OutboxWorker {
  const { kind, statements, logger } = deps;
  const options = { ...DEFAULT_OUTBOX_OPTIONS, ...deps.options };
  if (options.sendTimeoutMs >= options.claimMs) {
    throw new Error(`The ${kind} worker's send timeout must be shorter than its claim.`);
  }
  const now = deps.now ?? (() => new Date());
  const gaveUp = `${kind} not sent: gave up after the last attempt`;
  let stopping = false;
  let loop: Promise<void> | undefined;
  let nudged = false;
  let wake: (() => void) | undefined;

  async function send(row: Row): Promise<Sent> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new SendTimeout(`The ${deps.transport} gave no answer within ${options.sendTimeoutMs} ms.`));
      }, options.sendTimeoutMs);
    });
    try {
      // A transport that ignores the signal still cannot hold the worker past the timeout.
      return await Promise.race([deps.send(row, controller.signal), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function deliver(row: Row, token: string): Promise<void> {
    const about = { ...deps.describe(row), attempt: row.attempts };
    if (row.attempts > options.maxAttempts) {
      // Its last attempt's worker died mid-send (the claim expired): give up rather than try for ever.
      await statements.markFailed(row, token, { failed_at: now().toISOString() });
      logger.error({ ...about, lastError: row.last_error }, gaveUp);
      return;
    }
    let sent: Sent;
    try {
      sent = await send(row);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= options.maxAttempts;
      const at = now();
      await statements.markFailed(
        row,
        token,
        giveUp
          ? { failed_at: at.toISOString(), last_error: reason }
          : {
              next_attempt_at: new Date(at.getTime() + retryDelayMs(row.attempts, options)).toISOString(),
              last_error: reason,
            },
      );
      if (giveUp) logger.error({ ...about, err: error }, gaveUp);
      else logger.warn({ ...about, err: error }, `${kind} not sent; it will be retried`);
      return;
    }
    if (!(await statements.markSent(row, token, now(), sent))) {
      logger.warn(about, `${kind} sent after its claim expired; another worker may send it again`);
    }
  }

  async function runOnce(): Promise<number> {
    const token = randomUUID();
    const rows = await statements.claim({
      now: now(),
      claimMs: options.claimMs,
      batchSize: options.batchSize,
      token,
    });
    for (const [index, row] of rows.entries()) {
      if (stopping) {
        // Shutting down: hand the rest back at once (not counted as attempts) instead of at claim expiry.
        await statements.release(
          rows.slice(index).map((rest) => rest.id),
          token,
        );
        break;
      }
      await deliver(row, token);
    }
    return rows.length;
  }

  function pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });
  }

  async function run(): Promise<void> {
    while (!stopping) {
      nudged = false;
      let claimed = 0;
      try {
        claimed = await runOnce();
      } catch (error) {
        logger.warn({ err: error }, `${kind} worker could not read the outbox; trying again shortly`);
      }
      if (stopping) break;
      if (claimed >= options.batchSize || nudged) continue;
      await pause(options.pollMs);
    }
  }

  return {
    start() {
      if (loop) return;
      stopping = false;
      loop = run();
    },
    nudge() {
      nudged = true;
      wake?.();
    },
    async stop() {
      stopping = true;
      wake?.();
      await loop;
      loop = undefined;
    },
    runOnce,
    async drain() {
      while ((await runOnce()) > 0) {
        // Keep going: a full batch may have left more behind, and retries made due by the clock.
      }
    },
  };
}
