import { expect } from "vitest";
import { insertProduct } from "../api/products/product-writer.ts";
import type { Shopper } from "./api-harness.ts";
import { buildCatalogue, type Catalogue, variantId } from "./factories.ts";
import { type HostHarness, hostHarness } from "./host-harness.ts";
import { createTestDatabase, type TestDatabase } from "./test-db.ts";

/**
 * For tests that compare a kept page's answer with a full render (decisions 0033, 0057): the page with its CSP
 * nonce (from the header) replaced by a mark, so two responses compare whatever their nonces; and the development
 * manifest's version, which each Vite server (each harness) draws at random (a production build's is the build's
 * hash).
 */
export function withoutNonce(response: Response, html: string): string {
  const nonce = /script-src[^;]*'nonce-([^']+)'/.exec(
    response.headers.get("content-security-policy") ?? "",
  )?.[1];
  expect(nonce).toBeTruthy();
  return html.replaceAll(nonce!, "NONCE").replace(/"version": "0\.\d+"/, '"version": "dev"');
}

/** Two pages byte for byte; a difference is shown where it starts, not as two whole pages. */
export function expectSamePage(actual: string, expected: string, label: string) {
  if (actual === expected) return;
  let at = 0;
  while (actual[at] === expected[at]) at++;
  const around = (text: string) => text.slice(Math.max(0, at - 200), at + 300);
  expect(around(actual), `${label}: the pages differ at ${at}`).toBe(around(expected));
}

/** A page as a test reads it: the response, its text and its `X-Cache`. */
export async function pageOf(harness: HostHarness, path: string, headers: Record<string, string> = {}) {
  const response = await harness.request(path, { headers: { accept: "text/html", ...headers } });
  const html = await response.text();
  return { response, html, cache: response.headers.get("x-cache") };
}

/** The shop of the kept-page tests: the test catalogue, a product with an awkward name, and two hosts. */
export interface KeptPagesShop {
  database: TestDatabase;
  catalogue: Catalogue;
  /** The product named `title`. */
  holdall: number;
  host: HostHarness;
  /** The same shop with the page cache off: every page rendered in full. */
  rendered: HostHarness;
  close(): Promise<void>;
}

export async function keptPagesShop(title: string): Promise<KeptPagesShop> {
  const database = await createTestDatabase();
  const catalogue = await buildCatalogue(database.db);
  const { tan } = catalogue.colors;
  const holdall = await insertProduct(database.db, {
    slug: "weekender-holdall",
    title,
    categoryId: catalogue.categories.bags.id,
    shortDescription: "",
    images: [{ colorId: tan.id, file: "/images/products/holdall/tan-800.webp", alt: "" }],
    discount: 15,
    newArrival: true,
    dailyDeal: false,
    tagIds: [],
    variants: [{ colorId: tan.id, sizeId: catalogue.sizes.oneSize.id, price: 1_234_567, stock: 100 }],
  });
  const host = await hostHarness(database);
  const rendered = await hostHarness(database, { PAGE_CACHE_MB: "0" });
  return {
    database,
    catalogue,
    holdall,
    host,
    rendered,
    async close() {
      await host.close();
      await rendered.close();
      await database.drop();
    },
  };
}

/**
 * `path` for `cookie` answered from the kept page (`X-Cache: splice`, personal) and byte for byte the page a full
 * render gives the same cookie.
 */
export async function expectSplicedAsRendered(
  shop: KeptPagesShop,
  path: string,
  cookie: string,
  label: string,
) {
  const spliced = await pageOf(shop.host, path, { cookie });
  expect(spliced.cache, label).toBe("splice");
  expect(spliced.response.status).toBe(200);
  expect(spliced.response.headers.get("cache-control")).toBe("private, no-store");
  expect(spliced.response.headers.get("vary")).toBe("Cookie, Accept-Encoding");
  expect(spliced.response.headers.get("set-cookie")).toBeNull();
  const full = await pageOf(shop.rendered, path, { cookie });
  expect(full.cache).toBeNull();
  expectSamePage(withoutNonce(spliced.response, spliced.html), withoutNonce(full.response, full.html), label);
}

/** `expectSplicedAsRendered` for every page and cookie, each page first rendered anew and kept (`X-Cache: miss`). */
export async function expectEverySplicedAsRendered(
  shop: KeptPagesShop,
  paths: readonly string[],
  cookies: Record<string, string>,
) {
  for (const path of paths) {
    shop.host.pages.clear();
    expect((await pageOf(shop.host, path)).cache, path).toBe("miss");
    for (const [name, cookie] of Object.entries(cookies)) {
      await expectSplicedAsRendered(shop, path, cookie, `${path} ${name}`);
    }
  }
}

/** Puts `quantity` of product `id` in a colour and size into `client`'s cart through the API; its answer. */
export async function addToCart(
  shop: KeptPagesShop,
  client: Shopper,
  item: { id: number; colorId: number; sizeId: number },
  quantity: number,
) {
  const size = await variantId(shop.database.db, item.id, item.colorId, item.sizeId);
  const answer = await client.post("/cart/add", { id: item.id, size, quantity });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as { cart: { id: number }[] };
}
