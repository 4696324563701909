import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailMessage } from "../../platform/mail.ts";
import { EMAIL_CHANGE_MESSAGES, SIGN_IN_CODE_MESSAGES } from "../../shared/contracts/account.ts";
import { type ApiHarness, apiHarness, shopper } from "../../testing/api-harness.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { TEST_LIMITS } from "../../testing/test-limits.ts";
import { createLimits } from "../rate-limit.ts";
import { hashSecret } from "../secrets.ts";
import { addressNetwork } from "./auth.ts";

const { engine, available } = testEngine();

describe("addressNetwork", () => {
  it("keeps an IPv4 address and takes an IPv6 address as its /64", () => {
    expect(addressNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(addressNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(addressNetwork("2001:db8:85a3:1:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:85a3:1::/64");
    expect(addressNetwork("2001:0DB8:85A3:0001::1")).toBe("2001:db8:85a3:1::/64");
    expect(addressNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(addressNetwork("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressNetwork("::1")).toBe("0:0:0:0::/64");
    expect(addressNetwork("unknown")).toBe("unknown");
  });
});

describe.skipIf(!available)(`account protection on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  const sent: MailMessage[] = [];
  let sequence = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    api = apiHarness(database, {
      mailer: {
        async send(message) {
          sent.push(message);
        },
      },
      limits: createLimits({
        settings: { ...TEST_LIMITS, authAttemptsPer15Min: 3, loginFailuresPerAccountPerHour: 4 },
        logger: pino({ level: "silent" }),
      }),
    });
  });
  afterAll(() => database?.drop());

  async function account() {
    sequence += 1;
    const email = `nadia${sequence}@example.pk`;
    // Each from its own network: registrations are limited per network.
    const client = shopper(api, {}, { address: `10.0.${sequence}.1` });
    const { status, body } = await client.post("/register", {
      first_name: "Nadia",
      last_name: "Aslam",
      email,
      password: "correct horse",
      password_confirmation: "correct horse",
    });
    expect(status).toBe(201);
    client.token = body.token;
    return { client, email };
  }

  /** The mails delivered to `to` since `since` sent messages. */
  async function mailsTo(to: string, since: number): Promise<MailMessage[]> {
    await api.deliverMail();
    return sent.slice(since).filter((message) => message.to === to);
  }

  const from = (address: string) => shopper(api, {}, { address });

  describe("guessing one account's password from many networks", () => {
    it("needs a mailed code once the account has failed too often, which lets its holder in and nobody else", async () => {
      const { email } = await account();
      const before = sent.length;
      // Four networks, one guess each: no per-network limit is reached.
      for (let n = 1; n <= 4; n++) {
        const guess = await from(`198.51.100.${n}`).post("/login", { email, password: `guess number ${n}` });
        expect(guess.status).toBe(422);
        expect(guess.body.errors).toEqual({ email: ["These credentials do not match our records."] });
      }
      // The fifth, from yet another network, is told a code is needed, right password or not.
      const wrong = await from("198.51.100.5").post("/login", { email, password: "guess number 5" });
      const right = await from("198.51.100.6").post("/login", { email, password: "correct horse" });
      for (const answer of [wrong, right]) {
        expect(answer.status).toBe(422);
        expect(answer.body).toEqual({
          message: SIGN_IN_CODE_MESSAGES.needed,
          errors: { code: [SIGN_IN_CODE_MESSAGES.needed] },
        });
      }
      // An unknown email gets the same answer, and nothing is mailed for it.
      for (let n = 1; n <= 5; n++)
        await from(`192.0.2.${n}`).post("/login", { email: "ghost@example.pk", password: "x" });
      const ghost = await from("192.0.2.9").post("/login", { email: "ghost@example.pk", password: "x" });
      expect(ghost.body.errors).toEqual({ code: [SIGN_IN_CODE_MESSAGES.needed] });

      // One mail to the holder (not one per attempt), saying what is going on, with the code.
      const mails = await mailsTo(email, before);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain("failed attempts to sign in");
      const code = /^(\d{6})$/m.exec(mails[0]!.text)?.[1];
      expect(code).toBeDefined();
      expect(
        JSON.stringify(await database.db.selectFrom("sign_in_codes").selectAll().execute()),
      ).not.toContain(`"${code}"`);

      // A wrong code, or the right code with a wrong password, does not open the account.
      const badCode = await from("198.51.100.7").post("/login", {
        email,
        password: "correct horse",
        code: "000000" === code ? "111111" : "000000",
      });
      expect(badCode.body.errors).toEqual({ code: [SIGN_IN_CODE_MESSAGES.wrong] });
      const badPassword = await from("198.51.100.8").post("/login", {
        email,
        password: "guess number 9",
        code,
      });
      expect(badPassword.body.errors).toEqual({ email: ["These credentials do not match our records."] });

      // The holder, with the password and the code, signs in; the code works once.
      const holder = await from("198.51.100.10").post("/login", { email, password: "correct horse", code });
      expect(holder.status).toBe(200);
      expect(holder.body.token).toEqual(expect.any(String));
      const again = await from("198.51.100.11").post("/login", { email, password: "correct horse", code });
      expect(again.body.errors).toEqual({ code: [SIGN_IN_CODE_MESSAGES.wrong] });
    });

    it("counts an IPv6 client by its /64, so changing the rest of the address gains nothing", async () => {
      const { email } = await account();
      const attempt = (suffix: string) =>
        from(`2001:db8:1234:5678::${suffix}`).post("/login", { email, password: "not the password" });
      for (const suffix of ["1", "2", "3"]) expect((await attempt(suffix)).status).toBe(422);
      expect((await attempt("beef")).status).toBe(429);
      // Another network still reaches the account.
      expect(
        (await from("2001:db8:9999::1").post("/login", { email, password: "correct horse" })).status,
      ).toBe(200);
    });
  });

  describe("changing the login email", () => {
    it("needs the current password, mails the old address a link that puts it back and signs everyone out", async () => {
      const { client, email } = await account();
      const other = from("203.0.113.20");
      other.token = (await other.post("/login", { email, password: "correct horse" })).body.token;
      const change = (body: Record<string, string>) =>
        client.post("/update-profile", {
          first_name: "Nadia",
          last_name: "Aslam",
          email: "taken.over@example.pk",
          ...body,
        });

      expect((await change({})).body.errors).toEqual({
        current_password: [EMAIL_CHANGE_MESSAGES.passwordNeeded],
      });
      expect((await change({ current_password: "wrong one" })).body.errors).toEqual({
        current_password: [EMAIL_CHANGE_MESSAGES.passwordWrong],
      });
      expect((await client.get("/user")).body.email).toBe(email);
      const before = sent.length;
      const changed = await change({ current_password: "correct horse" });
      expect(changed.status).toBe(200);
      expect(changed.body.email).toBe("taken.over@example.pk");
      const [notice] = await mailsTo(email, before);
      expect(notice?.subject).toBe("The email of your Bags & Threads account was changed");
      expect(notice?.text).toContain("taken.over@example.pk");
      const token = /undo-email-change\?token=([A-Za-z0-9_-]+)/.exec(notice?.text ?? "")?.[1];
      expect(token).toBeDefined();
      const stored = await database.db.selectFrom("email_change_undos").selectAll().execute();
      expect(stored.some((row) => row.token_hash === hashSecret(token!))).toBe(true);
      expect(JSON.stringify(stored)).not.toContain(token);

      const undone = await from("203.0.113.21").post("/email-change/undo", { token });
      expect(undone).toMatchObject({ status: 200, body: { message: EMAIL_CHANGE_MESSAGES.undone } });
      expect((await client.get("/user")).status).toBe(401);
      expect((await other.get("/user")).status).toBe(401);
      expect((await from("203.0.113.22").post("/login", { email, password: "correct horse" })).status).toBe(
        200,
      );

      const twice = await from("203.0.113.21").post("/email-change/undo", { token });
      expect(twice).toMatchObject({ status: 422, body: { errors: { token: [EMAIL_CHANGE_MESSAGES.used] } } });
      const forged = await from("203.0.113.21").post("/email-change/undo", { token: "x".repeat(43) });
      expect(forged.body.errors).toEqual({ token: [EMAIL_CHANGE_MESSAGES.invalid] });
    });

    it("refuses an undo link older than seven days", async () => {
      const { client, email } = await account();
      const before = sent.length;
      await client.post("/update-profile", {
        first_name: "Nadia",
        last_name: "Aslam",
        email: `later${sequence}@example.pk`,
        current_password: "correct horse",
      });
      const [notice] = await mailsTo(email, before);
      const token = /undo-email-change\?token=([A-Za-z0-9_-]+)/.exec(notice?.text ?? "")![1]!;
      await database.db
        .updateTable("email_change_undos")
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where("token_hash", "=", hashSecret(token))
        .execute();
      const late = await from("203.0.113.30").post("/email-change/undo", { token });
      expect(late.body.errors).toEqual({ token: [EMAIL_CHANGE_MESSAGES.expired] });
      expect((await client.get("/user")).body.email).toBe(`later${sequence}@example.pk`);
    });

    it("needs no password for the name and phone alone, and is rate-limited per account", async () => {
      const { client, email } = await account();
      const statuses: number[] = [];
      for (let n = 0; n < 4; n++) {
        statuses.push(
          (await client.post("/update-profile", { first_name: `Try ${n}`, last_name: "Aslam", email }))
            .status,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
    });
  });

  it("tells the account's address when its password is changed", async () => {
    const { client, email } = await account();
    const before = sent.length;
    const changed = await client.post("/password/update", {
      current_password: "correct horse",
      password: "a quite new passphrase",
      password_confirmation: "a quite new passphrase",
    });
    expect(changed.status).toBe(200);
    const [notice] = await mailsTo(email, before);
    expect(notice?.subject).toBe("The password of your Bags & Threads account was changed");
    expect(notice?.text).toContain("/forgot-password");
  });
});
