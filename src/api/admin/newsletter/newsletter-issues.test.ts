import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AdminHarness, adminHarness, expectBackOfficeOnly } from "../../../testing/admin-harness.ts";
import { type ApiHarness, apiHarness, recordingMailer, shopper } from "../../../testing/api-harness.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";
import { newsletterText, sanitizeNewsletterHtml } from "./newsletter-html.ts";

const { engine, available } = testEngine();

const ISSUE = {
  subject: "New Eid collection",
  html: '<h2>Eid is here</h2><p>Lawn kurtas &amp; <b>leather</b> totes.<script>alert(1)</script></p><p><a href="https://shop.test/eid" onclick="x()">Shop the collection</a></p>',
  text: "",
};

/** Newsletter issues (issue 35 item 6): drafts, tests, and one send that reaches each confirmed subscriber once. */
describe.skipIf(!available)(`newsletter issues on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let admin: AdminHarness;
  const mailer = recordingMailer();

  beforeAll(async () => {
    database = await createTestDatabase();
    api = apiHarness(database, { mailer });
    admin = await adminHarness(database, api);
  });
  afterAll(() => database?.drop());
  beforeEach(() => {
    mailer.sent.length = 0;
  });

  /** Signs the address up and, unless told otherwise, confirms it with the link from its mail. */
  async function signUp(email: string, { confirm = true } = {}) {
    expect((await shopper(api).post("/newsletter/subscribe", { email })).status).toBe(200);
    await api.deliverMail();
    const mail = mailer.sent.find((message) => message.to === email)!;
    const token = /newsletter\/confirm\?token=([\w.-]+)/.exec(mail.text)![1]!;
    if (confirm) expect((await shopper(api).post("/newsletter/confirm", { token })).status).toBe(200);
  }

  it("sanitises the HTML as the product descriptions are, and makes the text part from it", () => {
    const html = sanitizeNewsletterHtml(ISSUE.html);
    expect(html).toBe(
      '<h2>Eid is here</h2><p>Lawn kurtas &amp; <b>leather</b> totes.</p><p><a href="https://shop.test/eid">Shop the collection</a></p>',
    );
    expect(newsletterText(html)).toBe(
      "Eid is here\n\nLawn kurtas & leather totes.\n\nShop the collection (https://shop.test/eid)",
    );
    expect(newsletterText("<ul><li>One</li><li>Two</li></ul><p>a<br>b</p>")).toBe("- One\n- Two\n\na\nb");
  });

  it("lets staff draft, edit and test, and only the owner send", async () => {
    const draft = await admin.staff.post("/admin/newsletter/issues", ISSUE);
    const id = draft.body.id;
    await expectBackOfficeOnly(admin, "GET", "/admin/newsletter/issues");
    await expectBackOfficeOnly(admin, "POST", "/admin/newsletter/issues", ISSUE);
    await expectBackOfficeOnly(admin, "GET", `/admin/newsletter/issues/${id}`);
    await expectBackOfficeOnly(admin, "PATCH", `/admin/newsletter/issues/${id}`, ISSUE);
    await expectBackOfficeOnly(admin, "POST", `/admin/newsletter/issues/${id}/test`, {});
    await expectBackOfficeOnly(admin, "POST", `/admin/newsletter/issues/${id}/send`, undefined, "owner");
    expect((await admin.staff.get(`/admin/newsletter/issues/${id}`)).body.status).toBe("draft");
  });

  it("keeps a draft sanitised with its text part, edits it, and refuses what is missing or empty", async () => {
    const created = await admin.staff.post("/admin/newsletter/issues", ISSUE);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      subject: "New Eid collection",
      status: "draft",
      created_by: admin.staff.user.email,
      progress: { recipients: 0, sent: 0, failed: 0, skipped: 0, pending: 0 },
    });
    expect(created.body.html).not.toContain("script");
    expect(created.body.text).toContain("Lawn kurtas & leather totes.");

    const edited = await admin.staff.call("PATCH", `/admin/newsletter/issues/${created.body.id}`, {
      ...ISSUE,
      subject: "Eid  collection\nis here",
      text: "Our own text part.",
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ subject: "Eid collection is here", text: "Our own text part." });

    const missing = await admin.staff.post("/admin/newsletter/issues", { subject: "", html: "" });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toMatchObject({
      subject: ["Please give the issue a subject."],
      html: ["Please write the newsletter."],
    });
    const unsafe = await admin.staff.post("/admin/newsletter/issues", {
      subject: "x",
      html: "<script>x()</script>",
    });
    expect(unsafe.status).toBe(422);
    expect(unsafe.body.errors.html).toEqual([
      "The newsletter has no text left once unsafe HTML is removed. Please write the newsletter.",
    ]);
    expect((await admin.staff.get("/admin/newsletter/issues/999999")).status).toBe(404);
  });

  it("sends a test copy to the staff member or a given address, marked [Test], with the unsubscribe headers", async () => {
    const { id } = (await admin.staff.post("/admin/newsletter/issues", ISSUE)).body;
    const own = await admin.staff.post(`/admin/newsletter/issues/${id}/test`, {});
    expect(own.body).toEqual({
      message: `A test copy is on its way to ${admin.staff.user.email}.`,
      email: admin.staff.user.email,
    });
    const given = await admin.staff.post(`/admin/newsletter/issues/${id}/test`, {
      email: "editor@example.pk",
    });
    expect(given.status).toBe(200);
    const bad = await admin.staff.post(`/admin/newsletter/issues/${id}/test`, { email: "not an address" });
    expect(bad.body.errors.email).toEqual(["Please enter a valid email address for the test."]);
    await api.deliverMail();
    expect(mailer.sent.map((mail) => [mail.to, mail.subject])).toEqual([
      [admin.staff.user.email, "[Test] New Eid collection"],
      ["editor@example.pk", "[Test] New Eid collection"],
    ]);
    expect(mailer.sent[0]!.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect((await admin.staff.get(`/admin/newsletter/issues/${id}`)).body.status).toBe("draft");
  });

  it("reaches every confirmed subscriber once (sent twice), none else, and the unsubscribe link works", async () => {
    const confirmed = ["ayesha.news@example.pk", "bilal.news@example.pk", "sana.news@example.pk"];
    for (const email of confirmed) await signUp(email);
    await signUp("waiting.news@example.pk", { confirm: false });
    await signUp("gone.news@example.pk");
    const gone = (await database.db
      .selectFrom("newsletter_subscribers")
      .select("id")
      .where("email", "=", "gone.news@example.pk")
      .executeTakeFirstOrThrow())!;
    await database.db
      .updateTable("newsletter_subscribers")
      .set({ status: "unsubscribed" })
      .where("id", "=", gone.id)
      .execute();
    mailer.sent.length = 0;

    const { id } = (await admin.staff.post("/admin/newsletter/issues", ISSUE)).body;
    const [first, second] = await Promise.all([
      admin.owner.post(`/admin/newsletter/issues/${id}/send`),
      admin.owner.post(`/admin/newsletter/issues/${id}/send`),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const again = await admin.owner.post(`/admin/newsletter/issues/${id}/send`);
    expect(again.body).toMatchObject({ status: "sending", progress: { recipients: 3, pending: 3, sent: 0 } });
    expect((await admin.staff.call("PATCH", `/admin/newsletter/issues/${id}`, ISSUE)).status).toBe(409);

    await api.deliverMail();
    const issueMails = mailer.sent.filter((mail) => mail.subject === "New Eid collection");
    expect(issueMails.map((mail) => mail.to).sort()).toEqual(confirmed);
    for (const mail of issueMails) {
      expect(mail.headers?.["List-Unsubscribe"]).toMatch(
        /^<http:\/\/\S+\/newsletter\/unsubscribe\?token=\S+>$/,
      );
      expect(mail.headers?.["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(mail.html).toContain("Shop the collection");
      expect(mail.text).toContain("Lawn kurtas & leather totes.");
    }

    const report = await admin.staff.get(`/admin/newsletter/issues/${id}`);
    expect(report.body).toMatchObject({
      status: "sent",
      sent_by: admin.owner.user.email,
      progress: { recipients: 3, sent: 3, failed: 0, skipped: 0, pending: 0 },
    });
    expect(report.body.finished_at).not.toBeNull();
    const audit = await database.db
      .selectFrom("audit_log")
      .select(["action", "after"])
      .where("entity_type", "=", "newsletter_issue")
      .where("entity_id", "=", String(id))
      .where("action", "=", "newsletter_issue.send")
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after!)).toEqual({ status: "sending", recipients: 3 });

    // The personal link unsubscribes its own address (the one-click endpoint the mail headers name).
    const bilal = issueMails.find((mail) => mail.to === "bilal.news@example.pk")!;
    const token = decodeURIComponent(
      /unsubscribe\?token=([^>\s]+)/.exec(bilal.headers!["List-Unsubscribe"]!)![1]!,
    );
    const unsubscribed = await shopper(api).post("/newsletter/unsubscribe", { token });
    expect(unsubscribed.body.email).toBe("bilal.news@example.pk");
    const next = (await admin.staff.post("/admin/newsletter/issues", { ...ISSUE, subject: "Next" })).body;
    expect(
      (await admin.owner.post(`/admin/newsletter/issues/${next.id}/send`)).body.progress.recipients,
    ).toBe(2);
  });

  it("skips a subscriber who left the list between the claim and their mail, and counts failed mail", async () => {
    await signUp("stays.skip@example.pk");
    const { id } = (await admin.staff.post("/admin/newsletter/issues", { ...ISSUE, subject: "Skip" })).body;
    const before = await database.db
      .selectFrom("newsletter_subscribers")
      .select("id")
      .where("status", "=", "confirmed")
      .execute();
    // Claim the issue but leave its mails unqueued, as a send cut short would.
    const at = new Date().toISOString();
    await database.db
      .updateTable("newsletter_issues")
      .set({ status: "sending", sent_by: "x", send_started_at: at })
      .where("id", "=", id)
      .execute();
    await database.db
      .insertInto("newsletter_deliveries")
      .values(before.map((row) => ({ issue_id: id, subscriber_id: row.id, email: "x", created_at: at })))
      .execute();
    await database.db
      .updateTable("newsletter_subscribers")
      .set({ status: "unsubscribed" })
      .where("email", "=", "stays.skip@example.pk")
      .execute();
    const resumed = await admin.owner.post(`/admin/newsletter/issues/${id}/send`);
    expect(resumed.body.progress).toMatchObject({
      recipients: before.length,
      skipped: 1,
      pending: before.length - 1,
    });
    await database.db
      .updateTable("mail_outbox")
      .set({ failed_at: at })
      .where("reference", "=", `newsletter-issue:${id}`)
      .where("recipient", "=", "ayesha.news@example.pk")
      .execute();
    await api.deliverMail();
    const report = (await admin.staff.get(`/admin/newsletter/issues/${id}`)).body;
    expect(report).toMatchObject({ status: "sent", progress: { failed: 1, skipped: 1, pending: 0 } });
    expect(report.progress.sent).toBe(before.length - 2);
  });
});
