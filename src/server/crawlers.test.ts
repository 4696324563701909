import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogue } from "../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../testing/test-db.ts";
import { crawlerRoutes, robotsTxt } from "./crawlers.ts";

const { engine, available } = testEngine();
const ORIGIN = "https://shop.example.pk";

describe("robots.txt", () => {
  it("names the sitemap by its absolute URL and keeps crawlers out of checkout, accounts, orders and the API", () => {
    const robots = robotsTxt(ORIGIN);
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    for (const path of [
      "/api/",
      "/checkout",
      "/order",
      "/account/",
      "/my-account",
      "/user-dashboard",
      "/user-login",
      "/user-register",
      "/newsletter",
    ]) {
      expect(robots).toContain(`Disallow: ${path}\n`);
    }
    // The cart is one page, the empty cart without a cookie (decision 0020, amended 2026-11-23).
    expect(robots).not.toMatch(/Disallow: \/(shop|product|cart)/);
  });
});

describe.skipIf(!available)(`sitemap on ${engine}`, () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await buildCatalogue(database.db);
    await database.db.updateTable("products").set({ updated_at: "2026-01-02T03:04:05.000Z" }).execute();
    await database.db
      .updateTable("products")
      .set({ updated_at: "2026-03-04T05:06:07.000Z" })
      .where("slug", "=", "leather-tote")
      .execute();
  });
  afterAll(() => database?.drop());

  const get = async (path: string, perFile?: number) => {
    const response = await crawlerRoutes(database.db, { publicUrl: ORIGIN, perFile }).request(path);
    return {
      status: response.status,
      type: response.headers.get("content-type"),
      body: await response.text(),
    };
  };
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

  it("lists static pages, categories and every product with absolute URLs and lastmod", async () => {
    const { status, type, body } = await get("/sitemap.xml");
    expect(status).toBe(200);
    expect(type).toMatch(/^application\/xml/);
    expect(body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    expect(locs(body)).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/shop`,
      `${ORIGIN}/about`,
      `${ORIGIN}/contact`,
      `${ORIGIN}/blogs`,
      `${ORIGIN}/terms-and-conditions`,
      `${ORIGIN}/privacy-policy`,
      `${ORIGIN}/shop/handbags`,
      `${ORIGIN}/shop/shirts`,
      `${ORIGIN}/product/leather-tote`,
      `${ORIGIN}/product/evening-clutch`,
      `${ORIGIN}/product/oxford-shirt`,
      `${ORIGIN}/product/kids-tee`,
    ]);
    expect(body).toContain(
      `<url><loc>${ORIGIN}/product/leather-tote</loc><lastmod>2026-03-04T05:06:07.000Z</lastmod></url>`,
    );
    // A category changes when its newest product does.
    expect(body).toContain(`<loc>${ORIGIN}/shop/handbags</loc><lastmod>2026-03-04T05:06:07.000Z</lastmod>`);
    expect(body).toContain(`<loc>${ORIGIN}/shop/shirts</loc><lastmod>2026-01-02T03:04:05.000Z</lastmod>`);
    expect(body).not.toMatch(/cart|checkout|account|login/);
    expect(body.trimEnd().endsWith("</urlset>")).toBe(true);
  });

  it("becomes an index of numbered files when the catalogue outgrows one file", async () => {
    const index = await get("/sitemap.xml", 3);
    expect(index.body).toMatch(/<sitemapindex /);
    expect(locs(index.body)).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/products-1.xml`,
      `${ORIGIN}/sitemaps/products-2.xml`,
    ]);
    expect(locs((await get("/sitemaps/pages.xml", 3)).body)).toHaveLength(9);
    expect(locs((await get("/sitemaps/products-1.xml", 3)).body)).toEqual([
      `${ORIGIN}/product/leather-tote`,
      `${ORIGIN}/product/evening-clutch`,
      `${ORIGIN}/product/oxford-shirt`,
    ]);
    expect(locs((await get("/sitemaps/products-2.xml", 3)).body)).toEqual([`${ORIGIN}/product/kids-tee`]);
    expect((await get("/sitemaps/products-3.xml", 3)).status).toBe(404);
    expect((await get("/sitemaps/products-0.xml", 3)).status).toBe(404);
    expect((await get("/sitemaps/other.xml", 3)).status).toBe(404);
  });

  it("numbers its files by ranges of ids, so a product taken off sale leaves its file short, not the next one moved", async () => {
    await database.db
      .updateTable("products")
      .set({ status: "archived" })
      .where("slug", "=", "evening-clutch")
      .execute();
    try {
      expect(locs((await get("/sitemaps/products-1.xml", 3)).body)).toEqual([
        `${ORIGIN}/product/leather-tote`,
        `${ORIGIN}/product/oxford-shirt`,
      ]);
      expect(locs((await get("/sitemaps/products-2.xml", 3)).body)).toEqual([`${ORIGIN}/product/kids-tee`]);
      // Three on sale fit one file of 3: the sitemap is one urlset again.
      expect((await get("/sitemap.xml", 3)).body).toMatch(/<urlset /);
    } finally {
      await database.db
        .updateTable("products")
        .set({ status: "active" })
        .where("slug", "=", "evening-clutch")
        .execute();
    }
  });
});
