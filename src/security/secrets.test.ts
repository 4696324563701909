import { createHmac, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from "vitest";
import { contactFormToken } from "../api/contact/contact.service.ts";
import { loadConfig } from "../platform/config.ts";
import { migrateToLatest, StaticProvider } from "../platform/db/migrate.ts";
import { createLifecycle, healthRoutes } from "../server/lifecycle.ts";
import { type Platform, startPlatform } from "../server/platform.ts";
import {
  CART_COOKIE,
  cookiePolicy,
  readSignedCookie,
  SESSION_COOKIE,
  setCookieHeader,
} from "../shared/cookies.server.ts";
import {
  type ApiHarness,
  apiHarness,
  HARNESS_CONFIG,
  recordingMailer,
  registeredShopper,
  shopper,
} from "../testing/api-harness.ts";
import { insertOrder } from "../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine, withAdmin } from "../testing/test-db.ts";
import { createLimitStore } from "../testing/test-limits.ts";

/**
 * The shop's secret and what it signs (docs/decisions/0038-signing-secret.md), each finding written as the
 * attack that must fail: no published secret, no signature good for two purposes, guest-order only for guest
 * orders and not open to guessing, nothing usable in a copy of the database or in /readyz, no contact token for
 * ever.
 */

const { engine, available } = testEngine();

/** The value every shop without SESSION_SECRET signed with until the secret became the shop's own. */
const PUBLISHED_DEVELOPMENT_SECRET = "development-only-secret-not-for-production-use";

const hmac = (secret: string, message: string) =>
  createHmac("sha256", secret).update(message).digest("base64url");

/**
 * A database of its own that a platform can open by URL, as the shop does: a copy of this run's migrated
 * template (a SQLite file, or a PostgreSQL database made from it).
 */
async function databaseUrl(cleanups: (() => Promise<void>)[]): Promise<string> {
  const template = inject("migratedTemplate");
  if (engine === "sqlite") {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-security-"));
    const file = path.join(dir, "shop.sqlite");
    if (template) fs.copyFileSync(template, file);
    cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    return `sqlite:${file}`;
  }
  const adminUrl = inject("postgresAdminUrl")!;
  const name = `shop_security_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await withAdmin(adminUrl, (client) =>
        client.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`),
      );
      break;
    } catch (error) {
      // Another copy of the template may still be closing its session (55006): try again shortly.
      if ((error as { code?: string }).code !== "55006" || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
  cleanups.push(() =>
    withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
      () => undefined,
    ),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A shop started as the Docker image starts it: NODE_ENV=production, no PUBLIC_URL, no SESSION_SECRET. */
function imageConfig(url: string, dataDir: string) {
  return loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    DATABASE_URL: url,
    SEED_DEMO: "false",
    LOG_LEVEL: "silent",
    MAIL_WORKER: "off",
    PURGE_INTERVAL_MINUTES: "0",
  });
}

describe.skipIf(!available)(`the shop's secret and what it signs, attacked, on ${engine}`, () => {
  const cleanups: (() => Promise<void>)[] = [];
  const platforms: Platform[] = [];
  let database: TestDatabase;
  let api: ApiHarness;

  beforeAll(async () => {
    database = await createTestDatabase();
    api = apiHarness(database, { mailer: recordingMailer() });
  });
  afterAll(async () => {
    for (const platform of platforms) await platform.close();
    await database?.drop();
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function startImage(url: string) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-security-data-"));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const platform = await startPlatform(imageConfig(url, dataDir));
    platforms.push(platform);
    return { platform, dataDir };
  }

  describe("no known secret, ever", () => {
    it("refuses tokens forged with the published development secret on a shop started without SESSION_SECRET", async () => {
      const { platform, dataDir } = await startImage(await databaseUrl(cleanups));
      const order = await insertOrder(platform.database.db);
      const forgedAccess = hmac(PUBLISHED_DEVELOPMENT_SECRET, `order-access:${order.number}`);
      const read = await platform.api.request("/api/guest-order", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ number: order.number, token: forgedAccess }),
      });
      expect(read.status).toBe(404);

      const forgedForm = `${Date.now() - 60_000}`;
      const message = await platform.api.request("/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          name: "Mallory",
          email: "mallory@example.pk",
          subject: "",
          message: "A message sent with a forged form token.",
          form_token: `${forgedForm}.${hmac(PUBLISHED_DEVELOPMENT_SECRET, `contact-form:${forgedForm}`)}`,
          website: "",
        }),
      });
      expect(message.status).toBe(422);

      // The secret it signs with instead is its own: random, and kept readable by the shop's user only.
      expect(platform.config.sessionSecret).not.toBe(PUBLISHED_DEVELOPMENT_SECRET);
      expect(platform.config.sessionSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const file = path.join(dataDir, "session-secret");
      expect(fs.readFileSync(file, "utf8").trim()).toBe(platform.config.sessionSecret);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    });

    it("gives two instances starting at once on one database one secret, so each reads the other's cookies", async () => {
      const url = await databaseUrl(cleanups);
      const [one, two] = await Promise.all([startImage(url), startImage(url)]);
      expect(one.platform.config.sessionSecret).toBe(two.platform.config.sessionSecret);
      expect(one.platform.config.sessionSecret).not.toBe(PUBLISHED_DEVELOPMENT_SECRET);
      const cookie = setCookieHeader(SESSION_COOKIE, "a-session", cookiePolicy(one.platform.config)).split(
        ";",
      )[0];
      expect(readSignedCookie(cookie, SESSION_COOKIE, cookiePolicy(two.platform.config))).toBe("a-session");
    });
  });

  describe("every signature names its purpose", () => {
    const policy = cookiePolicy(HARNESS_CONFIG);
    const signatureOf = (setCookie: string) =>
      decodeURIComponent(setCookie.split(";")[0]!).split(".").at(-1)!;

    it("refuses a cookie's signature as an order's access token", async () => {
      const order = await insertOrder(database.db);
      const cookie = setCookieHeader(CART_COOKIE, `order-access:${order.number}`, policy);
      const { status } = await shopper(api).post("/guest-order", {
        number: order.number,
        token: signatureOf(cookie),
      });
      expect(status).toBe(404);
    });

    it("refuses a token's signature as a cookie's, and one cookie's signature for another cookie", async () => {
      const issuedAt = String(Date.now() - 60_000);
      const formSignature = contactFormToken(HARNESS_CONFIG.sessionSecret, new Date(Number(issuedAt)))
        .split(".")
        .at(-1);
      const asCookie = `${CART_COOKIE.name}=${encodeURIComponent(`contact-form:${issuedAt}.${formSignature}`)}`;
      expect(readSignedCookie(asCookie, CART_COOKIE, policy)).toBeNull();

      const cart = setCookieHeader(CART_COOKIE, "some-key", policy).split(";")[0]!;
      const asSession = cart.replace(`${CART_COOKIE.name}=`, `${SESSION_COOKIE.name}=`);
      expect(readSignedCookie(asSession, SESSION_COOKIE, policy)).toBeNull();
      expect(readSignedCookie(cart, CART_COOKIE, policy)).toBe("some-key");
    });
  });

  describe("POST /api/guest-order", () => {
    it("answers a registered customer's order, even with its right token, as not found", async () => {
      const email = `omar-${randomUUID()}@example.pk`;
      await registeredShopper(api, { first_name: "Omar", last_name: "Farooq", email });
      const { id: userId } = await database.db
        .selectFrom("users")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      const order = await insertOrder(database.db, { user_id: userId, phone: "03001234567" });
      const token = hmac(HARNESS_CONFIG.sessionSecret, `order-access:${order.number}`);
      const answer = await shopper(api).post("/guest-order", { number: order.number, token });
      expect(answer).toMatchObject({ status: 404, body: { message: "Order not found." } });
      expect(JSON.stringify(answer.body)).not.toContain("03001234567");
    });

    it("stops a client trying tokens for an order with 429", async () => {
      const store = createLimitStore("memory");
      onTestFinished(() => store.cleanup());
      const limited = apiHarness(database, { limits: await store.limits({ authAttemptsPer15Min: 3 }) });
      const order = await insertOrder(database.db);
      const guesser = shopper(limited, {}, { address: "203.0.113.66" });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 5; attempt++) {
        const token = `${"A".repeat(42)}${attempt}`;
        statuses.push((await guesser.post("/guest-order", { number: order.number, token })).status);
      }
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
    });
  });

  describe("nothing usable in a copy of the database or in /readyz", () => {
    it("keeps no newsletter unsubscribe token the database could give away, and hashes those it held", async () => {
      const email = `reader-${randomUUID()}@example.pk`;
      const mailer = recordingMailer();
      const mailing = apiHarness(database, { mailer });
      expect((await shopper(mailing).post("/newsletter/subscribe", { email })).status).toBe(200);
      await mailing.deliverMail();
      const text = mailer.sent.find((mail) => mail.to === email)!.text;
      const token = /newsletter\/unsubscribe\?token=([\w.%-]+)/.exec(text)![1]!;
      const row = await database.db
        .selectFrom("newsletter_subscribers")
        .selectAll()
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(decodeURIComponent(token));

      // A database from before: its stored tokens are hashed by the migration, and their links still work.
      const old = await createTestDatabase({ migrate: false });
      cleanups.push(() => old.drop());
      const db = old.db as unknown as Kysely<unknown>;
      const stopped = await new Migrator({ db, provider: new StaticProvider(old.engine) }).migrateTo(
        "018-search-listing-columns",
      );
      expect(stopped.error).toBeUndefined();
      const legacy = "legacyTokenlegacyTokenlegacyTokenlegacyTok";
      const now = new Date().toISOString();
      await sql`insert into newsletter_subscribers
        (email, status, source, consent_at, confirmed_at, unsubscribe_token, created_at, updated_at)
        values ('old@example.pk', 'confirmed', 'footer', ${now}, ${now}, ${legacy}, ${now}, ${now})`.execute(
        db,
      );
      await migrateToLatest(old.db, old.engine);
      const dump = await sql<Record<string, unknown>>`select * from newsletter_subscribers`.execute(db);
      expect(JSON.stringify(dump.rows)).not.toContain(legacy);
      const unsubscribed = await shopper(apiHarness(old)).post("/newsletter/unsubscribe", { token: legacy });
      expect(unsubscribed).toMatchObject({ status: 200, body: { email: "old@example.pk" } });
    });

    it("says how many migrations are pending on /readyz, never which", async () => {
      const behind = await createTestDatabase();
      cleanups.push(() => behind.drop());
      await sql`delete from kysely_migration where name = '010-contact-newsletter'`.execute(behind.db);
      const response = await healthRoutes({ database: behind }, createLifecycle()).request("/readyz");
      expect(response.status).toBe(503);
      const body = await response.text();
      expect(body).not.toMatch(/\d{3}-[a-z]/);
      expect(body).not.toContain("contact-newsletter");
    });
  });

  describe("the contact form's token", () => {
    it("refuses a token issued more than a day ago", async () => {
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
      const { status, body } = await shopper(api).post("/contact", {
        name: "Replay Robot",
        email: "robot@example.pk",
        subject: "",
        message: "A message sent with a form token taken long ago.",
        form_token: contactFormToken(HARNESS_CONFIG.sessionSecret, twoDaysAgo),
        website: "",
      });
      expect(status).toBe(422);
      expect(body.errors.form_token).toEqual([
        "This form has expired: it was opened more than a day ago. Please send your message again.",
      ]);
    });
  });
});
