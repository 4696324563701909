import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STOCK_ALERT_MESSAGES } from "../../../shared/stock-alerts.ts";
import { buildCatalogue, type Catalogue, plainProduct, variantId } from "../../../testing/factories.ts";
import { HOST_URL, type HostHarness, hostHarness, registeredCookie } from "../../../testing/host-harness.ts";
import { createTestDatabase, type TestDatabase } from "../../../testing/test-db.ts";

/**
 * "Notify me when it's back" on the product page through the real host, without JavaScript
 * (docs/decisions/0061-back-in-stock.md): shown under a sold-out size only, a plain POST comes back to the page
 * with the API's sentence (a refusal keeps the address typed), and no shopper's address is in a kept page.
 */
describe("the product page's back-in-stock form", () => {
  let database: TestDatabase;
  let host: HostHarness;
  let catalogue: Catalogue;
  let soldOutPage: string;
  let inStockPage: string;
  let soldOut: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    host = await hostHarness(database);
    const { black } = catalogue.colors;
    const { oneSize } = catalogue.sizes;
    const gone = await plainProduct(database.db, catalogue, "sold-out-clutch");
    soldOut = await variantId(database.db, gone, black.id, oneSize.id);
    await database.db.updateTable("variants").set({ stock: 0 }).where("id", "=", soldOut).execute();
    await plainProduct(database.db, catalogue, "stocked-clutch");
    soldOutPage = `/product/sold-out-clutch?color=${black.id}&size=${oneSize.id}`;
    inStockPage = `/product/stocked-clutch?color=${black.id}&size=${oneSize.id}`;
    // The first page a worker renders loads the storefront's server build: here, not in a test's own time.
    await host.request("/about", { headers: { accept: "text/html" } });
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  const page = async (path: string, cookie?: string) => {
    const response = await host.request(path, {
      headers: { accept: "text/html", ...(cookie ? { cookie } : {}) },
    });
    expect(response.status).toBe(200);
    return response.text();
  };

  async function post(fields: Record<string, string>) {
    const response = await host.request(soldOutPage, {
      method: "POST",
      headers: {
        accept: "text/html",
        "content-type": "application/x-www-form-urlencoded",
        origin: HOST_URL,
      },
      body: new URLSearchParams({
        intent: "stock-alert",
        variation_id: String(soldOut),
        ...fields,
      }).toString(),
    });
    return { status: response.status, html: await response.text() };
  }

  const emailInput = (html: string) => /<input[^>]*id="stock-alert-email"[^>]*>/.exec(html)?.[0];

  it("shows the form under a sold-out size, and not under one in stock", async () => {
    const html = await page(soldOutPage);
    expect(html).toContain("Notify me when it&#x27;s back");
    expect(html).toMatch(new RegExp(`<input type="hidden" name="variation_id" value="${soldOut}"/>`));
    expect(html).toContain(`action="${soldOutPage.replace(/&/g, "&amp;")}"`);
    expect(emailInput(html)).toContain('value=""');
    expect(await page(inStockPage)).not.toContain("stock-alert-email");
  });

  it("without JavaScript, a plain POST comes back to the page with the result", async () => {
    const saved = await post({ email: "noor@example.pk" });
    expect(saved.status).toBe(200);
    expect(saved.html).toContain(STOCK_ALERT_MESSAGES.saved);
    const stored = await database.db
      .selectFrom("stock_alerts")
      .select(["email", "notified_at"])
      .where("variant_id", "=", soldOut)
      .execute();
    expect(stored).toEqual([{ email: "noor@example.pk", notified_at: null }]);

    const refused = await post({ email: "noor at example" });
    expect(refused.status).toBe(422);
    expect(refused.html).toContain(STOCK_ALERT_MESSAGES.emailInvalid);
    expect(emailInput(refused.html)).toContain('value="noor at example"');
  });

  it("never puts a signed-in shopper's address in the page it renders or keeps", async () => {
    const email = "hina.kept@example.pk";
    const cookie = await registeredCookie(host, database, email);
    const signedIn = await page(soldOutPage, cookie);
    expect(emailInput(signedIn)).toContain('value=""');
    const anonymous = await page(soldOutPage);
    expect(anonymous).not.toContain(email);
  });

  it("shows staff the most-wanted sold-out variants on the dashboard, each linked to its product", async () => {
    await post({ email: "zoya@example.pk" });
    const staff = await registeredCookie(host, database, "staff.wanted@example.pk", "staff");
    // React marks where text joins with empty comments; the shown text is without them.
    const dashboard = (await page("/admin", staff)).replace(/<!-- -->/g, "");
    expect(dashboard).toContain("Most wanted, sold out");
    const product = await database.db
      .selectFrom("variants")
      .select("product_id")
      .where("id", "=", soldOut)
      .executeTakeFirstOrThrow();
    expect(dashboard).toMatch(
      new RegExp(`<a href="/admin/products/${product.product_id}"[^>]*>Product sold-out-clutch</a>`),
    );
    expect(dashboard).toContain("Black / One Size");
    expect(dashboard).toContain("2 shoppers");
  });
});
