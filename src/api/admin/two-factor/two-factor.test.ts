import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TWO_FACTOR_MESSAGES } from "../../../shared/contracts/two-factor.ts";
import {
  type AdminHarness,
  adminHarness,
  cookieClient,
  expectBackOfficeOnly,
  SAME_ORIGIN,
  staffShopper,
  TEST_PASSWORD,
} from "../../../testing/admin-harness.ts";
import { apiHarness } from "../../../testing/api-harness.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";
import { TEST_LIMITS } from "../../../testing/test-limits.ts";
import { enableTwoFactor, nextStepCode, passwordSession } from "../../../testing/two-factor.ts";
import { createLimits } from "../../rate-limit.ts";
import { totpCode, totpKeyBox } from "./totp.ts";
import { CODE_NEEDED, KEY_UNREADABLE, OWN_FIRST, SETUP_NEEDED } from "./two-factor.service.ts";

const { engine, available } = testEngine();

describe.skipIf(!available)(`two-factor sign-in for staff on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await adminHarness(database, apiHarness(database));
  });
  afterAll(() => database?.drop());
  afterEach(() => vi.useRealTimers());

  const auditActions = async (userId: number) =>
    (
      await database.db
        .selectFrom("audit_log")
        .select("action")
        .where("entity_type", "=", "user")
        .where("entity_id", "=", String(userId))
        .orderBy("id")
        .execute()
    ).map((row) => row.action);

  it("is for staff and owners only; the owner's rule is the owner's", async () => {
    await expectBackOfficeOnly(admin, "GET", "/admin/two-factor");
    await expectBackOfficeOnly(admin, "POST", "/admin/two-factor/setup", {});
    await expectBackOfficeOnly(admin, "POST", "/admin/two-factor/verify", { code: "123456" });
    await expectBackOfficeOnly(admin, "GET", "/admin/settings/two-factor", undefined, "owner");
    await expectBackOfficeOnly(
      admin,
      "PUT",
      "/admin/settings/two-factor",
      { required: true, current_password: TEST_PASSWORD },
      "owner",
    );
  });

  it("sets up with a QR code, turns on with the app's first code, and answers ten recovery codes once", async () => {
    const member = await staffShopper(admin.api, database);
    const before = await member.get("/admin/two-factor");
    expect(before.body).toMatchObject({ enabled: false, required: false, session: "complete" });

    const setup = await member.post("/admin/two-factor/setup");
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauth_uri).toMatch(/^otpauth:\/\/totp\/shop\.test:/);
    expect(setup.body.otpauth_uri).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.qr_svg).toMatch(/^<svg[^>]*viewBox/);
    // Until confirmed, asking again shows the same key (the app may already hold it).
    expect((await member.post("/admin/two-factor/setup")).body.secret).toBe(setup.body.secret);

    const wrong = await member.post("/admin/two-factor/confirm", { code: "000000" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code).toEqual([TWO_FACTOR_MESSAGES.wrongCode]);
    expect((await member.get("/admin/two-factor")).body.enabled).toBe(false);

    const confirmed = await member.post("/admin/two-factor/confirm", {
      code: nextStepCode(setup.body.secret),
    });
    expect(confirmed.status).toBe(200);
    const codes: string[] = confirmed.body.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const after = await member.get("/admin/two-factor");
    expect(after.body).toMatchObject({ enabled: true, session: "complete", recovery_codes_left: 10 });
    // This session gave the code: the back office is open.
    expect((await member.get("/admin/dashboard")).status).toBe(200);

    // The key is never answered again, and is stored encrypted; the recovery codes only as hashes.
    const again = await member.post("/admin/two-factor/setup");
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).not.toContain(setup.body.secret);
    const row = await database.db
      .selectFrom("staff_two_factor")
      .selectAll()
      .where("user_id", "=", member.user.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(setup.body.secret);
    expect(row.secret).toMatch(/^v1\./);
    const stored = await database.db
      .selectFrom("staff_recovery_codes")
      .select("code_hash")
      .where("user_id", "=", member.user.id)
      .execute();
    expect(stored).toHaveLength(10);
    for (const { code_hash } of stored) {
      expect(codes.map((code) => code.replace("-", ""))).not.toContain(code_hash);
      expect(code_hash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(await auditActions(member.user.id)).toContain("staff.two_factor_on");
  });

  it("after the password, the back office waits for the code; a wrong code is refused, a right one opens it", async () => {
    const member = await staffShopper(admin.api, database);
    const { secret } = await enableTwoFactor(member);

    const pending = await passwordSession(admin.api, member.user.email);
    const refused = await pending.get("/admin/dashboard");
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(CODE_NEEDED);
    expect((await pending.get("/admin/session")).status).toBe(403);
    expect((await pending.get("/admin/two-factor")).body).toMatchObject({
      enabled: true,
      session: "code_needed",
    });

    const wrong = await pending.post("/admin/two-factor/verify", { code: "123456" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.code).toEqual([TWO_FACTOR_MESSAGES.wrongCode]);

    const code = nextStepCode(secret);
    const verified = await pending.post("/admin/two-factor/verify", {
      code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(verified.status).toBe(200);
    expect(verified.body.session).toBe("complete");
    expect((await pending.get("/admin/dashboard")).status).toBe(200);
    // The first session (which confirmed the set-up) stays open; a session's proof is its own.
    expect((await member.get("/admin/dashboard")).status).toBe(200);
  });

  it("a code works once: the same code (or an older one) in another session is refused", async () => {
    const member = await staffShopper(admin.api, database);
    const { secret } = await enableTwoFactor(member);
    const code = nextStepCode(secret);
    const first = await passwordSession(admin.api, member.user.email);
    expect((await first.post("/admin/two-factor/verify", { code })).status).toBe(200);

    const second = await passwordSession(admin.api, member.user.email);
    const reused = await second.post("/admin/two-factor/verify", { code });
    expect(reused.status).toBe(422);
    expect(reused.body.errors.code).toEqual([TWO_FACTOR_MESSAGES.reusedCode]);
    // The code of the step before is inside the window, but older than the one used: refused too.
    const older = totpCode(secret, new Date(Date.now() - 30_000));
    expect((await second.post("/admin/two-factor/verify", { code: older })).status).toBe(422);
    expect((await second.post("/admin/two-factor/verify", { code: nextStepCode(secret) })).status).toBe(200);
  });

  it("two sessions racing with one code: only one gets in", async () => {
    const member = await staffShopper(admin.api, database);
    const { secret, recoveryCodes } = await enableTwoFactor(member);
    const sessions = await Promise.all(
      Array.from({ length: 4 }, () => passwordSession(admin.api, member.user.email)),
    );
    const code = nextStepCode(secret);
    const answers = await Promise.all(
      sessions.map((session) => session.post("/admin/two-factor/verify", { code })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422, 422, 422]);
    const recovery = await Promise.all(
      (await Promise.all(Array.from({ length: 4 }, () => passwordSession(admin.api, member.user.email)))).map(
        (session) => session.post("/admin/two-factor/verify", { code: recoveryCodes[0] }),
      ),
    );
    expect(recovery.map((answer) => answer.status).sort()).toEqual([200, 422, 422, 422]);
  });

  it("a key sealed under another signing secret is refused plainly; a recovery code still opens the session", async () => {
    const member = await staffShopper(admin.api, database);
    const { secret, recoveryCodes } = await enableTwoFactor(member);
    await database.db
      .updateTable("staff_two_factor")
      .set({ secret: totpKeyBox("an-older-signing-secret").seal(secret, member.user.id) })
      .where("user_id", "=", member.user.id)
      .execute();
    const pending = await passwordSession(admin.api, member.user.email);
    const refused = await pending.post("/admin/two-factor/verify", { code: nextStepCode(secret) });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(KEY_UNREADABLE);
    expect((await pending.post("/admin/two-factor/verify", { code: recoveryCodes[1] })).status).toBe(200);
  });

  it("a recovery code opens one session, once", async () => {
    const member = await staffShopper(admin.api, database);
    const { recoveryCodes } = await enableTwoFactor(member);
    const [code] = recoveryCodes;

    const first = await passwordSession(admin.api, member.user.email);
    const used = await first.post("/admin/two-factor/verify", { code: code!.toUpperCase() });
    expect(used.status).toBe(200);
    expect(used.body.recovery_codes_left).toBe(9);
    expect((await first.get("/admin/dashboard")).status).toBe(200);

    const second = await passwordSession(admin.api, member.user.email);
    const again = await second.post("/admin/two-factor/verify", { code });
    expect(again.status).toBe(422);
    expect((await second.get("/admin/dashboard")).status).toBe(403);
    expect(await auditActions(member.user.id)).toContain("staff.two_factor_recovery_code");
  });

  it("the back office's pages work the same with the session cookie (no bearer token)", async () => {
    const member = await staffShopper(admin.api, database);
    const { secret } = await enableTwoFactor(member);
    const pending = cookieClient(admin.api, await passwordSession(admin.api, member.user.email), SAME_ORIGIN);
    expect((await pending.get("/admin/orders")).status).toBe(403);
    expect((await pending.post("/admin/two-factor/verify", { code: nextStepCode(secret) })).status).toBe(200);
    expect((await pending.get("/admin/orders")).status).toBe(200);
  });

  it("turning it off asks for a code or the password; then the password alone opens the back office again", async () => {
    const member = await staffShopper(admin.api, database);
    const { secret } = await enableTwoFactor(member);
    const needsProof = await member.post("/admin/two-factor/disable", {});
    expect(needsProof.status).toBe(422);
    expect(needsProof.body.errors.code).toEqual([TWO_FACTOR_MESSAGES.disableNeedsProof]);
    expect(
      (await member.post("/admin/two-factor/disable", { current_password: "not the password" })).status,
    ).toBe(422);
    expect((await member.post("/admin/two-factor/disable", { code: "000000" })).status).toBe(422);

    const off = await member.post("/admin/two-factor/disable", { code: nextStepCode(secret) });
    expect(off.status).toBe(200);
    expect((await member.get("/admin/two-factor")).body).toMatchObject({
      enabled: false,
      recovery_codes_left: 0,
    });
    expect(
      await database.db
        .selectFrom("staff_recovery_codes")
        .where("user_id", "=", member.user.id)
        .selectAll()
        .execute(),
    ).toEqual([]);
    const fresh = await passwordSession(admin.api, member.user.email);
    expect((await fresh.get("/admin/dashboard")).status).toBe(200);
    expect(await auditActions(member.user.id)).toContain("staff.two_factor_off");

    await enableTwoFactor(member);
    expect((await member.post("/admin/two-factor/disable", { current_password: TEST_PASSWORD })).status).toBe(
      200,
    );
  });

  it("the owner can reset a member who lost phone and codes: their key goes and every session of theirs ends", async () => {
    const member = await staffShopper(admin.api, database);
    await enableTwoFactor(member);
    const pending = await passwordSession(admin.api, member.user.email);
    const path = `/admin/staff/${member.user.id}/two-factor/reset`;
    await expectBackOfficeOnly(admin, "POST", path, { current_password: TEST_PASSWORD }, "owner");
    expect((await admin.owner.post(path, { current_password: "wrong" })).status).toBe(422);
    expect(
      (await admin.owner.post("/admin/staff/999999/two-factor/reset", { current_password: TEST_PASSWORD }))
        .status,
    ).toBe(404);

    const reset = await admin.owner.post(path, { current_password: TEST_PASSWORD });
    expect(reset.status).toBe(200);
    // The session waiting for a code does not open now that the key is gone: it was signed out.
    expect((await pending.get("/admin/dashboard")).status).toBe(401);
    expect((await member.get("/admin/dashboard")).status).toBe(401);
    const fresh = await passwordSession(admin.api, member.user.email);
    expect((await fresh.get("/admin/two-factor")).body).toMatchObject({
      enabled: false,
      session: "complete",
    });
    expect(await auditActions(member.user.id)).toContain("staff.two_factor_reset");
    expect((await admin.owner.post(path, { current_password: TEST_PASSWORD })).status).toBe(409);
  });

  describe("the owner's rule", () => {
    afterAll(async () => {
      await database.db.updateTable("staff_two_factor_policy").set({ required: 0 }).execute();
    });

    it("requires two-factor sign-in of every member: one without it is sent to set it up, nothing else", async () => {
      const owner = await (await import("../../../testing/admin-harness.ts")).ownerShopper(
        admin.api,
        database,
      );
      const member = await staffShopper(admin.api, database);
      const require = { required: true, current_password: TEST_PASSWORD };

      const ownFirst = await owner.call("PUT", "/admin/settings/two-factor", require);
      expect(ownFirst.status).toBe(409);
      expect(ownFirst.body.message).toBe(OWN_FIRST);

      await enableTwoFactor(owner);
      expect(
        (await owner.call("PUT", "/admin/settings/two-factor", { ...require, current_password: "wrong" }))
          .status,
      ).toBe(422);
      const on = await owner.call("PUT", "/admin/settings/two-factor", require);
      expect(on.status).toBe(200);
      expect(on.body.required).toBe(true);
      const audit = await database.db
        .selectFrom("audit_log")
        .selectAll()
        .where("action", "=", "settings.two_factor_required")
        .executeTakeFirstOrThrow();
      expect(audit.actor_user_id).toBe(owner.user.id);
      expect(JSON.parse(audit.after ?? "null")).toEqual({ required: true });

      const refused = await member.get("/admin/dashboard");
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(SETUP_NEEDED);
      expect((await member.get("/admin/two-factor")).body).toMatchObject({
        required: true,
        session: "setup_needed",
      });
      const listed = (await owner.get("/admin/settings/two-factor")).body.staff;
      expect(listed).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ user_id: owner.user.id, enabled: true, recovery_codes_left: 10 }),
          expect.objectContaining({ user_id: member.user.id, enabled: false }),
        ]),
      );

      await enableTwoFactor(member);
      expect((await member.get("/admin/dashboard")).status).toBe(200);
    });
  });

  it("limits code entry per account: past the allowance even the right code waits, with a clear message", async () => {
    const limited = apiHarness(database, {
      limits: createLimits({ settings: TEST_LIMITS, logger: pino({ level: "silent" }) }),
    });
    const member = await staffShopper(limited, database);
    const { secret } = await enableTwoFactor(member);
    const pending = await passwordSession(limited, member.user.email);
    for (let attempt = 0; attempt < TEST_LIMITS.authAttemptsPer15Min; attempt += 1) {
      expect((await pending.post("/admin/two-factor/verify", { code: "000000" })).status).toBe(422);
    }
    const blocked = await pending.post("/admin/two-factor/verify", { code: nextStepCode(secret) });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(
      /^Too many codes were tried for this account\. Please try again in \d+ minutes?\.$/,
    );
    expect(blocked.headers.get("retry-after")).toMatch(/^\d+$/);
    // Per account: another session of the same account is blocked too.
    const other = await passwordSession(limited, member.user.email);
    expect((await other.post("/admin/two-factor/verify", { code: nextStepCode(secret) })).status).toBe(429);
  });
});
