import { index, layout, route } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPrivatePage } from "../storefront/lib/private-pages.ts";
import { LAYOUTS, PAGES, type PageEntry, pageRules, routeConfig } from "../storefront/page-table.ts";
import { createTestDatabase, type TestDatabase } from "../testing/test-db.ts";
import { crawlerRoutes, robotsTxt } from "./crawlers.ts";
import { pageCacheKey } from "./public-pages/page-cache.ts";

const ORIGIN = "https://shop.test";
const url = (path: string) => new URL(path, ORIGIN);
const builders = { index, route, layout };

/** The shop's table with two more pages: a public, kept and listed one, and a personal one kept from crawlers. */
const TABLE: PageEntry[] = [
  ...PAGES.slice(0, -1),
  { path: "lookbook/:season?", file: "routes/lookbook.tsx", cache: ["look"], crawl: "sitemap" },
  {
    path: "account/returns",
    file: "routes/account-returns.tsx",
    layout: "account",
    personal: true,
    crawl: { disallow: "/account/" },
  },
  { path: "gift-cards", file: "routes/gift-cards.tsx", personal: true, crawl: { disallow: "/gift-cards" } },
  PAGES.at(-1)!,
];
const rules = pageRules(TABLE);

describe("a page added to the page table", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it("becomes a route, in its layout when it names one, before the catch-all", () => {
    const config = routeConfig(builders, TABLE);
    expect(config).toContainEqual(route("lookbook/:season?", "routes/lookbook.tsx"));
    const account = config.find((entry) => entry.file === LAYOUTS.account.file);
    expect(account?.children?.map((child) => child.path)).toEqual([
      "user-dashboard",
      "my-account",
      "account/orders",
      "account/orders/:number",
      "account/returns",
    ]);
    expect(config.at(-1)?.path).toBe("*");
  });

  it("is kept by the page cache with the parameters it reads, and only those", () => {
    expect(pageCacheKey(url("/lookbook"), rules)).toBe("/lookbook");
    expect(pageCacheKey(url("/lookbook/eid?look=3"), rules)).toBe("/lookbook/eid?look=3");
    expect(pageCacheKey(url("/lookbook/eid?utm_source=x"), rules)).toBeNull();
    expect(pageCacheKey(url("/lookbook/eid"))).toBeNull();
    expect(pageCacheKey(url("/gift-cards"), rules)).toBeNull();
    expect(pageCacheKey(url("/account/returns"), rules)).toBeNull();
  });

  it("is private to every cache when it is personal, as a document and as a client navigation's data", () => {
    for (const path of ["/gift-cards", "/gift-cards/", "/gift-cards.data", "/account/returns"]) {
      expect(isPrivatePage(url(path), null, rules), path).toBe(true);
      expect(isPrivatePage(url(path), null), path).toBe(false);
    }
    expect(isPrivatePage(url("/lookbook/eid"), null, rules)).toBe(false);
  });

  it("is kept out of robots.txt's allowed pages when it says so, sharing a prefix's line", () => {
    const robots = robotsTxt(ORIGIN, rules);
    expect(robots).toContain("Disallow: /gift-cards\n");
    expect(robots.match(/Disallow: \/account\/\n/g)).toHaveLength(1);
    expect(robots).not.toContain("Disallow: /lookbook");
    expect(robotsTxt(ORIGIN)).not.toContain("/gift-cards");
  });

  it("is listed in the sitemap when it says so", async () => {
    const sitemap = async (options: { rules?: typeof rules }) =>
      (await crawlerRoutes(database.db, { publicUrl: ORIGIN, ...options }).request("/sitemap.xml")).text();
    expect(await sitemap({ rules })).toContain(`<loc>${ORIGIN}/lookbook</loc>`);
    expect(await sitemap({ rules })).not.toContain("gift-cards");
    expect(await sitemap({})).not.toContain("lookbook");
  });
});

describe("the shop's page table", () => {
  it("declares every route module once, and each layout's pages together", () => {
    const files = PAGES.map((page) => page.file);
    expect(new Set(files).size).toBe(files.length);
    const adminChildren = routeConfig(builders).find((entry) => entry.file === LAYOUTS.admin.file);
    expect(adminChildren?.children).toHaveLength(PAGES.filter((page) => page.layout === "admin").length);
  });

  it("writes each Disallow prefix over the page that names it", () => {
    for (const page of PAGES) {
      if (typeof page.crawl !== "object") continue;
      expect(`/${page.path}`.startsWith(page.crawl.disallow.replace(/\/$/, "")), page.path).toBe(true);
    }
  });

  it("never keeps a personal page", () => {
    for (const page of PAGES) expect(page.personal && page.cache !== undefined, page.path).toBeFalsy();
  });
});
