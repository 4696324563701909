import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HOST_URL, type HostHarness, hostHarness } from "../../../testing/host-harness.ts";
import { createTestDatabase, type TestDatabase } from "../../../testing/test-db.ts";

const HOUR = 3_600_000;

/**
 * The blog's pages through the real host (docs/decisions/0064-blog.md): the list shows only public posts, a post's
 * page carries its canonical address, Open Graph tags and Article JSON-LD, drafts and scheduled posts are not
 * found, and the sitemap lists the public posts with their last change. Blog pages are not kept, so a scheduled
 * post shows at its time.
 */
describe("the blog's pages", () => {
  let database: TestDatabase;
  let host: HostHarness;

  const post = (slug: string, status: "draft" | "published", publishAt: string | null) => ({
    slug,
    title: `Post ${slug}`,
    excerpt: "",
    body_html: `<p>All about ${slug}: leather, lawn & linen.</p><script>alert(1)</script>`,
    cover_image: null,
    category: "Bag care",
    tags: ",leather,care,",
    author: "Ayesha Khan",
    status,
    publish_at: publishAt,
    created_by: "staff@example.test",
    created_at: "2026-10-01T07:00:00.000Z",
    updated_at: "2026-10-02T08:00:00.000Z",
  });

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db
      .insertInto("posts")
      .values([
        post("public-post", "published", "2026-10-01T07:00:00.000Z"),
        post("scheduled-post", "published", new Date(Date.now() + HOUR).toISOString()),
        post("draft-post", "draft", null),
      ])
      .execute();
    host = await hostHarness(database);
    // The first render compiles the pages: done here, not inside a test's time.
    await host.request("/blogs", { headers: { accept: "text/html" } });
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  const get = (path: string) => host.request(path, { headers: { accept: "text/html" } });

  it("lists the public posts only, with the sidebar's category and tags, and keeps no copy", async () => {
    const response = await get("/blogs");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-cache")).toBeNull();
    expect((await get("/blogs")).headers.get("x-cache")).toBeNull();
    const html = await response.text();
    expect(html).toContain("Post public-post");
    expect(html).toContain('href="/blogs/public-post"');
    expect(html).not.toContain("scheduled-post");
    expect(html).not.toContain("draft-post");
    expect(html).toContain('href="/blogs?category=Bag+care"');
    expect(html).toContain('href="/blogs?tag=leather"');
    const filtered = await (await get("/blogs?tag=nothing")).text();
    expect(filtered).toContain("No posts found");
  });

  it("gives a post's page its canonical address, Open Graph tags and Article JSON-LD", async () => {
    const response = await get("/blogs/public-post");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<link rel="canonical" href="${HOST_URL}/blogs/public-post"/>`);
    expect(html).toContain('<meta property="og:type" content="article"/>');
    expect(html).toContain('<meta property="og:title" content="Post public-post"/>');
    expect(html).toContain(`<meta property="og:url" content="${HOST_URL}/blogs/public-post"/>`);
    expect(html).toContain('<meta property="article:tag" content="leather"/>');
    const jsonLd = /<script type="application\/ld\+json">([^<]+)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(jsonLd ?? "null")).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Article",
      headline: "Post public-post",
      datePublished: "2026-10-01T07:00:00.000Z",
      dateModified: "2026-10-02T08:00:00.000Z",
      author: { "@type": "Person", name: "Ayesha Khan" },
      mainEntityOfPage: `${HOST_URL}/blogs/public-post`,
    });
    expect(html).toContain("<p>All about public-post: leather, lawn &amp; linen.</p>");
    expect(html).not.toContain("alert(1)");
  });

  it("does not find a draft, a scheduled post or an unknown address", async () => {
    for (const slug of ["draft-post", "scheduled-post", "no-such-post"]) {
      const response = await get(`/blogs/${slug}`);
      expect(response.status, slug).toBe(404);
      expect(await response.text()).toContain("Post not found.");
    }
  });

  it("lists the public posts in the sitemap with their last change", async () => {
    const xml = await (await host.request("/sitemap.xml")).text();
    expect(xml).toContain(
      `<url><loc>${HOST_URL}/blogs/public-post</loc><lastmod>2026-10-02T08:00:00.000Z</lastmod></url>`,
    );
    expect(xml).not.toContain("scheduled-post");
    expect(xml).not.toContain("draft-post");
  });
});
