import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, expect, type Page, type TestInfo } from "@playwright/test";
import Database from "better-sqlite3";

/** The data directory of the e2e server: it runs in .tmp/e2e with DATA_DIR=data (see playwright.config.ts). */
export const DATA_DIR = path.resolve(".tmp/e2e/data");

export interface Variant {
  productId: number;
  slug: string;
  title: string;
  variantId: number;
  colorName: string;
  sizeName: string;
  stock: number;
}

/**
 * Test slots keep tests apart: every (test, project) pair buys different products, so parallel tests never
 * fight over the same stock. Give each test its own slot number.
 */
export function slotOf(testInfo: TestInfo, slot: number): number {
  return slot * 2 + (testInfo.project.name === "mobile" ? 1 : 0);
}

/** Products whose first colour has a size with at least `minStock` left, `count` of them from slot `slot`. */
export async function findVariants(
  request: APIRequestContext,
  { slot, count = 1, minStock = 5 }: { slot: number; count?: number; minStock?: number },
): Promise<Variant[]> {
  const list = await (await request.get("/api/products?take=48")).json();
  const found: Variant[] = [];
  const skip = slot * 2;
  let eligible = 0;
  for (const product of list.data as { id: number; slug: string; title: string }[]) {
    const detail = await (await request.get(`/api/product/${product.slug}`)).json();
    const color = detail.colors?.[0];
    if (!color) continue;
    const sizes = await (
      await request.get(`/api/product-sizes/${product.id}/${color.color_id}/sizes`)
    ).json();
    const size = (sizes as { id: number; size_name: string; stock: number }[]).find(
      (s) => s.stock >= minStock,
    );
    if (!size) continue;
    eligible += 1;
    if (eligible <= skip) continue;
    found.push({
      productId: product.id,
      slug: product.slug,
      title: product.title,
      variantId: size.id,
      colorName: color.color_name,
      sizeName: size.size_name,
      stock: size.stock,
    });
    if (found.length === count) return found;
  }
  throw new Error(`not enough products with stock for slot ${slot}`);
}

/** Puts a variant in this browser's (guest) cart through the API, as the product page would. */
export async function addToCart(page: Page, variant: Variant, quantity: number) {
  const response = await page.request.post("/api/cart/add", {
    data: { id: variant.productId, quantity, size: variant.variantId },
  });
  expect(response.status()).toBe(200);
}

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.pk`;
}

export function openDatabase(): Database.Database {
  return new Database(path.join(DATA_DIR, "shop.sqlite"), { readonly: true, fileMustExist: true });
}

export function stockOf(variantId: number): number {
  const db = openDatabase();
  try {
    return (db.prepare("select stock from variants where id = ?").get(variantId) as { stock: number }).stock;
  } finally {
    db.close();
  }
}

/** The confirmation emails in the outbox that mention `text`. */
export function outboxMentioning(text: string): string[] {
  const outbox = path.join(DATA_DIR, "outbox");
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((name) => name.endsWith(".eml"))
    .filter((name) => fs.readFileSync(path.join(outbox, name), "utf8").includes(text));
}

export const ADDRESS = {
  phone: "0300 1234567",
  address: "House 12, Street 4, F-7/2",
  city: "Islamabad",
  postcode: "44000",
};

/** Fills the checkout's required fields (and the postcode). */
export async function fillCheckout(
  page: Page,
  contact: { email?: string; firstName?: string; lastName?: string } = {},
) {
  if (contact.email !== undefined) await page.getByLabel("Email", { exact: true }).fill(contact.email);
  await page.getByLabel("Phone", { exact: true }).fill(ADDRESS.phone);
  if (contact.firstName !== undefined) await page.getByLabel("First Name").fill(contact.firstName);
  if (contact.lastName !== undefined) await page.getByLabel("Last Name").fill(contact.lastName);
  await page.getByLabel("Address", { exact: true }).fill(ADDRESS.address);
  await page.getByLabel("City").fill(ADDRESS.city);
  await page.getByLabel("Postcode (optional)").fill(ADDRESS.postcode);
}
