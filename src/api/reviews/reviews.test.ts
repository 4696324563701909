import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { REVIEW_BODY_MAX, REVIEW_MESSAGES, REVIEW_TITLE_MAX } from "../../shared/review-limits.ts";
import { type SignedIn, staffShopper } from "../../testing/admin-harness.ts";
import { type ApiHarness, apiHarness, registeredShopper, type Shopper } from "../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue, orderFor, plainProduct } from "../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { createLimitStore } from "../../testing/test-limits.ts";

const { engine, available } = testEngine();

const GOOD = { rating: 4, title: "Lovely tote", body: "Soft leather and the strap is comfortable." };

describe.skipIf(!available)(`reviews API on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let catalogue: Catalogue;
  let staff: SignedIn;
  let people = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    api = apiHarness(database);
    staff = await staffShopper(api, database);
  });
  afterAll(() => database?.drop());

  /** The shop's staff approve or hide a review through the back office's API. */
  async function moderate(id: number, status: "approved" | "hidden") {
    const { status: answer, body } = await staff.call("PATCH", `/admin/reviews/${id}`, { status });
    expect(answer, JSON.stringify(body)).toBe(200);
    return body;
  }

  /** A newly registered shopper, with orders of `products` in `status` when given. */
  async function buyer(
    orders: { productIds: number[]; status: "pending" | "shipped" | "delivered" | "cancelled" }[] = [],
    name = { first_name: "Bilal", last_name: "ahmed" },
  ): Promise<Shopper & { userId: number }> {
    people += 1;
    const client = await registeredShopper(api, { ...name, email: `buyer${people}@example.pk` });
    const { body } = await client.get("/user");
    for (const order of orders) await orderFor(database.db, { userId: body.id, ...order });
    return Object.assign(client, { userId: body.id as number });
  }

  const delivered = (...productIds: number[]) => [{ productIds, status: "delivered" as const }];

  async function productFigures(productId: number) {
    return database.db
      .selectFrom("products")
      .select(["rating", "reviews"])
      .where("id", "=", productId)
      .executeTakeFirstOrThrow();
  }

  async function reviewCount() {
    const row = await database.db
      .selectFrom("reviews")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  describe("listing a product's reviews", () => {
    it("answers an empty page with a zero average for a product nobody reviewed", async () => {
      const { status, body } = await (await buyer()).get("/product/kids-tee/reviews");
      expect(status).toBe(200);
      expect(body).toEqual({
        data: [],
        meta: { from: 0, to: 0, total: 0, per_page: 5, current_page: 1, last_page: 1 },
        summary: { average: 0, count: 0 },
      });
    });

    it("answers 404 for an unknown product and 422 for a bad page", async () => {
      const shopper = await buyer();
      expect((await shopper.get("/product/no-such-bag/reviews")).body).toEqual({
        message: "No Product Found",
      });
      expect((await shopper.get("/product/no-such-bag/reviews")).status).toBe(404);
      const bad = await shopper.get("/product/kids-tee/reviews?page=0");
      expect(bad.status).toBe(422);
      expect(bad.body.errors.page).toEqual(["The page must be at least 1."]);
      const far = await shopper.get("/product/kids-tee/reviews?page=2147483647");
      expect(far.status).toBe(200);
      expect(far.body.data).toEqual([]);
    });
  });

  describe("who may review", () => {
    it("asks for a sign-in (401) before saying anything about a shopper's standing", async () => {
      const anonymous = api;
      expect((await anonymous.request("/product/leather-tote/reviews/mine")).status).toBe(401);
      const write = await anonymous.request("/product/leather-tote/reviews", { method: "POST", json: GOOD });
      expect(write.status).toBe(401);
      expect(await reviewCount()).toBe(0);
    });

    it("explains that only a shopper who received the product may review it", async () => {
      const stranger = await buyer(delivered(catalogue.products.clutch));
      const standing = await stranger.get("/product/leather-tote/reviews/mine");
      expect(standing.status).toBe(200);
      expect(standing.body).toEqual({
        eligible: false,
        reason: "not_purchased",
        message: REVIEW_MESSAGES.notPurchased,
        review: null,
      });
      const write = await stranger.post("/product/leather-tote/reviews", GOOD);
      expect(write.status).toBe(403);
      expect(write.body).toEqual({ message: REVIEW_MESSAGES.notPurchased });
      expect(await reviewCount()).toBe(0);
    });

    it("tells a shopper whose order is still on its way to wait for the delivery", async () => {
      const waiting = await buyer([
        { productIds: [catalogue.products.tote], status: "pending" },
        { productIds: [catalogue.products.tote], status: "shipped" },
      ]);
      const standing = await waiting.get("/product/leather-tote/reviews/mine");
      expect(standing.body).toMatchObject({ eligible: false, reason: "not_delivered" });
      expect(standing.body.message).toBe(REVIEW_MESSAGES.notDelivered);
      const write = await waiting.post("/product/leather-tote/reviews", GOOD);
      expect(write.status).toBe(403);
      expect(write.body.message).toBe(REVIEW_MESSAGES.notDelivered);
    });

    it("does not count a cancelled order, nor another shopper's delivered order", async () => {
      const cancelled = await buyer([{ productIds: [catalogue.products.tote], status: "cancelled" }]);
      expect((await cancelled.get("/product/leather-tote/reviews/mine")).body.reason).toBe("not_purchased");
      await buyer(delivered(catalogue.products.tote));
      expect((await cancelled.post("/product/leather-tote/reviews", GOOD)).status).toBe(403);
    });

    it("lets a shopper with a delivered order holding the product review it", async () => {
      const owner = await buyer([
        { productIds: [catalogue.products.tote], status: "shipped" },
        { productIds: [catalogue.products.clutch, catalogue.products.tote], status: "delivered" },
      ]);
      const standing = await owner.get("/product/leather-tote/reviews/mine");
      expect(standing.body).toEqual({ eligible: true, reason: null, message: null, review: null });
    });

    it("answers 404 for the standing on an unknown product", async () => {
      const shopper = await buyer();
      const { status, body } = await shopper.get("/product/no-such-bag/reviews/mine");
      expect(status).toBe(404);
      expect(body.message).toBe("No Product Found");
    });
  });

  describe("writing a review", () => {
    it("stores it as plain text, waiting for approval, outside the product's figures", async () => {
      const before = await productFigures(catalogue.products.shirt);
      const author = await buyer(delivered(catalogue.products.shirt));
      const body = '  Fits well.\r\n\r\n\r\n\r\n<script>alert("x")</script> & <b>bold</b>\u0007  ';
      const { status, body: review } = await author.post("/product/oxford-shirt/reviews", {
        rating: "5",
        title: "  Crisp\ncotton  ",
        body,
      });
      expect(status).toBe(201);
      expect(review).toMatchObject({
        rating: 5,
        title: "Crisp cotton",
        body: 'Fits well.\n\n<script>alert("x")</script> & <b>bold</b>',
        status: "pending",
      });
      expect(review.created_at).toBe(review.updated_at);
      const standing = await author.get("/product/oxford-shirt/reviews/mine");
      expect(standing.body.review).toEqual(review);
      expect((await author.get("/product/oxford-shirt/reviews")).body.data).toEqual([]);
      expect(await productFigures(catalogue.products.shirt)).toEqual(before);
    });

    it("keeps a missing or blank title as none", async () => {
      const author = await buyer(delivered(catalogue.products.quoted));
      const { status, body } = await author.post("/product/kids-tee/reviews", {
        rating: 3,
        body: "Soft but runs small.",
      });
      expect(status).toBe(201);
      expect(body.title).toBeNull();
    });

    it("refuses a second review of the same product: edit instead (409)", async () => {
      const author = await buyer(delivered(catalogue.products.clutch));
      expect((await author.post("/product/evening-clutch/reviews", GOOD)).status).toBe(201);
      const again = await author.post("/product/evening-clutch/reviews", { ...GOOD, rating: 1 });
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ message: REVIEW_MESSAGES.duplicate });
      const mine = await author.get("/product/evening-clutch/reviews/mine");
      expect(mine.body.review.rating).toBe(4);
    });

    it("stores one review when the same shopper sends two at once", async () => {
      const author = await buyer(delivered(catalogue.products.tote));
      const answers = await Promise.all([
        author.post("/product/leather-tote/reviews", GOOD),
        author.post("/product/leather-tote/reviews", { ...GOOD, rating: 2 }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
      const rows = await database.db
        .selectFrom("reviews")
        .select("id")
        .where("user_id", "=", author.userId)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it.each([
      ["no rating", { body: GOOD.body }, "rating", "Please choose a rating from 1 to 5 stars."],
      ["a blank rating", { ...GOOD, rating: "" }, "rating", "Please choose a rating from 1 to 5 stars."],
      ["rating 0", { ...GOOD, rating: 0 }, "rating", "The rating must be a whole number from 1 to 5."],
      ["rating 6", { ...GOOD, rating: 6 }, "rating", "The rating must be a whole number from 1 to 5."],
      ["rating 4.5", { ...GOOD, rating: 4.5 }, "rating", "The rating must be a whole number from 1 to 5."],
      [
        'rating "five"',
        { ...GOOD, rating: "five" },
        "rating",
        "The rating must be a whole number from 1 to 5.",
      ],
      ["no text", { rating: 4 }, "body", "Please write your review (at least 10 characters)."],
      [
        "too little text",
        { ...GOOD, body: "   Nice.   " },
        "body",
        "Please write your review (at least 10 characters).",
      ],
      ["a number as text", { ...GOOD, body: 42 }, "body", "The review must be text."],
      [
        "too much text",
        { ...GOOD, body: "x".repeat(REVIEW_BODY_MAX + 1) },
        "body",
        `The review may not be greater than ${REVIEW_BODY_MAX} characters.`,
      ],
      [
        "a NUL byte",
        { ...GOOD, body: "Good\u0000 leather bag" },
        "body",
        "The review contains a character that is not allowed.",
      ],
      [
        "a long title",
        { ...GOOD, title: "t".repeat(REVIEW_TITLE_MAX + 1) },
        "title",
        `The title may not be greater than ${REVIEW_TITLE_MAX} characters.`,
      ],
      ["a list as title", { ...GOOD, title: ["a"] }, "title", "The title must be text."],
    ])("refuses %s with a 422 and stores nothing", async (_case, input, field, message) => {
      const author = await buyer(delivered(catalogue.products.tote));
      const stored = await reviewCount();
      const { status, body } = await author.post("/product/leather-tote/reviews", input);
      expect(status).toBe(422);
      expect(body.errors[field]).toEqual([message]);
      expect(await reviewCount()).toBe(stored);
    });

    it("takes the body as a JSON object only", async () => {
      const author = await buyer(delivered(catalogue.products.tote));
      const response = await api.request("/product/leather-tote/reviews", {
        method: "POST",
        headers: { authorization: `Bearer ${author.token}`, "content-type": "application/json" },
        body: "[1,2]",
      });
      expect(response.status).toBe(400);
    });

    it("answers 404 for a review of an unknown product", async () => {
      const author = await buyer(delivered(catalogue.products.tote));
      const { status, body } = await author.post("/product/no-such-bag/reviews", GOOD);
      expect(status).toBe(404);
      expect(body.message).toBe("No Product Found");
    });

    it("limits how often one shopper writes (429)", async () => {
      const store = createLimitStore("memory");
      onTestFinished(() => store.cleanup());
      const limited = apiHarness(database, { limits: await store.limits({ authAttemptsPer15Min: 2 }) });
      const author = await buyer(delivered(catalogue.products.quoted, catalogue.products.clutch));
      const send = (path: string) =>
        limited.request(path, {
          method: "POST",
          headers: { authorization: `Bearer ${author.token}` },
          json: GOOD,
        });
      expect((await send("/product/kids-tee/reviews")).status).toBe(201);
      expect((await send("/product/evening-clutch/reviews")).status).toBe(201);
      const third = await send("/product/leather-tote/reviews");
      expect(third.status).toBe(429);
      expect((await third.json()).message).toMatch(
        /^Too many attempts\. Please try again in \d+ minutes?\.$/,
      );
    });
  });

  describe("approved reviews", () => {
    /** A fresh product of its own, so the figures below are this test's alone. */
    const freshProduct = (slug: string) => plainProduct(database.db, catalogue, slug);

    async function reviewed(productId: number, slug: string, rating: number, name?: string) {
      const author = await buyer(
        delivered(productId),
        name ? { first_name: name, last_name: "Khan" } : undefined,
      );
      const { status, body } = await author.post(`/product/${slug}/reviews`, { ...GOOD, rating });
      expect(status).toBe(201);
      return { author, id: body.id as number };
    }

    it("shows an approved review with its author's first name and initial, and counts it", async () => {
      const productId = await freshProduct("approved-once");
      const { author, id } = await reviewed(productId, "approved-once", 4);
      const approved = await moderate(id, "approved");
      expect(approved).toMatchObject({ id, status: "approved" });
      expect(await productFigures(productId)).toEqual({ rating: 4, reviews: 1 });

      const list = await author.get("/product/approved-once/reviews");
      expect(list.body.summary).toEqual({ average: 4, count: 1 });
      expect(list.body.meta).toMatchObject({ total: 1, from: 1, to: 1, last_page: 1 });
      expect(list.body.data).toEqual([
        {
          id,
          rating: 4,
          title: GOOD.title,
          body: GOOD.body,
          author: "Bilal A.",
          created_at: expect.any(String),
          edited: false,
        },
      ]);
      const detail = await author.get("/product/approved-once");
      expect(detail.body).toMatchObject({ rating: 4, reviews: 1 });
      const cards = await author.get("/products?search=approved-once");
      const card = cards.body.data.find((item: { slug: string }) => item.slug === "approved-once");
      expect(card).toMatchObject({ rating: 4, reviews: 1 });
      expect((await author.get("/product/approved-once/reviews/mine")).body.review.status).toBe("approved");
    });

    it("averages the approved ratings to one decimal and leaves hidden and pending ones out", async () => {
      const productId = await freshProduct("averaged");
      const five = await reviewed(productId, "averaged", 5);
      const four = await reviewed(productId, "averaged", 4);
      const alsoFour = await reviewed(productId, "averaged", 4);
      const hidden = await reviewed(productId, "averaged", 1);
      await reviewed(productId, "averaged", 1);
      for (const { id } of [five, four, alsoFour]) await moderate(id, "approved");
      await moderate(hidden.id, "hidden");
      expect(await productFigures(productId)).toEqual({ rating: 4.3, reviews: 3 });

      await moderate(five.id, "hidden");
      expect(await productFigures(productId)).toEqual({ rating: 4, reviews: 2 });
      const list = await five.author.get("/product/averaged/reviews");
      expect(list.body.summary).toEqual({ average: 4, count: 2 });
      expect(list.body.data.map((review: { id: number }) => review.id)).toEqual([alsoFour.id, four.id]);
    });

    it("pages approved reviews newest first, five to a page", async () => {
      const productId = await freshProduct("paged");
      const ids: number[] = [];
      for (let index = 0; index < 7; index++) {
        const { id } = await reviewed(productId, "paged", 1 + (index % 5), `Reviewer${index}`);
        await moderate(id, "approved");
        ids.push(id);
      }
      const shopper = await buyer();
      const first = await shopper.get("/product/paged/reviews");
      expect(first.body.meta).toEqual({
        from: 1,
        to: 5,
        total: 7,
        per_page: 5,
        current_page: 1,
        last_page: 2,
      });
      expect(first.body.data.map((review: { id: number }) => review.id)).toEqual(ids.slice(2).reverse());
      expect(first.body.data[0].author).toBe("Reviewer6 K.");
      const second = await shopper.get("/product/paged/reviews?page=2");
      expect(second.body.data.map((review: { id: number }) => review.id)).toEqual(ids.slice(0, 2).reverse());
      // 1 + 2 + 3 + 4 + 5 + 1 + 2 = 18 over 7 reviews.
      expect(second.body.summary).toEqual({ average: 2.6, count: 7 });
      expect((await shopper.get("/product/paged/reviews?page=3")).body.data).toEqual([]);
    });

    it("counts every approval when many land at once", async () => {
      const productId = await freshProduct("approved-together");
      const written = [];
      for (let index = 0; index < 6; index++) written.push(await reviewed(productId, "approved-together", 5));
      await Promise.all(written.map(({ id }) => moderate(id, "approved")));
      expect(await productFigures(productId)).toEqual({ rating: 5, reviews: 6 });
    });
  });

  describe("editing a review", () => {
    it("answers 404 to a shopper who has not reviewed the product", async () => {
      const shopper = await buyer(delivered(catalogue.products.tote));
      const { status, body } = await shopper.call("PUT", "/product/leather-tote/reviews/mine", GOOD);
      expect(status).toBe(404);
      expect(body).toEqual({ message: REVIEW_MESSAGES.noReview });
    });

    it("sends a changed review back for approval and out of the figures until then", async () => {
      const author = await buyer(delivered(catalogue.products.quoted));
      const written = await author.post("/product/kids-tee/reviews", { ...GOOD, rating: 5 });
      await moderate(written.body.id, "approved");
      const approved = await productFigures(catalogue.products.quoted);
      expect(approved.reviews).toBeGreaterThanOrEqual(1);

      const edit = await author.call("PUT", "/product/kids-tee/reviews/mine", {
        rating: 2,
        title: "",
        body: "Shrank after the first wash.",
      });
      expect(edit.status).toBe(200);
      expect(edit.body).toMatchObject({
        id: written.body.id,
        rating: 2,
        title: null,
        body: "Shrank after the first wash.",
        status: "pending",
        created_at: written.body.created_at,
      });
      expect(edit.body.updated_at > written.body.updated_at).toBe(true);
      expect((await productFigures(catalogue.products.quoted)).reviews).toBe(approved.reviews - 1);
      const list = await author.get("/product/kids-tee/reviews");
      expect(list.body.data.map((review: { id: number }) => review.id)).not.toContain(written.body.id);

      await moderate(written.body.id, "approved");
      const shown = (await author.get("/product/kids-tee/reviews")).body.data.find(
        (review: { id: number }) => review.id === written.body.id,
      );
      expect(shown).toMatchObject({ rating: 2, edited: true, title: null });
    });

    it("changes nothing when the same words come again", async () => {
      const author = await buyer(delivered(catalogue.products.clutch));
      const written = await author.post("/product/evening-clutch/reviews", GOOD);
      await moderate(written.body.id, "approved");
      const figures = await productFigures(catalogue.products.clutch);
      const again = await author.call("PUT", "/product/evening-clutch/reviews/mine", {
        ...GOOD,
        title: `  ${GOOD.title} `,
      });
      expect(again.status).toBe(200);
      expect(again.body.status).toBe("approved");
      expect(again.body.updated_at).toBe(written.body.updated_at);
      expect(await productFigures(catalogue.products.clutch)).toEqual(figures);
    });

    it("validates an edit as it validates a review, changing nothing when refused", async () => {
      const author = await buyer(delivered(catalogue.products.shirt));
      const written = await author.post("/product/oxford-shirt/reviews", GOOD);
      const refused = await author.call("PUT", "/product/oxford-shirt/reviews/mine", { ...GOOD, rating: 9 });
      expect(refused.status).toBe(422);
      const mine = await author.get("/product/oxford-shirt/reviews/mine");
      expect(mine.body.review).toEqual(written.body);
    });
  });
});
