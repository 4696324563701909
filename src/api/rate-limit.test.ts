import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openRedis, type Redis } from "../platform/redis.ts";
import { createLimitStore, limitStores, TEST_LIMITS, type TestLimitStore } from "../testing/test-limits.ts";
import { TooManyRequests } from "./errors.ts";
import { createLimits, type LimitName, type Limits } from "./rate-limit.ts";

/** What a call answered: "ok", or the 429's wait in seconds and message. */
async function outcome(work: Promise<void>) {
  try {
    await work;
    return "ok";
  } catch (error) {
    if (!(error instanceof TooManyRequests)) throw error;
    return { seconds: error.retryAfterSeconds, message: error.message };
  }
}

async function consumeTimes(limits: Limits, name: LimitName, key: string, times: number) {
  for (let i = 0; i < times; i++) expect(await outcome(limits.consume(name, key))).toBe("ok");
}

for (const { name: storeName, available } of limitStores) {
  describe.skipIf(!available)(`rate limits in ${storeName}`, () => {
    let store: TestLimitStore;
    beforeEach(() => {
      store = createLimitStore(storeName);
    });
    afterEach(() => store.cleanup());

    it("allows the rule's number of events, then refuses with the wait and the rule's sentence", async () => {
      const limits = await store.limits({ ordersPerPhonePerHour: 2 });
      await consumeTimes(limits, "orders-per-phone", "3001234567", 2);
      expect(await outcome(limits.consume("orders-per-phone", "3001234567"))).toEqual({
        seconds: expect.toSatisfy((seconds: number) => seconds > 3590 && seconds <= 3600),
        message: "Too many orders have been placed in a short time. Please try again in 60 minutes.",
      });
      expect(await outcome(limits.consume("orders-per-phone", "3009999999"))).toBe("ok");

      await store.passTime(3601);
      expect(await outcome(limits.consume("orders-per-phone", "3001234567"))).toBe("ok");
    });

    it("blocks failed sign-ins for 15 minutes, doubling with each further block, until a reset", async () => {
      const limits = await store.limits({ authAttemptsPer15Min: 3 });
      const key = "ayesha@example.pk 203.0.113.9";
      const blocked = (minutes: number) => ({
        seconds: minutes * 60,
        message: `Too many attempts. Please try again in ${minutes} minutes.`,
      });

      await consumeTimes(limits, "login-failures-per-account", key, 3);
      expect(await outcome(limits.consume("login-failures-per-account", key))).toEqual(blocked(15));
      // Knocking on while blocked neither gets in nor lengthens the block.
      await store.passTime(14 * 60);
      const knock = await outcome(limits.consume("login-failures-per-account", key));
      expect(knock).toMatchObject({ message: "Too many attempts. Please try again in 1 minute." });

      await store.passTime(61);
      await consumeTimes(limits, "login-failures-per-account", key, 3);
      expect(await outcome(limits.consume("login-failures-per-account", key))).toEqual(blocked(30));
      await store.passTime(30 * 60 + 1);
      await consumeTimes(limits, "login-failures-per-account", key, 3);
      expect(await outcome(limits.consume("login-failures-per-account", key))).toEqual(blocked(60));

      await limits.reset("login-failures-per-account", key);
      await consumeTimes(limits, "login-failures-per-account", key, 3);
      expect(await outcome(limits.consume("login-failures-per-account", key))).toEqual(blocked(15));
    });

    it("caps the growing block at 24 hours", async () => {
      const limits = await store.limits({ authAttemptsPer15Min: 1 });
      const key = "ayesha@example.pk 203.0.113.9";
      const blocks: number[] = [];
      for (let block = 0; block < 9; block++) {
        await consumeTimes(limits, "login-failures-per-account", key, 1);
        const refused = await outcome(limits.consume("login-failures-per-account", key));
        if (refused === "ok") throw new Error("not refused");
        blocks.push(refused.seconds / 60);
        await store.passTime(refused.seconds + 1);
      }
      expect(blocks).toEqual([15, 30, 60, 120, 240, 480, 960, 1440, 1440]);
    });

    it("gives back what consumeAll counted when a later limit refuses", async () => {
      const limits = await store.limits({ ordersPerPhonePerHour: 1, ordersPerAddressPerHour: 2 });
      const order = (phone: string) =>
        outcome(
          limits.consumeAll([
            ["orders-per-phone", phone],
            ["orders-per-address", "203.0.113.9"],
          ]),
        );
      expect(await order("3000000001")).toBe("ok");
      expect(await order("3000000002")).toBe("ok");
      expect(await order("3000000003")).toMatchObject({
        message: expect.stringContaining("Too many orders"),
      });
      // The refused order took nothing from its phone's allowance...
      expect(await outcome(limits.consume("orders-per-phone", "3000000003"))).toBe("ok");
      // ...and a refund gives an event back.
      await limits.refund("orders-per-phone", "3000000003");
      expect(await outcome(limits.consume("orders-per-phone", "3000000003"))).toBe("ok");
      expect(await outcome(limits.consume("orders-per-phone", "3000000003"))).not.toBe("ok");
    });

    it("lets a burst of parallel events through only up to the allowance", async () => {
      const limits = await store.limits({ authAttemptsPer15Min: 5 });
      const results = await Promise.all(
        Array.from({ length: 40 }, () => outcome(limits.consume("login-failures-per-account", "burst"))),
      );
      expect(results.filter((result) => result === "ok")).toHaveLength(5);
      // One block, not one per refused event: the next block after it is the second (30 minutes).
      expect(results.find((result) => result !== "ok")).toMatchObject({ seconds: 15 * 60 });
      await store.passTime(15 * 60 + 1);
      await consumeTimes(limits, "login-failures-per-account", "burst", 5);
      expect(await outcome(limits.consume("login-failures-per-account", "burst"))).toMatchObject({
        seconds: 30 * 60,
      });
    });
  });
}

describe.skipIf(!limitStores.find((store) => store.name === "Redis")?.available)(
  "rate limits in Redis",
  () => {
    let store: TestLimitStore;
    beforeEach(() => {
      store = createLimitStore("Redis");
    });
    afterEach(() => store.cleanup());

    it("are shared by every instance on the same Redis", async () => {
      const first = await store.limits({ ordersPerAddressPerHour: 3 });
      const second = await store.limits({ ordersPerAddressPerHour: 3 });
      await consumeTimes(first, "orders-per-address", "203.0.113.9", 2);
      await consumeTimes(second, "orders-per-address", "203.0.113.9", 1);
      expect(await outcome(first.consume("orders-per-address", "203.0.113.9"))).not.toBe("ok");
      expect(await outcome(second.consume("orders-per-address", "203.0.113.9"))).not.toBe("ok");
      await second.reset("orders-per-address", "203.0.113.9");
      expect(await outcome(first.consume("orders-per-address", "203.0.113.9"))).toBe("ok");
    });

    it("store no email, phone or address in the clear", async () => {
      const limits = await store.limits();
      await limits.consume("login-failures-per-account", "ayesha@example.pk 203.0.113.9");
      await limits.consume("orders-per-phone", "3001234567");
      const keys = await store.keys();
      expect(keys).toHaveLength(2);
      expect(keys.join(" ")).not.toMatch(/ayesha|203\.0\.113|3001234567/);
    });
  },
);

describe("rate limits when Redis does not answer", () => {
  let redis: Redis;
  const warnings: string[] = [];
  const logger = pino({ level: "warn" }, { write: (line: string) => warnings.push(JSON.parse(line).msg) });

  beforeEach(() => {
    // Nothing listens on port 1: every connection attempt is refused.
    redis = openRedis("redis://127.0.0.1:1", logger);
  });
  afterEach(() => redis.disconnect());

  it("count in this process's memory, refuse as usual, and say so in the log", async () => {
    const limits = createLimits({ settings: { ...TEST_LIMITS, ordersPerPhonePerHour: 2 }, redis, logger });
    await consumeTimes(limits, "orders-per-phone", "3001234567", 2);
    expect(await outcome(limits.consume("orders-per-phone", "3001234567"))).toMatchObject({
      message: expect.stringContaining("Too many orders"),
    });
    await limits.reset("orders-per-phone", "3001234567");
    expect(await outcome(limits.consume("orders-per-phone", "3001234567"))).toBe("ok");
    expect(warnings).toContain(
      "Redis did not answer: this rate limit counts in this process's memory for now",
    );
  });
});
