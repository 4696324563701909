import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { imageKey } from "../../platform/storage/storage.ts";
import { POST_MESSAGES } from "../../shared/contracts/blog.ts";
import {
  type AdminHarness,
  adminHarness,
  expectBackOfficeOnly,
  type SignedIn,
} from "../../testing/admin-harness.ts";
import { apiHarness, shopper } from "../../testing/api-harness.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";

const { engine, available } = testEngine();
const MINUTE = 60_000;

type Field = string | { bytes: Buffer; name: string; type: string };

describe.skipIf(!available)(`the blog on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await adminHarness(database, apiHarness(database));
  });
  afterAll(() => database?.drop());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A multipart write of the back office, as its form sends it. */
  async function write(
    fields: Record<string, Field>,
    options: { method?: string; path?: string; as?: SignedIn } = {},
  ) {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) {
      if (typeof value === "string") form.append(key, value);
      else form.append(key, new File([new Uint8Array(value.bytes)], value.name, { type: value.type }));
    }
    const client = options.as ?? admin.staff;
    const response = await admin.api.request(options.path ?? "/admin/posts", {
      method: options.method ?? "POST",
      headers: { authorization: `Bearer ${client.token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as any };
  }

  const visitor = () => shopper(admin.api);
  const publicSlugs = async (query = "") =>
    ((await visitor().get(`/posts${query}`)).body.data as { slug: string }[]).map((post) => post.slug);
  const inShopTime = (at: number) => new Date(at + 5 * 60 * MINUTE).toISOString().slice(0, 16);

  it("is for staff and owners", async () => {
    await expectBackOfficeOnly(admin, "GET", "/admin/posts");
    await expectBackOfficeOnly(admin, "POST", "/admin/posts", { title: "Nope", body_html: "<p>x</p>" });
    await expectBackOfficeOnly(admin, "GET", "/admin/posts/1");
    await expectBackOfficeOnly(admin, "PATCH", "/admin/posts/1", { title: "Nope" });
    await expectBackOfficeOnly(admin, "DELETE", "/admin/posts/1");
    expect(await database.db.selectFrom("posts").select("id").execute()).toEqual([]);
  });

  it("keeps drafts from shoppers, and publishes a post now when it has no time, audited", async () => {
    const draft = await write({ title: "Packing for Murree", body_html: "<p>Layers, always.</p>" });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({
      slug: "packing-for-murree",
      status: "draft",
      publish_at: null,
      state: "draft",
      author: expect.stringMatching(/^Staff /),
    });
    expect(await publicSlugs()).not.toContain("packing-for-murree");
    expect((await visitor().get("/posts/packing-for-murree")).status).toBe(404);

    const published = await write(
      { status: "published", publish_at: "" },
      { method: "PATCH", path: `/admin/posts/${draft.body.id}` },
    );
    expect(published.status).toBe(200);
    expect(published.body.state).toBe("published");
    const post = await visitor().get("/posts/packing-for-murree");
    expect(post.status).toBe(200);
    expect(post.body).toMatchObject({ title: "Packing for Murree", excerpt: "Layers, always.", minutes: 1 });

    const audit = await database.db
      .selectFrom("audit_log")
      .select(["action", "actor_email"])
      .where("entity_type", "=", "post")
      .where("entity_id", "=", String(draft.body.id))
      .orderBy("id")
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(["post.create", "post.update"]);
  });

  it("publishes a post at its time: hidden before it, public once the clock passes it", async () => {
    const at = Date.now() + 60 * MINUTE;
    const created = await write({
      title: "The Eid edit",
      body_html: "<p>Embellished clutches for the season.</p>",
      status: "published",
      publish_at: inShopTime(at),
      category: "Style guide",
      tags: "Eid, Handbags",
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      state: "scheduled",
      publish_at: new Date(Math.floor(at / MINUTE) * MINUTE).toISOString(),
      tags: ["eid", "handbags"],
    });
    expect(await publicSlugs()).not.toContain("the-eid-edit");
    expect((await visitor().get("/posts/the-eid-edit")).status).toBe(404);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(at + MINUTE);
    expect(await publicSlugs()).toContain("the-eid-edit");
    const post = await visitor().get("/posts/the-eid-edit");
    expect(post.status).toBe(200);
    expect(post.body).toMatchObject({ category: "Style guide", tags: ["eid", "handbags"] });
    const list = await visitor().get("/posts");
    expect(list.body.categories).toContainEqual({ name: "Style guide", count: 1 });
    expect(list.body.tags).toEqual(expect.arrayContaining(["eid", "handbags"]));
  });

  it("sanitises the body when it is saved and refuses one with nothing left", async () => {
    const created = await write({
      title: "Safe words",
      status: "published",
      body_html:
        '<h2>Care</h2><p onclick="steal()">Wipe it <script>alert(1)</script>dry.</p><img src=x onerror="x()"><a href="javascript:alert(1)">link</a>',
    });
    expect(created.status).toBe(201);
    expect(created.body.body_html).toBe("<h2>Care</h2><p>Wipe it dry.</p><a>link</a>");
    const empty = await write({ title: "Nothing", body_html: "<script>alert(1)</script>" });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ body_html: [POST_MESSAGES.bodyEmpty] });
  });

  it("keeps each address to one post: a title's is made unique, a chosen one that is taken is refused", async () => {
    const first = await write({ title: "Leather care", body_html: "<p>One</p>" });
    const second = await write({ title: "Leather care", body_html: "<p>Two</p>" });
    expect([first.body.slug, second.body.slug]).toEqual(["leather-care", "leather-care-2"]);
    const taken = await write({ title: "Other", slug: "leather-care", body_html: "<p>Three</p>" });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ slug: [POST_MESSAGES.slugTaken] });
    const renamed = await write(
      { slug: "leather-care" },
      { method: "PATCH", path: `/admin/posts/${second.body.id}` },
    );
    expect(renamed.status).toBe(422);
    const bad = await write({ title: "Bad", slug: "Not an address!", body_html: "<p>x</p>" });
    expect(bad.body.errors).toEqual({ slug: [POST_MESSAGES.slug] });
    const noTitle = await write({ title: " ", body_html: "<p>x</p>", publish_at: "tomorrow" });
    expect(noTitle.status).toBe(422);
    expect(noTitle.body.errors.title).toEqual([POST_MESSAGES.title]);
  });

  it("answers 6 posts a page, newest first, and filters by words, category and tag", async () => {
    const base = Date.now() - 24 * 60 * MINUTE;
    for (let n = 1; n <= 8; n++) {
      const answer = await write({
        title: `Paging post ${n}`,
        body_html: `<p>Number ${n} ${n % 2 === 0 ? "even lawn" : "odd leather"}</p>`,
        status: "published",
        publish_at: new Date(base + n * MINUTE).toISOString(),
        category: n % 2 === 0 ? "Even" : "Odd",
        tags: n === 3 ? "three" : "",
      });
      expect(answer.status).toBe(201);
    }
    const first = await visitor().get("/posts?category=Even");
    expect(first.body.data.map((post: { slug: string }) => post.slug)).toEqual([
      "paging-post-8",
      "paging-post-6",
      "paging-post-4",
      "paging-post-2",
    ]);
    const all = await visitor().get("/posts");
    expect(all.body.data).toHaveLength(6);
    expect(all.body.meta).toMatchObject({ per_page: 6, current_page: 1 });
    const second = await visitor().get(`/posts?page=${all.body.meta.last_page}`);
    expect(second.body.data.length).toBeGreaterThan(0);
    expect(await publicSlugs("?search=ODD%20leather&category=Odd")).toEqual([
      "paging-post-7",
      "paging-post-5",
      "paging-post-3",
      "paging-post-1",
    ]);
    expect(await publicSlugs("?tag=Three")).toEqual(["paging-post-3"]);
    expect(await publicSlugs("?search=100%25")).toEqual([]);
    expect((await visitor().get(`/posts?search=${"x".repeat(101)}`)).status).toBe(422);
  });

  it("takes a cover picture, checked by its content, and removes it with the post", async () => {
    const png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#7a2e4a" } })
      .png()
      .toBuffer();
    const created = await write({
      title: "With a cover",
      body_html: "<p>Pictured.</p>",
      cover: { bytes: png, name: "cover.png", type: "image/png" },
    });
    expect(created.status).toBe(201);
    expect(created.body.cover_image).toMatch(/^\/images\/uploads\/posts\/\w+-desktop\.webp$/);
    const stored = await admin.api.storage.get(imageKey(created.body.cover_image));
    expect(stored).not.toBeNull();
    const notPicture = await write({
      title: "Bad cover",
      body_html: "<p>x</p>",
      cover: { bytes: Buffer.from("<svg></svg>"), name: "cover.png", type: "image/png" },
    });
    expect(notPicture.status).toBe(422);
    expect(notPicture.body.errors).toEqual({ cover: [POST_MESSAGES.coverType] });

    const removed = await admin.staff.call("DELETE", `/admin/posts/${created.body.id}`);
    expect(removed.body).toEqual({ message: POST_MESSAGES.deleted });
    expect(await admin.api.storage.get(imageKey(created.body.cover_image))).toBeNull();
    expect((await admin.staff.get(`/admin/posts/${created.body.id}`)).status).toBe(404);
    expect((await admin.staff.call("DELETE", `/admin/posts/${created.body.id}`)).status).toBe(404);
  });
});
