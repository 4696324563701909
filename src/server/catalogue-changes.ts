import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { CATALOGUE_CHANNEL, type Redis } from "../platform/redis.ts";

export interface CatalogueChanges {
  /** After a committed catalogue write here: drops this instance's caches and tells the others. */
  changed(): void;
  /** Settles once this instance listens to the others (true), or cannot (false; also without Redis). */
  listening: Promise<boolean>;
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
  /** Tests use a channel of their own. */
  channel?: string;
}): CatalogueChanges {
  const { redis, logger, drop, channel = CATALOGUE_CHANNEL } = options;
  // Each instance ignores its own messages: it dropped its caches already.
  const instance = randomUUID();
  let subscriber: Redis | undefined;
  let listening: Promise<boolean> = Promise.resolve(false);
  if (redis) {
    // A subscribed connection can do nothing else, so it is a connection of its own, opened once the shared one
    // is up (a copy of a connection still connecting fails). It subscribes again by itself after a reconnection.
    const listen = () => {
      const connection = redis.duplicate({ enableOfflineQueue: true, commandTimeout: undefined });
      subscriber = connection;
      let lost = false;
      connection.on("error", () => {
        lost = true;
      });
      connection.on("ready", () => {
        if (lost) drop();
        lost = false;
      });
      connection.on("message", (name: string, message: string) => {
        if (name === channel && message !== instance) drop();
      });
      return connection.subscribe(channel).then(
        () => true,
        (error: unknown) => {
          logger.warn(
            { err: error },
            "could not subscribe to catalogue changes: other instances' changes wait for expiry",
          );
          return false;
        },
      );
    };
    listening =
      redis.status === "ready"
        ? listen()
        : new Promise((resolve) => redis.once("ready", () => resolve(listen())));
  }
  return {
    listening,
    changed() {
      drop();
      redis?.publish(channel, instance).catch((error: unknown) => {
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
