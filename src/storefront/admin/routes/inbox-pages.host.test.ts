import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOST_URL, type HostHarness, hostHarness } from "../../../testing/host-harness.ts";
import { createTestDatabase, type TestDatabase } from "../../../testing/test-db.ts";

/** The Inbox and Newsletter issues pages through the real host, as plain forms (no JavaScript). */
describe("inbox and newsletter issue pages", () => {
  let database: TestDatabase;
  let host: HostHarness;
  const cookies: Record<"staff" | "owner", string> = { staff: "", owner: "" };

  beforeAll(async () => {
    database = await createTestDatabase();
    host = await hostHarness(database);
    for (const role of ["staff", "owner"] as const) {
      const response = await host.request("/user-register", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: HOST_URL },
        body: new URLSearchParams({
          first_name: "Hina",
          last_name: "Baig",
          email: `${role}@example.test`,
          password: "correct horse",
          password_confirmation: "correct horse",
        }).toString(),
      });
      cookies[role] = response.headers.getSetCookie()[0]!.split(";")[0]!;
      await database.db
        .updateTable("users")
        .set({ role })
        .where("email", "=", `${role}@example.test`)
        .execute();
    }
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  const page = async (path: string, role: keyof typeof cookies) =>
    (await (await host.request(path, { headers: { cookie: cookies[role] } })).text()).replaceAll(
      "<!-- -->",
      "",
    );
  const form = (path: string, role: keyof typeof cookies, fields: Record<string, string>) =>
    host.request(path, {
      method: "POST",
      redirect: "manual",
      headers: {
        cookie: cookies[role],
        origin: HOST_URL,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(fields).toString(),
    });

  it("lists a new message, answers it from its page and closes it", async () => {
    const { id } = await database.db
      .insertInto("contact_messages")
      .values({
        name: "Sana Malik",
        email: "sana@example.pk",
        subject: "Kurta size",
        message: "Can I change the size to M?",
        user_id: null,
        created_at: new Date().toISOString(),
        mail_message_id: "<contact.test@shop.test>",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const list = await page("/admin/messages?status=new", "staff");
    expect(list).toMatch(new RegExp(`<a href="/admin/messages/${id}"[^>]*>Kurta size</a>`));
    expect(list).toContain("New (1)");
    expect(list).toMatch(
      /<a [^>]*aria-current="page"[^>]*href="\/admin\/messages\?status=new"|href="\/admin\/messages\?status=new"[^>]*aria-current="page"/,
    );

    const path = `/admin/messages/${id}`;
    const empty = await form(path, "staff", { intent: "reply", body: " " });
    expect(empty.status).toBe(422);
    expect((await empty.text()).replaceAll("<!-- -->", "")).toContain("Please write your reply.");
    const sent = await form(path, "staff", { intent: "reply", body: "Yes, it is changed." });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe(`${path}?done=replied`);
    const answered = await page(`${path}?done=replied`, "staff");
    expect(answered).toContain("Your reply is on its way to the sender, and the message is marked answered.");
    expect(answered).toContain("Yes, it is changed.");
    expect(answered).toContain("Replies (1)");

    const closed = await form(path, "staff", { intent: "status", status: "closed" });
    expect(closed.headers.get("location")).toBe(`${path}?done=closed`);
    expect(await page("/admin/messages?status=closed", "staff")).toContain("Kurta size");
  });

  it("saves a draft, previews it in a sandboxed frame, and lets only the owner send it", async () => {
    const created = await form("/admin/newsletter/issues", "staff", {
      subject: "Eid edit",
      html: "<p>Lawn kurtas</p><script>alert(1)</script>",
      text: "",
    });
    expect(created.status).toBe(303);
    const path = created.headers.get("location")!.replace("?done=saved", "");
    expect(path).toMatch(/^\/admin\/newsletter\/issues\/\d+$/);

    const staffView = await page(path, "staff");
    expect(staffView).toContain('sandbox=""');
    expect(staffView).toContain("Lawn kurtas");
    expect(staffView).not.toContain("alert(1)");
    expect(staffView).toContain("Only the shop&#x27;s owner can send an issue to the subscribers.");
    expect(staffView).not.toContain("Send to all subscribers");

    const refused = await form(path, "staff", { intent: "send" });
    expect(refused.status).toBe(403);
    const ownerView = await page(path, "owner");
    expect(ownerView).toContain("Send to all subscribers");
    const sent = await form(path, "owner", { intent: "send" });
    expect(sent.headers.get("location")).toBe(`${path}?done=sending`);
    const report = await page(path, "owner");
    expect(report).toContain("<progress");
    expect(report).toContain("0 of 0 sent");
    expect(report).not.toContain("Edit the draft");
  });
});
