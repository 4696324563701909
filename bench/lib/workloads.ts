import { cookieFrom, getJson, mapLimit, request } from "./http.ts";
import { percentile } from "./load.ts";

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

export interface CheckoutResult {
  carts: number;
  linesPerCart: number;
  concurrency: number;
  /** Orders placed per second over the whole batch, from the first request to the last answer. */
  ordersPerSecond: number;
  p50: number;
  p95: number;
  failures: number;
  /** Cart preparation (add-to-cart calls), not part of the measurement. */
  addsPerSecond: number;
}

const SHOPPER = {
  email: "bench@example.pk",
  phone: "03001234567",
  shipping_address: {
    country: "Pakistan",
    first_name: "Bench",
    last_name: "Mark",
    address: "1 Mall Road",
    city: "Lahore",
  },
  notes: "",
};

/**
 * Checkout throughput: `carts` guest carts are filled first (two lines each), then every cart checks out once,
 * at most `concurrency` at a time. Each checkout prices the cart, takes the stock, writes the order and its
 * lines, clears the cart and writes the confirmation email (to the outbox), as in production.
 */
export async function checkoutThroughput(
  origin: string,
  options: { carts: number; concurrency: number },
): Promise<CheckoutResult> {
  const variants = await sampleVariants(origin, 12);
  const linesPerCart = Math.min(2, variants.length);
  const preparing = performance.now();
  const cookies = await mapLimit(
    Array.from({ length: options.carts }, (_, index) => index),
    options.concurrency,
    (index) =>
      guestCart(
        origin,
        Array.from({ length: linesPerCart }, (_, line) => variants[(index + line) % variants.length]!),
      ),
  );
  const addsPerSecond = (options.carts * linesPerCart) / ((performance.now() - preparing) / 1000);

  const times: number[] = [];
  let failures = 0;
  const started = performance.now();
  await mapLimit(cookies, options.concurrency, async (cookie) => {
    const response = await request(`${origin}/api/checkout`, {
      method: "POST",
      headers: { cookie },
      body: SHOPPER,
    });
    if (response.status === 201) times.push(response.ms);
    else {
      failures++;
      if (failures === 1)
        console.error(`  checkout answered ${response.status}: ${response.body.slice(0, 200)}`);
    }
  });
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return {
    carts: options.carts,
    linesPerCart,
    concurrency: options.concurrency,
    ordersPerSecond: times.length / seconds,
    p50: percentile(times, 0.5),
    p95: percentile(times, 0.95),
    failures,
    addsPerSecond,
  };
}
