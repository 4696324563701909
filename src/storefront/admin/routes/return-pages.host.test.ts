import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RETURN_MESSAGES } from "../../../shared/returns.ts";
import { type SignedIn, sessionCookie, signedInAs } from "../../../testing/admin-harness.ts";
import { buildCatalogue, variantId } from "../../../testing/factories.ts";
import { HOST_URL, type HostHarness, hostHarness } from "../../../testing/host-harness.ts";
import { storedOrder } from "../../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase } from "../../../testing/test-db.ts";

/**
 * The back office's returns pages through the real host, as a browser without JavaScript uses them: a customer's
 * request on a delivered order under the "New" tab, its page offering only the steps the API allows, a refused
 * step shown at its field with what was typed kept, and approving and marking in transit as plain form posts.
 */
describe("back-office return pages", { timeout: 30_000 }, () => {
  let database: TestDatabase;
  let host: HostHarness;
  let staff = "";
  let customer: SignedIn;
  let returnId = 0;
  let returnNumber = "";
  const orderNumber = "BT-261122-RT001";

  beforeAll(async () => {
    database = await createTestDatabase();
    const { products, colors, sizes } = await buildCatalogue(database.db);
    const variant = await variantId(database.db, products.clutch, colors.black.id, sizes.oneSize.id);
    host = await hostHarness(database);
    staff = sessionCookie(await signedInAs(host.api, database, "staff"));
    customer = await signedInAs(host.api, database, "customer", { first_name: "Zara", last_name: "Ahmed" });
    const delivered = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString();
    const orderId = await storedOrder(
      database.db,
      { number: orderNumber, user_id: customer.user.id, status: "delivered", first_name: "Zara" },
      {
        product_id: products.clutch,
        variant_id: variant,
        product_name: "Evening Clutch",
        product_slug: "evening-clutch",
        color_name: "Black",
      },
    );
    await database.db
      .insertInto("order_status_history")
      .values({
        order_id: orderId,
        from_status: "shipped",
        to_status: "delivered",
        actor_user_id: null,
        actor_email: "courier@example.pk",
        note: "",
        created_at: delivered,
      })
      .execute();
    const { id: line } = await database.db
      .selectFrom("order_items")
      .select("id")
      .where("order_id", "=", orderId)
      .executeTakeFirstOrThrow();
    const body = new FormData();
    body.set("items", JSON.stringify([{ order_item_id: line, quantity: 1 }]));
    body.set("reason", "damaged");
    body.set("reason_text", "The clasp came off.");
    body.set("resolution", "refund");
    const asked = await host.request(`/api/orders/${orderNumber}/returns`, {
      method: "POST",
      headers: { authorization: `Bearer ${customer.token}` },
      body,
    });
    expect(asked.status, await asked.clone().text()).toBe(201);
    ({ id: returnId, number: returnNumber } = (await asked.json()) as { id: number; number: string });
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  const markup = async (response: Response | Promise<Response>) =>
    (await (await response).text()).replaceAll("<!-- -->", "");
  const page = (path: string) => host.request(path, { headers: { cookie: staff } });
  const post = (form: Record<string, string>) =>
    host.request(`/admin/returns/${returnId}`, {
      method: "POST",
      headers: { cookie: staff, origin: HOST_URL, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
      redirect: "manual",
    });

  it("lists the request under New, linked to the return and its order, and in the menu", async () => {
    const response = await page("/admin/returns?status=new");
    expect(response.status).toBe(200);
    const html = await markup(response);
    expect(html).toMatch(/<a [^>]*aria-current="page"[^>]*>New \(1\)<\/a>/);
    expect(html).toContain(`href="/admin/returns/${returnId}"`);
    expect(html).toContain(`href="/admin/orders/${orderNumber}"`);
    expect(html).toContain("Zara Buyer");
    expect(html).toContain("Money back");
    expect(html).toContain("Damaged or faulty");
    expect(html).toContain('href="/admin/returns" data-discover="true">Returns</a>');
    expect(await markup(page("/admin/returns?status=closed"))).toContain("No return is closed.");
  });

  it("shows the request with only the steps allowed now", async () => {
    const html = await markup(page(`/admin/returns/${returnId}`));
    expect(html).toContain(`Return <span class="order-number">${returnNumber}</span>`);
    expect(html).toContain("The clasp came off.");
    expect(html).toContain("Approve return");
    expect(html).toContain("Reject return");
    expect(html).not.toContain("Mark in transit");
    expect(html).not.toContain("Record as received");
    expect(html).toContain('value="own"');
  });

  it("says what is wrong at the field and keeps what was typed", async () => {
    const rejected = await post({ intent: "reject", note: "" });
    expect(rejected.status).toBe(422);
    expect(await markup(rejected)).toContain(RETURN_MESSAGES.rejectNote);

    const own = await post({
      intent: "approve",
      method: "pickup",
      courier: "own",
      consignment_number: "",
      tracking_url: "https://track.example/R1",
      note: "We will collect it on Monday.",
    });
    expect(own.status).toBe(422);
    const html = await markup(own);
    expect(html).toContain("The return was not changed");
    expect(html).toContain(RETURN_MESSAGES.consignment);
    expect(html).toContain('value="https://track.example/R1"');
    expect(html).toContain("We will collect it on Monday.");
  });

  it("approves it (the customer sends it), then marks it on its way back", async () => {
    const approved = await post({ intent: "approve", method: "drop_off", note: "" });
    expect(approved.status).toBe(303);
    expect(approved.headers.get("location")).toBe(`/admin/returns/${returnId}?done=approve`);
    let html = await markup(page(`/admin/returns/${returnId}?done=approve`));
    expect(html).toContain("The return is approved.");
    expect(html).toContain("Sent by the customer");
    expect(html).toContain("Mark in transit");
    expect(html).not.toContain("Approve return");

    const moving = await post({ intent: "in_transit", consignment_number: "TCS-991", note: "" });
    expect(moving.status).toBe(303);
    html = await markup(page(`/admin/returns/${returnId}?done=in_transit`));
    expect(html).toContain("The return is marked as on its way back.");
    expect(html).toContain("TCS-991");
    expect(html).not.toContain("Mark in transit");
    expect(await markup(page("/admin/returns?status=in_transit"))).toContain(returnNumber);
  });

  it("reports the product's return rate", async () => {
    const html = await markup(page("/admin/returns/report?months=6"));
    expect(html).toContain("Returns report");
    expect(html).toContain("Evening Clutch");
    expect(html).toMatch(/<option value="6" selected="">Last 6 months<\/option>/);
  });
});
