import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { Redis } from "../platform/redis.ts";

/** The Redis channel on which an instance says it changed the catalogue. */
export const CATALOGUE_CHANNEL = "shop:catalogue-changed";

export interface CatalogueChanges {
  /** After a committed catalogue write here: drops this instance's caches and tells the others. */
  changed(): void;
  /** Stops listening (at shutdown). */
  close(): Promise<void>;
}

/**
 * The one path of "the catalogue changed" (ApiDeps.onCatalogueChanged): `drop` empties this instance's caches
 * (its public pages and catalogue lists), and with Redis every other instance's too, through pub/sub. Without
 * Redis, each instance has only its own writes to go by and other instances' changes show when their cached
 * pages expire (a minute). A message can be lost while Redis is unreachable: an instance whose subscription
 * comes back drops its caches then, since it cannot know what it missed; the TTL covers the rest.
 */
export function catalogueChanges(options: {
  redis: Redis | undefined;
  logger: Pick<Logger, "warn" | "info">;
  drop: () => void;
}): CatalogueChanges {
  const { redis, logger, drop } = options;
  // Each instance ignores its own messages: it dropped its caches already.
  const instance = randomUUID();
  let subscriber: Redis | undefined;
  if (redis) {
    // A subscribed connection can do nothing else, so it is a connection of its own. It queues the SUBSCRIBE
    // until it is connected, and subscribes again by itself after a reconnection.
    subscriber = redis.duplicate({ enableOfflineQueue: true, commandTimeout: undefined });
    let lost = false;
    subscriber.on("error", () => {
      lost = true;
    });
    subscriber.on("ready", () => {
      if (lost) drop();
      lost = false;
    });
    subscriber.on("message", (channel: string, message: string) => {
      if (channel === CATALOGUE_CHANNEL && message !== instance) drop();
    });
    subscriber.subscribe(CATALOGUE_CHANNEL).catch((error: unknown) => {
      logger.warn(
        { err: error },
        "could not subscribe to catalogue changes: other instances' changes wait for expiry",
      );
    });
  }
  return {
    changed() {
      drop();
      redis?.publish(CATALOGUE_CHANNEL, instance).catch((error: unknown) => {
        logger.warn(
          { err: error },
          "could not tell other instances of a catalogue change: their pages expire within a minute",
        );
      });
    },
    async close() {
      subscriber?.disconnect();
    },
  };
}
