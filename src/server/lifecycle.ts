import type http from "node:http";
import { Hono } from "hono";
import type { Logger } from "pino";
import { pingDatabase } from "../platform/db/connection.ts";
import { pendingMigrations } from "../platform/db/migrate.ts";
import type { Platform } from "./platform.ts";

/** Whether this instance still takes work; set to draining on SIGTERM so /readyz answers 503. */
export interface Lifecycle {
  readonly draining: boolean;
  drain(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
}

const READINESS_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    work.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/**
 * `/healthz`: the process is alive and serving. `/readyz`: this instance should get traffic: not shutting down,
 * the database answers (within 2 s) and every migration the code knows has run. A proxy or orchestrator routes
 * by /readyz and restarts by /healthz.
 */
export function healthRoutes(platform: Pick<Platform, "database">, lifecycle: Lifecycle): Hono {
  const routes = new Hono();
  routes.use("*", async (c, next) => {
    c.header("Cache-Control", "no-store");
    await next();
  });
  routes.get("/healthz", (c) => c.json({ status: "ok" }));
  routes.get("/readyz", async (c) => {
    if (lifecycle.draining) return c.json({ status: "draining" }, 503);
    const { db, engine } = platform.database;
    try {
      const pending = await withTimeout(
        pingDatabase(db).then(() => pendingMigrations(db, engine)),
        READINESS_TIMEOUT_MS,
      );
      // How many, not which: the names tell an outsider what the shop runs (the log of the start says which).
      if (pending.length > 0) return c.json({ status: "migrations pending", pending: pending.length }, 503);
      return c.json({ status: "ready" });
    } catch {
      return c.json({ status: "database unavailable" }, 503);
    }
  });
  return routes;
}

/**
 * What SIGTERM (and SIGINT) do: /readyz turns 503, the server stops accepting connections and finishes the
 * requests in flight while `stopWorkers` stops the background work (the mail worker finishes the message it is
 * sending); when both are done `close` runs (the database pool and the Redis connection) and the process exits
 * 0. A second signal, or work outlasting `timeoutMs`, exits at once with 1.
 */
export function gracefulShutdown(options: {
  server: http.Server;
  lifecycle: Lifecycle;
  /** Stops background workers; resolves when their current work is done. */
  stopWorkers?: () => Promise<void>;
  close: () => Promise<void>;
  logger: Pick<Logger, "info" | "error">;
  exit: (code: number) => void;
  timeoutMs: number;
  /**
   * How long to keep serving after the signal before the listener closes (SHUTDOWN_GRACE_MS). Behind a proxy that
   * keeps idle connections to us, closing one the instant the proxy reuses it loses that request (a 502): during
   * the grace every answer says `Connection: close`, and connections left idle expire on the proxy's side first
   * (its keep-alive timeout is shorter than the grace), so none is left for the proxy to reuse when we close.
   */
  graceMs?: number;
}): (signal: string) => void {
  let stopping = false;
  return (signal) => {
    if (stopping) {
      options.logger.error({ signal }, "second signal: exiting without waiting");
      options.exit(1);
      return;
    }
    stopping = true;
    options.lifecycle.drain();
    options.logger.info({ signal }, "shutting down: finishing requests in flight");
    options.server.prependListener(
      "request",
      (_request: http.IncomingMessage, response: http.ServerResponse) => {
        if (!response.headersSent) response.setHeader("Connection", "close");
      },
    );
    const workersStopped = (options.stopWorkers?.() ?? Promise.resolve()).catch((error: unknown) =>
      options.logger.error({ err: error }, "stopping the background workers failed"),
    );
    const timer = setTimeout(() => {
      options.logger.error({ timeoutMs: options.timeoutMs }, "shutdown timed out");
      options.exit(1);
    }, options.timeoutMs);
    timer.unref();
    const closeListener = () => {
      // A keep-alive connection goes idle when its last answer is sent; close it then rather than at its timeout.
      const idle = setInterval(() => options.server.closeIdleConnections(), 100);
      idle.unref();
      options.server.close(() => {
        clearInterval(idle);
        workersStopped
          .then(() => options.close())
          .catch((error: unknown) => options.logger.error({ err: error }, "closing the database failed"))
          .finally(() => {
            clearTimeout(timer);
            options.logger.info("shut down");
            options.exit(0);
          });
      });
      options.server.closeIdleConnections();
    };
    if (options.graceMs && options.graceMs > 0) setTimeout(closeListener, options.graceMs).unref();
    else closeListener();
  };
}
