import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../platform/config.ts";
import { CATALOGUE_CHANNEL, openRedis, redisReady } from "../platform/redis.ts";
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

  it("tells the others which products' stock moved, and everything else as a whole change", async () => {
    const test = createTestRedis();
    const channel = `${test.keyPrefix}:catalogue`;
    const heard: (readonly number[] | undefined)[] = [];
    const here: (readonly number[] | undefined)[] = [];
    const a = catalogueChanges({
      redis: openRedis(url!, logger),
      logger,
      channel,
      drop: (ids) => here.push(ids),
    });
    const b = catalogueChanges({
      redis: openRedis(url!, logger),
      logger,
      channel,
      drop: (ids) => heard.push(ids),
    });
    const publisher = openRedis(url!, logger);
    try {
      expect(await Promise.all([a.listening, b.listening])).toEqual([true, true]);
      a.changed([12, 7]);
      a.changed();
      // A message this version cannot read (another version's) is a whole change.
      await publisher.publish(channel, "other:stock:not-ids");
      await eventually(() => heard.length === 3);
      expect(heard).toEqual([[12, 7], undefined, undefined]);
      expect(here).toEqual([[12, 7], undefined, undefined]);
    } finally {
      publisher.disconnect();
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

  it("a checkout on A refreshes what B kept of that product's stock, and a whole change drops all of it", async () => {
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
    const onB = async (path: string) => (await b.request(`http://shop.test${path}`)).headers.get("x-cache");
    const { clutch } = catalogue.products;
    const sizes = `/api/product-sizes/${clutch}/${catalogue.colors.black.id}/sizes`;
    const kept = ["/product/evening-clutch", "/about", sizes, "/api/products"];
    for (const path of kept) {
      expect(await onB(path), path).toBe("miss");
      expect(await onB(path), path).toBe("hit");
    }

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
    // The clutch had 3: its page and sizes on B are refreshed, everything else B kept stays (decision 0056).
    await eventually(() => two.pages.get("http://shop.test/product/evening-clutch") === undefined);
    // The page is answered stale at once while its refresh starts (decision 0058); the refresh is kept fresh.
    expect(two.pages.stale("http://shop.test/product/evening-clutch")).toBeDefined();
    expect(await onB("/product/evening-clutch")).toBe("hit");
    await eventually(() => two.pages.get("http://shop.test/product/evening-clutch") !== undefined);
    expect(two.pages.stale("http://shop.test/product/evening-clutch")).toBeUndefined();
    const answer = await b.request(`http://shop.test${sizes}`);
    expect(answer.headers.get("x-cache")).toBe("miss");
    expect((await answer.json())[0].stock).toBe(2);
    expect(await onB("/about")).toBe("hit");
    expect(await onB("/api/products")).toBe("hit");

    // A whole change from another instance drops everything B kept, pages and API answers.
    const other = openRedis(url!, logger);
    try {
      expect(await redisReady(other)).toBe(true);
      await other.publish(CATALOGUE_CHANNEL, "another-instance");
      await eventually(() => two.answers.stats().entries === 0 && two.pages.stats().entries === 0);
      expect(await onB("/api/products")).toBe("miss");
    } finally {
      other.disconnect();
    }
  }, 60_000);
});
