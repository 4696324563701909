import { cookiePolicy, SESSION_COOKIE, setCookieHeader } from "../../src/shared/cookies.server.ts";
import { cookieFrom, getJson, request } from "./http.ts";
import { SESSION_SECRET } from "./server-process.ts";

interface ListPage {
  data: { id: number; slug: string; title: string }[];
  meta: { total: number };
}

export interface ListingProbes {
  plain: string;
  colorSorted: string;
  search: string;
  /** What the probes match on this catalogue, for the report. */
  colorName: string;
  searchTerm: string;
}

/**
 * The three listings the issue names: page 1 as it comes, one colour sorted by price, and a title search. The
 * colour is the first in the colour list and the search term a word from the titles that matches a few
 * percent of the catalogue, chosen once and reused on every catalogue size so the growth rows compare alike.
 */
export async function listingProbes(origin: string, fixed?: ListingProbes): Promise<ListingProbes> {
  if (fixed) return fixed;
  const colors = await getJson<{ id: number; title: string }[]>(`${origin}/api/colors`);
  const color = colors[0];
  if (!color) throw new Error("the catalogue has no colours");
  const sample = await getJson<ListPage>(`${origin}/api/products?take=48&page=3`);
  const total = sample.meta.total;
  const words = new Set<string>();
  for (const product of sample.data) {
    for (const word of product.title.toLowerCase().split(/[^a-z]+/)) if (word.length >= 4) words.add(word);
  }
  let best = { word: "bag", distance: Number.POSITIVE_INFINITY };
  for (const word of [...words].sort()) {
    const found = await getJson<ListPage>(`${origin}/api/products?search=${encodeURIComponent(word)}&take=1`);
    const distance = Math.abs(found.meta.total / total - 0.05);
    if (distance < best.distance) best = { word, distance };
  }
  return {
    plain: "/api/products",
    colorSorted: `/api/products?color=${color.id}&sort=low2high`,
    search: `/api/products?search=${encodeURIComponent(best.word)}`,
    colorName: color.title,
    searchTerm: best.word,
  };
}

/** A product from the middle of page 2, whose detail page and API answer the benchmarks fetch. */
export async function sampleProductSlug(origin: string): Promise<string> {
  const page = await getJson<ListPage>(`${origin}/api/products?page=2`);
  const product = page.data[Math.floor(page.data.length / 2)];
  if (!product) throw new Error("the catalogue has fewer than two pages of products");
  return product.slug;
}

interface ProductDetail {
  id: number;
  colors: { color_id: number }[];
}
interface SizeOption {
  id: number;
  stock: number;
}

/** Variant ids (product id and size option id, as the add-to-cart call takes them) with stock. */
export async function sampleVariants(origin: string, count: number): Promise<{ id: number; size: number }[]> {
  const page = await getJson<ListPage>(`${origin}/api/products?take=48`);
  const variants: { id: number; size: number }[] = [];
  for (const product of page.data) {
    const detail = await getJson<ProductDetail>(`${origin}/api/product/${product.slug}`);
    const color = detail.colors[0];
    if (!color) continue;
    const sizes = await getJson<SizeOption[]>(
      `${origin}/api/product-sizes/${detail.id}/${color.color_id}/sizes`,
    );
    const size = sizes.find((option) => option.stock > 10);
    if (size) variants.push({ id: detail.id, size: size.id });
    if (variants.length >= count) break;
  }
  if (variants.length === 0) throw new Error("no product with stock on the first page");
  return variants;
}

/** A guest cart with the given lines; returns its cookie. */
export async function guestCart(origin: string, lines: { id: number; size: number }[]): Promise<string> {
  let cookie = "";
  for (const line of lines) {
    const response = await request(`${origin}/api/cart/add`, {
      method: "POST",
      headers: cookie ? { cookie } : {},
      body: { id: line.id, size: line.size, quantity: 1 },
    });
    if (response.status !== 200) throw new Error(`add to cart answered ${response.status}: ${response.body}`);
    const key = cookieFrom(response, "cart_key");
    if (key) cookie = `cart_key=${key}`;
  }
  if (!cookie) throw new Error("add to cart set no cart_key cookie");
  return cookie;
}

/**
 * A customer registered through the API (a new address each run) with the given lines in their cart; returns the
 * session cookie a browser signed in to the shop sends (the token signed as the storefront signs it).
 */
export async function signedInShopper(
  origin: string,
  lines: { id: number; size: number }[],
): Promise<string> {
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.pk`;
  const registered = await request(`${origin}/api/register`, {
    method: "POST",
    body: {
      first_name: "Bench",
      last_name: "Shopper",
      email,
      password: "a long bench password 42",
      password_confirmation: "a long bench password 42",
    },
  });
  if (registered.status !== 201)
    throw new Error(`register answered ${registered.status}: ${registered.body}`);
  const token = (JSON.parse(registered.body) as { token: string }).token;
  for (const line of lines) {
    const response = await request(`${origin}/api/cart/add`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      body: { id: line.id, size: line.size, quantity: 1 },
    });
    if (response.status !== 200) throw new Error(`add to cart answered ${response.status}: ${response.body}`);
  }
  const policy = cookiePolicy({ publicUrl: origin, sessionSecret: SESSION_SECRET });
  return setCookieHeader(SESSION_COOKIE, token, policy).split(";")[0]!;
}
