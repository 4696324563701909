import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createLimits } from "../api/rate-limit.ts";
import {
  type AdminHarness,
  adminHarness,
  cookieClient,
  SAME_ORIGIN,
  staffShopper,
  TEST_PASSWORD,
} from "../testing/admin-harness.ts";
import { apiHarness } from "../testing/api-harness.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../testing/test-db.ts";
import { TEST_LIMITS } from "../testing/test-limits.ts";
import { enableTwoFactor, nextStepCode, passwordSession } from "../testing/two-factor.ts";

const { engine, available } = testEngine();

/**
 * Attacks on the back office's two-factor sign-in (docs/decisions/0039-staff-two-factor.md) that must fail: the
 * attacker knows a staff member's password, but has neither the phone nor a fresh recovery code.
 */
describe.skipIf(!available)(`two-factor sign-in attacks on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await adminHarness(database, apiHarness(database));
  });
  afterAll(() => database?.drop());
  afterEach(() => vi.useRealTimers());

  it("the password alone opens no back-office API, by bearer token or by cookie", async () => {
    const member = await staffShopper(admin.api, database);
    await enableTwoFactor(member);
    const bearer = await passwordSession(admin.api, member.user.email);
    const cookie = cookieClient(admin.api, bearer, SAME_ORIGIN);
    for (const client of [bearer, cookie]) {
      for (const path of [
        "/admin/session",
        "/admin/dashboard",
        "/admin/orders",
        "/admin/customers",
        "/admin/audit",
      ])
        expect((await client.get(path)).status, path).toBe(403);
      // Nor may it turn the second factor off, even with the password it knows.
      const off = await client.post("/admin/two-factor/disable", { current_password: TEST_PASSWORD });
      expect(off.status).toBe(403);
      expect(
        (await client.post("/admin/customers/1/disable", { current_password: TEST_PASSWORD })).status,
      ).toBe(403);
    }
    expect((await member.get("/admin/two-factor")).body.enabled).toBe(true);
  });

  it("a password-only session cannot set up a new key over the existing one, nor confirm one", async () => {
    const member = await staffShopper(admin.api, database);
    const { secret } = await enableTwoFactor(member);
    const before = await database.db
      .selectFrom("staff_two_factor")
      .selectAll()
      .where("user_id", "=", member.user.id)
      .executeTakeFirstOrThrow();
    const attacker = await passwordSession(admin.api, member.user.email);

    const setup = await attacker.post("/admin/two-factor/setup");
    expect(setup.status).toBe(403);
    expect(setup.body).not.toHaveProperty("secret");
    expect((await attacker.post("/admin/two-factor/confirm", { code: nextStepCode(secret) })).status).toBe(
      403,
    );
    const after = await database.db
      .selectFrom("staff_two_factor")
      .selectAll()
      .where("user_id", "=", member.user.id)
      .executeTakeFirstOrThrow();
    expect(after.secret).toBe(before.secret);
    expect(after.confirmed_at).toBe(before.confirmed_at);
  });

  it("guessing codes is limited per account: signing in again for a new session does not reset the count", async () => {
    const limited = apiHarness(database, {
      limits: createLimits({ settings: TEST_LIMITS, logger: pino({ level: "silent" }) }),
    });
    const member = await staffShopper(limited, database);
    const { secret } = await enableTwoFactor(member);
    let refused = 0;
    for (let guess = 0; guess < 20; guess += 1) {
      const session = await passwordSession(limited, member.user.email);
      const answer = await session.post("/admin/two-factor/verify", { code: String(100000 + guess) });
      if (answer.status === 429) refused += 1;
      else expect(answer.status).toBe(422);
    }
    expect(refused).toBe(20 - TEST_LIMITS.authAttemptsPer15Min);
    const rightCode = await (await passwordSession(limited, member.user.email)).post(
      "/admin/two-factor/verify",
      {
        code: nextStepCode(secret),
      },
    );
    expect(rightCode.status).toBe(429);
  });

  it("a recovery code that was used fails the second time, in any session", async () => {
    const member = await staffShopper(admin.api, database);
    const { recoveryCodes } = await enableTwoFactor(member);
    const code = recoveryCodes[3]!;
    const first = await passwordSession(admin.api, member.user.email);
    expect((await first.post("/admin/two-factor/verify", { code })).status).toBe(200);
    const second = await passwordSession(admin.api, member.user.email);
    for (const typed of [code, code.toUpperCase(), code.replace("-", ""), ` ${code} `]) {
      expect((await second.post("/admin/two-factor/verify", { code: typed })).status, typed).toBe(422);
    }
    expect((await second.get("/admin/dashboard")).status).toBe(403);
  });

  it("a verified session's proof does not carry over to another session of the account", async () => {
    const member = await staffShopper(admin.api, database);
    await enableTwoFactor(member);
    expect((await member.get("/admin/dashboard")).status).toBe(200);
    const other = await passwordSession(admin.api, member.user.email);
    expect((await other.get("/admin/dashboard")).status).toBe(403);
  });
});
