import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminHarness,
  adminHarness,
  cookieClient,
  SAME_ORIGIN,
} from "../../../testing/admin-harness.ts";
import {
  type ApiHarness,
  apiHarness,
  HARNESS_CONFIG,
  recordingMailer,
  shopper,
} from "../../../testing/api-harness.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";
import { unsubscribeToken } from "../../newsletter/newsletter.service.ts";

const { engine, available } = testEngine();

const HEADER = "Email,Source,Consent given at,Confirmed at,Unsubscribe link";

describe.skipIf(!available)(`newsletter export in the back office on ${engine}`, () => {
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

  /** Signs the address up and, unless told otherwise, confirms it with the link from its mail. */
  async function signUp(email: string, { confirm = true } = {}) {
    expect((await shopper(api).post("/newsletter/subscribe", { email, source: "footer" })).status).toBe(200);
    await api.deliverMail();
    const mail = mailer.sent.find((message) => message.to === email.toLowerCase())!;
    const token = /newsletter\/confirm\?token=([\w.-]+)/.exec(mail.text)![1]!;
    if (confirm) expect((await shopper(api).post("/newsletter/confirm", { token })).status).toBe(200);
    return /newsletter\/unsubscribe\?token=([\w.-]+)/.exec(mail.text)![1]!;
  }

  const download = (token: string) =>
    api.request("/admin/newsletter/subscribers.csv", { headers: { authorization: `Bearer ${token}` } });

  it("lets only the owner see the counts and take the export", async () => {
    for (const path of ["/admin/newsletter", "/admin/newsletter/subscribers.csv"]) {
      expect((await shopper(api).get(path)).status, `anonymous ${path}`).toBe(401);
      expect((await admin.customer.get(path)).status, `customer ${path}`).toBe(403);
      expect(await admin.staff.get(path), `staff ${path}`).toMatchObject({
        status: 403,
        body: { message: "Only the shop's owner can do this." },
      });
    }
    expect(await database.db.selectFrom("audit_log").select("id").execute()).toEqual([]);
  });

  it("exports the confirmed subscribers only, oldest first, as a CSV download, and audits the export", async () => {
    await signUp("first@example.pk");
    await signUp("waiting@example.pk", { confirm: false });
    const gone = await signUp("gone@example.pk");
    await shopper(api).post("/newsletter/unsubscribe", { token: gone });
    const secondToken = await signUp("Second@Example.PK");

    const counts = await admin.owner.get("/admin/newsletter");
    expect(counts).toMatchObject({ status: 200, body: { confirmed: 2, pending: 1, unsubscribed: 1 } });

    const response = await download(admin.owner.token!);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const csv = await response.text();
    expect(csv.endsWith("\r\n")).toBe(true);
    const [header, ...rows] = csv.trimEnd().split("\r\n");
    expect(header).toBe(HEADER);
    expect(rows).toHaveLength(2);
    const subscribers = await database.db
      .selectFrom("newsletter_subscribers")
      .selectAll()
      .where("status", "=", "confirmed")
      .orderBy("id")
      .execute();
    expect(rows).toEqual(
      subscribers.map(
        (row) =>
          `${row.email},footer,${row.consent_at},${row.confirmed_at},http://shop.test/newsletter/unsubscribe?token=${unsubscribeToken(HARNESS_CONFIG.sessionSecret, row.id)}`,
      ),
    );
    expect(rows[1]).toContain(`second@example.pk,footer,`);
    expect(rows[1]).toContain(secondToken);

    const audit = await database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("action", "=", "newsletter.export")
      .execute();
    expect(audit).toEqual([
      expect.objectContaining({
        actor_user_id: admin.owner.user.id,
        actor_email: admin.owner.user.email,
        entity_type: "newsletter",
        entity_id: "confirmed-subscribers",
        before: null,
        after: JSON.stringify({ subscribers: 2 }),
      }),
    ]);
  });

  it("works from the back office's own pages with the session cookie", async () => {
    const browser = cookieClient(api, admin.owner, SAME_ORIGIN);
    const counts = await browser.get("/admin/newsletter");
    expect(counts.status).toBe(200);
    const staffBrowser = cookieClient(api, admin.staff, SAME_ORIGIN);
    expect((await staffBrowser.get("/admin/newsletter/subscribers.csv")).status).toBe(403);
  });

  it("reads a long list in batches and leaves nobody out", async () => {
    const now = new Date().toISOString();
    const rows = Array.from({ length: 2345 }, (_, index) => ({
      email: `bulk${index}@example.pk`,
      status: "confirmed" as const,
      source: "import",
      consent_at: now,
      confirmed_at: now,
      unsubscribe_token_hash: `bulk-token-${index}`,
      created_at: now,
      updated_at: now,
    }));
    for (let at = 0; at < rows.length; at += 500) {
      await database.db
        .insertInto("newsletter_subscribers")
        .values(rows.slice(at, at + 500))
        .execute();
    }
    const { body: counts } = await admin.owner.get("/admin/newsletter");
    const csv = await (await download(admin.owner.token!)).text();
    const lines = csv.trimEnd().split("\r\n").slice(1);
    expect(lines).toHaveLength(counts.confirmed);
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines.at(-1)).toContain("bulk2344@example.pk");
  });
});
