import type { Insertable } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, StaticProvider } from "../../platform/db/migrate.ts";
import type { ProductTable } from "../../platform/db/schema.ts";
import { searchWords } from "../../platform/db/search-documents.ts";
import { type ApiHarness, apiHarness } from "../../testing/api-harness.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { catalogRepository } from "../catalogue/catalogue.repository.ts";
import { catalogService } from "../catalogue/catalogue.service.ts";
import { insertProduct, refreshListingPrice } from "../products/product-writer.ts";
import { seedDemoCatalogue } from "../products/seed/demo-catalogue.ts";
import { namesNeeded, SEARCH_WINDOW, searchRepository } from "./search.repository.ts";

/**
 * The relevance set (docs/decisions/0021-search-index.md): what shoppers type and what must come back, on the
 * demo catalogue, on both engines. `top`: these products (any order) fill the first places; `includes`: these
 * are somewhere in the answer; `excludes`: these are not; `none`: nothing is found.
 */
interface Case {
  query: string;
  top?: string[];
  includes?: string[];
  excludes?: string[];
  none?: true;
}

const HANDBAGS = [
  "mehr-structured-leather-satchel",
  "noor-top-handle-handbag",
  "saba-quilted-shoulder-bag",
  "zoya-everyday-handbag",
  "anarkali-embroidered-handbag",
  "classic-office-satchel",
];
const WALLETS = [
  "classic-bifold-leather-wallet",
  "slim-card-holder-wallet",
  "zip-around-ladies-wallet",
  "travel-passport-wallet",
  "handstitched-long-wallet",
  "coin-pouch-wallet",
];
const BACKPACKS = [
  "trailhead-28l-travel-backpack",
  "campus-everyday-backpack",
  "metro-15-6-inch-laptop-backpack",
  "hunza-canvas-rucksack",
  "mini-leather-backpack",
  "commuter-roll-top-backpack",
];
const TOTES = [
  "bazaar-canvas-tote",
  "ajrak-block-print-tote",
  "market-jute-tote",
  "leather-work-tote",
  "lawn-print-shopper-tote",
  "weekender-oversized-tote",
];
const SHIRTS = [
  "oxford-button-down-shirt",
  "linen-blend-summer-shirt",
  "pinstripe-formal-shirt",
  "gingham-check-shirt",
  "band-collar-cotton-shirt",
  "poplin-slim-fit-shirt",
];
const T_SHIRTS = [
  "essential-crew-neck-t-shirt",
  "lahore-graphic-t-shirt",
  "breton-stripe-t-shirt",
  "heavyweight-oversized-t-shirt",
  "pique-cotton-t-shirt",
  "mountain-print-t-shirt",
];
const KURTAS = [
  "embroidered-lawn-kurta",
  "classic-cotton-kurta",
  "chikankari-festive-kurta",
  "khaddar-winter-kurta",
  "printed-lawn-straight-kurta",
  "silk-blend-eid-kurta",
];
const JACKETS = [
  "quilted-bomber-jacket",
  "denim-trucker-jacket",
  "suede-biker-jacket",
  "waxed-field-jacket",
  "lightweight-windbreaker",
  "wool-blend-overshirt-jacket",
];
const BLACK_WALLETS = ["classic-bifold-leather-wallet", "travel-passport-wallet", "handstitched-long-wallet"];

const CASES: Case[] = [
  // Categories, plural and singular.
  { query: "handbags", top: HANDBAGS },
  { query: "handbag", top: HANDBAGS },
  { query: "wallets", top: WALLETS },
  { query: "wallet", top: WALLETS },
  { query: "backpacks", top: BACKPACKS },
  { query: "totes", top: TOTES },
  { query: "shirts", includes: [...SHIRTS, ...T_SHIRTS] },
  { query: "kurtas", top: KURTAS },
  { query: "jackets", top: JACKETS },
  { query: "scarves", includes: ["tartan-winter-scarf", "lawn-printed-stole", "chiffon-dupatta-scarf"] },
  // "bags" names no product; it finds every kind of bag, and the one titled "bag" first.
  { query: "bags", includes: [...HANDBAGS, ...BACKPACKS, ...TOTES] },
  { query: "bag", includes: [...HANDBAGS, ...TOTES], excludes: SHIRTS },
  // Colours, alone and with a kind, in any order.
  {
    query: "black",
    includes: ["linen-blend-summer-shirt", "classic-office-satchel"],
    excludes: ["saba-quilted-shoulder-bag"],
  },
  { query: "black wallet", top: BLACK_WALLETS, excludes: ["coin-pouch-wallet"] },
  { query: "wallet black", top: BLACK_WALLETS },
  {
    query: "black bag",
    includes: ["classic-office-satchel", "leather-work-tote", "mini-leather-backpack"],
    excludes: ["saba-quilted-shoulder-bag", ...SHIRTS],
  },
  { query: "off white", includes: ["noor-top-handle-handbag", "oxford-button-down-shirt"] },
  {
    query: "sky blue shirt",
    top: ["pinstripe-formal-shirt", "gingham-check-shirt", "band-collar-cotton-shirt"],
  },
  // Tags, descriptions, several words.
  {
    query: "winter jacket",
    top: ["waxed-field-jacket", "quilted-bomber-jacket", "suede-biker-jacket", "wool-blend-overshirt-jacket"],
  },
  { query: "eid kurta", top: ["silk-blend-eid-kurta", "embroidered-lawn-kurta", "chikankari-festive-kurta"] },
  { query: "leather tote", top: ["leather-work-tote"], includes: ["bazaar-canvas-tote"] },
  { query: "laptop backpack", top: ["metro-15-6-inch-laptop-backpack"] },
  { query: "rucksack", top: ["hunza-canvas-rucksack"], includes: ["trailhead-28l-travel-backpack"] },
  // Case, accents, hyphens, apostrophes.
  { query: "CHIKANKARI", top: ["chikankari-festive-kurta"] },
  { query: "kúrta", top: KURTAS },
  { query: "t-shirt", top: T_SHIRTS },
  { query: "T Shirt", top: T_SHIRTS },
  { query: "tee", top: T_SHIRTS },
  // Prefixes while typing, only at word starts.
  { query: "tot", top: TOTES },
  { query: "kurt", top: KURTAS },
  { query: "chikan", top: ["chikankari-festive-kurta"] },
  { query: "pack", excludes: BACKPACKS.filter((slug) => slug !== "commuter-roll-top-backpack") },
  { query: "ink", none: true },
  // One typo per word.
  { query: "walet", top: WALLETS },
  { query: "hnadbag", top: HANDBAGS },
  { query: "bakcpack", top: BACKPACKS },
  { query: "jaket", top: JACKETS },
  { query: "satchl", top: ["classic-office-satchel", "mehr-structured-leather-satchel"] },
  { query: "blakc walet", top: BLACK_WALLETS },
  // Roman Urdu, as Pakistani shoppers type it (the default search words, search-synonyms.ts).
  { query: "batwa", top: WALLETS },
  { query: "batua", top: WALLETS },
  { query: "kameez", includes: KURTAS },
  { query: "kurti", top: KURTAS },
  { query: "jora", top: KURTAS },
  { query: "basta", top: BACKPACKS },
  { query: "thaila", includes: TOTES, excludes: SHIRTS },
  { query: "dupatta", includes: ["chiffon-dupatta-scarf", "lawn-printed-stole", "tartan-winter-scarf"] },
  { query: "chadar", top: ["pashmina-wool-shawl-scarf", "lawn-printed-stole"] },
  { query: "koti", includes: JACKETS, excludes: KURTAS },
  { query: "muffler", includes: ["tartan-winter-scarf", "pashmina-wool-shawl-scarf"] },
  { query: "black batwa", top: BLACK_WALLETS },
  // Nonsense finds nothing.
  { query: "xyzzy", none: true },
  { query: "qwertyuiop", none: true },
  { query: "handbag xyzzy", none: true },
  { query: "zz", none: true },
  // Names of Object.prototype's members are words like any other (the fuzz test found "constructor" a 500).
  { query: "constructor", none: true },
  { query: "__proto__ tostring", none: true },
];

const { engine, available } = testEngine();

describe.skipIf(!available)(`product search on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoCatalogue(database.db, { renderImages: false });
    api = apiHarness(database);
  }, 60_000);
  afterAll(() => database?.drop());

  async function search(query: string, extra = "") {
    const response = await api.request(`/products?take=48&search=${encodeURIComponent(query)}${extra}`);
    expect(response.status).toBe(200);
    return (await response.json()) as {
      data: { slug: string }[];
      meta: { total: number; suggestions?: string[] };
    };
  }

  it.each(CASES)("finds what a shopper means by $query", async (test) => {
    const body = await search(test.query);
    const slugs = body.data.map((card) => card.slug);
    expect(body.meta.total).toBe(slugs.length);
    if (test.none) expect(slugs).toEqual([]);
    else expect(slugs.length).toBeGreaterThan(0);
    if (test.top) expect(slugs.slice(0, test.top.length).sort()).toEqual([...test.top].sort());
    for (const slug of test.includes ?? []) expect(slugs).toContain(slug);
    for (const slug of test.excludes ?? []) expect(slugs).not.toContain(slug);
  });

  it("answers any text without error", async () => {
    for (const query of [
      "🙂",
      "日本語",
      "a".repeat(100),
      "ß",
      "İstanbul",
      "a b c d e f",
      "x:* & y | !z <-> w",
      "1 2 3",
    ]) {
      const body = await search(query);
      expect(body.meta.total).toBe(body.data.length);
    }
  });

  it("finds a product by every word of its name typed in part, at every length from three letters", async () => {
    // The stemmers index "embroidered" as "embroid" and "oversized" as "oversiz"; "embroide" or "oversize", typed
    // on the way, must still find them (the names as written, migration 017). A word at every length of
    // every product's title, category, colour and tag names.
    const index = searchRepository(database.db);
    const documents = await database.db.selectFrom("products").select(["id", "title"]).execute();
    const missed: string[] = [];
    for (const product of documents) {
      for (const word of new Set(searchWords(product.title))) {
        for (let length = 3; length <= word.length; length++) {
          const typed = word.slice(0, length);
          const found = await index.search({ words: [typed] }, "default", SEARCH_WINDOW, 0);
          if (!found.rows.some((row) => row.id === product.id)) missed.push(`${typed} (${product.title})`);
        }
      }
    }
    expect(missed).toEqual([]);
  });

  it.skipIf(engine !== "postgres")(
    "asks PostgreSQL for the names as written only when the stemmed prefix would miss one",
    async () => {
      const needed = namesNeeded(database.db);
      for (const word of ["embroidere", "oversi", "every", "essentia"])
        expect([word, await needed(word)]).toEqual([word, true]);
      for (const word of ["bag", "laptop", "kurt", "wallet", "xyzzy", "ba"])
        expect(await needed(word)).toBe(false);
    },
  );

  it("finds a product by a word typed in part after whole words", async () => {
    expect((await search("lawn embroide")).data.map((card) => card.slug)).toContain("embroidered-lawn-kurta");
    expect((await search("weekender oversize")).data.map((card) => card.slug)).toEqual([
      "weekender-oversized-tote",
    ]);
  });

  it("ranks title hits above description hits", async () => {
    const slugs = (await search("shirt")).data.map((card) => card.slug);
    // The overshirt jacket only mentions a shirt in its description.
    expect(slugs.indexOf("wool-blend-overshirt-jacket")).toBeGreaterThan(
      slugs.indexOf("poplin-slim-fit-shirt"),
    );
    expect(slugs.slice(-2)).toContain("denim-trucker-jacket");
  });

  it("keeps the chosen sort and combines search with filters and counts", async () => {
    const cheapFirst = await search("wallet", "&sort=low2high");
    const prices = cheapFirst.data.map(
      (card) => card as unknown as { discount_price: number | null; price: number },
    );
    const paid = prices.map((card) => card.discount_price ?? card.price);
    expect(paid).toEqual([...paid].sort((a, b) => a - b));
    const inCategory = await search("black", "&category=wallets");
    expect(inCategory.data.map((card) => card.slug).sort()).toEqual([...BLACK_WALLETS].sort());
    expect(inCategory.meta.total).toBe(3);
    const paged = await api.request("/products?take=2&page=2&search=wallet");
    const page = (await paged.json()) as {
      data: unknown[];
      meta: { total: number; from: number; last_page: number };
    };
    expect(page.data).toHaveLength(2);
    expect(page.meta).toMatchObject({ total: 7, from: 3, last_page: 4 });
  });

  it("answers did-you-mean suggestions only when nothing was found", async () => {
    const none = await search("chikenkary");
    expect(none.data).toEqual([]);
    expect(none.meta.suggestions).toEqual(["chikankari"]);
    expect((await search("xyzzy")).meta.suggestions).toEqual([]);
    expect((await search("wallet")).meta).not.toHaveProperty("suggestions");
    expect((await api.request("/products")).ok).toBe(true);
    const service = catalogService(catalogRepository(database.db));
    expect(await service.didYouMean("chikenkary")).toEqual(["chikankari"]);
    expect(await service.didYouMean("wallet")).toEqual([]);
  });

  it("puts sold-out products after those in stock", async () => {
    const before = (await search("satchel")).data.map((card) => card.slug);
    expect(before).toHaveLength(2);
    const first = await database.db
      .selectFrom("products")
      .select("id")
      .where("slug", "=", before[0]!)
      .executeTakeFirstOrThrow();
    // As the checkout does when it sells the last one: the stock, then the product's listing copy.
    const setStock = async (stock: number) => {
      await database.db.updateTable("variants").set({ stock }).where("product_id", "=", first.id).execute();
      await refreshListingPrice(database.db, first.id);
    };
    await setStock(0);
    try {
      const after = await api.request("/products?take=48&search=satchel&page=1&type=");
      const slugs = ((await after.json()) as { data: { slug: string }[] }).data.map((card) => card.slug);
      expect(slugs).toEqual([before[1], before[0]]);
    } finally {
      await setStock(5);
    }
    expect((await search("satchel")).data.map((card) => card.slug)).toEqual(before);
  });

  it("indexes a product in the writer's transaction: a failed write leaves no search document", async () => {
    const category = await database.db.selectFrom("categories").select("id").executeTakeFirstOrThrow();
    const color = await database.db.selectFrom("colors").select("id").executeTakeFirstOrThrow();
    const size = await database.db.selectFrom("sizes").select("id").executeTakeFirstOrThrow();
    const product = {
      slug: "zanzibar-weekend-duffel",
      title: "Zanzibar Weekend Duffel",
      categoryId: category.id,
      shortDescription: "<p>Roomy</p>",
      images: [],
      discount: 0,
      newArrival: false,
      dailyDeal: false,
      tagIds: [],
      variants: [{ colorId: color.id, sizeId: size.id, price: 100_000, stock: 3 }],
    };
    // A tag that does not exist fails the write after the product row was inserted.
    await expect(insertProduct(database.db, { ...product, tagIds: [999_999] })).rejects.toThrow();
    expect((await search("zanzibar")).data).toEqual([]);
    await insertProduct(database.db, product);
    expect((await search("zanzibar duffel")).data.map((card) => card.slug)).toEqual([
      "zanzibar-weekend-duffel",
    ]);
  });
});

describe.skipIf(!available)(`the search index migration on ${engine}`, () => {
  let database: TestDatabase;
  afterAll(() => database?.drop());

  it("indexes the products already there", async () => {
    database = await createTestDatabase({ migrate: false });
    const { db } = database;
    await new Migrator({ db, provider: new StaticProvider(database.engine) }).migrateTo("005-password-reset");
    const now = new Date().toISOString();
    const category = await db
      .insertInto("categories")
      .values({ name: "Wallets", slug: "wallets", position: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("products")
      .values({
        slug: "old-wallet",
        title: "Old Cardholder",
        category_id: category.id,
        short_description: "",
        image: null,
        back_image: null,
        discount: 0,
        new_arrival: 0,
        daily_deal: 0,
        rating: 0,
        reviews: 0,
        price: 0,
        sale_price: 0,
        created_at: now,
        updated_at: now,
        // A row as the schema of migration 005 has it (no later columns).
      } as Insertable<ProductTable>)
      .execute();
    await migrateToLatest(db, database.engine);
    const service = catalogService(catalogRepository(db));
    const found = await service.listProducts({ search: "wallets", page: 1, sort: "default" });
    expect(found.data.map((card) => card.slug)).toEqual(["old-wallet"]);
  });
});
