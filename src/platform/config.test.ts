import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";
import { DatabaseConnectionError, openDatabase, redactUrl } from "./db/connection.ts";

describe("configuration", () => {
  it("has safe defaults: SQLite under ./data, port 3000, outbox mail", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ engine: "sqlite", file: path.resolve("data/shop.sqlite") });
    expect(config.outboxDir).toBe(path.resolve("data/outbox"));
    expect(config.smtpUrl).toBeUndefined();
    expect(config.publicUrl).toBe("http://localhost:3000");
  });

  it("runs the mail worker unless MAIL_WORKER=off, and refuses other values", () => {
    expect(loadConfig({}).mailWorker).toBe(true);
    expect(loadConfig({ MAIL_WORKER: "on" }).mailWorker).toBe(true);
    expect(loadConfig({ MAIL_WORKER: "off" }).mailWorker).toBe(false);
    expect(() => loadConfig({ MAIL_WORKER: "no" })).toThrow('MAIL_WORKER: must be "on" or "off"');
  });

  it("mails contact-form messages to SHOP_EMAIL, one plain address", () => {
    expect(loadConfig({}).shopEmail).toBe("hello@bagsandthreads.pk");
    expect(loadConfig({ SHOP_EMAIL: "care@example.pk" }).shopEmail).toBe("care@example.pk");
    for (const wrong of ["care", "Care <care@example.pk>", "a@example.pk,b@example.pk"]) {
      expect(() => loadConfig({ SHOP_EMAIL: wrong }), wrong).toThrow(
        "SHOP_EMAIL: must be one email address such as hello@bagsandthreads.pk",
      );
    }
  });

  it("reads PostgreSQL and SQLite URLs", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://shop:secret@db:5432/shop" }).database).toEqual({
      engine: "postgres",
      url: "postgres://shop:secret@db:5432/shop",
    });
    expect(loadConfig({ DATABASE_URL: "sqlite:/var/lib/shop/shop.sqlite" }).database).toEqual({
      engine: "sqlite",
      file: "/var/lib/shop/shop.sqlite",
    });
  });

  it("refuses a bad DATABASE_URL with a readable message", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://root@localhost/shop" })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: "mysql://root@localhost/shop" })).toThrow(
      "Invalid configuration:\n  DATABASE_URL: must be a postgres:// URL (PostgreSQL) or sqlite:<path> (embedded SQLite)",
    );
  });

  it("lists every bad variable at once", () => {
    try {
      loadConfig({ PORT: "eighty", SMTP_URL: "mail.example.pk", PUBLIC_URL: "not a url" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      expect(message).toContain("PORT:");
      expect(message).toContain("SMTP_URL: must be an smtp:// or smtps:// URL");
      expect(message).toContain("PUBLIC_URL: must be an absolute URL");
    }
  });

  it("takes SESSION_SECRET as configured, or leaves it to the platform: never a built-in value", () => {
    const live = { NODE_ENV: "production", PUBLIC_URL: "https://shop.example.pk" };
    expect(loadConfig(live).sessionSecret).toBeUndefined();
    expect(loadConfig({ NODE_ENV: "production" }).sessionSecret).toBeUndefined();
    expect(loadConfig({ NODE_ENV: "development" }).sessionSecret).toBeUndefined();
    expect(() => loadConfig({ ...live, SESSION_SECRET: "short" })).toThrow(/at least 32 characters/);
    expect(loadConfig({ ...live, SESSION_SECRET: "x".repeat(32) }).sessionSecret).toBe("x".repeat(32));
  });

  it("reads REDIS_URL and the rate limits, with defaults, and refuses nonsense", () => {
    const defaults = loadConfig({});
    expect(defaults.redisUrl).toBeUndefined();
    expect(defaults.rateLimits).toEqual({
      authAttemptsPer15Min: 10,
      loginFailuresPerAddressPerHour: 100,
      loginFailuresPerAccountPerHour: 20,
      ordersPerPhonePerHour: 5,
      ordersPerAddressPerHour: 10,
      contactMessagesPerHour: 5,
      newsletterSignupsPerHour: 5,
    });
    const set = loadConfig({
      REDIS_URL: "redis://:secret@cache:6379/2",
      AUTH_ATTEMPTS_PER_15_MIN: "5",
      LOGIN_FAILURES_PER_ADDRESS_PER_HOUR: "50",
      LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: "30",
      ORDERS_PER_PHONE_PER_HOUR: "3",
      ORDERS_PER_ADDRESS_PER_HOUR: "20",
      CONTACT_MESSAGES_PER_HOUR: "2",
      NEWSLETTER_SIGNUPS_PER_HOUR: "7",
    });
    expect(set.redisUrl).toBe("redis://:secret@cache:6379/2");
    expect(set.rateLimits).toEqual({
      authAttemptsPer15Min: 5,
      loginFailuresPerAddressPerHour: 50,
      loginFailuresPerAccountPerHour: 30,
      ordersPerPhonePerHour: 3,
      ordersPerAddressPerHour: 20,
      contactMessagesPerHour: 2,
      newsletterSignupsPerHour: 7,
    });
    expect(loadConfig({ REDIS_URL: "rediss://cache.example.pk:6380" }).redisUrl).toBe(
      "rediss://cache.example.pk:6380",
    );
    expect(() => loadConfig({ REDIS_URL: "cache:6379" })).toThrow(
      "REDIS_URL: must be a redis:// or rediss:// URL",
    );
    expect(() => loadConfig({ ORDERS_PER_PHONE_PER_HOUR: "0" })).toThrow(/ORDERS_PER_PHONE_PER_HOUR/);
    expect(() => loadConfig({ ORDERS_PER_ADDRESS_PER_HOUR: "lots" })).toThrow(/ORDERS_PER_ADDRESS_PER_HOUR/);
  });

  it("reads the database timeouts, with defaults, and refuses nonsense", () => {
    expect(loadConfig({}).databaseTimeouts).toEqual({
      connectMs: 5000,
      statementMs: 10_000,
      lockMs: 3000,
      idleInTransactionMs: 15_000,
    });
    const set = loadConfig({
      DATABASE_CONNECT_TIMEOUT_MS: "2000",
      DATABASE_STATEMENT_TIMEOUT_MS: "30000",
      DATABASE_LOCK_TIMEOUT_MS: "500",
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: "60000",
    });
    expect(set.databaseTimeouts).toEqual({
      connectMs: 2000,
      statementMs: 30_000,
      lockMs: 500,
      idleInTransactionMs: 60_000,
    });
    expect(() => loadConfig({ DATABASE_LOCK_TIMEOUT_MS: "3s" })).toThrow(/DATABASE_LOCK_TIMEOUT_MS:/);
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: "0" })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS:/,
    );
  });

  it("trusts a proxy's X-Forwarded-* headers only when TRUST_PROXY says so", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "0" }).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: "yes please" })).toThrow(
      "Invalid configuration:\n  TRUST_PROXY: must be true, false, 1 or 0",
    );
  });

  it("keeps answering after SIGTERM for a grace period behind a proxy, and not at all alone, unless told", () => {
    expect(loadConfig({}).shutdownGraceMs).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "1" }).shutdownGraceMs).toBe(5000);
    expect(loadConfig({ TRUST_PROXY: "1", SHUTDOWN_GRACE_MS: "8000" }).shutdownGraceMs).toBe(8000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: "0", TRUST_PROXY: "true" }).shutdownGraceMs).toBe(0);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: "-5" })).toThrow(/SHUTDOWN_GRACE_MS:/);
  });

  it("reads how often the purge runs: hourly by default, 0 for never", () => {
    expect(loadConfig({}).purgeIntervalMinutes).toBe(60);
    expect(loadConfig({ PURGE_INTERVAL_MINUTES: "0" }).purgeIntervalMinutes).toBe(0);
    expect(loadConfig({ PURGE_INTERVAL_MINUTES: "15" }).purgeIntervalMinutes).toBe(15);
    expect(() => loadConfig({ PURGE_INTERVAL_MINUTES: "-1" })).toThrow(/PURGE_INTERVAL_MINUTES:/);
  });

  it("reads how often scheduled sales are started and ended: every 30 seconds by default, 0 for never", () => {
    expect(loadConfig({}).campaignCheckSeconds).toBe(30);
    expect(loadConfig({ CAMPAIGN_CHECK_SECONDS: "0" }).campaignCheckSeconds).toBe(0);
    expect(loadConfig({ CAMPAIGN_CHECK_SECONDS: "5" }).campaignCheckSeconds).toBe(5);
    expect(() => loadConfig({ CAMPAIGN_CHECK_SECONDS: "-1" })).toThrow(/CAMPAIGN_CHECK_SECONDS:/);
  });

  it("reads the back office's inactivity limit (30 minutes) and low-stock threshold (5)", () => {
    expect(loadConfig({})).toMatchObject({ adminIdleMinutes: 30, lowStockThreshold: 5 });
    expect(loadConfig({ ADMIN_IDLE_MINUTES: "10", LOW_STOCK_THRESHOLD: "0" })).toMatchObject({
      adminIdleMinutes: 10,
      lowStockThreshold: 0,
    });
    expect(() => loadConfig({ ADMIN_IDLE_MINUTES: "0" })).toThrow(/ADMIN_IDLE_MINUTES:/);
    expect(() => loadConfig({ LOW_STOCK_THRESHOLD: "lots" })).toThrow(/LOW_STOCK_THRESHOLD:/);
  });

  it("reads the page cache's memory (32 MB; 0 turns it off)", () => {
    expect(loadConfig({}).pageCacheMb).toBe(32);
    expect(loadConfig({ PAGE_CACHE_MB: "0" }).pageCacheMb).toBe(0);
    expect(loadConfig({ PAGE_CACHE_MB: "256" }).pageCacheMb).toBe(256);
    expect(() => loadConfig({ PAGE_CACHE_MB: "-1" })).toThrow(/PAGE_CACHE_MB:/);
    expect(() => loadConfig({ PAGE_CACHE_MB: "lots" })).toThrow(/PAGE_CACHE_MB:/);
  });

  it("offers a courier only with its credentials, from the environment", () => {
    const couriers = loadConfig({}).couriers;
    expect(couriers).toMatchObject({
      simulators: false,
      leopards: undefined,
      postex: undefined,
      pollMinutes: 30,
    });
    expect(loadConfig({ LEOPARDS_API_KEY: "key" }).couriers.leopards).toBeUndefined();
    expect(
      loadConfig({ LEOPARDS_API_KEY: "key", LEOPARDS_API_PASSWORD: "secret", POSTEX_TOKEN: "token" })
        .couriers,
    ).toMatchObject({
      leopards: {
        apiKey: "key",
        apiPassword: "secret",
        apiUrl: "https://merchantapi.leopardscourier.com/api",
      },
      postex: { token: "token", apiUrl: "https://api.postex.pk/services/integration/api/order" },
    });
    expect(() => loadConfig({ LEOPARDS_WEBHOOK_SECRET: "short" })).toThrow(/LEOPARDS_WEBHOOK_SECRET:/);
    expect(() => loadConfig({ COURIER_POLL_MINUTES: "-1" })).toThrow(/COURIER_POLL_MINUTES:/);
  });

  it("allows COURIER_SIMULATORS=on only when the shop's address is this machine, and says why", () => {
    for (const local of [
      "http://localhost:3000",
      "http://127.0.0.1:8080",
      "http://[::1]:3000",
      "http://shop.localhost",
    ]) {
      expect(loadConfig({ COURIER_SIMULATORS: "on", PUBLIC_URL: local }).couriers.simulators).toBe(true);
    }
    expect(loadConfig({ COURIER_SIMULATORS: "on" }).couriers.simulators).toBe(true);
    for (const remote of ["https://shop.example.pk", "http://10.0.0.5:3000", "http://127.example.pk"]) {
      const refusal = (() => {
        try {
          loadConfig({ COURIER_SIMULATORS: "on", PUBLIC_URL: remote });
        } catch (error) {
          return error;
        }
      })();
      expect(refusal).toBeInstanceOf(ConfigError);
      expect((refusal as Error).message).toContain(
        `only allowed when PUBLIC_URL is a local address (localhost, 127.x.x.x, ::1); PUBLIC_URL is ${remote}`,
      );
    }
    expect(() => loadConfig({ COURIER_SIMULATORS: "yes" })).toThrow(
      /COURIER_SIMULATORS: must be "on" or "off"/,
    );
  });

  it("offers a payment provider only with its credentials, and PAYMENT_SIMULATORS=on only on this machine", () => {
    const none = loadConfig({}).payments;
    expect(none).toMatchObject({
      simulators: false,
      jazzcash: undefined,
      easypaisa: undefined,
      safepay: undefined,
    });
    expect(none).toMatchObject({ bank: undefined, holdMinutes: 30, bankHoldHours: 48, checkMinutes: 1 });
    // One credential of three is not enough.
    expect(loadConfig({ JAZZCASH_MERCHANT_ID: "MC1" }).payments.jazzcash).toBeUndefined();
    const configured = loadConfig({
      JAZZCASH_MERCHANT_ID: "MC1",
      JAZZCASH_PASSWORD: "p",
      JAZZCASH_INTEGRITY_SALT: "s",
      JAZZCASH_URL: "https://sandbox.jazzcash.com.pk/",
      SAFEPAY_API_KEY: "k",
      SAFEPAY_SECRET_KEY: "s",
      SAFEPAY_WEBHOOK_SECRET: "w",
      SAFEPAY_ENVIRONMENT: "sandbox",
      BANK_ACCOUNT_TITLE: "Bags & Threads",
      BANK_NAME: "Meezan Bank",
      BANK_IBAN: "PK36MEZN0001234567890123",
      PAYMENT_HOLD_MINUTES: "45",
    }).payments;
    expect(configured.jazzcash).toMatchObject({ merchantId: "MC1", url: "https://sandbox.jazzcash.com.pk" });
    expect(configured.safepay).toMatchObject({ environment: "sandbox", url: undefined });
    expect(configured.bank).toMatchObject({ bankName: "Meezan Bank", raastId: undefined });
    expect(configured.holdMinutes).toBe(45);
    expect(() => loadConfig({ PAYMENT_HOLD_MINUTES: "1" })).toThrow(/PAYMENT_HOLD_MINUTES:/);
    expect(() => loadConfig({ SAFEPAY_ENVIRONMENT: "live" })).toThrow(/SAFEPAY_ENVIRONMENT:/);

    expect(
      loadConfig({ PAYMENT_SIMULATORS: "on", PUBLIC_URL: "http://127.0.0.1:3000" }).payments.simulators,
    ).toBe(true);
    expect(() => loadConfig({ PAYMENT_SIMULATORS: "on", PUBLIC_URL: "https://shop.example.pk" })).toThrow(
      /PAYMENT_SIMULATORS: "on" sends every payment to a local simulator where no money moves, so it is only allowed when PUBLIC_URL is a local address/,
    );
  });

  it("says which PostgreSQL server it could not reach, without the password", async () => {
    const attempt = openDatabase({ engine: "postgres", url: "postgres://shop:hunter2@127.0.0.1:1/shop" });
    await expect(attempt).rejects.toBeInstanceOf(DatabaseConnectionError);
    await expect(attempt).rejects.toThrow(
      /^Cannot connect to PostgreSQL at postgres:\/\/shop:\*\*\*@127\.0\.0\.1:1\/shop/,
    );
    expect(redactUrl("postgres://a:b@h/d")).toBe("postgres://a:***@h/d");
  });
});
