import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiHarness, apiHarness } from "../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue, variantId } from "../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { insertProduct } from "../products/product-writer.ts";

const { engine, available } = testEngine();

describe.skipIf(!available)(`catalogue API on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let catalogue: Catalogue;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    api = apiHarness(database);
  });
  afterAll(() => database?.drop());

  async function get(path: string) {
    const response = await api.request(path);
    return { status: response.status, body: await response.json() };
  }
  const slugs = (body: { data: { slug: string }[] }) => body.data.map((card) => card.slug);

  describe("GET /api/products", () => {
    it("answers cards newest first with page meta", async () => {
      const { status, body } = await get("/products");
      expect(status).toBe(200);
      expect(slugs(body)).toEqual(["kids-tee", "oxford-shirt", "evening-clutch", "leather-tote"]);
      expect(body.meta).toEqual({ from: 1, to: 4, total: 4, per_page: 12, current_page: 1, last_page: 1 });
    });

    it("shapes a card with the price before and after discount in rupees", async () => {
      const { body } = await get("/products?search=tote");
      expect(body.data).toEqual([
        {
          id: catalogue.products.tote,
          slug: "leather-tote",
          title: "Leather Tote",
          image: "/images/products/leather-tote/black-front-800.webp",
          back_image: null,
          price: 12500,
          discount_price: 10000,
          discount: 20,
          new_arrival: true,
          rating: 0,
          reviews: 0,
        },
      ]);
      const clutch = await get("/products?search=clutch");
      expect(clutch.body.data[0]).toMatchObject({
        price: 4500,
        discount_price: null,
        discount: 0,
        new_arrival: false,
      });
    });

    it("filters by type", async () => {
      expect(slugs((await get("/products?type=new-arrival")).body)).toEqual(["oxford-shirt", "leather-tote"]);
      expect(slugs((await get("/products?type=daily-deals")).body)).toEqual([
        "oxford-shirt",
        "evening-clutch",
      ]);
    });

    it("filters by category slug, colour, size and tag", async () => {
      const { colors, sizes, tags } = catalogue;
      expect(slugs((await get("/products?category=handbags")).body)).toEqual([
        "evening-clutch",
        "leather-tote",
      ]);
      expect(slugs((await get(`/products?color=${colors.tan.id}`)).body)).toEqual(["leather-tote"]);
      expect(slugs((await get(`/products?size=${sizes.medium.id}`)).body)).toEqual([
        "kids-tee",
        "oxford-shirt",
      ]);
      expect(slugs((await get(`/products?tag=${tags.cotton.id}`)).body)).toEqual([
        "kids-tee",
        "oxford-shirt",
      ]);
    });

    it("combines filters with AND, and colour with size on the same variant", async () => {
      const { colors, sizes, tags } = catalogue;
      expect(
        slugs((await get(`/products?category=shirts&tag=${tags.cotton.id}&type=new-arrival`)).body),
      ).toEqual(["oxford-shirt"]);
      // The shirt comes in black S and navy M, but not black M.
      expect(slugs((await get(`/products?color=${colors.black.id}&size=${sizes.medium.id}`)).body)).toEqual(
        [],
      );
      expect(slugs((await get(`/products?color=${colors.navy.id}&size=${sizes.medium.id}`)).body)).toEqual([
        "kids-tee",
        "oxford-shirt",
      ]);
    });

    it("answers an empty list for unknown filter values", async () => {
      for (const query of [
        "category=nope",
        `color=${catalogue.colors.unused.id}`,
        "size=99999",
        "tag=99999",
      ]) {
        const { status, body } = await get(`/products?${query}`);
        expect(status).toBe(200);
        expect(body).toEqual({
          data: [],
          meta: { from: 0, to: 0, total: 0, per_page: 12, current_page: 1, last_page: 1 },
        });
      }
    });

    it("treats an empty filter value as no filter", async () => {
      const { body } = await get("/products?color=&size=&tag=&category=&search=&sort=&type=");
      expect(body.meta.total).toBe(4);
    });

    it("sorts by the price a shopper pays", async () => {
      expect(slugs((await get("/products?sort=low2high")).body)).toEqual([
        "kids-tee",
        "oxford-shirt",
        "evening-clutch",
        "leather-tote",
      ]);
      expect(slugs((await get("/products?sort=high2low")).body)).toEqual([
        "leather-tote",
        "evening-clutch",
        "oxford-shirt",
        "kids-tee",
      ]);
    });

    it("searches words case-insensitively; %, _ and quotes are not words and match nothing", async () => {
      expect(slugs((await get("/products?search=LEATHER")).body)).toEqual(["leather-tote"]);
      expect(slugs((await get(`/products?search=${encodeURIComponent("100%")}`)).body)).toEqual([
        "evening-clutch",
      ]);
      expect(slugs((await get(`/products?search=${encodeURIComponent("%")}`)).body)).toEqual([]);
      expect(slugs((await get(`/products?search=${encodeURIComponent("_")}`)).body)).toEqual([]);
      expect(slugs((await get(`/products?search=${encodeURIComponent("oxford_shirt")}`)).body)).toEqual([
        "oxford-shirt",
      ]);
      expect(slugs((await get(`/products?search=${encodeURIComponent("kid's")}`)).body)).toEqual([
        "kids-tee",
      ]);
      expect(
        slugs((await get(`/products?search=${encodeURIComponent("'; drop table products; --")}`)).body),
      ).toEqual([]);
      expect(slugs((await get(`/products?search=${encodeURIComponent('"')}`)).body)).toEqual([]);
      for (const syntax of ['tote"', "tote*", "tote AND", "NEAR(tote", "tote & !x", "tote:*", "tote | x"])
        expect((await get(`/products?search=${encodeURIComponent(syntax)}`)).status).toBe(200);
      expect((await get("/products")).body.meta.total).toBe(4);
    });

    it("paginates with take, and past the last page answers an empty page", async () => {
      const first = await get("/products?take=3");
      expect(slugs(first.body)).toEqual(["kids-tee", "oxford-shirt", "evening-clutch"]);
      expect(first.body.meta).toEqual({
        from: 1,
        to: 3,
        total: 4,
        per_page: 3,
        current_page: 1,
        last_page: 2,
      });
      const second = await get("/products?take=3&page=2");
      expect(slugs(second.body)).toEqual(["leather-tote"]);
      expect(second.body.meta).toMatchObject({ from: 4, to: 4, current_page: 2, last_page: 2 });
      const beyond = await get("/products?take=3&page=9");
      expect(beyond.body.data).toEqual([]);
      expect(beyond.body.meta).toMatchObject({ from: 0, to: 0, total: 4, current_page: 9, last_page: 2 });
    });

    it.each([
      ["page=-1", "page", "The page must be at least 1."],
      ["page=0", "page", "The page must be at least 1."],
      ["page=1.5", "page", "The page must be a whole number."],
      ["take=abc", "take", "The take must be a number."],
      ["take=0", "take", "The take must be at least 1."],
      ["take=1000", "take", "The take may not be greater than 48."],
      ["sort=cheapest", "sort", "The selected sort is invalid."],
      ["type=sale", "type", "The selected type is invalid."],
      ["color=red", "color", "The color must be a number."],
      ["size=-3", "size", "The size must be a positive number."],
      [`search=${"x".repeat(101)}`, "search", "The search may not be longer than 100 characters."],
    ])("refuses %s with a 422 in the standard shape", async (query, field, message) => {
      const { status, body } = await get(`/products?${query}`);
      expect(status).toBe(422);
      expect(body).toEqual({ message, errors: { [field]: [message] } });
    });
  });

  describe("GET /api/product/:slug", () => {
    it("answers the detail with colours in order, category and sanitized description", async () => {
      const { products, colors, sizes } = catalogue;
      const toteBlack = await variantId(database.db, products.tote, colors.black.id, sizes.oneSize.id);
      const toteTan = await variantId(database.db, products.tote, colors.tan.id, sizes.oneSize.id);
      const { status, body } = await get("/product/leather-tote");
      expect(status).toBe(200);
      expect(body).toEqual({
        id: catalogue.products.tote,
        slug: "leather-tote",
        title: "Leather Tote",
        image: "/images/products/leather-tote/black-front-800.webp",
        back_image: null,
        gallery: ["/images/products/leather-tote/black-front-800.webp"],
        price: 12500,
        discount: 20,
        discount_price: 10000,
        new_arrival: true,
        rating: 0,
        reviews: 0,
        short_description: "<p>Roomy <strong>tote</strong></p>",
        colors: [
          {
            color_id: catalogue.colors.black.id,
            color_name: "Black",
            color_code: "#111111",
            default_variation_id: toteBlack,
          },
          {
            color_id: catalogue.colors.tan.id,
            color_name: "Tan",
            color_code: "#c19a6b",
            default_variation_id: toteTan,
          },
        ],
        default_color_id: catalogue.colors.black.id,
        default_variation_id: toteBlack,
        category: { name: "Handbags", slug: "handbags" },
        images: [
          {
            id: expect.any(Number),
            color_id: catalogue.colors.black.id,
            url: "/images/products/leather-tote/black-front-800.webp",
            alt: "Leather Tote in Black, front view",
            position: 0,
          },
        ],
        sale: null,
        final_sale: false,
        details: [],
        size_chart: null,
      });
    });

    it("answers 404 with a message for an unknown slug", async () => {
      expect(await get("/product/no-such-bag")).toEqual({
        status: 404,
        body: { message: "No Product Found" },
      });
    });
  });

  describe("GET /api/product-sizes/:productId/:colorId/sizes", () => {
    it("lists the colour's sizes in size order with the price paid, formatted", async () => {
      const { shirt } = catalogue.products;
      const { status, body } = await get(`/product-sizes/${shirt}/${catalogue.colors.navy.id}/sizes`);
      expect(status).toBe(200);
      expect(body).toEqual([
        {
          id: await variantId(database.db, shirt, catalogue.colors.navy.id, catalogue.sizes.small.id),
          size_name: "S",
          price: "2,699.10",
          regular_price: "2,999.00",
          stock: 10,
        },
        {
          id: await variantId(database.db, shirt, catalogue.colors.navy.id, catalogue.sizes.medium.id),
          size_name: "M",
          price: "2,879.10",
          regular_price: "3,199.00",
          stock: 2,
        },
      ]);
    });

    it("formats thousands with commas and reports zero stock", async () => {
      const { body } = await get(
        `/product-sizes/${catalogue.products.tote}/${catalogue.colors.tan.id}/sizes`,
      );
      expect(body).toEqual([
        expect.objectContaining({ size_name: "One Size", price: "10,400.00", stock: 0 }),
      ]);
    });

    it("answers 404 for an unknown product, a colour it does not come in, or a malformed id", async () => {
      expect((await get(`/product-sizes/99999/${catalogue.colors.black.id}/sizes`)).status).toBe(404);
      expect(
        (await get(`/product-sizes/${catalogue.products.clutch}/${catalogue.colors.navy.id}/sizes`)).body,
      ).toEqual({
        message: "This colour is not available for this product.",
      });
      expect((await get("/product-sizes/abc/1/sizes")).status).toBe(404);
    });
  });

  describe("lists", () => {
    it("answers categories, colours, sizes and tags in the spec's shapes", async () => {
      expect((await get("/categories")).body).toEqual([
        { id: catalogue.categories.bags.id, name: "Handbags", slug: "handbags", parent_id: null },
        { id: catalogue.categories.shirts.id, name: "Shirts", slug: "shirts", parent_id: null },
      ]);
      expect((await get("/colors")).body).toContainEqual({
        id: catalogue.colors.tan.id,
        title: "Tan",
        code: "#c19a6b",
      });
      expect((await get("/sizes")).body).toEqual([
        { id: catalogue.sizes.oneSize.id, size: "One Size" },
        { id: catalogue.sizes.small.id, size: "S" },
        { id: catalogue.sizes.medium.id, size: "M" },
      ]);
      expect((await get("/tags")).body).toEqual([
        { id: catalogue.tags.cotton.id, name: "Cotton" },
        { id: catalogue.tags.leather.id, name: "Leather" },
      ]);
    });

    it("answers sliders in the spec's shape", async () => {
      await database.db
        .insertInto("sliders")
        .values({
          url: "/shop",
          image: "/images/sliders/a.webp",
          image_mobile: "/images/sliders/a-m.webp",
          title: "A",
          position: 1,
        })
        .execute();
      const { body } = await get("/sliders");
      expect(body).toEqual([
        {
          id: expect.any(Number),
          url: "/shop",
          slideimage: "/images/sliders/a.webp",
          slide_mobile: "/images/sliders/a-m.webp",
        },
      ]);
    });

    it("lets the catalogue's answers be cached, its errors and nothing else", async () => {
      const cacheControl = async (path: string) => (await api.request(path)).headers.get("cache-control");
      expect(await cacheControl("/categories")).toBe("public, max-age=300");
      expect(await cacheControl("/colors")).toBe("public, max-age=300");
      // The same for everyone, asked again by browsers every time (decision 0056).
      expect(await cacheControl("/products")).toBe("public, max-age=0, s-maxage=30");
      expect(await cacheControl("/product/leather-tote")).toBe("public, max-age=0, s-maxage=30");
      expect(await cacheControl("/products?sort=nope")).toBe("private, no-store");
      expect(await cacheControl("/product/nope")).toBe("private, no-store");
      expect(await cacheControl("/cart")).toBe("private, no-store");
      expect(await cacheControl("/nope")).toBe("private, no-store");
    });

    it("answers an unknown API path with a JSON 404", async () => {
      expect(await get("/nope")).toEqual({ status: 404, body: { message: "Not found." } });
    });
  });
});

describe.skipIf(!available)(`listing totals on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let catalogue: Catalogue;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    api = apiHarness(database);
  });
  afterAll(() => database?.drop());

  const total = async (path: string) =>
    ((await (await api.request(path)).json()) as { meta: { total: number } }).meta.total;

  it("follow a product written after the totals were first counted", async () => {
    expect([
      await total("/products"),
      await total("/products?search=TOTE"),
      await total("/products?search=tote"),
    ]).toEqual([4, 1, 1]);
    await insertProduct(database.db, {
      slug: "travel-tote",
      title: "Travel Tote",
      categoryId: catalogue.categories.bags.id,
      shortDescription: "",
      images: [],
      discount: 0,
      newArrival: false,
      dailyDeal: false,
      tagIds: [],
      variants: [
        { colorId: catalogue.colors.black.id, sizeId: catalogue.sizes.oneSize.id, price: 500_000, stock: 1 },
      ],
    });
    expect([await total("/products"), await total("/products?search=Tote")]).toEqual([5, 2]);
  });
});
