import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminHarness,
  adminHarness,
  cookieClient,
  expectBackOfficeOnly,
  SAME_ORIGIN,
} from "../../../testing/admin-harness.ts";
import { apiHarness, registeredShopper } from "../../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue, orderFor, plainProduct } from "../../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";

const { engine, available } = testEngine();

describe.skipIf(!available)(`reviews moderation API on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;
  let catalogue: Catalogue;
  let people = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    admin = await adminHarness(database, apiHarness(database));
  });
  afterAll(() => database?.drop());

  /** A review of `slug` by a new shopper who received the product; answers its id. */
  async function reviewOf(productId: number, slug: string, rating: number, name = "Sana") {
    people += 1;
    const author = await registeredShopper(admin.api, {
      first_name: name,
      last_name: "Malik",
      email: `reviewer${people}@example.pk`,
    });
    const { body: user } = await author.get("/user");
    await orderFor(database.db, { userId: user.id, productIds: [productId], status: "delivered" });
    const { status, body } = await author.post(`/product/${slug}/reviews`, {
      rating,
      title: `Rated ${rating}`,
      body: "Worth the money, would buy again.",
    });
    expect(status).toBe(201);
    return body.id as number;
  }

  const auditOf = (id: number) =>
    database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_type", "=", "review")
      .where("entity_id", "=", String(id))
      .orderBy("id")
      .execute();

  it("is for the shop's staff and owner only", async () => {
    const id = await reviewOf(catalogue.products.tote, "leather-tote", 5);
    await expectBackOfficeOnly(admin, "GET", "/admin/reviews");
    await expectBackOfficeOnly(admin, "PATCH", `/admin/reviews/${id}`, { status: "approved" });
    const { body } = await admin.customer.get(`/product/leather-tote/reviews`);
    expect(body.summary.count).toBe(0);
    expect(await auditOf(id)).toEqual([]);
    expect((await admin.owner.get("/admin/reviews")).status).toBe(200);
  });

  it("lists the pending reviews oldest first, with the product, the reviewer and the counts", async () => {
    const productId = await plainProduct(database.db, catalogue, "queued");
    const first = await reviewOf(productId, "queued", 4, "Ayesha");
    const second = await reviewOf(productId, "queued", 2, "Bilal");
    const { status, body } = await admin.staff.get("/admin/reviews");
    expect(status).toBe(200);
    const ours = body.data.filter((review: { product: { id: number } }) => review.product.id === productId);
    expect(ours.map((review: { id: number }) => review.id)).toEqual([first, second]);
    expect(ours[0]).toMatchObject({
      rating: 4,
      title: "Rated 4",
      body: "Worth the money, would buy again.",
      status: "pending",
      edited: false,
      product: { id: productId, slug: "queued", title: "Product queued" },
      author: { name: "Ayesha M.", email: expect.stringMatching(/^reviewer\d+@example\.pk$/) },
    });
    expect(body.counts.pending).toBe(body.meta.total);
    expect(body.counts.pending).toBeGreaterThanOrEqual(2);
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 20 });
  });

  it("approves a review into the product's figures, and hides it out of them, each audit-logged", async () => {
    const productId = await plainProduct(database.db, catalogue, "moderated");
    const id = await reviewOf(productId, "moderated", 3);
    const approved = await admin.staff.call("PATCH", `/admin/reviews/${id}`, { status: "approved" });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id, status: "approved", product: { id: productId } });
    const shown = await admin.customer.get("/product/moderated/reviews");
    expect(shown.body.summary).toEqual({ average: 3, count: 1 });
    expect(shown.body.data.map((review: { id: number }) => review.id)).toEqual([id]);
    const approvedList = await admin.owner.get("/admin/reviews?status=approved");
    expect(approvedList.body.data.map((review: { id: number }) => review.id)).toContain(id);

    const hidden = await admin.owner.call("PATCH", `/admin/reviews/${id}`, { status: "hidden" });
    expect(hidden.body.status).toBe("hidden");
    expect((await admin.customer.get("/product/moderated/reviews")).body.summary).toEqual({
      average: 0,
      count: 0,
    });

    const entries = await auditOf(id);
    expect(entries.map((entry) => [entry.action, entry.actor_email])).toEqual([
      ["review.approve", admin.staff.user.email],
      ["review.hide", admin.owner.user.email],
    ]);
    expect(JSON.parse(entries[0]!.before!)).toEqual({
      status: "pending",
      rating: 3,
      title: "Rated 3",
      body: "Worth the money, would buy again.",
    });
    expect(JSON.parse(entries[0]!.after!).status).toBe("approved");
    expect(entries[1]!.actor_user_id).toBe(admin.owner.user.id);
  });

  it("records nothing when a review is given the status it has", async () => {
    const id = await reviewOf(catalogue.products.clutch, "evening-clutch", 5);
    await admin.staff.call("PATCH", `/admin/reviews/${id}`, { status: "hidden" });
    const again = await admin.staff.call("PATCH", `/admin/reviews/${id}`, { status: "hidden" });
    expect(again.status).toBe(200);
    expect((await auditOf(id)).map((entry) => entry.action)).toEqual(["review.hide"]);
  });

  it("works from the back office's pages with the session cookie, and refuses another site", async () => {
    const id = await reviewOf(catalogue.products.shirt, "oxford-shirt", 4);
    const foreign = cookieClient(admin.api, admin.staff, { origin: "https://evil.example" });
    expect((await foreign.call("PATCH", `/admin/reviews/${id}`, { status: "approved" })).status).toBe(403);
    const page = cookieClient(admin.api, admin.staff, SAME_ORIGIN);
    expect((await page.call("PATCH", `/admin/reviews/${id}`, { status: "approved" })).status).toBe(200);
  });

  it.each([
    ["an unknown status", "/admin/reviews?status=spam", "status", "The selected status is invalid."],
    ["page 0", "/admin/reviews?page=0", "page", "The page must be at least 1."],
  ])("refuses %s in the queue's query (422)", async (_case, path, field, message) => {
    const { status, body } = await admin.staff.get(path);
    expect(status).toBe(422);
    expect(body.errors[field]).toEqual([message]);
  });

  it.each([
    ["no decision", {}],
    ["back to pending", { status: "pending" }],
    ["an unknown decision", { status: "deleted" }],
  ])("refuses %s with a 422 and changes nothing", async (_case, json) => {
    const id = await reviewOf(catalogue.products.quoted, "kids-tee", 2);
    const { status, body } = await admin.staff.call("PATCH", `/admin/reviews/${id}`, json);
    expect(status).toBe(422);
    expect(body.errors.status).toEqual(["Choose whether to approve or hide the review."]);
    const row = await database.db
      .selectFrom("reviews")
      .select("status")
      .where("id", "=", id)
      .executeTakeFirst();
    expect(row?.status).toBe("pending");
  });

  it.each(["999999", "abc", "0", "2147483648"])("answers 404 for review %s", async (id) => {
    const { status, body } = await admin.staff.call("PATCH", `/admin/reviews/${id}`, { status: "approved" });
    expect(status).toBe(404);
    expect(body).toEqual({ message: "Review not found." });
  });
});
