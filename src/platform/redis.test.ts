import pino from "pino";
import { describe, expect, it } from "vitest";
import { testRedis } from "../testing/test-redis.ts";
import { announceCatalogueChange, closeRedis, openRedis, redisReady } from "./redis.ts";

function capturingLogger() {
  const lines: { msg: string; redis?: string }[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const { available, url } = testRedis();

describe("the Redis connection", () => {
  it.skipIf(!available)("connects, and closes at shutdown", async () => {
    const { logger } = capturingLogger();
    const redis = openRedis(url ?? "", logger);
    expect(await redisReady(redis)).toBe(true);
    expect(await redis.ping()).toBe("PONG");
    await closeRedis(redis);
    expect(redis.status).toBe("end");
  });

  it("never holds a caller up while Redis is down, and logs the outage once, without the password", async () => {
    const { logger, lines } = capturingLogger();
    const redis = openRedis("redis://:hunter2@127.0.0.1:1", logger);
    try {
      expect(await redisReady(redis, 700)).toBe(false);
      const started = performance.now();
      await expect(redis.get("anything")).rejects.toThrow();
      expect(performance.now() - started).toBeLessThan(100);
      const outages = lines.filter((line) => line.msg.startsWith("Redis unreachable"));
      expect(outages).toHaveLength(1);
      expect(outages[0]?.redis).toBe("redis://:***@127.0.0.1:1");
      expect(JSON.stringify(lines)).not.toContain("hunter2");
    } finally {
      await closeRedis(redis);
    }
  });

  it.skipIf(!available)(
    "announces a catalogue change from another process on the shared channel",
    async () => {
      const { logger } = capturingLogger();
      const channel = `test:catalogue-${process.pid}-${Date.now()}`;
      const listener = openRedis(url ?? "", logger);
      const subscriber = listener.duplicate({ enableOfflineQueue: true });
      try {
        await subscriber.subscribe(channel);
        const heard = new Promise<string>((resolve) =>
          subscriber.on("message", (_name, message) => resolve(message)),
        );
        expect(await announceCatalogueChange(url ?? "", logger, channel)).toBe(true);
        expect(await heard).toBe("catalog-cli");
      } finally {
        subscriber.disconnect();
        await closeRedis(listener);
      }
    },
  );

  it("says when the announcement could not be sent", async () => {
    const { logger } = capturingLogger();
    expect(await announceCatalogueChange("redis://127.0.0.1:1", logger)).toBe(false);
  });
});
