import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCatalogue } from "../testing/factories.ts";
import { type HostHarness, hostHarness } from "../testing/host-harness.ts";
import { createTestDatabase, type TestDatabase } from "../testing/test-db.ts";

const BASE = "https://images.example.pk";

/**
 * S3_PUBLIC_URL (docs/decisions/0055-object-storage.md): the shop's pages point their images at the public base,
 * which the Content-Security-Policy allows; the back office and the API keep the shop's own `/images/` addresses.
 */
describe("pages with a public image base", () => {
  let database: TestDatabase;
  let host: HostHarness;

  beforeAll(async () => {
    database = await createTestDatabase();
    await buildCatalogue(database.db);
    host = await hostHarness(database, { S3_BUCKET: "shop-images", S3_PUBLIC_URL: `${BASE}/` });
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  it("shows the product page's photos, preloads and social image from the base, allowed by the CSP", async () => {
    const response = await host.request("/product/leather-tote");
    expect(response.status).toBe(200);
    const html = await response.text();
    const sources = [...html.matchAll(/<img\b[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]!);
    expect(sources.length).toBeGreaterThan(0);
    for (const src of sources) expect(src.startsWith(`${BASE}/images/`), src).toBe(true);
    expect(html).not.toMatch(/(?:src|srcset|href|content)="\/images\//);
    expect(html).toMatch(new RegExp(`property="og:image" content="${BASE}/images/`));
    const imgSrc = /img-src ([^;]+)/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
    expect(imgSrc?.split(" ")).toContain(BASE);
  }, 60_000);

  it("leaves the API's answers on the shop's own addresses", async () => {
    const answer = await host.request("/api/product/leather-tote");
    const body = JSON.stringify(await answer.json());
    expect(body).toContain('"/images/');
    expect(body).not.toContain(BASE);
  });
});
