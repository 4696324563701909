import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLimits } from "../api/rate-limit.ts";
import { HOST_URL, type HostHarness, hostHarness } from "../testing/host-harness.ts";
import { createTestDatabase, type TestDatabase } from "../testing/test-db.ts";
import { TEST_LIMITS } from "../testing/test-limits.ts";

/**
 * Findings 4, 5 and 6 of the security review, tried through the shop's pages as an attacker would: guessing one
 * account's password is stopped by a mailed code the attacker does not have, a stolen session cannot move the
 * account to another mailbox without the password, and the pages a shopper types secrets into are never kept
 * by a cache.
 */
describe("account takeover through the shop's pages", () => {
  let database: TestDatabase;
  let host: HostHarness;
  let session = "";
  const email = "farah@example.test";

  const form = (path: string, fields: Record<string, string>, cookie = "") =>
    host.request(path, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: HOST_URL,
        ...(cookie ? { cookie } : {}),
      },
      body: new URLSearchParams(fields).toString(),
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    host = await hostHarness(
      database,
      {},
      {
        limits: createLimits({
          settings: { ...TEST_LIMITS, authAttemptsPer15Min: 1000, loginFailuresPerAccountPerHour: 3 },
          logger: pino({ level: "silent" }),
        }),
      },
    );
    const registered = await form("/user-register", {
      first_name: "Farah",
      last_name: "Qureshi",
      email,
      password: "correct horse",
      password_confirmation: "correct horse",
    });
    expect(registered.status).toBe(302);
    session = registered.headers.getSetCookie()[0]!.split(";")[0]!;
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  it("guessing the password: after a few failures the login page asks for a mailed code, even for the right password", async () => {
    for (let guess = 0; guess < 3; guess++) {
      const page = await (await form("/user-login", { email, password: `guess ${guess}` })).text();
      expect(page).toContain("These credentials do not match our records.");
      expect(page).not.toContain('name="code"');
    }
    const right = await form("/user-login", { email, password: "correct horse" });
    expect(right.status).toBe(422);
    expect(right.headers.getSetCookie().join()).not.toContain("shop_session=");
    const page = await right.text();
    expect(page).toContain("signing in to this account now also needs a code");
    expect(page).toMatch(
      /<input[^>]*name="code"[^>]*autoComplete="one-time-code"|<input[^>]*autocomplete="one-time-code"[^>]*name="code"/i,
    );
  });

  it("a stolen session cannot change the login email without the password", async () => {
    const response = await form(
      "/my-account",
      { intent: "profile", first_name: "Farah", last_name: "Qureshi", email: "attacker@example.test" },
      session,
    );
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("Enter your current password to change your email.");
    const user = await database.db.selectFrom("users").select("email").executeTakeFirstOrThrow();
    expect(user.email).toBe(email);
  });

  it("opening an undo link changes nothing until its button is pressed", async () => {
    const response = await host.request(`/account/undo-email-change?token=${"a".repeat(43)}`);
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain("Put my old email back");
    const pressed = await form("/account/undo-email-change", { token: "a".repeat(43) });
    expect(pressed.status).toBe(422);
    expect(await pressed.text()).toContain("This link is not valid.");
  });

  it.each([
    "/forgot-password",
    "/reset-password?token=abc",
    "/order-lookup",
    "/account/undo-email-change?token=abc",
  ])("%s is kept by no cache", async (path) => {
    const response = await host.request(path);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
  });
});
