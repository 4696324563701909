import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { inject } from "vitest";
import { redactUrl } from "../platform/db/connection.ts";

declare module "vitest" {
  export interface ProvidedContext {
    redisUrl: string | null;
  }
}

/** Why Redis at `url` cannot be used, or null when it answers. */
export async function reachableRedis(url: string): Promise<string | null> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  let cause: Error | undefined;
  client.on("error", (error: Error) => {
    cause ??= error;
  });
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    return `${redactUrl(url)}: ${(cause ?? (error as Error)).message}`;
  } finally {
    client.disconnect();
  }
}

/** Whether this run reached Redis (TEST_REDIS_URL, else 127.0.0.1:6379); tests that need it skip otherwise. */
export function testRedis(): { available: boolean; url: string | null } {
  const url = inject("redisUrl") ?? null;
  return { available: url !== null, url };
}

export interface TestRedis {
  /** A key prefix no other test uses; every key under it is removed by `cleanup`. */
  keyPrefix: string;
  /** A new connection to the test Redis (each one is closed by `cleanup`). */
  connect(): Redis;
  /** Removes this test's keys and closes its connections. */
  cleanup(): Promise<void>;
}

export function createTestRedis(): TestRedis {
  const { url } = testRedis();
  if (!url) throw new Error("Redis is not available for this test run");
  const keyPrefix = `shop-test:${randomUUID()}`;
  const clients: Redis[] = [];
  const connect = () => {
    const client = new Redis(url, { maxRetriesPerRequest: 1 });
    clients.push(client);
    return client;
  };
  return {
    keyPrefix,
    connect,
    async cleanup() {
      const admin = connect();
      let cursor = "0";
      do {
        const [next, keys] = await admin.scan(cursor, "MATCH", `${keyPrefix}*`, "COUNT", 500);
        if (keys.length > 0) await admin.del(...keys);
        cursor = next;
      } while (cursor !== "0");
      await Promise.all(clients.map((client) => client.quit().catch(() => client.disconnect())));
    },
  };
}
