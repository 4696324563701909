import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookiePolicy, SESSION_COOKIE, setCookieHeader } from "../../../shared/cookies.server.ts";
import { HARNESS_CONFIG } from "../../../testing/api-harness.ts";
import { buildCatalogue, variantId } from "../../../testing/factories.ts";
import { HOST_URL, type HostHarness, hostHarness } from "../../../testing/host-harness.ts";
import { storedOrder, storedReplacement } from "../../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase } from "../../../testing/test-db.ts";

/**
 * The back office's order screens through the real host, as a browser without JavaScript uses them: the list
 * with its GET filters, one order with only the changes its status allows, each change a plain form post (and
 * cancelling asked first), and the packing slip on a page of its own.
 */
describe("back-office order pages", { timeout: 30_000 }, () => {
  let database: TestDatabase;
  let host: HostHarness;
  let variant: number;
  const cookies: Record<"customer" | "staff", string> = { customer: "", staff: "" };
  let sequence = 0;

  /** An account made through the API, signed in with the session cookie the storefront would set. */
  async function signedIn(role: "customer" | "staff"): Promise<string> {
    const email = `${role}-orders@example.test`;
    const registered = await host.request("/api/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        first_name: "Zara",
        last_name: "Ahmed",
        email,
        password: "correct horse",
        password_confirmation: "correct horse",
      }),
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    if (role === "staff") {
      await database.db.updateTable("users").set({ role }).where("email", "=", email).execute();
    }
    return setCookieHeader(SESSION_COOKIE, token, cookiePolicy(HARNESS_CONFIG)).split(";")[0]!;
  }

  /** An order of two pieces of `variant`, written straight to the database. */
  async function order(values: { status?: string; first_name?: string } = {}): Promise<string> {
    sequence += 1;
    const number = `BT-261122-PG${String(sequence).padStart(3, "0")}`;
    await storedOrder(
      database.db,
      {
        number,
        email: "guest.buyer@example.pk",
        first_name: "Guest",
        ...values,
        city: "Faisalabad",
        address: "5 Canal Road",
        notes: "Leave with the guard <please>",
        created_at: new Date(Date.UTC(2026, 10, 22, 6, sequence)).toISOString(),
      },
      {
        variant_id: variant,
        product_name: "Evening Clutch 100% Silk",
        product_slug: "evening-clutch",
        color_name: "Black",
        unit_price: 450_000,
        quantity: 2,
      },
    );
    return number;
  }

  const stock = async () =>
    (
      await database.db
        .selectFrom("variants")
        .select("stock")
        .where("id", "=", variant)
        .executeTakeFirstOrThrow()
    ).stock;

  beforeAll(async () => {
    database = await createTestDatabase();
    const { products, colors, sizes } = await buildCatalogue(database.db);
    variant = await variantId(database.db, products.clutch, colors.black.id, sizes.oneSize.id);
    host = await hostHarness(database);
    cookies.customer = await signedIn("customer");
    cookies.staff = await signedIn("staff");
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  const page = (path: string, role?: keyof typeof cookies) =>
    host.request(path, role ? { headers: { cookie: cookies[role] } } : {});

  /** A page's HTML without the markers React puts between adjacent pieces of text. */
  const markup = async (response: Response | Promise<Response>) =>
    (await (await response).text()).replaceAll("<!-- -->", "");

  const post = (path: string, form: Record<string, string>) =>
    host.request(path, {
      method: "POST",
      headers: {
        cookie: cookies.staff,
        origin: HOST_URL,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(form).toString(),
      redirect: "manual",
    });

  it("keeps guests and customers out of every order screen, the packing slip included", async () => {
    const number = await order();
    for (const path of ["/admin/orders", `/admin/orders/${number}`, `/admin/orders/${number}/print`]) {
      const guest = await page(path);
      expect(guest.status, path).toBe(302);
      expect(guest.headers.get("location")).toBe(`/user-login?redirect=${encodeURIComponent(path)}`);
      const customer = await page(path, "customer");
      expect(customer.status, path).toBe(403);
      expect(await markup(customer)).not.toContain("5 Canal Road");
      expect(customer.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("lists orders in a table with the filters as a GET form that keeps what was asked", async () => {
    const number = await order({ first_name: "Mehwish" });
    const response = await page("/admin/orders?q=guest.buyer&status=pending", "staff");
    expect(response.status).toBe(200);
    const html = await markup(response);
    expect(html).toMatch(/<form [^>]*role="search" aria-label="Filter orders"[^>]*method="get"/);
    expect(html).toContain('value="guest.buyer"');
    expect(html).toMatch(/<option value="pending" selected="">Pending<\/option>/);
    expect(html).toContain(`href="/admin/orders/${number}"`);
    expect(html).toContain("Mehwish Buyer");
    expect(html).toContain("Rs. 9,200.00");
    expect(html).toMatch(/<caption>\d+ orders? matching “guest.buyer”<\/caption>/);
    expect(html).toContain('class="status-badge status-badge--pending"');
    expect(html).toContain('href="/admin/orders"');
    // The export takes the same filters, and downloads every order they keep with the page's session.
    expect(html).toContain('href="/api/admin/orders.csv?q=guest.buyer&amp;status=pending" download=""');
    const download = await page("/api/admin/orders.csv?q=guest.buyer&status=pending", "staff");
    expect(download.status).toBe(200);
    expect(await download.text()).toContain(number);
  });

  it("shows a filter the API refuses at its field, above no list", async () => {
    const response = await page("/admin/orders?from=2026-11-30&to=2026-11-01", "staff");
    expect(response.status).toBe(422);
    const html = await markup(response);
    expect(html).toContain('id="orders-to-error"');
    expect(html).toContain("The to date must be on or after the from date.");
    expect(html).not.toContain('data-testid="admin-order-row"');
  });

  it("shows one order with only the changes its status allows", async () => {
    const number = await order();
    const html = await markup(page(`/admin/orders/${number}`, "staff"));
    expect(html).toContain("Evening Clutch 100% Silk");
    expect(html).toContain("Leave with the guard &lt;please&gt;");
    expect(html).toContain("Guest checkout");
    expect(html).toContain("Placed by the customer");
    expect(html).toContain(">Mark as processing</button>");
    expect(html).not.toContain("Mark as shipped");
    expect(html).toContain(`href="/admin/orders/${number}?confirm=cancel"`);
    expect(html).toContain(`href="/admin/orders/${number}/print"`);

    const delivered = await order({ status: "delivered" });
    const done = await markup(page(`/admin/orders/${delivered}`, "staff"));
    expect(done).toContain("This order is delivered; its status can no longer change.");
    expect(done).not.toMatch(/Mark as|Cancel order/);
  });

  it("says which return a replacement order was sent for, linking to it", async () => {
    const original = await order({ status: "delivered" });
    const replacement = await order();
    const { id: returnId } = await storedReplacement(database.db, original, replacement);
    const html = await markup(page(`/admin/orders/${replacement}`, "staff"));
    expect(html).toMatch(
      new RegExp(
        `Replacement for return <a href="/admin/returns/${returnId}"[^>]*><span class="order-number">${original}-R1</span></a>`,
      ),
    );
    expect(await markup(page(`/admin/orders/${original}`, "staff"))).not.toContain("Replacement for return");
  });

  it("moves an order on with a plain form post, then shows the change, who made it and the note", async () => {
    const number = await order();
    const response = await post(`/admin/orders/${number}`, {
      status: "processing",
      note: "Packed <fragile>",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`/admin/orders/${number}?changed=processing`);
    const html = await markup(page(response.headers.get("location")!, "staff"));
    expect(html).toContain("The order is now being processed.");
    expect(html).toContain("The customer has been emailed.");
    expect(html).toContain("Packed &lt;fragile&gt;");
    expect(html).toContain("staff-orders@example.test");
    expect(html).toContain(">Mark as shipped</button>");
    // The audit log's entry for the change, under the order.
    expect(html).toContain("Audit log");
    expect(html).toContain("Changed the order&#x27;s status");
  });

  it("asks before cancelling, then gives the stock back", async () => {
    const number = await order();
    const confirm = await markup(page(`/admin/orders/${number}?confirm=cancel`, "staff"));
    expect(confirm).toContain(`Cancel order ${number}?`);
    expect(confirm).toContain("The 2 items go back into stock and the customer is emailed");
    expect(confirm).toContain(">Yes, cancel order</button>");
    expect(confirm).toContain(">Keep the order</a>");

    const before = await stock();
    const response = await post(`/admin/orders/${number}?confirm=cancel`, { status: "cancelled", note: "" });
    expect(response.status).toBe(303);
    expect(await stock()).toBe(before + 2);
    const html = await markup(page(response.headers.get("location")!, "staff"));
    expect(html).toContain("The order is cancelled and its items are back in stock.");
    expect(html).not.toContain("Yes, cancel order");
  });

  it("says why a change is refused, keeping the note typed", async () => {
    const number = await order({ status: "shipped" });
    const response = await post(`/admin/orders/${number}`, { status: "cancelled", note: "Too late?" });
    expect(response.status).toBe(422);
    const html = await markup(response);
    expect(html).toContain("The status was not changed");
    expect(html).toContain("An order that has been shipped cannot be cancelled.");
    expect(html).toContain(">Mark as delivered</button>");
  });

  it("answers an unknown order number with the back office's not-found page", async () => {
    const response = await page("/admin/orders/BT-000000-NOPE0", "staff");
    expect(response.status).toBe(404);
    const html = await markup(response);
    expect(html).toContain("Not found");
    expect(html).toContain("Order not found.");
    expect(html).toContain("Back to the dashboard");
  });

  it("answers hostile addresses, filters and forms without a server error", async () => {
    const number = await order();
    const long = "x".repeat(5000);
    const pages = [
      "/admin/orders?q=%00",
      `/admin/orders?q=${long}`,
      "/admin/orders?status[]=pending&status=shipped",
      "/admin/orders?from=%FF%FE&to=2026-02-29",
      "/admin/orders?page=-1",
      "/admin/orders?page=1e400",
      "/admin/orders?q=%25%5F%27%22%3C",
      "/admin/orders/%00",
      "/admin/orders/..%2F..%2Fetc",
      `/admin/orders/${long}`,
      "/admin/orders/%F0%9F%91%9C",
      `/admin/orders/${number}?confirm=%00&changed=__proto__`,
      `/admin/orders/${number}/print?x=%00`,
      "/admin/orders/%00/print",
    ];
    for (const path of pages) {
      const response = await page(path, "staff");
      expect(response.status, path).toBeLessThan(500);
    }
    const forms: Record<string, string>[] = [
      {},
      { status: "__proto__" },
      { status: "constructor", note: "x" },
      { status: "processing", note: "x".repeat(10_000) },
      { status: "processing\u0000", note: "\u0000" },
      { status: "pending" },
    ];
    for (const form of forms) {
      const response = await post(`/admin/orders/${number}`, form);
      expect(response.status, JSON.stringify(form)).toBeGreaterThanOrEqual(400);
      expect(response.status, JSON.stringify(form)).toBeLessThan(500);
    }
    const json = await host.request(`/admin/orders/${number}`, {
      method: "POST",
      headers: { cookie: cookies.staff, origin: HOST_URL, "content-type": "application/json" },
      body: JSON.stringify({ status: "cancelled" }),
    });
    expect(json.status).toBe(415);
    const unknown = await post("/admin/orders/BT-000000-NOPE0", { status: "processing" });
    expect(unknown.status).toBe(404);
    expect(await stock()).toBeGreaterThan(0);
    const { status } = await database.db
      .selectFrom("orders")
      .select("status")
      .where("number", "=", number)
      .executeTakeFirstOrThrow();
    expect(status).toBe("pending");
  });

  it("prints a packing slip without the shop's or the back office's menus", async () => {
    const number = await order({ first_name: "Sadia" });
    const response = await page(`/admin/orders/${number}/print`, "staff");
    expect(response.status).toBe(200);
    const html = await markup(response);
    expect(html).toContain("Packing slip &amp; invoice");
    expect(html).toContain(number);
    expect(html).toContain("Sadia Buyer");
    const { sku } = await database.db
      .selectFrom("variants")
      .select("sku")
      .where("id", "=", variant)
      .executeTakeFirstOrThrow();
    expect(sku).toBeTruthy();
    expect(html).toContain(`SKU: ${sku}</span>`);
    expect(html).toContain("Amount due on delivery");
    expect(html).not.toContain('aria-label="Back office"');
    expect(html).not.toContain('class="site-footer');
    expect(html).toContain("Use your browser&#x27;s Print command");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  });
});
