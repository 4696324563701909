import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import { catalogueChanged } from "../api/catalogue/count-cache.ts";
import { CATALOGUE_CHANNEL, type Redis } from "../platform/redis.ts";
import type { KeptStore } from "./kept-store.ts";

/** What changed: anything public (undefined), or only the stock of these products (decision 0056). */
export type Change = readonly number[] | undefined;

export interface CatalogueChanges {
  /** After a committed catalogue write here: drops this instance's caches and tells the others. */
  changed(stockOf?: Change): void;
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
 *
 * A change of stock alone (an order: `stockOf`, decision 0056) travels as `<instance>:stock:<ids>`, and the
 * others drop only what shows those products' stock. An instance of an older version reads any message that is
 * not its own id as "everything changed", which is safe; a message this one cannot read is taken the same way.
 */
export function catalogueChanges(options: {
  redis: Redis | undefined;
  logger: Pick<Logger, "warn" | "info">;
  drop: (stockOf?: Change) => void;
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
        if (name !== channel || message === instance || message.startsWith(`${instance}:`)) return;
        drop(stockOf(message));
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
    changed(stockOf) {
      drop(stockOf);
      const message = stockOf ? `${instance}:stock:${stockOf.join(",")}` : instance;
      redis?.publish(channel, message).catch((error: unknown) => {
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

/**
 * What a change drops on this instance, from `stores` (its kept pages and API answers): everything, and the API's
 * own catalogue caches (`catalogueChanged`); or, for a change of stock alone, what shows those products' stock.
 */
export function dropCaches(
  stores: readonly Pick<KeptStore<never>, "clear" | "stockChanged">[],
): (stockOf?: Change) => void {
  return (stockOf) => {
    if (!stockOf) catalogueChanged();
    for (const store of stores) {
      if (stockOf) store.stockChanged(stockOf);
      else store.clear();
    }
  };
}

/** The products of another instance's stock message; undefined (everything) for any other message. */
function stockOf(message: string): Change {
  const ids = /^[^:]+:stock:(\d{1,15}(?:,\d{1,15})*)$/.exec(message)?.[1];
  return ids?.split(",").map(Number);
}
