import { Redis } from "ioredis";
import type { Logger } from "pino";
import { redactUrl } from "./db/connection.ts";

export type { Redis } from "ioredis";

/**
 * The Redis channel on which a process says it changed the catalogue (docs/decisions/0033): every instance of
 * the shop listening on it drops its cached pages and catalogue lists.
 */
export const CATALOGUE_CHANNEL = "shop:catalogue-changed";

/** How long a rate-limit check waits for Redis before counting in memory instead. */
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 2_000;

/**
 * A Redis connection for counters that every instance shares. It never holds a request up: a command is refused
 * at once while the connection is down (no offline queue) and given up after half a second, so the caller can
 * fall back; the connection keeps retrying in the background. An outage is logged once, and so is its end.
 */
export function openRedis(url: string, logger: Pick<Logger, "warn" | "info">): Redis {
  const where = redactUrl(url);
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, 5_000),
  });
  let down = false;
  redis.on("error", (error: Error) => {
    if (down) return;
    down = true;
    logger.warn(
      { err: error, redis: where },
      "Redis unreachable: rate limits count in this process's memory",
    );
  });
  redis.on("ready", () => {
    if (down) logger.info({ redis: where }, "Redis reachable again: rate limits are shared");
    down = false;
  });
  return redis;
}

/** Waits until the connection is ready or `timeoutMs` has passed; answers whether it is ready. */
export async function redisReady(redis: Redis, timeoutMs = CONNECT_TIMEOUT_MS): Promise<boolean> {
  if (redis.status === "ready") return true;
  return new Promise((resolve) => {
    const done = (ready: boolean) => {
      clearTimeout(timer);
      redis.off("ready", onReady);
      resolve(ready);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.on("ready", onReady);
  });
}

/** Closes the connection, letting commands already sent finish; a connection that is down is dropped. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status !== "ready") {
    redis.disconnect();
    return;
  }
  const ended = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 1_000);
    redis.once("end", () => {
      clearTimeout(timer);
      resolve();
    });
  });
  await redis.quit().catch(() => redis.disconnect());
  await ended;
}

/**
 * Tells every instance of the shop that the catalogue changed, from a process that is not one of them (the
 * catalogue CLI): one message on `CATALOGUE_CHANNEL`. Answers whether it was sent; without Redis reachable the
 * instances' cached pages show the change when they expire (a minute).
 */
export async function announceCatalogueChange(
  url: string,
  logger: Pick<Logger, "warn" | "info">,
  channel = CATALOGUE_CHANNEL,
): Promise<boolean> {
  const redis = openRedis(url, logger);
  try {
    if (!(await redisReady(redis))) return false;
    await redis.publish(channel, "catalog-cli");
    return true;
  } catch {
    return false;
  } finally {
    await closeRedis(redis);
  }
}
