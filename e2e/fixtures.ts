import fs from "node:fs";
import path from "node:path";
import { type APIRequestContext, test as base, expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";

export { expect };

/** The data directory of the e2e server: it runs in .tmp/e2e with DATA_DIR=data (see playwright.config.ts). */
export const DATA_DIR = path.resolve(".tmp/e2e/data");

/**
 * One empty file per claimed variant. The folder lives beside the server's data, so it starts empty with every
 * run (playwright.config.ts recreates .tmp/e2e); creating a file with the `wx` flag succeeds in exactly one
 * worker, which makes a claim safe across parallel workers, projects and repeats.
 */
const CLAIMS_DIR = path.resolve(".tmp/e2e/claims");

export interface Variant {
  productId: number;
  slug: string;
  title: string;
  variantId: number;
  colorName: string;
  sizeName: string;
  stock: number;
  /** What the shopper pays for one, as the size option shows it ("1,250.00"). */
  price: string;
}

/** A product card as the listing answers it; what `claimVariants`' `where` chooses by. */
export interface ProductCard {
  id: number;
  slug: string;
  title: string;
  discount_price: number | null;
}

export interface Shopper {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export interface ClaimOptions {
  count?: number;
  minStock?: number;
  /** Only products this accepts (e.g. discounted ones). */
  where?: (product: ProductCard) => boolean;
}

export type ClaimVariants = (options?: ClaimOptions) => Promise<Variant[]>;

/** Products a journey test browses to by name and so never claimed (the shop journey's kurta). */
const BROWSED_BY_NAME = new Set(["classic-cotton-kurta"]);

function claim(variantId: number): boolean {
  try {
    fs.writeFileSync(path.join(CLAIMS_DIR, String(variantId)), "", { flag: "wx" });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/**
 * Variants (one per product) with at least `minStock` left that no other test in this run has claimed, so a
 * test may buy them and check the stock without another test changing it in between.
 */
async function claimVariants(
  request: APIRequestContext,
  { count = 1, minStock = 5, where = () => true }: ClaimOptions = {},
): Promise<Variant[]> {
  fs.mkdirSync(CLAIMS_DIR, { recursive: true });
  const found: Variant[] = [];
  for (let page = 1; ; page += 1) {
    const list = await (await request.get(`/api/products?take=48&page=${page}`)).json();
    for (const product of list.data as ProductCard[]) {
      if (BROWSED_BY_NAME.has(product.slug) || !where(product)) continue;
      const detail = await (await request.get(`/api/product/${product.slug}`)).json();
      // The back office's journey makes its product final sale: journeys that return what they buy skip it.
      if (detail.final_sale) continue;
      const variant = await claimOneOf(request, product, detail.colors ?? [], minStock);
      if (variant) found.push(variant);
      if (found.length === count) return found;
    }
    if (page >= list.meta.last_page)
      throw new Error(`not enough unclaimed variants with ${minStock} in stock`);
  }
}

async function claimOneOf(
  request: APIRequestContext,
  product: { id: number; slug: string; title: string },
  colors: { color_id: number; color_name: string }[],
  minStock: number,
): Promise<Variant | null> {
  for (const color of colors) {
    const sizes = (await (
      await request.get(`/api/product-sizes/${product.id}/${color.color_id}/sizes`)
    ).json()) as { id: number; size_name: string; stock: number; price: string }[];
    const size = sizes.find((s) => s.stock >= minStock && claim(s.id));
    if (size) {
      return {
        productId: product.id,
        slug: product.slug,
        title: product.title,
        variantId: size.id,
        colorName: color.color_name,
        sizeName: size.size_name,
        stock: size.stock,
        price: size.price,
      };
    }
  }
  return null;
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

/** The text part of a `.eml` file, with quoted-printable soft breaks and escapes undone. */
export function emailText(file: string): string {
  const raw = fs.readFileSync(path.join(DATA_DIR, "outbox", file), "utf8");
  const part = raw.split(/^--.*$/m).find((chunk) => /Content-Type: text\/plain/i.test(chunk)) ?? raw;
  const body = part.slice(part.search(/\r?\n\r?\n/)).trim();
  if (!/Content-Transfer-Encoding: quoted-printable/i.test(part)) return body;
  return body
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The raw headers of an outbox mail, folded lines joined. */
export function headersOf(file: string): string {
  const raw = fs.readFileSync(path.join(DATA_DIR, "outbox", file), "utf8");
  return raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
}

/** A link to one of the newsletter's pages, from the text of an outbox mail, as a path. */
export function newsletterLinkIn(file: string, page: "confirm" | "unsubscribe"): string {
  const found = new RegExp(`(http://\\S+/newsletter/${page}\\?token=[A-Za-z0-9_.%-]+)`).exec(
    emailText(file),
  )?.[1];
  if (!found) throw new Error(`no ${page} link in ${file}`);
  const url = new URL(found);
  return url.pathname + url.search;
}

/** The state of an address on the newsletter list, if it is on it. */
export function subscriberStatus(email: string): string | undefined {
  const db = openDatabase();
  try {
    const row = db.prepare("select status from newsletter_subscribers where email = ?").get(email) as
      | { status: string }
      | undefined;
    return row?.status;
  } finally {
    db.close();
  }
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

/**
 * Every test gets its own data, so tests run in any order, in parallel and repeated:
 * - `claimVariants`: variants no other test touches (see `claimVariants` above);
 * - `variant`: one such variant with at least 5 in stock;
 * - `cartWithItem`: one such variant already in this browser's guest cart, quantity 1;
 * - `shopper`: a fresh account registered through the API (the browser is not logged in).
 */
export const test = base.extend<{
  claimVariants: ClaimVariants;
  variant: Variant;
  cartWithItem: Variant;
  shopper: Shopper;
}>({
  claimVariants: async ({ request }, use) => {
    await use((options) => claimVariants(request, options));
  },
  variant: async ({ claimVariants }, use) => {
    const [variant] = await claimVariants();
    if (!variant) throw new Error("no variant");
    await use(variant);
  },
  cartWithItem: async ({ page, variant }, use) => {
    await addToCart(page, variant, 1);
    await use(variant);
  },
  shopper: async ({ request }, use) => {
    const shopper = {
      email: uniqueEmail("shopper"),
      password: "a long enough password",
      firstName: "Bilal",
      lastName: "Ahmed",
    };
    const registered = await request.post("/api/register", {
      data: {
        first_name: shopper.firstName,
        last_name: shopper.lastName,
        email: shopper.email,
        password: shopper.password,
        password_confirmation: shopper.password,
      },
    });
    expect(registered.status()).toBe(201);
    await use(shopper);
  },
});

/**
 * The shopper's first interaction on a freshly loaded page: pages load no JavaScript until then (decision 0028).
 * A press of Shift starts it; resolves once the page has hydrated (the `js` class on <html>).
 */
export async function hydrate(page: Page) {
  await page.keyboard.press("Shift");
  await expect(page.locator("html")).toHaveClass(/\bjs\b/);
}
