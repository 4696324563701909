import { CompiledQuery } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProductList, ProductQuery } from "../../shared/contracts/catalogue.ts";
import { type ApiHarness, apiHarness } from "../../testing/api-harness.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { catalogRepository } from "../catalogue/catalogue.repository.ts";
import { catalogService } from "../catalogue/catalogue.service.ts";
import { insertProduct } from "../products/product-writer.ts";
import { seedDemoCatalogue } from "../products/seed/demo-catalogue.ts";

/**
 * The search window (docs/decisions/0023-search-speed.md): a search answers its newest N matches, ranked, with
 * an exact total up to N and `total_capped` beyond; pages are cut from that one answer; filters are answered
 * by the index's filter tokens and agree with the listing's own filters. On the demo catalogue, on both engines,
 * with a small window so the demo's 60 products overflow it.
 */

const { engine, available } = testEngine();

describe.skipIf(!available)(`the search window on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoCatalogue(database.db, { renderImages: false });
    api = apiHarness(database);
  }, 60_000);
  afterAll(() => database?.drop());

  /** The service with a window of `window` matches. */
  const service = (window: number) =>
    catalogService(catalogRepository(database.db, { searchWindow: window }));
  const ask = (window: number, query: Partial<ProductQuery>) =>
    service(window).listProducts({ page: 1, sort: "default", take: 48, ...query });
  const slugs = (list: ProductList) => list.data.map((card) => card.slug);

  it("answers the newest matches up to the window, says there are more, and pages through exactly those", async () => {
    const everything = await ask(100, { search: "wallet" });
    expect(everything.meta).toMatchObject({ total: 7, total_capped: false });
    const ids = (await database.db.selectFrom("products").select(["id", "slug"]).execute()).reduce(
      (map, row) => map.set(row.slug, row.id),
      new Map<string, number>(),
    );
    const newestFour = slugs(everything)
      .toSorted((a, b) => ids.get(b)! - ids.get(a)!)
      .slice(0, 4);

    const capped = await ask(4, { search: "wallet" });
    expect(capped.meta).toMatchObject({ total: 4, total_capped: true, last_page: 1 });
    expect(slugs(capped).toSorted()).toEqual(newestFour.toSorted());
    // Ranked as the full answer ranks them.
    expect(slugs(capped)).toEqual(slugs(everything).filter((slug) => newestFour.includes(slug)));

    const pages = [1, 2, 3].map((page) => ask(4, { search: "wallet", take: 3, page }));
    const [first, second, third] = await Promise.all(pages);
    expect(first!.meta).toMatchObject({ total: 4, total_capped: true, from: 1, to: 3, last_page: 2 });
    expect(second!.meta).toMatchObject({ total: 4, total_capped: true, from: 4, to: 4, last_page: 2 });
    expect(third!.data).toEqual([]);
    expect(third!.meta).toMatchObject({ total: 4, total_capped: true, from: 0, to: 0, current_page: 3 });
    expect([...slugs(first!), ...slugs(second!)]).toEqual(slugs(capped));
  });

  it("is exact, not capped, when the matches just fill the window", async () => {
    const list = await ask(3, { search: "black wallet" });
    expect(list.meta).toMatchObject({ total: 3, total_capped: false });
    expect(list.data).toHaveLength(3);
  });

  it("sorts the window by price when asked", async () => {
    const window = await ask(4, { search: "wallet" });
    const cheapFirst = await ask(4, { search: "wallet", sort: "low2high" });
    const dearFirst = await ask(4, { search: "wallet", sort: "high2low" });
    const paid = (list: ProductList) => list.data.map((card) => card.discount_price ?? card.price);
    expect(slugs(cheapFirst).toSorted()).toEqual(slugs(window).toSorted());
    expect(paid(cheapFirst)).toEqual(paid(cheapFirst).toSorted((a, b) => a - b));
    expect(paid(dearFirst)).toEqual(paid(dearFirst).toSorted((a, b) => b - a));
    expect(cheapFirst.meta).toMatchObject({ total: 4, total_capped: true });
  });

  it("says total_capped only on a search, through the API", async () => {
    const searched = (await (await api.request("/products?search=wallet")).json()) as ProductList;
    expect(searched.meta.total_capped).toBe(false);
    const listed = (await (await api.request("/products")).json()) as ProductList;
    expect(listed.meta).not.toHaveProperty("total_capped");
  });

  it("combines every filter with a search exactly as the listing filters without one", async () => {
    const [color, size, tag] = await Promise.all([
      database.db.selectFrom("colors").select("id").where("name", "=", "Black").executeTakeFirstOrThrow(),
      database.db.selectFrom("sizes").select("id").where("name", "=", "M").executeTakeFirstOrThrow(),
      database.db.selectFrom("tags").select("id").where("name", "=", "Winter").executeTakeFirstOrThrow(),
    ]);
    const filters: Partial<ProductQuery>[] = [
      { category: "wallets" },
      { category: "t-shirts" },
      { color: color.id },
      { size: size.id },
      { color: color.id, size: size.id },
      { tag: tag.id },
      { type: "new-arrival" },
      { type: "daily-deals" },
      { category: "jackets", color: color.id, tag: tag.id },
    ];
    for (const search of ["black", "shirt", "leather", "bag"]) {
      const found = new Set(slugs(await ask(100, { search })));
      for (const filter of filters) {
        const listed = slugs(await ask(100, filter)).filter((slug) => found.has(slug));
        const searched = await ask(100, { search, ...filter });
        expect({ search, filter, slugs: slugs(searched).toSorted() }).toEqual({
          search,
          filter,
          slugs: listed.toSorted(),
        });
        expect(searched.meta.total).toBe(listed.length);
      }
    }
  });

  it("finds nothing for a category nobody sells, and corrects no typo into one", async () => {
    const list = await ask(100, { search: "wallet", category: "no-such-category" });
    expect(list.data).toEqual([]);
    expect(list.meta).toMatchObject({ total: 0, total_capped: false, suggestions: [] });
  });

  it("leaves drafts and archived products out of the window, so they neither take its places nor count", async () => {
    const before = await ask(4, { search: "wallet" });
    const live = await ask(100, { search: "wallet" });
    const category = await database.db
      .selectFrom("categories")
      .select("id")
      .where("slug", "=", "wallets")
      .executeTakeFirstOrThrow();
    const variant = await database.db
      .selectFrom("variants")
      .select(["color_id", "size_id"])
      .executeTakeFirstOrThrow();
    // The newest wallets of all: without the index's `hidden` token they would fill the window.
    for (const [index, status] of (["draft", "archived", "draft", "draft", "archived"] as const).entries()) {
      await insertProduct(database.db, {
        slug: `unlisted-wallet-${index}`,
        title: `Unlisted Wallet ${index}`,
        categoryId: category.id,
        shortDescription: "",
        images: [],
        discount: 0,
        newArrival: false,
        dailyDeal: false,
        tagIds: [],
        variants: [{ colorId: variant.color_id, sizeId: variant.size_id, price: 100_000, stock: 2 }],
        status,
      });
    }
    expect(slugs(await ask(4, { search: "wallet" }))).toEqual(slugs(before));
    const after = await ask(100, { search: "wallet" });
    expect(after.meta).toMatchObject({ total: live.meta.total, total_capped: false });
    expect(slugs(after)).toEqual(slugs(live));
    expect(await service(100).didYouMean("unlisted")).toEqual([]);
  });

  it("corrects a typo under the filters and offers 'did you mean' only for what the filters allow", async () => {
    const corrected = await ask(100, { search: "walet", category: "wallets" });
    const exact = await ask(100, { search: "wallet", category: "wallets" });
    expect(exact.meta.total).toBeGreaterThan(0);
    expect(slugs(corrected)).toEqual(slugs(exact));
    const none = await ask(100, { search: "chikenkary", category: "wallets" });
    expect(none.meta).toMatchObject({ total: 0, suggestions: [] });
    const offered = await ask(100, { search: "chikenkary", category: "kurtas" });
    expect(offered.meta.suggestions).toEqual(["chikankari"]);
  });
  it.runIf(engine === "sqlite")(
    "reads the window first and each of its products by key, never every product on sale",
    async () => {
      const statements: CompiledQuery[] = [];
      const spy = database.db.withPlugin({
        transformQuery: ({ node, queryId }) => {
          statements.push(database.db.getExecutor().compileQuery(node, queryId));
          return node;
        },
        transformResult: async ({ result }) => result,
      });
      await catalogService(catalogRepository(spy)).listProducts({ search: "bag", page: 1, sort: "default" });
      const window = statements.find((statement) => statement.sql.includes("product_search match"));
      expect(window).toBeDefined();
      const plan = await database.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${window!.sql}`, [...window!.parameters]),
      );
      const steps = plan.rows.map((row) => row.detail);
      // The status index would walk every product on sale and probe the window for each (3-4 ms at 100k).
      expect(steps.some((step) => step.includes("products_status_idx"))).toBe(false);
      expect(steps).toContainEqual(expect.stringMatching(/SEARCH products USING INTEGER PRIMARY KEY/));
    },
  );
});
