import type { Kysely } from "kysely";
import { insertProduct } from "../../../api/catalog/product-writer.ts";
import { productImageUrl, sliderImageUrl, slugify } from "../../../shared/images.ts";
import { type ItemKind, SLIDE_DESIGNS } from "../../images/draw.ts";
import { type ProductImageSpec, type RenderResult, renderImageSet } from "../../images/render.ts";
import type { Database } from "../schema.ts";

/**
 * The deterministic demo catalogue: ten categories of bags and clothing, twelve colours, sizes, tags, sixty
 * products with variants, and three banner slides. Every value comes from a seeded PRNG (never Math.random
 * or the clock), so two runs produce identical rows.
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
// The sixty products (hand-written names and copy; numbers come from the PRNG)

interface ProductSeed {
  title: string;
  tags: TagName[];
  description: string;
}

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

/** Six products per category, in CATEGORIES order; the index within the category is the drawing style. */
const PRODUCTS: Record<string, ProductSeed[]> = {
  handbags: [
    {
      title: "Mehr Structured Leather Satchel",
      tags: ["Leather", "Office"],
      description:
        "<p>A structured top-handle satchel in <strong>full-grain leather</strong> with a turn-lock flap. Fits a tablet, a diary and the day's essentials.</p>",
    },
    {
      title: "Noor Top-Handle Handbag",
      tags: ["Leather", "Festive"],
      description:
        "<p>A neat zip-top handbag with a front patch pocket and polished hardware.</p><ul><li>Detachable shoulder strap</li><li>Two inner slip pockets</li></ul>",
    },
    {
      title: "Saba Quilted Shoulder Bag",
      tags: ["Casual", "Festive"],
      description:
        "<p>Diamond-quilted and softly padded, with a flap that closes with a turn lock. Dresses up an evening outfit or a plain kurta.</p>",
    },
    {
      title: "Zoya Everyday Handbag",
      tags: ["Casual", "Office"],
      description:
        "<p>Clean lines and a straight flap make this the bag you reach for every morning. <strong>Lightweight</strong> and easy to wipe clean.</p>",
    },
    {
      title: "Anarkali Embroidered Handbag",
      tags: ["Handmade", "Festive", "Eid"],
      description:
        "<p>Hand-embroidered medallion on the flap, stitched by artisans in Multan. A festive bag that still holds a phone, wallet and keys.</p>",
    },
    {
      title: "Classic Office Satchel",
      tags: ["Leather", "Office"],
      description:
        "<p>A roomy work satchel with silver-tone hardware.</p><ul><li>Padded sleeve for a 13-inch laptop</li><li>Protective metal feet</li></ul>",
    },
  ],
  backpacks: [
    {
      title: "Trailhead 28L Travel Backpack",
      tags: ["Travel"],
      description:
        "<p>A <strong>28-litre</strong> rucksack with buckled straps, a zipped front pocket and padded shoulder straps for long days on the road.</p>",
    },
    {
      title: "Campus Everyday Backpack",
      tags: ["Casual"],
      description:
        "<p>Simple, sturdy and light: one main compartment, a quick-access front pocket and a grab handle.</p>",
    },
    {
      title: "Metro 15.6-inch Laptop Backpack",
      tags: ["Office", "Travel"],
      description:
        "<p>A padded laptop compartment for up to 15.6 inches and a water-resistant shell.</p><ul><li>Luggage pass-through</li><li>Breathable back panel</li></ul>",
    },
    {
      title: "Hunza Canvas Rucksack",
      tags: ["Travel", "Handmade"],
      description:
        "<p>Heavy cotton canvas with leather trims, built for weekend trips up north. Two buckled straps keep the load snug.</p>",
    },
    {
      title: "Mini Leather Backpack",
      tags: ["Leather", "Casual"],
      description:
        "<p>A small backpack in soft leather that carries the essentials hands-free. <strong>Adjustable straps</strong> and a zipped front pocket.</p>",
    },
    {
      title: "Commuter Roll-Top Backpack",
      tags: ["Travel", "Office"],
      description:
        "<p>A weatherproof commuter pack that expands when you need it, with buckled straps and a padded back.</p>",
    },
  ],
  totes: [
    {
      title: "Bazaar Canvas Tote",
      tags: ["Cotton", "Casual"],
      description:
        "<p>A thick cotton canvas tote with a stitched leather patch. Big enough for the weekly bazaar run.</p>",
    },
    {
      title: "Ajrak Block-Print Tote",
      tags: ["Cotton", "Handmade"],
      description:
        "<p>Hand block-printed with a <strong>Sindhi ajrak</strong> medallion. Every print is slightly different.</p>",
    },
    {
      title: "Market Jute Tote",
      tags: ["Handmade", "Casual"],
      description:
        "<p>Woven jute with a cotton lining and strong reinforced handles.</p><ul><li>Carries up to 10 kg</li><li>Folds flat</li></ul>",
    },
    {
      title: "Leather Work Tote",
      tags: ["Leather", "Office"],
      description:
        "<p>A clean-lined tote with a leather base panel and a zipped inner pocket. Holds a laptop, a notebook and lunch.</p>",
    },
    {
      title: "Lawn Print Shopper Tote",
      tags: ["Lawn", "Casual"],
      description:
        "<p>Light and washable, printed with a small floral butti. A cheerful everyday shopper.</p>",
    },
    {
      title: "Weekender Oversized Tote",
      tags: ["Travel", "Casual"],
      description:
        "<p>An <strong>oversized</strong> striped tote for a weekend away, with an outer slip pocket for tickets and a phone.</p>",
    },
  ],
  clutches: [
    {
      title: "Shagun Envelope Clutch",
      tags: ["Festive", "Eid"],
      description:
        "<p>An envelope clutch with a polished snap clasp and a slim wrist strap. Made for weddings and Eid dinners.</p>",
    },
    {
      title: "Mirror-Work Evening Clutch",
      tags: ["Handmade", "Festive"],
      description:
        "<p>Traditional <strong>shisha mirror-work</strong> on the flap, hand-set in Hyderabad. Fits a phone and a lipstick.</p>",
    },
    {
      title: "Velvet Wedding Clutch",
      tags: ["Festive"],
      description:
        "<p>Rich velvet with a soft sheen, a wrist strap and a satin lining.</p><ul><li>Magnetic clasp</li><li>Zipped back pocket</li></ul>",
    },
    {
      title: "Minimal Leather Clutch",
      tags: ["Leather"],
      description: "<p>Pared-back leather clutch with a slim metal bar. Goes from office to evening.</p>",
    },
    {
      title: "Chain-Strap Party Clutch",
      tags: ["Festive", "Casual"],
      description:
        "<p>Carry it as a clutch or on its <strong>detachable chain strap</strong>. Quilted back with a zipped pocket.</p>",
    },
    {
      title: "Tilla Embroidered Clutch",
      tags: ["Handmade", "Eid"],
      description:
        "<p>Gold tilla embroidery on a soft envelope flap. A festive finishing touch for Eid outfits.</p>",
    },
  ],
  wallets: [
    {
      title: "Classic Bifold Leather Wallet",
      tags: ["Leather"],
      description:
        "<p>A slim bifold in genuine leather.</p><ul><li>Six card slots</li><li>Two note compartments</li><li>ID window</li></ul>",
    },
    {
      title: "Slim Card Holder Wallet",
      tags: ["Leather", "Office"],
      description:
        "<p>Just the cards you need and a few notes, in a wallet <strong>under 1 cm</strong> thick.</p>",
    },
    {
      title: "Zip-Around Ladies Wallet",
      tags: ["Casual"],
      description:
        "<p>A zip-around wallet with room for cards, notes, coins and a phone. Everything stays in when it falls into a big bag.</p>",
    },
    {
      title: "Travel Passport Wallet",
      tags: ["Travel"],
      description:
        "<p>Keeps a passport, boarding passes, cards and a pen together. <strong>RFID-blocking</strong> lining.</p>",
    },
    {
      title: "Handstitched Long Wallet",
      tags: ["Leather", "Handmade"],
      description:
        "<p>Saddle-stitched by hand with waxed thread and closed with a snap tab. Gets better with age.</p>",
    },
    {
      title: "Coin Pouch Wallet",
      tags: ["Casual"],
      description: "<p>A compact zipped pouch for coins, cards and folded notes. Fits any pocket.</p>",
    },
  ],
  shirts: [
    {
      title: "Oxford Button-Down Shirt",
      tags: ["Cotton", "Office"],
      description:
        "<p>A classic <strong>100% cotton Oxford</strong> shirt with a button-down collar and a chest pocket. Smart with chinos, easy with jeans.</p>",
    },
    {
      title: "Linen Blend Summer Shirt",
      tags: ["Casual"],
      description:
        "<p>Breathable linen blend for Karachi summers. Relaxed fit, no pocket, soft-washed for comfort from day one.</p>",
    },
    {
      title: "Pinstripe Formal Shirt",
      tags: ["Cotton", "Office"],
      description:
        "<p>Fine pinstripes on crisp cotton poplin.</p><ul><li>Spread collar</li><li>Single-button cuffs</li><li>Easy iron</li></ul>",
    },
    {
      title: "Gingham Check Shirt",
      tags: ["Cotton", "Casual"],
      description:
        "<p>A weekend favourite in soft gingham check cotton, with a chest pocket and a curved hem.</p>",
    },
    {
      title: "Band-Collar Cotton Shirt",
      tags: ["Cotton", "Casual"],
      description:
        "<p>A collarless band-neck shirt that works under a waistcoat or on its own. <strong>Pre-shrunk</strong> cotton.</p>",
    },
    {
      title: "Poplin Slim-Fit Shirt",
      tags: ["Office"],
      description:
        "<p>Slim through the body with a sharp collar. A dependable office shirt that keeps its shape.</p>",
    },
  ],
  kurtas: [
    {
      title: "Embroidered Lawn Kurta",
      tags: ["Lawn", "Eid"],
      description:
        "<p>Fine <strong>lawn</strong> with thread embroidery around the placket, cuffs and hem. Cool enough for a summer Eid.</p>",
    },
    {
      title: "Classic Cotton Kurta",
      tags: ["Cotton", "Casual"],
      description:
        "<p>A straight-cut cotton kurta with a band collar and side slits, for every day of the week.</p>",
    },
    {
      title: "Chikankari Festive Kurta",
      tags: ["Handmade", "Eid", "Festive"],
      description:
        "<p>All-over hand-done <strong>chikankari</strong> work on soft cotton.</p><ul><li>Band collar with buttoned placket</li><li>Side slits</li></ul>",
    },
    {
      title: "Khaddar Winter Kurta",
      tags: ["Winter"],
      description:
        "<p>Warm, textured khaddar in a relaxed cut. Layers well under a shawl on cold evenings.</p>",
    },
    {
      title: "Printed Lawn Straight Kurta",
      tags: ["Lawn", "Casual"],
      description: "<p>Light lawn printed with a small floral butti, finished with a printed hem border.</p>",
    },
    {
      title: "Silk Blend Eid Kurta",
      tags: ["Eid", "Festive"],
      description:
        "<p>A <strong>silk blend</strong> kurta with a soft sheen and gold embroidery at the neckline. Pairs with a shalwar or churidar.</p>",
    },
  ],
  "t-shirts": [
    {
      title: "Essential Crew Neck T-Shirt",
      tags: ["Cotton", "Casual"],
      description:
        "<p>Soft combed cotton, a ribbed crew neck and a regular fit. The one you will wear every week.</p>",
    },
    {
      title: "Lahore Graphic T-Shirt",
      tags: ["Cotton", "Casual"],
      description:
        "<p>A love letter to the city of gardens, screen-printed on <strong>heavy cotton</strong>.</p>",
    },
    {
      title: "Breton Stripe T-Shirt",
      tags: ["Cotton", "Casual"],
      description:
        "<p>Bold stripes from the chest down, on a soft jersey that keeps its shape wash after wash.</p>",
    },
    {
      title: "Heavyweight Oversized T-Shirt",
      tags: ["Casual"],
      description:
        "<p>A dropped-shoulder, <strong>oversized</strong> fit in 240 gsm cotton.</p><ul><li>Thick ribbed collar</li><li>Boxy body</li></ul>",
    },
    {
      title: "Pique Cotton T-Shirt",
      tags: ["Cotton", "Office"],
      description:
        "<p>Textured pique cotton with a small embroidered emblem. Smart enough for casual Fridays.</p>",
    },
    {
      title: "Mountain Print T-Shirt",
      tags: ["Travel", "Casual"],
      description:
        "<p>A mountain-and-sun print for anyone dreaming of the Karakoram. Soft, breathable cotton.</p>",
    },
  ],
  jackets: [
    {
      title: "Quilted Bomber Jacket",
      tags: ["Winter"],
      description:
        "<p>A diamond-quilted bomber with ribbed collar, cuffs and hem. <strong>Light padding</strong> for chilly evenings.</p>",
    },
    {
      title: "Denim Trucker Jacket",
      tags: ["Casual"],
      description:
        "<p>The classic trucker: point collar, buttoned chest pockets and a boxy fit that works over a t-shirt or a kurta.</p>",
    },
    {
      title: "Suede Biker Jacket",
      tags: ["Leather", "Winter"],
      description:
        "<p>Soft suede with a full front zip and zipped sleeve pocket.</p><ul><li>Quilted lining</li><li>Ribbed cuffs</li></ul>",
    },
    {
      title: "Waxed Field Jacket",
      tags: ["Winter", "Travel"],
      description:
        "<p>Water-resistant waxed cotton with four pockets, made for northern treks and rainy Islamabad winters.</p>",
    },
    {
      title: "Lightweight Windbreaker",
      tags: ["Travel"],
      description:
        "<p>A <strong>packable</strong> windbreaker with a colour-blocked yoke and zipped pockets. Weighs next to nothing.</p>",
    },
    {
      title: "Wool Blend Overshirt Jacket",
      tags: ["Winter", "Office"],
      description:
        "<p>A checked wool-blend overshirt that layers over a shirt or a fine knit. Warm without bulk.</p>",
    },
  ],
  scarves: [
    {
      title: "Pashmina Wool Shawl Scarf",
      tags: ["Winter", "Handmade"],
      description:
        "<p>Hand-woven <strong>pashmina</strong> blend with a fringed finish. Soft, warm and light enough to wear all day.</p>",
    },
    {
      title: "Chiffon Dupatta Scarf",
      tags: ["Festive", "Eid"],
      description: "<p>A sheer chiffon dupatta with a fine dotted print and a woven border.</p>",
    },
    {
      title: "Ajrak Print Cotton Scarf",
      tags: ["Cotton", "Handmade"],
      description:
        "<p>Traditional <strong>ajrak</strong> motifs block-printed on soft cotton.</p><ul><li>Natural dyes</li><li>Fringed ends</li></ul>",
    },
    {
      title: "Tartan Winter Scarf",
      tags: ["Winter"],
      description: "<p>A brushed tartan scarf, long enough to loop twice. Keeps the December wind out.</p>",
    },
    {
      title: "Silk Twill Scarf",
      tags: ["Festive"],
      description:
        "<p>Smooth silk twill with a soft sheen and a contrast border. Wear it at the neck or on a bag.</p>",
    },
    {
      title: "Lawn Printed Stole",
      tags: ["Lawn", "Casual"],
      description:
        "<p>A light lawn stole with a floral butti print, for summer days and cool air-conditioned offices.</p>",
    },
  ],
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
  rating: number;
  reviews: number;
  createdAt: string;
  image: string;
  backImage: string;
  gallery: string[];
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
      const gallery = colors.flatMap((color) => [
        productImageUrl(slug, color.slug, "front"),
        productImageUrl(slug, color.slug, "back"),
      ]);
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
        rating: Math.round((3.5 + rng() * 1.5) * 10) / 10,
        reviews: 3 + Math.floor(rng() ** 1.5 * 240),
        image: gallery[0]!,
        backImage: gallery[1]!,
        gallery,
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

// ---------------------------------------------------------------------------------------------------------
// Writing

export interface ReferenceIds {
  categories: Map<string, number>;
  colors: Map<string, number>;
  sizes: Map<string, number>;
  tags: Map<string, number>;
}

/**
 * Empties the catalogue tables (products with their variants and tags, sliders, categories, colours, sizes,
 * tags). Cart lines pointing at removed variants go with them; orders keep their own snapshots.
 */
export async function clearCatalogue(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom("cart_items").execute();
  await db.deleteFrom("product_tags").execute();
  await db.deleteFrom("variants").execute();
  await db.deleteFrom("products").execute();
  await db.deleteFrom("sliders").execute();
  await db.deleteFrom("tags").execute();
  await db.deleteFrom("sizes").execute();
  await db.deleteFrom("colors").execute();
  await db.deleteFrom("categories").execute();
}

/** Inserts categories, colours, sizes and tags, returning their ids by name (categories by slug). */
/** The three banner slides, in order. */
export async function insertSliders(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto("sliders")
    .values(
      SLIDERS.map((slider, position) => ({
        url: slider.url,
        image: slider.image,
        image_mobile: slider.imageMobile,
        title: slider.title,
        position,
      })),
    )
    .execute();
}

export async function insertReferenceData(db: Kysely<Database>): Promise<ReferenceIds> {
  const categories = new Map<string, number>();
  for (const [position, category] of CATEGORIES.entries()) {
    const row = await db
      .insertInto("categories")
      .values({ name: category.name, slug: category.slug, position })
      .returning("id")
      .executeTakeFirstOrThrow();
    categories.set(category.slug, row.id);
  }
  const colors = new Map<string, number>();
  for (const color of COLORS) {
    const row = await db
      .insertInto("colors")
      .values({ name: color.name, code: color.code })
      .returning("id")
      .executeTakeFirstOrThrow();
    colors.set(color.name, row.id);
  }
  const sizes = new Map<string, number>();
  for (const size of SIZES) {
    const row = await db.insertInto("sizes").values(size).returning("id").executeTakeFirstOrThrow();
    sizes.set(size.name, row.id);
  }
  const tags = new Map<string, number>();
  for (const name of TAGS) {
    const row = await db.insertInto("tags").values({ name }).returning("id").executeTakeFirstOrThrow();
    tags.set(name, row.id);
  }
  return { categories, colors, sizes, tags };
}

export interface DemoSeedOptions {
  /** Where `/images/...` files live (Config.imagesDir). */
  imagesDir: string;
  log?: (message: string) => void;
  /** Draw the product, slide and fallback images (default true; tests turn it off for speed). */
  renderImages?: boolean;
}

export interface DemoSeedResult {
  products: number;
  variants: number;
  sliders: number;
  /** Null when rendering was turned off. */
  images: RenderResult | null;
  ms: number;
}

/** Every image the demo catalogue refers to: products, slides and fallbacks (existing files are skipped). */
export function renderDemoImages(
  imagesDir: string,
  options: { log?: (message: string) => void; products?: DemoProduct[] } = {},
): Promise<RenderResult> {
  return renderImageSet(imagesDir, demoImageSpecs(options.products ?? buildDemoCatalogue()), {
    log: options.log,
  });
}

/**
 * Replaces the catalogue with the demo catalogue, in one transaction, and renders its images. Rendering runs
 * alongside the inserts (sharp works off the main thread) and skips files that already exist.
 */
export async function seedDemoCatalogue(
  db: Kysely<Database>,
  options: DemoSeedOptions,
): Promise<DemoSeedResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const products = buildDemoCatalogue();
  const rendering =
    options.renderImages === false
      ? Promise.resolve(null)
      : renderDemoImages(options.imagesDir, { log, products });
  const writing = db.transaction().execute(async (trx) => {
    await clearCatalogue(trx);
    const ids = await insertReferenceData(trx);
    let variants = 0;
    for (const product of products) {
      await insertProduct(trx, {
        slug: product.slug,
        title: product.title,
        categoryId: ids.categories.get(product.categorySlug)!,
        shortDescription: product.shortDescription,
        image: product.image,
        backImage: product.backImage,
        gallery: product.gallery,
        discount: product.discount,
        newArrival: product.newArrival,
        dailyDeal: product.dailyDeal,
        rating: product.rating,
        reviews: product.reviews,
        tagIds: product.tags.map((tag) => ids.tags.get(tag)!),
        variants: product.variants.map((variant) => ({
          colorId: ids.colors.get(variant.color)!,
          sizeId: ids.sizes.get(variant.size)!,
          price: variant.price,
          stock: variant.stock,
        })),
        createdAt: product.createdAt,
      });
      variants += product.variants.length;
    }
    await insertSliders(trx);
    return variants;
  });
  // Wait for both even if one fails, so no render is left running behind a thrown error.
  const [written, rendered] = await Promise.allSettled([writing, rendering]);
  if (written.status === "rejected") throw written.reason;
  if (rendered.status === "rejected") throw rendered.reason;
  log(`demo catalogue: ${products.length} products, ${written.value} variants, ${SLIDERS.length} slides`);
  return {
    products: products.length,
    variants: written.value,
    sliders: SLIDERS.length,
    images: rendered.value,
    ms: Math.round(performance.now() - started),
  };
}

async function productCount(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Seeds the demo catalogue only when there are no products; returns whether it seeded. On a database that
 * already has products it leaves the rows alone but still renders any missing demo images (a wiped images
 * folder heals on restart; files already present are skipped in milliseconds).
 */
export async function ensureDemoCatalogue(db: Kysely<Database>, options: DemoSeedOptions): Promise<boolean> {
  if ((await productCount(db)) > 0) {
    if (options.renderImages !== false) await renderDemoImages(options.imagesDir, { log: options.log });
    return false;
  }
  try {
    await seedDemoCatalogue(db, options);
    return true;
  } catch (error) {
    // Another process seeding at the same moment wins the race; that is not an error for us.
    if ((await productCount(db)) > 0) return false;
    throw error;
  }
}
