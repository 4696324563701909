import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import type { Engine } from "../../platform/db/connection.ts";
import type { Database } from "../../platform/db/schema.ts";
import type { Mailer, MailMessage } from "../../platform/mail.ts";
import {
  claimDueMail,
  deleteSentBefore,
  insertMail,
  markMailSent,
  type OutboxRow,
  releaseClaims,
  updateClaimedMail,
} from "./outbox.repository.ts";

/**
 * The transactional mail outbox (docs/decisions/0014-mail-outbox-and-idempotent-checkout.md). A request writes
 * its mail with `enqueueMail` in the same transaction as what the mail is about, so the order and its
 * confirmation commit or roll back together and no SMTP server is waited for inside a request. The mail worker
 * (`createMailWorker`, started by the server) claims due rows, sends them through the Mailer, and retries with
 * backoff; on PostgreSQL several instances share the table, and `FOR UPDATE SKIP LOCKED` keeps any two from
 * taking the same row.
 */

export interface OutboxOptions {
  /** Rows claimed per pass. */
  batchSize: number;
  /** How long a claim holds; a worker that died mid-send leaves a claim another worker takes after this. */
  claimMs: number;
  /** Longest one send may take before it counts as failed (and is retried). Must be below `claimMs`. */
  sendTimeoutMs: number;
  /** Sends tried before the worker gives up on a message (and logs an error). */
  maxAttempts: number;
  /** How often an idle worker looks for due mail (a checkout on this instance wakes it at once). */
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

/** Sent mail is kept this long (to answer "did my confirmation go out?"), then `purgeOutbox` deletes it. */
export const SENT_MAIL_KEPT_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Writes one message to the outbox inside the caller's transaction; the worker sends it after the commit. */
export async function enqueueMail(
  trx: Kysely<Database>,
  message: MailMessage & { reference?: string },
  now: Date = new Date(),
): Promise<number> {
  return insertMail(trx, {
    recipient: message.to,
    subject: message.subject,
    text_body: message.text,
    html_body: message.html,
    reference: message.reference ?? null,
    reply_to: message.replyTo ?? null,
    headers:
      message.headers && Object.keys(message.headers).length > 0 ? JSON.stringify(message.headers) : null,
    created_at: now.toISOString(),
    attempts: 0,
    next_attempt_at: now.toISOString(),
  });
}

/** The wait before the next try after `attempts` failed ones: 15 s, 30 s, 1 min… up to the cap, ±20%. */
export function retryDelayMs(attempts: number, options: Pick<OutboxOptions, "firstRetryMs" | "maxRetryMs">) {
  const base = Math.min(options.firstRetryMs * 2 ** Math.max(0, attempts - 1), options.maxRetryMs);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/** Deletes mail sent more than 30 days before `now` (pending and given-up mail stays); answers how many. */
export async function purgeOutbox(db: Kysely<Database>, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - SENT_MAIL_KEPT_DAYS * DAY_MS).toISOString();
  return deleteSentBefore(db, cutoff);
}

export interface MailWorker {
  /** Starts polling (once; a second call does nothing). */
  start(): void;
  /** Mail was just queued: a running worker looks at once instead of at its next poll. */
  nudge(): void;
  /** Stops polling and waits for the message being sent to finish; claimed rows not yet sent are released. */
  stop(): Promise<void>;
  /** One pass: claims due rows and sends them; answers how many were claimed. */
  runOnce(): Promise<number>;
  /** Passes until nothing is due (tests, and a one-off flush). */
  drain(): Promise<void>;
}

class SendTimeout extends Error {
  override name = "SendTimeout";
}

/** The mail worker: polls the outbox, sends due mail through the Mailer, retries failures with backoff. */
export function createMailWorker(deps: {
  db: Kysely<Database>;
  engine: Engine;
  mailer: Mailer;
  logger: Pick<Logger, "info" | "warn" | "error">;
  options?: Partial<OutboxOptions>;
  /** The clock (tests move it to expire claims). */
  now?: () => Date;
}): MailWorker {
  const options = { ...DEFAULT_OUTBOX_OPTIONS, ...deps.options };
  if (options.sendTimeoutMs >= options.claimMs) {
    throw new Error("The mail worker's send timeout must be shorter than its claim.");
  }
  const now = deps.now ?? (() => new Date());
  const { db, logger } = deps;
  let stopping = false;
  let loop: Promise<void> | undefined;
  let nudged = false;
  let wake: (() => void) | undefined;

  async function send(row: OutboxRow): Promise<void> {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort();
        reject(new SendTimeout(`The mail transport gave no answer within ${options.sendTimeoutMs} ms.`));
      }, options.sendTimeoutMs);
    });
    const message: MailMessage = {
      to: row.recipient,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      replyTo: row.reply_to ?? undefined,
      headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : undefined,
    };
    try {
      // A transport that ignores the signal still cannot hold the worker past the timeout.
      await Promise.race([deps.mailer.send(message, { signal: controller.signal }), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async function deliver(row: OutboxRow, token: string): Promise<void> {
    const about = { mailId: row.id, reference: row.reference, attempt: row.attempts };
    if (row.attempts > options.maxAttempts) {
      // Its last attempt's worker died mid-send (the claim expired): give up rather than try for ever.
      await updateClaimedMail(db, row.id, token, {
        failed_at: now().toISOString(),
        claimed_until: null,
        claim_token: null,
      });
      logger.error({ ...about, lastError: row.last_error }, "mail not sent: gave up after the last attempt");
      return;
    }
    try {
      await send(row);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = row.attempts >= options.maxAttempts;
      const at = now();
      await updateClaimedMail(
        db,
        row.id,
        token,
        giveUp
          ? { failed_at: at.toISOString(), last_error: reason, claimed_until: null, claim_token: null }
          : {
              next_attempt_at: new Date(at.getTime() + retryDelayMs(row.attempts, options)).toISOString(),
              last_error: reason,
              claimed_until: null,
              claim_token: null,
            },
      );
      if (giveUp) logger.error({ ...about, err: error }, "mail not sent: gave up after the last attempt");
      else logger.warn({ ...about, err: error }, "mail not sent; it will be retried");
      return;
    }
    if (!(await markMailSent(db, row, token, now()))) {
      logger.warn(about, "mail sent after its claim expired; another worker may send it again");
    }
  }

  async function runOnce(): Promise<number> {
    const token = randomUUID();
    const rows = await claimDueMail(db, deps.engine, {
      now: now(),
      claimMs: options.claimMs,
      batchSize: options.batchSize,
      token,
    });
    for (const [index, row] of rows.entries()) {
      if (stopping) {
        // Shutting down: hand the rest back at once (not counted as attempts) instead of at claim expiry.
        await releaseClaims(
          db,
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
        logger.warn({ err: error }, "mail worker could not read the outbox; trying again shortly");
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
