import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import type { MailMessage } from "../../platform/mail.ts";
import { type ApiHarness, apiHarness, registeredShopper, shopper } from "../../testing/api-harness.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { createLimitStore } from "../../testing/test-limits.ts";
import { hashSecret } from "../secrets.ts";
import { COMMON_PASSWORD } from "./common-passwords.ts";
import { purgeExpiredResetTokens } from "./password-reset.repository.ts";

const { engine, available } = testEngine();

const SENT =
  "If an account exists for that email, we have sent it a link to reset the password. The link works for one hour.";
const USED = "This password reset link has already been used. Please ask for a new one.";
const EXPIRED = "This password reset link has expired. Please ask for a new one.";
const INVALID = "This password reset link is not valid. Please ask for a new one.";

let sequence = 0;

describe.skipIf(!available)(`password reset API on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  const sent: MailMessage[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    api = apiHarness(database, {
      mailer: {
        async send(message) {
          sent.push(message);
        },
      },
    });
  });
  afterAll(() => database?.drop());

  async function account() {
    sequence += 1;
    const email = `zara${sequence}@example.pk`;
    const client = await registeredShopper(api, { first_name: "Zara", last_name: "Sheikh", email });
    return { client, email, password: "correct horse" };
  }

  /** Asks for a link and answers the token from the email that arrives. */
  async function resetLinkFor(email: string): Promise<string> {
    const before = sent.length;
    const { status, body } = await shopper(api).post("/password/forgot", { email });
    expect(status).toBe(200);
    expect(body).toEqual({ message: SENT });
    await api.services.resets.settled();
    await api.deliverMail();
    const mail = await vi.waitFor(() => {
      const found = sent.slice(before).find((message) => message.to === email);
      if (!found) throw new Error("no reset email yet");
      return found;
    });
    const link = /http:\/\/shop\.test\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    return link![1]!;
  }

  const resetWith = (token: string, password = "a brand new secret") =>
    shopper(api).post("/password/reset", { token, password, password_confirmation: password });

  it("answers an unknown address exactly like a known one, and mails only the account", async () => {
    const { email } = await account();
    const before = sent.length;
    const known = await shopper(api).post("/password/forgot", { email: email.toUpperCase() });
    const unknown = await shopper(api).post("/password/forgot", { email: "nobody-here@example.pk" });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body).toEqual({ message: SENT });
    await api.services.resets.settled();
    await api.deliverMail();
    await vi.waitFor(() => expect(sent.length).toBe(before + 1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent.slice(before).map((message) => message.to)).toEqual([email]);
  });

  it("mails a link with a random 32-byte token and keeps only its SHA-256, valid for one hour", async () => {
    const { email } = await account();
    const token = await resetLinkFor(email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await database.db
      .selectFrom("password_reset_tokens")
      .innerJoin("users", "users.id", "password_reset_tokens.user_id")
      .select(["token_hash", "password_reset_tokens.created_at", "expires_at", "used_at"])
      .where("users.email", "=", email)
      .execute();
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row!.token_hash).toBe(hashSecret(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(Date.parse(row!.expires_at) - Date.parse(row!.created_at)).toBe(60 * 60 * 1000);
    expect(row!.used_at).toBeNull();

    const mail = sent.find((message) => message.to === email)!;
    expect(mail.subject).toBe("Reset your Bags & Threads password");
    expect(mail.text).toContain("Hi Zara,");
    expect(mail.text).toContain("one hour");
    expect(mail.html).toContain(`http://shop.test/reset-password?token=${token}`);
  });

  it("sets the new password, signs in, signs out every other session and uses the link up", async () => {
    const { client, email, password } = await account();
    const elsewhere = shopper(api);
    elsewhere.token = (await elsewhere.post("/login", { email, password })).body.token;
    const older = await resetLinkFor(email);
    const token = await resetLinkFor(email);

    const reset = await resetWith(token);
    expect(reset.status).toBe(200);
    expect(reset.body.user).toMatchObject({ email, first_name: "Zara" });
    const signedIn = shopper(api);
    signedIn.token = reset.body.token;
    expect((await signedIn.get("/user")).status).toBe(200);
    expect((await client.get("/user")).status).toBe(401);
    expect((await elsewhere.get("/user")).status).toBe(401);
    expect((await shopper(api).post("/login", { email, password })).status).toBe(422);
    expect((await shopper(api).post("/login", { email, password: "a brand new secret" })).status).toBe(200);

    const again = await resetWith(token, "yet another secret");
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ message: USED, errors: { token: [USED] } });
    // The other link sent before is spent too.
    expect((await resetWith(older, "yet another secret")).body.errors).toEqual({ token: [USED] });
    expect((await shopper(api).post("/login", { email, password: "a brand new secret" })).status).toBe(200);
  });

  it("refuses an expired link and an unknown one with their own messages", async () => {
    const { email, password } = await account();
    const token = await resetLinkFor(email);
    await database.db
      .updateTable("password_reset_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("token_hash", "=", hashSecret(token))
      .execute();
    const expired = await resetWith(token);
    expect(expired.status).toBe(422);
    expect(expired.body).toEqual({ message: EXPIRED, errors: { token: [EXPIRED] } });

    const unknown = await resetWith("x".repeat(43));
    expect(unknown.body).toEqual({ message: INVALID, errors: { token: [INVALID] } });
    expect((await resetWith("")).body.errors).toEqual({ token: [INVALID] });
    expect((await shopper(api).post("/login", { email, password })).status).toBe(200);
  });

  it("applies the registration's password rules and keeps the link for a proper try", async () => {
    const { email } = await account();
    const token = await resetLinkFor(email);
    const short = await shopper(api).post("/password/reset", {
      token,
      password: "short",
      password_confirmation: "short",
    });
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual({ password: ["The password must be at least 8 characters."] });
    const mismatch = await shopper(api).post("/password/reset", {
      token,
      password: "long enough now",
      password_confirmation: "something else",
    });
    expect(mismatch.body.errors).toEqual({
      password_confirmation: ["The password confirmation does not match."],
    });
    const common = await shopper(api).post("/password/reset", {
      token,
      password: "qwerty123",
      password_confirmation: "qwerty123",
    });
    expect(common.body.errors).toEqual({ password: [COMMON_PASSWORD] });
    expect((await resetWith(token)).status).toBe(200);
  });

  it("lets only one of two simultaneous resets with the same link through", async () => {
    const { email } = await account();
    const token = await resetLinkFor(email);
    const answers = await Promise.all([
      resetWith(token, "first new secret"),
      resetWith(token, "second new secret"),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    const winner = answers.find((answer) => answer.status === 200)!;
    const password = winner === answers[0] ? "first new secret" : "second new secret";
    expect((await shopper(api).post("/login", { email, password })).status).toBe(200);
  });

  it("validates the address: exactly one, no header lines", async () => {
    for (const email of ["zara@example.pk\r\nBcc: intruder@example.com", "a@example.pk, b@example.pk", ""]) {
      const { status, body } = await shopper(api).post("/password/forgot", { email });
      expect(status, email).toBe(422);
      expect(body.errors.email, email).toEqual([expect.any(String)]);
    }
  });

  it("is rate-limited per address and per email", async () => {
    const store = createLimitStore("memory");
    onTestFinished(() => store.cleanup());
    const limited = apiHarness(database, {
      mailer: { send: async () => {} },
      limits: await store.limits({ authAttemptsPer15Min: 3 }),
    });
    const sender = shopper(limited, {}, { address: "203.0.113.20" });
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await sender.post("/password/forgot", { email: `someone${attempt}@example.pk` })).status).toBe(
        200,
      );
    }
    const blocked = await sender.post("/password/forgot", { email: "someone-else@example.pk" });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: "Too many attempts. Please try again in 15 minutes." });

    for (let attempt = 0; attempt < 3; attempt++) {
      await shopper(limited, {}, { address: `198.51.100.${attempt + 10}` }).post("/password/forgot", {
        email: "inbox@example.pk",
      });
    }
    const flood = await shopper(limited, {}, { address: "198.51.100.99" }).post("/password/forgot", {
      email: "INBOX@example.pk",
    });
    expect(flood.status).toBe(429);
    await store.passTime(15 * 60 + 1);
    expect((await sender.post("/password/forgot", { email: "someone-else@example.pk" })).status).toBe(200);
  });

  it("purges the links that have expired and keeps the live ones", async () => {
    const { email } = await account();
    await resetLinkFor(email);
    const live = await database.db.selectFrom("password_reset_tokens").select("id").execute();
    const inAnHour = new Date(Date.now() + 60 * 60 * 1000 + 1000);
    expect(await purgeExpiredResetTokens(database.db, new Date(Date.now() - 60 * 60 * 1000))).toBe(0);
    expect(await purgeExpiredResetTokens(database.db, inAnHour)).toBe(live.length);
    expect(await database.db.selectFrom("password_reset_tokens").select("id").execute()).toEqual([]);
  });
});
