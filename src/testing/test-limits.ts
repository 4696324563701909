import pino from "pino";
import { vi } from "vitest";
import { createLimits, type Limits } from "../api/rate-limit.ts";
import type { RateLimitSettings } from "../platform/config.ts";
import { redisReady } from "../platform/redis.ts";
import { createTestRedis, type TestRedis, testRedis } from "./test-redis.ts";

export type LimitStoreName = "memory" | "Redis";

/** Limits over one store, and a way to make time pass for them. */
export interface TestLimitStore {
  /** A fresh set of limits; for Redis each call has its own connection but all share this store's keys. */
  limits(settings?: Partial<RateLimitSettings>): Promise<Limits>;
  /** Moves the counters' clock on: windows and blocks shorter than this end. */
  passTime(seconds: number): Promise<void>;
  /** The keys this store's limits wrote (Redis only; memory answers []). */
  keys(): Promise<string[]>;
  cleanup(): Promise<void>;
}

/** Numbers small enough to reach in a test; each test overrides the one it exercises. */
export const TEST_LIMITS: RateLimitSettings = {
  authAttemptsPer15Min: 3,
  loginFailuresPerAddressPerHour: 1000,
  loginFailuresPerAccountPerHour: 1000,
  ordersPerPhonePerHour: 1000,
  ordersPerAddressPerHour: 1000,
  contactMessagesPerHour: 1000,
  newsletterSignupsPerHour: 1000,
};

const silent = pino({ level: "silent" });

/** The stores every rate-limit test runs on; Redis is marked unavailable when this run could not reach it. */
export const limitStores: { name: LimitStoreName; available: boolean }[] = [
  { name: "memory", available: true },
  { name: "Redis", available: testRedis().available },
];

export function createLimitStore(name: LimitStoreName): TestLimitStore {
  if (name === "memory") {
    // Only Date is faked (and keeps running): the memory counters read their clock from Date.now.
    vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
    return {
      limits: async (settings = {}) =>
        createLimits({ settings: { ...TEST_LIMITS, ...settings }, logger: silent }),
      async passTime(seconds) {
        vi.setSystemTime(Date.now() + seconds * 1000);
      },
      keys: async () => [],
      async cleanup() {
        vi.useRealTimers();
      },
    };
  }
  const redis: TestRedis = createTestRedis();
  const admin = redis.connect();
  const keys = async () => {
    const found: string[] = [];
    let cursor = "0";
    do {
      const [next, batch] = await admin.scan(cursor, "MATCH", `${redis.keyPrefix}*`, "COUNT", 500);
      found.push(...batch);
      cursor = next;
    } while (cursor !== "0");
    return found;
  };
  return {
    // Connected before use: until then the limits would count in memory, as they do while Redis is down.
    async limits(settings = {}) {
      const client = redis.connect();
      if (!(await redisReady(client))) throw new Error("the test Redis did not answer");
      return createLimits({
        settings: { ...TEST_LIMITS, ...settings },
        redis: client,
        keyPrefix: redis.keyPrefix,
        logger: silent,
      });
    },
    // Redis expires keys by its own clock, so time passes by shortening every key's time to live.
    async passTime(seconds) {
      for (const key of await keys()) {
        const left = await admin.pttl(key);
        if (left < 0) continue;
        if (left <= seconds * 1000) await admin.del(key);
        else await admin.pexpire(key, left - seconds * 1000);
      }
    },
    keys,
    cleanup: () => redis.cleanup(),
  };
}
