import fs from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type ApiHarness,
  apiHarness,
  HARNESS_CONFIG,
  recordingMailer,
  registeredShopper,
  shopper,
} from "../../testing/api-harness.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { TEST_LIMITS } from "../../testing/test-limits.ts";
import { createLimits } from "../rate-limit.ts";
import { signToken } from "../signed-tokens.ts";
import { contactFormToken } from "./contact.service.ts";

const { engine, available } = testEngine();

const SENT =
  "Thank you for your message! We have emailed you a confirmation and will reply within one working day.";
const OUT_OF_DATE = "This form is out of date. Please send your message again.";
const EXPIRED = "This form has expired: it was opened more than a day ago. Please send your message again.";

/** A form issued `seconds` ago, as the page's loader would have got it. */
const issued = (seconds: number) =>
  contactFormToken(HARNESS_CONFIG.sessionSecret, new Date(Date.now() - seconds * 1000));

let sequence = 0;
function message(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    name: "Sana Malik",
    email: `sana${sequence}@example.pk`,
    subject: "Order BT-261121-7KQ2M",
    message: "Can I change the size of my kurta to M?",
    form_token: issued(30),
    website: "",
    ...overrides,
  };
}

describe.skipIf(!available)(`contact form API on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  const mailer = recordingMailer();
  const { sent } = mailer;

  beforeAll(async () => {
    database = await createTestDatabase();
    api = apiHarness(database, { mailer });
  });
  afterAll(() => database?.drop());
  beforeEach(() => {
    sent.length = 0;
  });

  const stored = (email: string) =>
    database.db.selectFrom("contact_messages").selectAll().where("email", "=", email).execute();
  const outbox = (email: string) =>
    database.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where((eb) => eb.or([eb("recipient", "=", email), eb("reply_to", "=", email)]))
      .orderBy("id")
      .execute();

  it("issues a signed form token that no cache keeps", async () => {
    const response = await api.request("/contact/form");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const { form_token } = (await response.json()) as { form_token: string };
    const [issuedAt] = form_token.split(".");
    expect(Math.abs(Number(issuedAt) - Date.now())).toBeLessThan(5000);
    expect(form_token).toBe(contactFormToken(HARNESS_CONFIG.sessionSecret, new Date(Number(issuedAt))));
  });

  it("stores a message and queues the shop's mail (Reply-To the sender) and the acknowledgement together", async () => {
    const body = message();
    const { status, body: answer } = await shopper(api).post("/contact", body);
    expect(status).toBe(201);
    expect(answer).toEqual({ message: SENT });

    const [row] = await stored(body.email);
    expect(row).toMatchObject({
      name: "Sana Malik",
      subject: "Order BT-261121-7KQ2M",
      message: "Can I change the size of my kurta to M?",
      user_id: null,
    });
    const mails = await outbox(body.email);
    expect(mails.map((mail) => [mail.recipient, mail.reply_to])).toEqual([
      [HARNESS_CONFIG.shopEmail, body.email],
      [body.email, HARNESS_CONFIG.shopEmail],
    ]);
    expect(mails.every((mail) => mail.reference === `contact-message:${row!.id}`)).toBe(true);
    expect(mails[0]!.created_at).toBe(row!.created_at);

    await api.deliverMail();
    const toShop = sent.find((mail) => mail.replyTo === body.email)!;
    expect(toShop.to).toBe(HARNESS_CONFIG.shopEmail);
    expect(toShop.subject).toBe("Contact form: Order BT-261121-7KQ2M (from Sana Malik)");
    expect(toShop.text).toContain(`From: Sana Malik <${body.email}>`);
    expect(toShop.text).toContain("Account: none (sent as a guest)");
    expect(toShop.text).toContain("Can I change the size of my kurta to M?");
    const acknowledgement = sent.find((mail) => mail.to === body.email)!;
    expect(acknowledgement.replyTo).toBe(HARNESS_CONFIG.shopEmail);
    expect(acknowledgement.subject).toBe("We have received your message");
    expect(acknowledgement.text).toContain("Hi Sana Malik,");
    expect(acknowledgement.text).toContain("within one working day");
    // Nothing the sender wrote besides their name reaches the address they gave.
    expect(acknowledgement.text).not.toContain("kurta");
    expect(acknowledgement.html).not.toContain("kurta");
  });

  it("takes a missing subject, and keeps name and subject on one line (they go into mail headers)", async () => {
    const body = message({ subject: "", name: "Sana\r\nBcc: someone@example.pk" });
    expect((await shopper(api).post("/contact", body)).status).toBe(201);
    const [row] = await stored(body.email);
    expect(row!.name).toBe("Sana Bcc: someone@example.pk");
    expect(row!.subject).toBe("");
    await api.deliverMail();
    expect(sent.find((mail) => mail.replyTo === body.email)!.subject).toBe(
      "Contact form: (no subject) (from Sana Bcc: someone@example.pk)",
    );
    const spaced = message({ subject: "  Sizes\n\tand   colours  " });
    expect((await shopper(api).post("/contact", spaced)).status).toBe(201);
    expect((await stored(spaced.email))[0]!.subject).toBe("Sizes and colours");
  });

  it("escapes everything the sender typed in the HTML of both mails", async () => {
    const body = message({
      name: `<img src=x onerror="alert(1)">`,
      subject: "<b>bold</b> & 'quoted'",
      message: "<script>steal()</script>\nSecond line",
    });
    expect((await shopper(api).post("/contact", body)).status).toBe(201);
    await api.deliverMail();
    const toShop = sent.find((mail) => mail.replyTo === body.email)!;
    const acknowledgement = sent.find((mail) => mail.to === body.email)!;
    for (const html of [toShop.html, acknowledgement.html]) {
      expect(html).not.toMatch(/<img|<script|<b>/);
      expect(html).toContain("&#60;img src=x onerror=&#34;alert(1)&#34;&#62;");
    }
    expect(toShop.html).toContain("&#60;script&#62;steal()&#60;/script&#62;");
    expect(toShop.html).toContain("&#60;b&#62;bold&#60;/b&#62; &#38; &#39;quoted&#39;");
    // The text part is the sender's own words as they wrote them.
    expect(toShop.text).toContain("<script>steal()</script>\nSecond line");
  });

  it("names the signed-in shopper's account", async () => {
    const client = await registeredShopper(api, {
      first_name: "Ayesha",
      last_name: "Khan",
      email: "ayesha.contact@example.pk",
    });
    const body = message({ email: "ayesha.contact@example.pk" });
    expect((await client.post("/contact", body)).status).toBe(201);
    const [row] = await stored(body.email);
    expect(row!.user_id).toEqual(expect.any(Number));
    await api.deliverMail();
    expect(sent.find((mail) => mail.replyTo === body.email)!.text).toContain(
      `Account: #${row!.user_id} (signed in)`,
    );
  });

  it("answers every missing or wrong field with its message, and stores and mails nothing", async () => {
    const before = await database.db
      .selectFrom("contact_messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const empty = await shopper(api).post("/contact", {});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      name: ["Please enter your name."],
      email: ["Please enter your email address."],
      message: ["Please write your message."],
      form_token: [OUT_OF_DATE],
    });
    const blank = await shopper(api).post("/contact", message({ name: "   ", message: "   ", email: " " }));
    expect(blank.body.errors).toEqual({
      name: ["Please enter your name."],
      email: ["Please enter your email address."],
      message: ["Please write your message."],
    });
    const wrong = await shopper(api).post(
      "/contact",
      message({
        email: "sana@example.pk\r\nBcc: victim@example.pk",
        message: "Too short",
        name: "n".repeat(101),
        subject: "s".repeat(151),
      }),
    );
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({
      email: ["Please enter a valid email address."],
      message: ["Your message must be at least 10 characters."],
      name: ["The name may not be greater than 100 characters."],
      subject: ["The subject may not be greater than 150 characters."],
    });
    const long = await shopper(api).post("/contact", message({ message: "x".repeat(5001) }));
    expect(long.body.errors).toEqual({ message: ["The message may not be greater than 5000 characters."] });
    const typed = await shopper(api).post("/contact", message({ message: 42, name: ["a"], website: {} }));
    expect(typed.body.errors).toEqual({
      name: ["The name must be text."],
      message: ["The message must be text."],
      website: ["The website must be text."],
    });
    const nul = await shopper(api).post("/contact", message({ message: "Hello there\u0000 friend" }));
    expect(nul.body.errors).toEqual({
      message: ["The message contains a character that is not allowed."],
    });
    const after = await database.db
      .selectFrom("contact_messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("refuses a form token the shop did not issue, and one signed for something else", async () => {
    const [issuedAt] = issued(30).split(".");
    for (const form_token of [
      "not-a-token",
      `${issuedAt}.forged-signature`,
      `${Number(issuedAt) - 60_000}.${issued(30).split(".")[1]}`,
      signToken(HARNESS_CONFIG.sessionSecret, "newsletter-confirm", String(Date.now() - 60_000)),
      contactFormToken("another-secret-another-secret-another", new Date(Date.now() - 60_000)),
    ]) {
      const body = message({ form_token });
      const { status, body: answer } = await shopper(api).post("/contact", body);
      expect(status, form_token).toBe(422);
      expect(answer).toEqual({ message: OUT_OF_DATE, errors: { form_token: [OUT_OF_DATE] } });
      expect(await stored(body.email)).toEqual([]);
    }
  });

  it("takes a form issued almost a day ago, and refuses one issued more than a day ago with its reason", async () => {
    const lastMinute = message({ form_token: issued(24 * 60 * 60 - 60) });
    expect((await shopper(api).post("/contact", lastMinute)).status).toBe(201);
    expect(await stored(lastMinute.email)).toHaveLength(1);

    const expired = message({ form_token: issued(24 * 60 * 60 + 60) });
    const { status, body: answer } = await shopper(api).post("/contact", expired);
    expect(status).toBe(422);
    expect(answer).toEqual({ message: EXPIRED, errors: { form_token: [EXPIRED] } });
    expect(await stored(expired.email)).toEqual([]);
  });

  it("answers a filled honeypot or a form sent within 3 seconds like any message, and keeps and sends nothing", async () => {
    const honeypot = message({ website: "https://cheap-pills.example" });
    const fresh = await shopper(api).get("/contact/form");
    const tooFast = message({ form_token: fresh.body.form_token });
    const almost = message({ form_token: issued(2) });
    for (const body of [honeypot, tooFast, almost]) {
      const { status, body: answer } = await shopper(api).post("/contact", body);
      expect(status).toBe(201);
      expect(answer).toEqual({ message: SENT });
      expect(await stored(body.email)).toEqual([]);
      expect(await outbox(body.email)).toEqual([]);
    }
    // Three seconds is enough for a person.
    const person = message({ form_token: issued(3) });
    expect((await shopper(api).post("/contact", person)).status).toBe(201);
    expect(await stored(person.email)).toHaveLength(1);
  });

  it("limits messages per client address and per sender, spam included", async () => {
    const limited = apiHarness(database, {
      limits: createLimits({
        settings: { ...TEST_LIMITS, contactMessagesPerHour: 2 },
        logger: pino({ level: "silent" }),
      }),
    });
    const from = (address: string) => shopper(limited, {}, { address });
    expect((await from("10.0.0.1").post("/contact", message())).status).toBe(201);
    expect((await from("10.0.0.1").post("/contact", message({ website: "spam" }))).status).toBe(201);
    const third = message();
    const refused = await from("10.0.0.1").post("/contact", third);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      message: "You have sent several messages in a short time. Please try again in 60 minutes.",
    });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
    expect(await stored(third.email)).toEqual([]);

    // One sender, from any address.
    const repeated = message();
    expect((await from("10.0.0.2").post("/contact", repeated)).status).toBe(201);
    expect(
      (await from("10.0.0.3").post("/contact", { ...repeated, email: repeated.email.toUpperCase() })).status,
    ).toBe(201);
    expect((await from("10.0.0.4").post("/contact", repeated)).status).toBe(429);
    // Invalid forms do not count.
    for (let i = 0; i < 3; i++) expect((await from("10.0.0.5").post("/contact", {})).status).toBe(422);
    expect((await from("10.0.0.5").post("/contact", message())).status).toBe(201);
  });

  it("logs a dropped message with why, without what it said or who it claims to be", async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: "info" },
      new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    );
    const logged = apiHarness(database, { logger });
    const send = (body: unknown) => shopper(logged).post("/contact", body);
    expect((await send(message({ website: "x", message: "Buy cheap pills now" }))).status).toBe(201);
    expect((await send(message({ form_token: issued(1), email: "bot@example.pk" }))).status).toBe(201);
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toEqual([
      expect.objectContaining({ msg: "contact message dropped as spam", spamSign: "honeypot" }),
      expect.objectContaining({
        msg: "contact message dropped as spam",
        spamSign: "too-fast",
        secondsAfterIssue: 1,
      }),
    ]);
    expect(lines.join("")).not.toMatch(/pills|bot@example/);
  });

  it("hands Reply-To to the mail server (a real .eml from the outbox folder)", async () => {
    const files = apiHarness(database);
    const body = message({ email: "reply.to@example.pk" });
    expect((await shopper(files).post("/contact", body)).status).toBe(201);
    await files.deliverMail();
    const eml = fs
      .readdirSync(files.outboxDir)
      .map((name) => fs.readFileSync(path.join(files.outboxDir, name), "utf8"))
      .find((text) => text.includes("reply.to@example.pk"))!;
    expect(eml).toMatch(new RegExp(`^To: ${HARNESS_CONFIG.shopEmail}$`, "m"));
    expect(eml).toMatch(/^Reply-To: reply\.to@example\.pk$/m);
  });
});
