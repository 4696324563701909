import { Hono } from "hono";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DISABLED } from "../../shared/contracts/account.ts";
import { cookiePolicy } from "../../shared/cookies.server.ts";
import {
  type AdminHarness,
  adminHarness,
  cookieClient,
  customerShopper,
  expectBackOfficeOnly,
  SAME_ORIGIN,
  staffShopper,
  TEST_PASSWORD,
} from "../../testing/admin-harness.ts";
import { type ApiHarness, apiHarness, HARNESS_CONFIG, shopper } from "../../testing/api-harness.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { TEST_LIMITS } from "../../testing/test-limits.ts";
import { accountRepository } from "../account/account.repository.ts";
import { authenticator } from "../account/auth.ts";
import type { ApiEnv } from "../api-env.ts";
import { HttpError } from "../errors.ts";
import { createLimits } from "../rate-limit.ts";
import { confirmPassword, provideBackOfficeAuth, requireRole } from "./admin-auth.ts";
import { recordAudit } from "./audit.ts";
import { twoFactorRepository } from "./two-factor/two-factor.repository.ts";
import { secondFactorGate } from "./two-factor/two-factor.service.ts";

const { engine, available } = testEngine();

describe.skipIf(!available)(`back-office access on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let admin: AdminHarness;

  beforeAll(async () => {
    database = await createTestDatabase();
    api = apiHarness(database);
    admin = await adminHarness(database, api);
  });
  afterAll(() => database?.drop());

  describe("GET /api/admin/session", () => {
    it("answers 401 to anonymous callers, 403 to customers, and the account with its role to staff and owners", async () => {
      await expectBackOfficeOnly(admin, "GET", "/admin/session");
      const staff = await admin.staff.get("/admin/session");
      expect(staff.status).toBe(200);
      expect(staff.body).toEqual({
        user: expect.objectContaining({ id: admin.staff.user.id, role: "staff", disabled_at: null }),
        idle_minutes: 30,
      });
      const owner = await admin.owner.get("/admin/session");
      expect(owner.status).toBe(200);
      expect(owner.body.user.role).toBe("owner");
      expect(owner.headers.get("cache-control")).toBe("private, no-store");
    });

    it("is in the OpenAPI document, secured by a bearer token or the session cookie", async () => {
      const document = await (await api.request("/openapi.json")).json();
      const described = document.paths["/api/admin/session"].get;
      expect(described.tags).toEqual(["Admin"]);
      expect(described.security).toEqual([{ bearer: [] }, { session: [] }]);
      expect(Object.keys(described.responses)).toEqual(expect.arrayContaining(["200", "401", "403"]));
      expect(document.components.securitySchemes.session).toMatchObject({
        type: "apiKey",
        in: "cookie",
        name: "shop_session",
      });
    });

    it("tells a customer plainly that the back office is for staff", async () => {
      const { status, body } = await admin.customer.get("/admin/session");
      expect(status).toBe(403);
      expect(body).toEqual({
        message: "This area is for the shop's staff. Your account cannot open the back office.",
      });
    });

    it("refuses a malformed or unknown bearer token with 401", async () => {
      for (const authorization of ["Bearer nope", `Bearer ${"x".repeat(43)}`, "Basic abc"]) {
        const { status } = await shopper(api, { authorization }).get("/admin/session");
        expect(status, authorization).toBe(401);
      }
    });

    it("accepts the storefront's signed session cookie, and refuses a forged one", async () => {
      const viaCookie = await cookieClient(api, admin.staff).get("/admin/session");
      expect(viaCookie.status).toBe(200);
      expect(viaCookie.body.user.id).toBe(admin.staff.user.id);
      const customer = await cookieClient(api, admin.customer).get("/admin/session");
      expect(customer.status).toBe(403);

      const forged = shopper(api);
      forged.cookies.set("shop_session", `${admin.staff.token}.forged-signature`);
      expect((await forged.get("/admin/session")).status).toBe(401);
    });
  });

  describe("writes authenticated by the session cookie", () => {
    /** A back-office write route, as the feature routes will have (they all go through requireRole). */
    let probe: Hono<ApiEnv>;
    beforeAll(() => {
      const accounts = accountRepository(database.db);
      const logger = pino({ level: "silent" });
      probe = new Hono<ApiEnv>();
      probe.use(
        "*",
        provideBackOfficeAuth({
          auth: authenticator(accounts),
          policy: cookiePolicy(HARNESS_CONFIG),
          publicUrl: HARNESS_CONFIG.publicUrl,
          limits: createLimits({ settings: TEST_LIMITS, logger }),
          secondFactor: secondFactorGate(twoFactorRepository(database.db)),
        }),
      );
      probe.post("/write", async (c) => {
        const actor = await requireRole(c, "staff");
        return c.json({ by: actor.user.id });
      });
      probe.onError((error, c) =>
        error instanceof HttpError
          ? c.json({ message: error.message }, error.status as 401)
          : c.json({ message: String(error) }, 500),
      );
    });

    const post = (client: { cookies: Map<string, string> }, headers: Record<string, string>) =>
      probe.request("/write", {
        method: "POST",
        headers: {
          ...headers,
          cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
        },
      });

    it("are taken from the shop's own origin", async () => {
      const response = await post(cookieClient(api, admin.staff), SAME_ORIGIN);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ by: admin.staff.user.id });
    });

    it("are refused with 403 from another site, a sibling subdomain or a foreign Origin", async () => {
      const client = cookieClient(api, admin.staff);
      const foreign: Record<string, string>[] = [
        { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
        { "sec-fetch-site": "same-site", origin: "https://blog.shop.test" },
        { origin: "https://evil.example" },
        { origin: "null" },
      ];
      for (const headers of foreign) {
        const response = await post(client, headers);
        expect(response.status, JSON.stringify(headers)).toBe(403);
        expect(await response.json()).toEqual({
          message: "Refused: changes in the back office must be made from the shop's own pages.",
        });
      }
    });

    it("with a bearer token need no origin (scripts and other servers)", async () => {
      const response = await probe.request("/write", {
        method: "POST",
        headers: { authorization: `Bearer ${admin.staff.token}`, origin: "https://elsewhere.example" },
      });
      expect(response.status).toBe(200);
    });
  });

  describe("disabled accounts", () => {
    it("are signed out everywhere, refused at sign-in with a clear message, and get no reset link", async () => {
      const staff = await staffShopper(api, database);
      const second = shopper(api);
      const login = await second.post("/login", { email: staff.user.email, password: TEST_PASSWORD });
      expect(login.status).toBe(200);
      second.token = login.body.token;

      await database.db.transaction().execute(async (trx) => {
        await accountRepository(trx).setDisabled(staff.user.id, new Date().toISOString());
      });

      expect((await staff.get("/admin/session")).status).toBe(401);
      expect((await second.get("/user")).status).toBe(401);
      const live = await database.db
        .selectFrom("auth_tokens")
        .select("id")
        .where("user_id", "=", staff.user.id)
        .where("revoked_at", "is", null)
        .execute();
      expect(live).toEqual([]);

      const again = await shopper(api).post("/login", { email: staff.user.email, password: TEST_PASSWORD });
      expect(again.status).toBe(422);
      expect(again.body).toEqual({ message: ACCOUNT_DISABLED, errors: { email: [ACCOUNT_DISABLED] } });
      // Someone who does not know the password learns nothing about the account.
      const guess = await shopper(api).post("/login", { email: staff.user.email, password: "wrong one" });
      expect(guess.body.message).toBe("These credentials do not match our records.");

      const before = await database.db.selectFrom("mail_outbox").select("id").execute();
      expect((await shopper(api).post("/password/forgot", { email: staff.user.email })).status).toBe(200);
      expect(await database.db.selectFrom("mail_outbox").select("id").execute()).toHaveLength(before.length);
    });

    it("can sign in again once enabled", async () => {
      const customer = await customerShopper(api, database);
      await accountRepository(database.db).setDisabled(customer.user.id, new Date().toISOString());
      await accountRepository(database.db).setDisabled(customer.user.id, null);
      const login = await shopper(api).post("/login", {
        email: customer.user.email,
        password: TEST_PASSWORD,
      });
      expect(login.status).toBe(200);
    });
  });

  describe("inactivity", () => {
    const idleFor = async (userId: number, minutes: number) => {
      const at = new Date(Date.now() - minutes * 60_000).toISOString();
      await database.db
        .updateTable("auth_tokens")
        .set({ created_at: at, last_used_at: at })
        .where("user_id", "=", userId)
        .execute();
    };

    it("ends a staff session unused for longer than the limit, with a message, everywhere", async () => {
      const staff = await staffShopper(api, database);
      await idleFor(staff.user.id, 29);
      expect((await staff.get("/admin/session")).status).toBe(200);
      await idleFor(staff.user.id, 31);
      const expired = await staff.get("/admin/session");
      expect(expired.status).toBe(401);
      expect(expired.body.message).toBe(
        "Your session ended after 30 minutes without activity. Please sign in again.",
      );
      // Revoked, not just refused this once: the shop's pages sign it out too.
      await idleFor(staff.user.id, 0);
      expect((await staff.get("/user")).status).toBe(401);
    });

    it("keeps an active staff session going: each use moves the limit on", async () => {
      const staff = await staffShopper(api, database);
      await idleFor(staff.user.id, 20);
      expect((await staff.get("/user")).status).toBe(200);
      const row = await database.db
        .selectFrom("auth_tokens")
        .select("last_used_at")
        .where("user_id", "=", staff.user.id)
        .executeTakeFirstOrThrow();
      expect(Date.now() - Date.parse(row.last_used_at ?? "")).toBeLessThan(60_000);
    });

    it("follows ADMIN_IDLE_MINUTES", async () => {
      const shortApi = apiHarness(database, { config: { adminIdleMinutes: 5 } });
      const staff = await staffShopper(shortApi, database);
      await idleFor(staff.user.id, 6);
      const { status, body } = await staff.get("/admin/session");
      expect(status).toBe(401);
      expect(body.message).toMatch(/after 5 minutes/);
    });

    it("leaves customers' sessions alone (they do not open the back office)", async () => {
      const customer = await customerShopper(api, database);
      await idleFor(customer.user.id, 60 * 24);
      expect((await customer.get("/user")).status).toBe(200);
    });
  });

  describe("confirmPassword", () => {
    async function confirmWith(
      password: string,
      limits = createLimits({ settings: TEST_LIMITS, logger: pino({ level: "silent" }) }),
    ) {
      const app = new Hono<ApiEnv>();
      app.use(
        "*",
        provideBackOfficeAuth({
          auth: authenticator(accountRepository(database.db)),
          policy: cookiePolicy(HARNESS_CONFIG),
          publicUrl: HARNESS_CONFIG.publicUrl,
          limits,
          secondFactor: secondFactorGate(twoFactorRepository(database.db)),
        }),
      );
      app.post("/confirm", async (c) => {
        const actor = await requireRole(c, "staff");
        await confirmPassword(c, actor, password);
        return c.json({ ok: true });
      });
      app.onError((error, c) => c.json({ message: error.message }, (error as HttpError).status as 422));
      return { app, limits };
    }

    it("passes with the right password and answers 422 on current_password otherwise", async () => {
      const right = await confirmWith(TEST_PASSWORD);
      const ok = await right.app.request("/confirm", {
        method: "POST",
        headers: { authorization: `Bearer ${admin.staff.token}` },
      });
      expect(ok.status).toBe(200);
      const wrong = await confirmWith("not my password");
      const refused = await wrong.app.request("/confirm", {
        method: "POST",
        headers: { authorization: `Bearer ${admin.staff.token}` },
      });
      expect(refused.status).toBe(422);
      expect(await refused.json()).toEqual({ message: "The password is incorrect." });
    });

    it("counts wrong guesses: too many answer 429", async () => {
      const { app } = await confirmWith("not my password");
      const statuses: number[] = [];
      for (let attempt = 0; attempt <= TEST_LIMITS.authAttemptsPer15Min; attempt++) {
        const response = await app.request("/confirm", {
          method: "POST",
          headers: { authorization: `Bearer ${admin.owner.token}` },
        });
        statuses.push(response.status);
      }
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.slice(0, -1).every((status) => status === 422)).toBe(true);
    });
  });

  describe("recordAudit", () => {
    it("writes who, what and when with the record before and after, leaving secrets out", async () => {
      await database.db.transaction().execute((trx) =>
        recordAudit(trx, {
          actor: { id: admin.owner.user.id, email: admin.owner.user.email },
          action: "customer.disable",
          entityType: "user",
          entityId: 42,
          before: { disabled_at: null, password_hash: "scrypt$secret" },
          after: { disabled_at: "2026-01-01T00:00:00.000Z" },
        }),
      );
      const row = await database.db
        .selectFrom("audit_log")
        .selectAll()
        .where("entity_id", "=", "42")
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        id: expect.any(Number),
        actor_user_id: admin.owner.user.id,
        actor_email: admin.owner.user.email,
        action: "customer.disable",
        entity_type: "user",
        entity_id: "42",
        before: '{"disabled_at":null}',
        after: '{"disabled_at":"2026-01-01T00:00:00.000Z"}',
        created_at: expect.any(String),
      });
    });

    it("is undone with the change when its transaction rolls back", async () => {
      await expect(
        database.db.transaction().execute(async (trx) => {
          await recordAudit(trx, {
            actor: { id: null, email: "script" },
            action: "order.status",
            entityType: "order",
            entityId: "BT-ROLLBACK",
          });
          throw new Error("the change failed");
        }),
      ).rejects.toThrow("the change failed");
      const rows = await database.db
        .selectFrom("audit_log")
        .select("id")
        .where("entity_id", "=", "BT-ROLLBACK")
        .execute();
      expect(rows).toEqual([]);
    });
  });

  it("the database refuses a role it does not know", async () => {
    await expect(
      database.db
        .updateTable("users")
        .set({ role: "admin" as never })
        .where("id", "=", admin.customer.user.id)
        .execute(),
    ).rejects.toThrow(/users_role_known/);
  });
});
