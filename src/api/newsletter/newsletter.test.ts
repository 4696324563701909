import fs from "node:fs";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MailMessage } from "../../platform/mail.ts";
import {
  type ApiHarness,
  apiHarness,
  HARNESS_CONFIG,
  recordingMailer,
  shopper,
} from "../../testing/api-harness.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { TEST_LIMITS } from "../../testing/test-limits.ts";
import { createLimits } from "../rate-limit.ts";
import { hashSecret } from "../secrets.ts";
import { purgeUnconfirmedSignups } from "./newsletter.repository.ts";
import { confirmationToken, unsubscribeToken } from "./newsletter.service.ts";
import { newsletterMail } from "./newsletter-mail.ts";

const { engine, available } = testEngine();

const SUBSCRIBED =
  "Thank you! Please check your inbox for a link to confirm your subscription. If this address is already subscribed, there is nothing more to do.";
const CONFIRMED = "Your subscription is confirmed. Thank you for joining the Bags & Threads newsletter!";
const CONFIRM_INVALID =
  "This confirmation link is not valid. Please sign up again with the Subscribe form at the bottom of this page.";
const CONFIRM_EXPIRED =
  "This confirmation link has expired: links work for 7 days. Please sign up again with the Subscribe form at the bottom of this page.";
const UNSUBSCRIBED = "You have been unsubscribed. You will get no more newsletters from us.";
const UNSUBSCRIBE_INVALID =
  "This unsubscribe link is not valid. Please use the link in our latest email, or write to us and we will take you off the list.";

const HOUR_MS = 60 * 60 * 1000;

let sequence = 0;
const uniqueEmail = (name = "zara") => {
  sequence += 1;
  return `${name}${sequence}@example.pk`;
};

describe("newsletterMail", () => {
  it("adds the unsubscribe link to both parts and the one-click List-Unsubscribe headers", () => {
    const mail = newsletterMail(
      { email: "zara@example.pk", unsubscribe_token: "tok_en-123" },
      {
        subject: "New in: winter kurtas",
        text: "Our winter kurtas are here.",
        html: "<p>Our winter kurtas are here.</p>",
      },
      "https://shop.example.pk",
    );
    const link = "https://shop.example.pk/newsletter/unsubscribe?token=tok_en-123";
    expect(mail.to).toBe("zara@example.pk");
    expect(mail.subject).toBe("New in: winter kurtas");
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail.text).toMatch(
      /^Our winter kurtas are here\.\n\nYou get this email because zara@example\.pk /,
    );
    expect(mail.text).toContain(`Unsubscribe with one click: ${link}`);
    expect(mail.html).toContain("<p>Our winter kurtas are here.</p>");
    expect(mail.html).toContain(`<a href="${link}">Unsubscribe</a>`);
  });
});

describe.skipIf(!available)(`newsletter API on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  const mailer = recordingMailer();
  const { sent } = mailer;

  beforeAll(async () => {
    database = await createTestDatabase();
    api = apiHarness(database, { mailer });
  });
  afterAll(() => database?.drop());

  const subscriber = (email: string) =>
    database.db
      .selectFrom("newsletter_subscribers")
      .selectAll()
      .where("email", "=", email)
      .executeTakeFirst();
  const mailsTo = async (email: string) => {
    await api.deliverMail();
    return sent.filter((mail) => mail.to === email);
  };
  const subscribe = (email: string, extra: Record<string, unknown> = {}) =>
    shopper(api).post("/newsletter/subscribe", { email, source: "footer", ...extra });
  /** The token of a link in the text of a mail. */
  const tokenIn = (mail: MailMessage, page: "confirm" | "unsubscribe") => {
    const match = new RegExp(`http://shop\\.test/newsletter/${page}\\?token=([A-Za-z0-9_.-]+)`).exec(
      mail.text,
    );
    if (!match) throw new Error(`no ${page} link in: ${mail.text}`);
    return match[1]!;
  };
  const confirm = (token: unknown) => shopper(api).post("/newsletter/confirm", { token });
  const unsubscribe = (token: unknown) => shopper(api).post("/newsletter/unsubscribe", { token });
  /** Moves the last confirmation mail of the address back in time, as if it had been mailed long ago. */
  const mailedAgo = (email: string, ms: number) =>
    database.db
      .updateTable("newsletter_subscribers")
      .set({ confirmation_sent_at: new Date(Date.now() - ms).toISOString() })
      .where("email", "=", email)
      .execute();

  it("keeps a new address as pending with its consent time and source, and mails a confirmation link", async () => {
    const email = uniqueEmail();
    const before = Date.now();
    const { status, body } = await subscribe(email.toUpperCase());
    expect(status).toBe(200);
    expect(body).toEqual({ message: SUBSCRIBED });
    const row = await subscriber(email);
    expect(row).toMatchObject({
      email,
      status: "pending",
      source: "footer",
      confirmed_at: null,
      unsubscribed_at: null,
    });
    expect(Date.parse(row!.consent_at)).toBeGreaterThanOrEqual(before - 1);
    expect(row!.confirmation_sent_at).toBe(row!.consent_at);
    // The database keeps only the hash of the unsubscribe links' token.
    const unsubscribe = unsubscribeToken(HARNESS_CONFIG.sessionSecret, row!.id);
    expect(row!.unsubscribe_token_hash).toBe(hashSecret(unsubscribe));
    expect(JSON.stringify(row)).not.toContain(unsubscribe);

    const [mail, ...more] = await mailsTo(email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Please confirm your Bags & Threads newsletter subscription");
    expect(mail!.text).toContain("The link works for 7 days.");
    expect(tokenIn(mail!, "confirm")).toBe(
      confirmationToken(HARNESS_CONFIG.sessionSecret, row!.id, new Date(row!.consent_at)),
    );
    // The confirmation is a newsletter mail too: it can stop every further mail in one click.
    expect(tokenIn(mail!, "unsubscribe")).toBe(unsubscribe);
    expect(mail!.headers).toEqual({
      "List-Unsubscribe": `<http://shop.test/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribe)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("answers the same whatever the address's state, and mails at most one link an hour", async () => {
    const email = uniqueEmail();
    const answers = [await subscribe(email)];
    answers.push(await subscribe(email), await subscribe(email.toUpperCase()));
    expect(await mailsTo(email)).toHaveLength(1);

    await mailedAgo(email, HOUR_MS + 1000);
    answers.push(await subscribe(email));
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    const row = await subscriber(email);
    expect(Date.now() - Date.parse(row!.consent_at)).toBeLessThan(5000);

    expect((await confirm(tokenIn(mails[1]!, "confirm"))).status).toBe(200);
    await mailedAgo(email, 2 * HOUR_MS);
    answers.push(await subscribe(email));
    expect(await mailsTo(email)).toHaveLength(2);
    expect((await subscriber(email))!.status).toBe("confirmed");

    for (const answer of answers)
      expect(answer).toMatchObject({ status: 200, body: { message: SUBSCRIBED } });
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
  });

  it("confirms with the emailed link, again and again with the same answer; older links of the address work too", async () => {
    const email = uniqueEmail();
    await subscribe(email);
    await mailedAgo(email, HOUR_MS + 1000);
    await subscribe(email);
    const [first, second] = await mailsTo(email);
    const confirmed = await confirm(tokenIn(second!, "confirm"));
    expect(confirmed).toMatchObject({ status: 200, body: { message: CONFIRMED, email } });
    const row = await subscriber(email);
    expect(row!.status).toBe("confirmed");
    expect(Date.now() - Date.parse(row!.confirmed_at!)).toBeLessThan(5000);

    expect(await confirm(tokenIn(second!, "confirm"))).toMatchObject({
      status: 200,
      body: { message: CONFIRMED },
    });
    expect(await confirm(tokenIn(first!, "confirm"))).toMatchObject({
      status: 200,
      body: { message: CONFIRMED },
    });
    expect((await subscriber(email))!.confirmed_at).toBe(row!.confirmed_at);
  });

  it("explains a link that is not valid or has expired, and changes nothing", async () => {
    const email = uniqueEmail();
    await subscribe(email);
    const row = (await subscriber(email))!;
    const [mail] = await mailsTo(email);
    const token = tokenIn(mail!, "confirm");
    const invalid = { status: 422, body: { message: CONFIRM_INVALID, errors: { token: [CONFIRM_INVALID] } } };
    for (const wrong of [
      "",
      "nonsense",
      "\u0000",
      null,
      `${token.slice(0, -2)}xx`,
      confirmationToken(HARNESS_CONFIG.sessionSecret, 999_999, new Date()),
      confirmationToken("another-secret-another-secret-another", row.id, new Date()),
      `${row.id + 1}.${token.split(".").slice(1).join(".")}`,
    ]) {
      expect(await confirm(wrong), String(wrong)).toMatchObject(invalid);
    }
    const late = confirmationToken(
      HARNESS_CONFIG.sessionSecret,
      row.id,
      new Date(Date.now() - 7 * 24 * HOUR_MS - 1000),
    );
    expect(await confirm(late)).toMatchObject({
      status: 422,
      body: { message: CONFIRM_EXPIRED, errors: { token: [CONFIRM_EXPIRED] } },
    });
    expect((await subscriber(email))!.status).toBe("pending");
    expect((await confirm(token)).status).toBe(200);
  });

  it("unsubscribes with one POST of the mail's token, again with the same answer", async () => {
    const email = uniqueEmail();
    await subscribe(email);
    const [mail] = await mailsTo(email);
    await confirm(tokenIn(mail!, "confirm"));
    const token = tokenIn(mail!, "unsubscribe");
    expect(await unsubscribe(token)).toMatchObject({ status: 200, body: { message: UNSUBSCRIBED, email } });
    const row = await subscriber(email);
    expect(row).toMatchObject({ status: "unsubscribed" });
    expect(Date.now() - Date.parse(row!.unsubscribed_at!)).toBeLessThan(5000);
    expect(await unsubscribe(token)).toMatchObject({ status: 200, body: { message: UNSUBSCRIBED, email } });
    expect((await subscriber(email))!.unsubscribed_at).toBe(row!.unsubscribed_at);

    for (const wrong of [
      "",
      "x".repeat(43),
      `${token.slice(0, -1)}\u0000`,
      token.toUpperCase(),
      42,
      "y".repeat(201),
    ]) {
      expect(await unsubscribe(wrong)).toMatchObject({
        status: 422,
        body: { message: UNSUBSCRIBE_INVALID, errors: { token: [UNSUBSCRIBE_INVALID] } },
      });
    }
  });

  it("takes an address back after an unsubscribe only through a new confirmation; older links stay refused", async () => {
    const email = uniqueEmail();
    await subscribe(email);
    const [first] = await mailsTo(email);
    // Unsubscribed straight from the confirmation mail ("I did not sign up").
    await unsubscribe(tokenIn(first!, "unsubscribe"));
    expect(await confirm(tokenIn(first!, "confirm"))).toMatchObject({
      status: 422,
      body: { message: CONFIRM_INVALID },
    });
    expect((await subscriber(email))!.status).toBe("unsubscribed");

    await mailedAgo(email, HOUR_MS + 1000);
    const again = await subscribe(email, { source: "api" });
    expect(again.body).toEqual({ message: SUBSCRIBED });
    const row = await subscriber(email);
    expect(row).toMatchObject({ status: "pending", source: "api" });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(tokenIn(mails[1]!, "unsubscribe")).toBe(tokenIn(first!, "unsubscribe"));
    expect(await confirm(tokenIn(first!, "confirm"))).toMatchObject({
      status: 422,
      body: { message: CONFIRM_INVALID },
    });
    expect(await confirm(tokenIn(mails[1]!, "confirm"))).toMatchObject({
      status: 200,
      body: { message: CONFIRMED },
    });
  });

  it("answers a filled honeypot like any sign-up, and keeps and mails nothing", async () => {
    const email = uniqueEmail("robot");
    const { status, body } = await subscribe(email, { website: "https://spam.example" });
    expect(status).toBe(200);
    expect(body).toEqual({ message: SUBSCRIBED });
    expect(await subscriber(email)).toBeUndefined();
    expect(await mailsTo(email)).toEqual([]);
  });

  it("refuses a missing or malformed address (or a second one smuggled in) with a message", async () => {
    const cases: [unknown, string][] = [
      [{}, "Please enter your email address."],
      [{ email: "  " }, "Please enter your email address."],
      [{ email: "not-an-address" }, "Please enter a valid email address."],
      [{ email: "zara@example.pk\r\nBcc: victim@example.pk" }, "Please enter a valid email address."],
      [{ email: "zara@example.pk, victim@example.pk" }, "Please enter a valid email address."],
      [{ email: `${"a".repeat(250)}@example.pk` }, "The email may not be greater than 254 characters."],
    ];
    for (const [body, message] of cases) {
      const answer = await shopper(api).post("/newsletter/subscribe", body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body).toEqual({ message, errors: { email: [message] } });
    }
    const source = await subscribe(uniqueEmail(), { source: "<script>" });
    expect(source.body.errors).toEqual({ source: ["The source must be a short name such as footer."] });
    const count = await database.db
      .selectFrom("newsletter_subscribers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("email", "like", "%victim%")
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("keeps one row and mails one link when the same address signs up many times at once", async () => {
    const email = uniqueEmail();
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => subscribe(index % 2 ? email : email.toUpperCase())),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const rows = await database.db
      .selectFrom("newsletter_subscribers")
      .select("id")
      .where("email", "=", email)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("refuses at the database an upper-case address or an unknown status", async () => {
    const now = new Date().toISOString();
    const row = (email: string, status: string) => ({
      email,
      status: status as "pending",
      source: "test",
      consent_at: now,
      unsubscribe_token_hash: `token-${email}`,
      created_at: now,
      updated_at: now,
    });
    await expect(
      database.db.insertInto("newsletter_subscribers").values(row("Upper@example.pk", "pending")).execute(),
    ).rejects.toThrow(/newsletter_subscribers_email_lower|CHECK constraint failed/);
    await expect(
      database.db.insertInto("newsletter_subscribers").values(row("lower@example.pk", "maybe")).execute(),
    ).rejects.toThrow(/newsletter_subscribers_status_known|CHECK constraint failed/);
  });

  it("limits sign-ups per client address and per email, whatever the address's state", async () => {
    const limited = apiHarness(database, {
      limits: createLimits({
        settings: { ...TEST_LIMITS, newsletterSignupsPerHour: 2 },
        logger: pino({ level: "silent" }),
      }),
    });
    const from = (address: string, email: string) =>
      shopper(limited, {}, { address }).post("/newsletter/subscribe", { email });
    expect((await from("10.1.0.1", uniqueEmail())).status).toBe(200);
    expect((await from("10.1.0.1", uniqueEmail())).status).toBe(200);
    const third = uniqueEmail();
    const refused = await from("10.1.0.1", third);
    expect(refused).toMatchObject({
      status: 429,
      body: { message: "Too many attempts. Please try again in 60 minutes." },
    });
    expect(await subscriber(third)).toBeUndefined();

    const one = uniqueEmail();
    expect((await from("10.1.0.2", one)).status).toBe(200);
    expect((await from("10.1.0.3", one.toUpperCase())).status).toBe(200);
    expect((await from("10.1.0.4", one)).status).toBe(429);
    expect((await from("10.1.0.5", "not an address")).status).toBe(422);
  });

  it("purges sign-ups never confirmed within 30 days, and keeps every address that once confirmed", async () => {
    const [stale, fresh, confirmedOnce, unsubscribedUnconfirmed] = [1, 2, 3, 4].map(() =>
      uniqueEmail("purge"),
    );
    for (const email of [stale, fresh, confirmedOnce, unsubscribedUnconfirmed]) await subscribe(email!);
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * HOUR_MS).toISOString();
    const set = (email: string, values: Record<string, string | null>) =>
      database.db.updateTable("newsletter_subscribers").set(values).where("email", "=", email).execute();
    await set(stale!, { consent_at: daysAgo(31) });
    await set(fresh!, { consent_at: daysAgo(29) });
    // Confirmed, unsubscribed, then asked again and never confirmed that: the row stays.
    await set(confirmedOnce!, { consent_at: daysAgo(40), confirmed_at: daysAgo(60) });
    await set(unsubscribedUnconfirmed!, {
      consent_at: daysAgo(40),
      status: "unsubscribed",
      unsubscribed_at: daysAgo(39),
    });

    expect(await purgeUnconfirmedSignups(database.db, new Date())).toBe(1);
    expect(await subscriber(stale!)).toBeUndefined();
    for (const kept of [fresh, confirmedOnce, unsubscribedUnconfirmed])
      expect(await subscriber(kept!)).toBeDefined();
    expect(await purgeUnconfirmedSignups(database.db, new Date())).toBe(0);
  });

  it("hands List-Unsubscribe and List-Unsubscribe-Post to the mail server (a real .eml)", async () => {
    const files = apiHarness(database);
    const email = uniqueEmail("eml");
    expect((await shopper(files).post("/newsletter/subscribe", { email })).status).toBe(200);
    await files.deliverMail();
    const eml = fs
      .readdirSync(files.outboxDir)
      .map((name) => fs.readFileSync(path.join(files.outboxDir, name), "utf8"))
      .find((text) => text.includes(`To: ${email}`))!;
    const token = unsubscribeToken(HARNESS_CONFIG.sessionSecret, (await subscriber(email))!.id);
    expect(eml.replace(/\r?\n /g, " ")).toMatch(
      new RegExp(`^List-Unsubscribe: <http://shop\\.test/newsletter/unsubscribe\\?token=${token}>$`, "m"),
    );
    expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });
});
