import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST_MESSAGES } from "../../../shared/contracts/blog.ts";
import { sessionCookie, signedInAs } from "../../../testing/admin-harness.ts";
import { HOST_URL, type HostHarness, hostHarness } from "../../../testing/host-harness.ts";
import { createTestDatabase, type TestDatabase } from "../../../testing/test-db.ts";

/**
 * The back office's Blog posts pages through the real host, as a browser without JavaScript uses them
 * (docs/decisions/0064-blog.md): a post written from the multipart form, refused with what was typed kept, listed
 * with its status and publish time, changed, and deleted only after the confirmation.
 */
describe("the Blog posts pages", { timeout: 30_000 }, () => {
  let database: TestDatabase;
  let host: HostHarness;
  let cookie = "";

  beforeAll(async () => {
    database = await createTestDatabase();
    host = await hostHarness(database);
    cookie = sessionCookie(await signedInAs(host.api, database, "staff"));
    await host.request("/admin/posts/new", { headers: { cookie } });
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  const text = (html: string) => html.replaceAll("<!-- -->", "");

  const page = async (path: string) => {
    const response = await host.request(path, { headers: { cookie } });
    return { status: response.status, html: text(await response.text()) };
  };

  /** A multipart post, as the form sends it (with an empty file input when `file` is true). */
  const post = (path: string, fields: Record<string, string>, file = true) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (file) form.append("cover", new File([], "", { type: "application/octet-stream" }));
    return host.request(path, {
      method: "POST",
      headers: { cookie, origin: HOST_URL },
      body: form,
      redirect: "manual",
    });
  };

  const FORM = {
    intent: "save",
    title: "Lawn for the long summer",
    slug: "",
    body_html: "<p>Light, cool and <strong>easy</strong>.</p>",
    excerpt: "",
    category: "Style guide",
    tags: "Lawn, Summer",
    author: "",
    status: "published",
    publish_at: "2099-06-01T10:30",
  };

  it("writes a scheduled post from the form and lists it with its status and publish time", async () => {
    const created = await post("/admin/posts/new", FORM);
    expect(created.status).toBe(303);
    const location = created.headers.get("location") ?? "";
    expect(location).toMatch(/^\/admin\/posts\/\d+\?done=created$/);

    const one = await page(location);
    expect(one.status).toBe(200);
    expect(one.html).toContain("The post is saved.");
    expect(one.html).toContain("Scheduled");
    expect(one.html).toContain('value="lawn-for-the-long-summer"');
    expect(one.html).toContain('value="lawn, summer"');
    expect(one.html).toContain('value="2099-06-01T10:30"');

    const list = await page("/admin/posts");
    expect(list.html).toContain("Lawn for the long summer");
    expect(list.html).toContain("/blogs/lawn-for-the-long-summer");
    expect(list.html).toContain("Scheduled");
    expect(list.html).toContain("1 Jun 2099");
  });

  it("keeps what was typed when the API refuses it, with the field's message", async () => {
    const refused = await post("/admin/posts/new", {
      ...FORM,
      title: "Another",
      slug: "lawn-for-the-long-summer",
    });
    expect(refused.status).toBe(422);
    const html = text(await refused.text());
    expect(html).toContain(POST_MESSAGES.slugTaken);
    expect(html).toContain('value="Another"');
  });

  it("changes a post and deletes it only after the confirmation", async () => {
    const { id } = await database.db
      .selectFrom("posts")
      .select("id")
      .where("slug", "=", "lawn-for-the-long-summer")
      .executeTakeFirstOrThrow();
    const saved = await post(`/admin/posts/${id}`, {
      ...FORM,
      title: "Lawn, all summer long",
      status: "draft",
    });
    expect(saved.status).toBe(303);
    const changed = await page(`/admin/posts/${id}?done=saved`);
    expect(changed.html).toContain("Lawn, all summer long");
    expect(changed.html).toContain("Draft");

    const asking = await page(`/admin/posts/${id}?confirm=delete`);
    expect(asking.html).toContain("Delete this post?");
    expect(asking.html).toContain("Delete for good");
    const form = new URLSearchParams({ intent: "delete" });
    const deleted = await host.request(`/admin/posts/${id}`, {
      method: "POST",
      headers: { cookie, origin: HOST_URL, "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
      redirect: "manual",
    });
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("location")).toBe("/admin/posts?done=deleted");
    expect((await page("/admin/posts?done=deleted")).html).toContain("The post was deleted.");
    expect(await database.db.selectFrom("posts").select("id").execute()).toEqual([]);
  });
});
