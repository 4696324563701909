import type { ItemKind } from "../../../platform/images/draw.ts";
import { productImageUrl, sliderImageUrl } from "../../../platform/images/image-urls.ts";
import type { ProductImageSpec } from "../../../platform/images/render.ts";
import { SLIDE_DESIGNS } from "../../../platform/images/slides.ts";
import { slugify } from "../../../shared/images.ts";
import { PRODUCTS } from "./demo-copy.ts";

/**
 * The deterministic demo catalogue as plain data: ten categories of bags and clothing, twelve colours, sizes,
 * tags, sixty products with variants and images, and three banner slides. Every value comes from a seeded PRNG
 * (never Math.random or the clock), so two runs produce identical rows. demo-catalogue.ts writes it.
 */

// ---------------------------------------------------------------------------------------------------------
// Reference data

export interface CategorySeed {
  name: string;
  slug: string;
  group: "bags" | "clothing";
  /** Which illustration the products of this category get. */
  kind: ItemKind;
}

export const CATEGORIES: readonly CategorySeed[] = [
  { name: "Handbags", slug: "handbags", group: "bags", kind: "handbag" },
  { name: "Backpacks", slug: "backpacks", group: "bags", kind: "backpack" },
  { name: "Totes", slug: "totes", group: "bags", kind: "tote" },
  { name: "Clutches", slug: "clutches", group: "bags", kind: "clutch" },
  { name: "Wallets", slug: "wallets", group: "bags", kind: "wallet" },
  { name: "Shirts", slug: "shirts", group: "clothing", kind: "shirt" },
  { name: "Kurtas", slug: "kurtas", group: "clothing", kind: "kurta" },
  { name: "T-Shirts", slug: "t-shirts", group: "clothing", kind: "t-shirt" },
  { name: "Jackets", slug: "jackets", group: "clothing", kind: "jacket" },
  { name: "Scarves", slug: "scarves", group: "clothing", kind: "scarf" },
];

export interface ColorSeed {
  name: string;
  code: string;
}

export const COLORS: readonly ColorSeed[] = [
  { name: "Black", code: "#1C1C1C" },
  { name: "Tan", code: "#C19A6B" },
  { name: "Maroon", code: "#800000" },
  { name: "Olive", code: "#708238" },
  { name: "Navy", code: "#202A44" },
  { name: "Mustard", code: "#E1AD01" },
  { name: "Off White", code: "#F5F1E6" },
  { name: "Teal", code: "#008080" },
  { name: "Blush Pink", code: "#E8B4B8" },
  { name: "Charcoal", code: "#36454F" },
  { name: "Rust", code: "#B7410E" },
  { name: "Sky Blue", code: "#87CEEB" },
];

export const BAG_SIZES = ["One Size", "Small", "Medium", "Large"] as const;
export const CLOTHING_SIZES = ["XS", "S", "M", "L", "XL", "XXL"] as const;

/** Sizes in display order (position). */
export const SIZES: readonly { name: string; position: number }[] = [...BAG_SIZES, ...CLOTHING_SIZES].map(
  (name, position) => ({ name, position }),
);

export const TAGS = [
  "Leather",
  "Cotton",
  "Lawn",
  "Eid",
  "Office",
  "Travel",
  "Casual",
  "Festive",
  "Winter",
  "Handmade",
] as const;
export type TagName = (typeof TAGS)[number];

export interface SliderSeed {
  title: string;
  url: string;
  image: string;
  imageMobile: string;
}

/** Banner slides; the storefront opens their links in a new tab. */
export const SLIDERS: readonly SliderSeed[] = [
  { url: "/shop/handbags" },
  { url: "/shop?type=new-arrival" },
  { url: "/shop?type=daily-deals" },
].map((slide, index) => ({
  title: SLIDE_DESIGNS[index]!.title,
  url: slide.url,
  image: sliderImageUrl(index + 1, "desktop"),
  imageMobile: sliderImageUrl(index + 1, "mobile"),
}));

// ---------------------------------------------------------------------------------------------------------
// Per-category rules (the products' own names and copy are in demo-copy.ts)

/** Per category: colour pool, price range in rupees and which sizes it is sold in. */
interface CategoryRule {
  colors: string[];
  price: [number, number];
  sizes: "one" | "bag" | "clothing";
}

const RULES: Record<string, CategoryRule> = {
  handbags: {
    colors: [
      "Black",
      "Tan",
      "Maroon",
      "Olive",
      "Mustard",
      "Off White",
      "Blush Pink",
      "Rust",
      "Teal",
      "Charcoal",
    ],
    price: [3500, 18000],
    sizes: "bag",
  },
  backpacks: {
    colors: ["Black", "Navy", "Olive", "Charcoal", "Rust", "Teal", "Tan", "Mustard"],
    price: [2500, 12500],
    sizes: "bag",
  },
  totes: {
    colors: ["Off White", "Tan", "Olive", "Mustard", "Navy", "Rust", "Blush Pink", "Black"],
    price: [1200, 6500],
    sizes: "bag",
  },
  clutches: {
    colors: ["Black", "Maroon", "Blush Pink", "Off White", "Teal", "Mustard"],
    price: [1800, 9500],
    sizes: "one",
  },
  wallets: {
    colors: ["Black", "Tan", "Maroon", "Navy", "Charcoal", "Rust"],
    price: [650, 4500],
    sizes: "one",
  },
  shirts: {
    colors: ["Sky Blue", "Off White", "Navy", "Olive", "Charcoal", "Blush Pink", "Black", "Maroon"],
    price: [1800, 6500],
    sizes: "clothing",
  },
  kurtas: {
    colors: ["Off White", "Maroon", "Teal", "Mustard", "Navy", "Olive", "Black", "Blush Pink", "Sky Blue"],
    price: [2200, 14000],
    sizes: "clothing",
  },
  "t-shirts": {
    colors: ["Black", "Off White", "Navy", "Olive", "Mustard", "Rust", "Sky Blue", "Charcoal", "Maroon"],
    price: [690, 2400],
    sizes: "clothing",
  },
  jackets: {
    colors: ["Black", "Navy", "Olive", "Tan", "Charcoal", "Rust", "Maroon"],
    price: [4500, 29999],
    sizes: "clothing",
  },
  scarves: {
    colors: ["Maroon", "Mustard", "Teal", "Off White", "Blush Pink", "Rust", "Charcoal", "Navy"],
    price: [450, 3500],
    sizes: "one",
  },
};
// ---------------------------------------------------------------------------------------------------------
// Deterministic generation

/** mulberry32: a small, fast, seedable PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable 32-bit hash of a string (FNV-1a), to seed a PRNG per product. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function pickInt(rng: () => number, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

function shuffled<T>(items: readonly T[], rng: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** A shop-looking whole-rupee price near `rupees`: 2,450 style (nearest 50) or 12,999 style (nearest 100, less 1). */
export function shopPrice(rupees: number, rng: () => number): number {
  if (rng() < 0.5) return Math.max(50, Math.round(rupees / 50) * 50);
  return Math.max(99, Math.round(rupees / 100) * 100 - 1);
}

/** Price of a size relative to the product's base price. */
export function sizeMultiplier(size: string): number {
  switch (size) {
    case "Medium":
      return 1.15;
    case "Large":
      return 1.3;
    case "XXL":
      return 1.08;
    default:
      return 1;
  }
}

/** Fixed reference instant for created_at values (never the clock). */
export const CATALOGUE_EPOCH = Date.UTC(2025, 0, 6, 9, 0, 0);
const DAY = 24 * 60 * 60 * 1000;

export interface DemoColor {
  name: string;
  slug: string;
  code: string;
}

export interface DemoVariant {
  color: string;
  size: string;
  /** Paisa, before discount. */
  price: number;
  stock: number;
}

export interface DemoProduct {
  slug: string;
  title: string;
  categorySlug: string;
  kind: ItemKind;
  style: number;
  shortDescription: string;
  tags: TagName[];
  colors: DemoColor[];
  sizes: string[];
  variants: DemoVariant[];
  discount: number;
  newArrival: boolean;
  dailyDeal: boolean;
  createdAt: string;
  /** In display order: each colour's front then back view; the first two are the listing's pictures. */
  images: DemoImage[];
}

export interface DemoImage {
  /** Colour name. */
  color: string;
  file: string;
  alt: string;
}

const DEMO_SEED = 20250106;

function sizesFor(rule: CategoryRule, rng: () => number): string[] {
  if (rule.sizes === "one") return ["One Size"];
  if (rule.sizes === "bag") {
    const roll = rng();
    if (roll < 0.3) return ["One Size"];
    if (roll < 0.6) return ["Medium", "Large"];
    return ["Small", "Medium", "Large"];
  }
  const start = pickInt(rng, 0, 1);
  const end = pickInt(rng, 3, 5);
  return CLOTHING_SIZES.slice(start, end + 1);
}

/** The demo catalogue as plain data (pure and deterministic: the same output on every call). */
export function buildDemoCatalogue(): DemoProduct[] {
  const colorByName = new Map(COLORS.map((color) => [color.name, color]));
  const base: Omit<DemoProduct, "discount" | "newArrival" | "dailyDeal" | "createdAt">[] = [];
  for (const category of CATEGORIES) {
    const rule = RULES[category.slug]!;
    const seeds = PRODUCTS[category.slug]!;
    seeds.forEach((seed, style) => {
      const slug = slugify(seed.title);
      const rng = mulberry32(hashString(slug) ^ DEMO_SEED);
      const colorCount = pickInt(rng, 2, 4);
      const colors = shuffled(rule.colors, rng)
        .slice(0, colorCount)
        .map((name) => {
          const color = colorByName.get(name)!;
          return { name: color.name, slug: slugify(color.name), code: color.code };
        });
      const sizes = sizesFor(rule, rng);
      const [low, high] = rule.price;
      // Skew towards the lower half of the range, as real price lists are.
      const basePrice = low + (high - low) * rng() ** 1.6;
      const priceBySize = new Map(
        sizes.map((size) => [size, shopPrice(basePrice * sizeMultiplier(size), rng)]),
      );
      const variants: DemoVariant[] = [];
      for (const color of colors) {
        for (const size of sizes) {
          const stock = rng() < 0.07 ? 0 : pickInt(rng, 3, 40);
          variants.push({ color: color.name, size, price: priceBySize.get(size)! * 100, stock });
        }
      }
      if (variants.every((variant) => variant.stock === 0)) variants[0]!.stock = 12;
      const images = colors.flatMap((color) =>
        (["front", "back"] as const).map((view) => ({
          color: color.name,
          file: productImageUrl(slug, color.slug, view),
          alt: `${seed.title} in ${color.name}, ${view} view`,
        })),
      );
      base.push({
        slug,
        title: seed.title,
        categorySlug: category.slug,
        kind: category.kind,
        style,
        shortDescription: seed.description,
        tags: seed.tags,
        colors,
        sizes,
        variants,
        images,
      });
    });
  }

  // Flags: exactly 20 discounted, 10 daily deals (8 of them discounted), 10 new arrivals (2 overlap).
  const rng = mulberry32(DEMO_SEED);
  const order = shuffled(
    base.map((_, index) => index),
    rng,
  );
  const discounted = new Set(order.slice(0, 20));
  const dailyDeals = new Set(order.slice(12, 22));
  const newArrivals = new Set([...order.slice(17, 19), ...order.slice(30, 38)]);
  const discounts = [10, 15, 20, 25, 30, 35, 40];
  let arrivalRank = 0;
  return base.map((product, index) => {
    const discount = discounted.has(index) ? discounts[Math.floor(rng() * discounts.length)]! : 0;
    const newArrival = newArrivals.has(index);
    // Older stock is spread over ~10 months; new arrivals are the most recent, within the last two weeks.
    const offset = newArrival ? 300 * DAY + arrivalRank++ * 1.3 * DAY : index * 4.9 * DAY;
    const createdAt = new Date(
      CATALOGUE_EPOCH + Math.round(offset + rng() * 8 * 60 * 60 * 1000),
    ).toISOString();
    return { ...product, discount, newArrival, dailyDeal: dailyDeals.has(index), createdAt };
  });
}

/** What render.ts needs to draw every colour of every product. */
export function demoImageSpecs(products: DemoProduct[]): ProductImageSpec[] {
  return products.flatMap((product) =>
    product.colors.map((color) => ({
      productSlug: product.slug,
      colorSlug: color.slug,
      color: color.code,
      kind: product.kind,
      style: product.style,
    })),
  );
}
