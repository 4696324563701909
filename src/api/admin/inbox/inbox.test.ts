import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type AdminHarness, adminHarness, expectBackOfficeOnly } from "../../../testing/admin-harness.ts";
import {
  type ApiHarness,
  apiHarness,
  HARNESS_CONFIG,
  recordingMailer,
  shopper,
} from "../../../testing/api-harness.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";
import { contactFormToken } from "../../contact/contact.service.ts";

const { engine, available } = testEngine();

let sequence = 0;

/** The contact inbox (issue 35 item 6): messages as new, answered, closed; replies mailed in the thread. */
describe.skipIf(!available)(`contact inbox on ${engine}`, () => {
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

  /** A shopper's message through the contact form; answers its id. */
  async function contact(subject = "Kurta size", text = "Can I change the size of my kurta to M?") {
    sequence += 1;
    const email = `inbox${sequence}@example.pk`;
    const form_token = contactFormToken(HARNESS_CONFIG.sessionSecret, new Date(Date.now() - 30_000));
    const sent = await shopper(api).post("/contact", {
      name: "Sana Malik",
      email,
      subject,
      message: text,
      form_token,
      website: "",
    });
    expect(sent.status).toBe(201);
    const row = await database.db
      .selectFrom("contact_messages")
      .select(["id", "mail_message_id"])
      .where("email", "=", email)
      .executeTakeFirstOrThrow();
    return { id: row.id, email, messageId: row.mail_message_id! };
  }

  it("is for staff and owners", async () => {
    const { id } = await contact();
    await expectBackOfficeOnly(admin, "GET", "/admin/messages");
    await expectBackOfficeOnly(admin, "GET", `/admin/messages/${id}`);
    await expectBackOfficeOnly(admin, "POST", `/admin/messages/${id}/reply`, { body: "Hello" });
    await expectBackOfficeOnly(admin, "POST", `/admin/messages/${id}/status`, { status: "closed" });
  });

  it("gives the shop's copy a Message-ID the message keeps, and lists new messages newest first", async () => {
    const first = await contact("First");
    const second = await contact("Second");
    expect(first.messageId).toMatch(
      new RegExp(`^<contact\\.[\\w-]+@${HARNESS_CONFIG.shopEmail.split("@")[1]}>$`),
    );
    await api.deliverMail();
    const shopCopy = mailer.sent.find((mail) => mail.replyTo === first.email)!;
    expect(shopCopy.headers?.["Message-ID"]).toBe(first.messageId);

    const list = await admin.staff.get("/admin/messages?status=new");
    expect(list.status).toBe(200);
    const ids = list.body.data.map((message: { id: number }) => message.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(list.body.data[0]).toMatchObject({
      id: second.id,
      subject: "Second",
      status: "new",
      replies_count: 0,
    });
    expect(list.body.counts.new).toBeGreaterThanOrEqual(2);
  });

  it("mails a reply threaded under the shopper's message, keeps it, marks the message answered and audits it", async () => {
    const { id, email, messageId } = await contact("Order BT-261121-7KQ2M");
    const reply = await admin.staff.post(`/admin/messages/${id}/reply`, {
      body: "  Yes, we have changed it to M. <b>Thanks</b>  ",
    });
    expect(reply.status).toBe(201);
    expect(reply.body.message).toMatchObject({ id, status: "answered", replies_count: 1 });
    expect(reply.body.replies).toEqual([
      expect.objectContaining({
        author_email: admin.staff.user.email,
        body: "Yes, we have changed it to M. <b>Thanks</b>",
      }),
    ]);

    await api.deliverMail();
    const mail = mailer.sent.find((sent) => sent.to === email && sent.subject.startsWith("Re:"))!;
    expect(mail.subject).toBe("Re: Order BT-261121-7KQ2M");
    expect(mail.replyTo).toBe(HARNESS_CONFIG.shopEmail);
    expect(mail.headers).toEqual({ "In-Reply-To": messageId, References: messageId });
    expect(mail.text).toContain("Yes, we have changed it to M.");
    expect(mail.text).toContain("> Can I change the size of my kurta to M?");
    expect(mail.html).not.toContain("<b>Thanks</b>");

    const audit = await database.db
      .selectFrom("audit_log")
      .select(["action", "actor_email", "after"])
      .where("entity_type", "=", "contact_message")
      .where("entity_id", "=", String(id))
      .orderBy("id")
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(["contact_message.reply", "contact_message.status"]);
    expect(JSON.parse(audit[1]!.after!)).toEqual({ status: "answered" });

    const answered = await admin.staff.get("/admin/messages?status=answered");
    expect(answered.body.data.map((message: { id: number }) => message.id)).toContain(id);
  });

  it("closes a message and puts it back to new; refuses a bad status, an empty reply and an unknown message", async () => {
    const { id } = await contact();
    const closed = await admin.staff.post(`/admin/messages/${id}/status`, { status: "closed" });
    expect(closed.status).toBe(200);
    expect(closed.body.message.status).toBe("closed");
    expect((await admin.staff.get(`/admin/messages/${id}`)).body.message.status).toBe("closed");
    expect(
      (await admin.owner.post(`/admin/messages/${id}/status`, { status: "new" })).body.message.status,
    ).toBe("new");

    const bad = await admin.staff.post(`/admin/messages/${id}/status`, { status: "answered" });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.status).toEqual(["The status must be new or closed."]);
    const empty = await admin.staff.post(`/admin/messages/${id}/reply`, { body: "   " });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.body).toEqual(["Please write your reply."]);
    expect((await admin.staff.get("/admin/messages/999999")).status).toBe(404);
    expect((await admin.staff.post("/admin/messages/999999/reply", { body: "Hi" })).status).toBe(404);
    expect((await admin.staff.get("/admin/messages?status=old")).status).toBe(422);
  });
});
