import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../platform/config.ts";
import { openRedis } from "../platform/redis.ts";
import { buildCatalogue, variantId } from "../testing/factories.ts";
import { hostModule } from "../testing/host-harness.ts";
import { CHECKOUT_CONTACT } from "../testing/order-fixtures.ts";
import { createTestRedis, testRedis } from "../testing/test-redis.ts";
import type * as HostModule from "./app.ts";
import { catalogueChanges } from "./catalogue-changes.ts";

const { available, url } = testRedis();
if (!available) console.warn("catalogue changes across instances: skipped, no Redis (TEST_REDIS_URL)");

/** Waits until `check()` holds, for up to 3 s. */
async function eventually(check: () => boolean | Promise<boolean>) {
  for (let waited = 0; waited < 3000; waited += 25) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(await check()).toBe(true);
}

const logger = pino({ level: "silent" });

describe.skipIf(!available)("catalogue changes across instances (Redis pub/sub)", () => {
  it("drops the other instances' caches, and this one's once", async () => {
    const test = createTestRedis();
    const channel = `${test.keyPrefix}:catalogue`;
    const drops = { a: 0, b: 0 };
    const a = catalogueChanges({ redis: openRedis(url!, logger), logger, channel, drop: () => drops.a++ });
    const b = catalogueChanges({ redis: openRedis(url!, logger), logger, channel, drop: () => drops.b++ });
    try {
      expect(await Promise.all([a.listening, b.listening])).toEqual([true, true]);
      a.changed();
      expect(drops.a).toBe(1);
      await eventually(() => drops.b === 1);
      b.changed();
      await eventually(() => drops.a === 2);
      // Neither hears its own message.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(drops).toEqual({ a: 2, b: 2 });
    } finally {
      await Promise.all([a.close(), b.close()]);
      await test.cleanup();
    }
  });

  it("without Redis, drops this instance's caches only", async () => {
    let drops = 0;
    const alone = catalogueChanges({ redis: undefined, logger, drop: () => drops++ });
    expect(await alone.listening).toBe(false);
    alone.changed();
    expect(drops).toBe(1);
  });
});

describe.skipIf(!available)("two instances of the shop sharing Redis and a database", () => {
  let host: typeof HostModule;
  const platforms: HostModule.Platform[] = [];
  let dataDir: string;

  beforeAll(async () => {
    host = await hostModule();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-two-"));
  }, 60_000);

  afterAll(async () => {
    for (const platform of platforms) await platform.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("a checkout on A drops the page B kept", async () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "silent",
      MAIL_WORKER: "off",
      PURGE_INTERVAL_MINUTES: "0",
      REDIS_URL: url!,
      // The order limits count in this Redis, across test runs: this test is about the cache, not them.
      ORDERS_PER_PHONE_PER_HOUR: "100000",
      ORDERS_PER_ADDRESS_PER_HOUR: "100000",
    });
    const one = await host.startPlatform(config);
    platforms.push(one);
    const two = await host.startPlatform(config);
    platforms.push(two);
    const catalogue = await buildCatalogue(one.database.db);
    const [a, b] = [host.createHost(one), host.createHost(two)];
    const page = async () =>
      (await b.request("http://shop.test/product/evening-clutch")).headers.get("x-cache");
    expect(await page()).toBe("miss");
    expect(await page()).toBe("hit");

    const { clutch } = catalogue.products;
    const size = await variantId(
      one.database.db,
      clutch,
      catalogue.colors.black.id,
      catalogue.sizes.oneSize.id,
    );
    const added = await a.request("http://shop.test/api/cart/add", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://shop.test" },
      body: JSON.stringify({ id: clutch, size, quantity: 1 }),
    });
    expect(added.status).toBe(200);
    const cookie = added.headers.getSetCookie()[0]!.split(";")[0]!;
    const placed = await a.request("http://shop.test/api/checkout", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://shop.test", cookie },
      body: JSON.stringify(CHECKOUT_CONTACT),
    });
    expect(placed.status, await placed.clone().text()).toBe(201);
    await eventually(() => two.pages.stats().entries === 0);
    expect(await page()).toBe("miss");
  }, 60_000);
});
