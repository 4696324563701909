import { Hono } from "hono";
import type { Kysely } from "kysely";
import { type PostsRepository, postsRepository } from "../api/blog/posts.repository.ts";
import { type SitemapRepository, sitemapRepository } from "../api/catalogue/sitemap.repository.ts";
import type { Database } from "../platform/db/schema.ts";
import { PAGE_RULES, type PageRules } from "../storefront/page-table.ts";

/**
 * What search engines read besides the pages: /robots.txt and the sitemap. Every URL is absolute, from
 * PUBLIC_URL. A catalogue that fits in one sitemap file is one urlset at /sitemap.xml; a larger one makes
 * /sitemap.xml an index of /sitemaps/pages.xml and /sitemaps/products-N.xml (docs/decisions/0020).
 */

/** Well under the protocol's 50,000 URLs and 50 MB per file. */
export const URLS_PER_SITEMAP = 40_000;
const BATCH = 1_000;

/**
 * Pages a shopper's own state makes (checkout, account, orders, the newsletter links' pages) and the JSON API are
 * not for indexing; the page table says which (`crawl`).
 */
export function robotsTxt(publicUrl: string, rules: PageRules = PAGE_RULES): string {
  return [
    "User-agent: *",
    ...rules.disallowed.map((path) => `Disallow: ${path}`),
    "Allow: /",
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[char]!,
  );
}

function urlEntry(loc: string, lastmod?: string): string {
  const modified = lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : "";
  return `<url><loc>${escapeXml(loc)}</loc>${modified}</url>\n`;
}

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const URLSET_CLOSE = "</urlset>\n";

interface SitemapOptions {
  publicUrl: string;
  /** The pages' declarations (tests give their own table). */
  rules?: PageRules;
  /** Products per sitemap file (tests make it small). */
  perFile?: number;
}

/** The static pages, the public blog posts (decision 0064) and the categories, as <url> lines. */
async function pageEntries(
  repository: SitemapRepository,
  posts: PostsRepository,
  publicUrl: string,
  rules: PageRules,
): Promise<string> {
  const [categories, published] = await Promise.all([
    repository.categories(),
    posts.sitemap(new Date().toISOString()),
  ]);
  return (
    rules.sitemapPaths.map((path) => urlEntry(`${publicUrl}${path === "/" ? "/" : path}`)).join("") +
    published
      .map((post) => urlEntry(`${publicUrl}/blogs/${encodeURIComponent(post.slug)}`, post.updated_at))
      .join("") +
    categories
      .map((category) =>
        urlEntry(`${publicUrl}/shop/${encodeURIComponent(category.slug)}`, category.lastmod || undefined),
      )
      .join("")
  );
}

/**
 * A urlset streamed in batches: `head` first, then the products after id `afterId` (up to id `throughId` when
 * given).
 */
function streamUrlset(
  repository: SitemapRepository,
  publicUrl: string,
  head: string,
  afterId: number,
  throughId?: number,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor = afterId;
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(URLSET_OPEN + head));
        return;
      }
      const rows = await repository.productsAfter(cursor, BATCH, throughId);
      if (rows.length === 0) {
        controller.enqueue(encoder.encode(URLSET_CLOSE));
        controller.close();
        return;
      }
      cursor = rows.at(-1)!.id;
      controller.enqueue(
        encoder.encode(
          rows
            .map((row) => urlEntry(`${publicUrl}/product/${encodeURIComponent(row.slug)}`, row.lastmod))
            .join(""),
        ),
      );
    },
  });
}

const XML_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=3600",
};

export function crawlerRoutes(db: Kysely<Database>, options: SitemapOptions): Hono {
  const repository = sitemapRepository(db);
  const posts = postsRepository(db);
  const { publicUrl, rules = PAGE_RULES } = options;
  const perFile = options.perFile ?? URLS_PER_SITEMAP;
  const routes = new Hono();

  routes.get("/robots.txt", (c) =>
    c.text(robotsTxt(publicUrl, rules), 200, { "Cache-Control": "public, max-age=3600" }),
  );

  routes.get("/sitemap.xml", async (c) => {
    if ((await repository.countProducts(perFile)) <= perFile) {
      const head = await pageEntries(repository, posts, publicUrl, rules);
      return c.body(streamUrlset(repository, publicUrl, head, 0), 200, XML_HEADERS);
    }
    const files = ["pages.xml"];
    // File N holds the products on sale with ids from (N - 1) * perFile + 1 to N * perFile: at most perFile.
    const lastFile = Math.ceil((await repository.lastId()) / perFile);
    for (let file = 1; file <= lastFile; file++) files.push(`products-${file}.xml`);
    const index =
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      files
        .map((file) => `<sitemap><loc>${escapeXml(`${publicUrl}/sitemaps/${file}`)}</loc></sitemap>\n`)
        .join("") +
      "</sitemapindex>\n";
    return c.body(index, 200, XML_HEADERS);
  });

  routes.get("/sitemaps/:file", async (c) => {
    const file = c.req.param("file");
    if (file === "pages.xml") {
      return c.body(
        `${URLSET_OPEN}${await pageEntries(repository, posts, publicUrl, rules)}${URLSET_CLOSE}`,
        200,
        XML_HEADERS,
      );
    }
    const numbered = /^products-([1-9]\d{0,5})\.xml$/.exec(file);
    const number = Number(numbered?.[1] ?? 0);
    if (number === 0 || number > Math.ceil((await repository.lastId()) / perFile))
      return c.text("Not found.", 404);
    return c.body(
      streamUrlset(repository, publicUrl, "", (number - 1) * perFile, number * perFile),
      200,
      XML_HEADERS,
    );
  });

  return routes;
}
