import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiHarness, registeredShopper } from "../testing/api-harness.ts";
import { buildCatalogue, orderFor } from "../testing/factories.ts";
import { HOST_URL, type HostHarness, hostHarness } from "../testing/host-harness.ts";
import { createTestDatabase, type TestDatabase } from "../testing/test-db.ts";

/**
 * Reviews through the real host, as a browser without JavaScript meets them: a verified buyer posts the
 * product page's review form, staff approve it with the queue's form, and the product page then shows it with
 * the average (in the page and in its JSON-LD).
 */
describe("reviews pages without JavaScript", () => {
  let database: TestDatabase;
  let host: HostHarness;
  let staffCookie: string;
  let buyerCookie: string;

  /** Signs in through the login page and keeps the session cookie it sets. */
  async function logIn(email: string): Promise<string> {
    const response = await host.request("/user-login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: HOST_URL },
      body: new URLSearchParams({ email, password: "correct horse" }).toString(),
    });
    expect(response.status).toBe(302);
    return response.headers.getSetCookie()[0]!.split(";")[0]!;
  }

  /** A page's HTML without the comments React puts between neighbouring pieces of text. */
  const htmlOf = async (response: Response) => (await response.text()).replaceAll("<!-- -->", "");

  const post = (path: string, cookie: string, fields: Record<string, string>) =>
    host.request(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: HOST_URL, cookie },
      body: new URLSearchParams(fields).toString(),
    });

  beforeAll(async () => {
    database = await createTestDatabase();
    const { products } = await buildCatalogue(database.db);
    const api = apiHarness(database);
    const buyer = await registeredShopper(api, {
      first_name: "Ayesha",
      last_name: "Khan",
      email: "buyer@example.test",
    });
    const { body } = await buyer.get("/user");
    await orderFor(database.db, { userId: body.id, productIds: [products.tote], status: "delivered" });
    await registeredShopper(api, { first_name: "Hina", last_name: "Baig", email: "staff@example.test" });
    await database.db
      .updateTable("users")
      .set({ role: "staff" })
      .where("email", "=", "staff@example.test")
      .execute();
    host = await hostHarness(database);
    buyerCookie = await logIn("buyer@example.test");
    staffCookie = await logIn("staff@example.test");
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  it("takes a verified buyer's review, shows the queue to staff, and the approved review on the product", async () => {
    const written = await post("/product/leather-tote?tab=reviews", buyerCookie, {
      intent: "review",
      mode: "create",
      rating: "4",
      title: "Roomy",
      body: "Fits a laptop.\n<b>Strap</b> is comfy.",
    });
    expect(written.status).toBe(200);
    const writtenHtml = await htmlOf(written);
    expect(writtenHtml).toContain("Thank you! Your review has been sent");
    expect(writtenHtml).toContain("Your review is waiting for the shop&#x27;s approval.");

    const queue = await host.request("/admin/reviews", { headers: { cookie: staffCookie } });
    expect(queue.status).toBe(200);
    const queueHtml = await htmlOf(queue);
    expect(queueHtml).toContain("Pending (1)");
    expect(queueHtml).toContain("&lt;b&gt;Strap&lt;/b&gt; is comfy.");
    expect(queueHtml).not.toContain("<b>Strap</b>");
    const id = /name="id" value="(\d+)"/.exec(queueHtml)?.[1];
    expect(id).toBeDefined();

    const approved = await post("/admin/reviews?status=pending", staffCookie, {
      id: id!,
      status: "approved",
    });
    expect(approved.status).toBe(200);
    const approvedHtml = await htmlOf(approved);
    expect(approvedHtml).toContain("Approved the review by Ayesha K. of Leather Tote.");
    expect(approvedHtml).toContain("Pending (0)");
    const audit = await database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_type", "=", "review")
      .execute();
    expect(audit.map((entry) => [entry.action, entry.actor_email])).toEqual([
      ["review.approve", "staff@example.test"],
    ]);

    const product = await host.request("/product/leather-tote?tab=reviews");
    const html = await htmlOf(product);
    expect(html).toContain('aria-label="4 out of 5, 1 review"');
    expect(html).toContain("Reviews (1)");
    expect(html).toContain("Fits a laptop.\n&lt;b&gt;Strap&lt;/b&gt; is comfy.");
    expect(html).toMatch(/"aggregateRating":\{"@type":"AggregateRating","ratingValue":4,"reviewCount":1/);
  });

  it("keeps a customer out of the queue", async () => {
    const response = await host.request("/admin/reviews", { headers: { cookie: buyerCookie } });
    expect(response.status).toBe(403);
    const refused = await post("/admin/reviews", buyerCookie, { id: "1", status: "hidden" });
    expect(refused.status).toBe(403);
  });
});
