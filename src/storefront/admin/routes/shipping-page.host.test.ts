import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookie, signedInAs } from "../../../testing/admin-harness.ts";
import { HOST_URL, type HostHarness, hostHarness } from "../../../testing/host-harness.ts";
import { storedOrder } from "../../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase } from "../../../testing/test-db.ts";

/**
 * The back office's booking screen through the real host, as a browser without JavaScript uses it: the orders
 * being processed with a box each, the couriers (the simulators here), one form post booking the ticked orders,
 * and each order's answer on the page that comes back, with the airway bills' PDF behind the session cookie.
 */
describe("the Ship orders page", { timeout: 30_000 }, () => {
  let database: TestDatabase;
  let host: HostHarness;
  const cookies: Record<"customer" | "staff", string> = { customer: "", staff: "" };
  let sequence = 0;

  /** An order being processed (unless told), to Lahore unless told; answers its number. */
  async function order(values: { status?: string; city?: string; first_name?: string } = {}) {
    sequence += 1;
    const number = `BT-261128-SH${String(sequence).padStart(3, "0")}`;
    await storedOrder(
      database.db,
      { number, status: "processing", city: "Lahore", ...values },
      { product_name: "Canvas Tote", quantity: 1, unit_price: 250_000 },
    );
    return number;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    host = await hostHarness(database, {}, { courierSimulators: true });
    cookies.customer = sessionCookie(await signedInAs(host.api, database, "customer"));
    cookies.staff = sessionCookie(await signedInAs(host.api, database, "staff"));
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  const page = (path: string, role?: keyof typeof cookies) =>
    host.request(path, role ? { headers: { cookie: cookies[role] } } : {});

  const markup = async (response: Response | Promise<Response>) =>
    (await (await response).text()).replaceAll("<!-- -->", "");

  /** The box that ticks this order: its tag, or undefined when the page has none. */
  const box = (html: string, number: string) =>
    html.match(new RegExp(`<input type="checkbox"[^>]*name="orders"[^>]*value="${number}"[^>]*>`))?.[0];

  const post = (form: [string, string][]) =>
    host.request("/admin/shipping", {
      method: "POST",
      headers: {
        cookie: cookies.staff,
        origin: HOST_URL,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(form).toString(),
      redirect: "manual",
    });

  it("keeps guests and customers out", async () => {
    const guest = await page("/admin/shipping");
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toBe(
      `/user-login?redirect=${encodeURIComponent("/admin/shipping")}`,
    );
    expect((await page("/admin/shipping", "customer")).status).toBe(403);
  });

  it("lists the orders being processed with a box each, and the couriers, simulators said so", async () => {
    const ready = await order({ first_name: "Sana" });
    const pending = await order({ status: "pending" });
    const response = await page("/admin/shipping", "staff");
    expect(response.status).toBe(200);
    const html = await markup(response);
    expect(html).toContain('<h1 class="admin-page__title">Ship orders</h1>');
    expect(box(html, ready)).toContain(`aria-label="Select order ${ready}"`);
    expect(box(html, ready)).not.toContain("checked");
    expect(html).toContain("Sana Buyer");
    expect(html).not.toContain(pending);
    expect(html).toContain(">Leopards Courier (simulator)</option>");
    expect(html).toContain(">PostEx (simulator)</option>");
    expect(html).toContain(">Own delivery or another courier</option>");
    expect(html).toContain("Own delivery books one order at a time, with its own consignment number.");
    expect(html).toContain('href="/admin/shipping"');

    // From an order's page: that order alone, ticked.
    const one = await markup(page(`/admin/shipping?orders=${ready}`, "staff"));
    expect(box(one, ready)).toContain('checked=""');
    expect(one.match(/name="orders"/g)).toHaveLength(1);
  });

  it("books a ticked order with own delivery, shows its consignment and the airway bills' PDF link", async () => {
    const number = await order();
    const response = await post([
      ["courier", "own"],
      ["orders", number],
      ["consignment_number", "RIDER-77"],
      ["tracking_url", "https://track.example.pk/RIDER-77"],
    ]);
    expect(response.status).toBe(200);
    const html = await markup(response);
    expect(html).toContain("1 order booked");
    expect(html).toContain('<strong data-testid="consignment-number">RIDER-77</strong>');
    expect(html).toContain('href="https://track.example.pk/RIDER-77"');
    const pdf = `/api/admin/shipments/labels.pdf?orders=${number}`;
    expect(html).toContain(`href="${pdf}" target="_blank"`);
    expect(html).toContain(">Print airway bills (PDF)</a>");

    // The link opens with the session cookie, as a browser's new tab sends it.
    const bills = await host.request(pdf, {
      headers: { cookie: cookies.staff, "sec-fetch-site": "same-origin" },
    });
    expect(bills.status).toBe(200);
    expect(bills.headers.get("content-type")).toContain("application/pdf");
    expect(new TextDecoder().decode((await bills.arrayBuffer()).slice(0, 5))).toBe("%PDF-");

    // The order's page has its Shipment card; the list shows it booked.
    const orderPage = await markup(page(`/admin/orders/${number}`, "staff"));
    expect(orderPage).toContain('id="order-shipment-title">Shipment</h2>');
    expect(orderPage).toContain('<dd class="order-number" data-testid="shipment-consignment">RIDER-77</dd>');
    expect(orderPage).not.toContain(">Book with a courier</a>");
    const list = await markup(page("/admin/shipping", "staff"));
    expect(list).toContain("Own delivery or another courier · RIDER-77");
  });

  it("books a batch with a courier: the one it refuses says why in the courier's words", async () => {
    const [lahore, gotham] = [await order(), await order({ city: "Gotham" })];
    const response = await post([
      ["courier", "leopards"],
      ["orders", lahore],
      ["orders", gotham],
      // Typed for own delivery, then another courier chosen: not sent.
      ["consignment_number", "IGNORED-1"],
      ["tracking_url", ""],
    ]);
    expect(response.status).toBe(200);
    const html = await markup(response);
    expect(html).toContain("1 order booked, 1 order not booked");
    expect(html).toContain(
      `Not booked:</span> Leopards: no city named &quot;Gotham&quot; in its list of cities.`,
    );
    expect(html).toContain(`href="/api/admin/shipments/labels.pdf?orders=${lahore}"`);
  });

  it("says so when nothing is ticked, or own delivery has more than one order", async () => {
    const none = await post([["courier", "leopards"]]);
    expect(none.status).toBe(422);
    expect(await markup(none)).toContain("Tick at least one order to book.");

    const [first, second] = [await order(), await order()];
    const two = await post([
      ["courier", "own"],
      ["orders", first],
      ["orders", second],
      ["consignment_number", "RIDER-9"],
    ]);
    expect(two.status).toBe(422);
    const html = await markup(two);
    expect(html).toContain("Own delivery books one order at a time, with its own consignment number.");
    // What was ticked and typed stays.
    expect(box(html, first)).toContain('checked=""');
    expect(box(html, second)).toContain('checked=""');
    expect(html).toContain('value="RIDER-9"');
  });

  it("offers the booking from an order being processed that is not booked yet", async () => {
    const number = await order();
    const html = await markup(page(`/admin/orders/${number}`, "staff"));
    expect(html).toContain("Not booked with a courier yet.");
    expect(html).toContain(`href="/admin/shipping?orders=${number}"`);
  });
});
