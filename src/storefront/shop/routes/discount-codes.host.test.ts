import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Shopper, shopper } from "../../../testing/api-harness.ts";
import { buildCatalogue, variantId } from "../../../testing/factories.ts";
import { HOST_URL, type HostHarness, hostHarness } from "../../../testing/host-harness.ts";
import { createTestDatabase, type TestDatabase } from "../../../testing/test-db.ts";

/**
 * A discount code through the real host without JavaScript: the cart page's and the checkout page's forms post the
 * page, the API judges the code, and the page comes back with the outcome at the field and (at checkout) with
 * everything typed.
 */
describe("discount codes posted without JavaScript", () => {
  let database: TestDatabase;
  let host: HostHarness;
  let guest: Shopper;

  beforeAll(async () => {
    database = await createTestDatabase();
    const catalogue = await buildCatalogue(database.db);
    host = await hostHarness(database);
    const { tote } = catalogue.products;
    guest = shopper(host.api);
    const size = await variantId(database.db, tote, catalogue.colors.black.id, catalogue.sizes.oneSize.id);
    expect((await guest.post("/cart/add", { id: tote, size, quantity: 1 })).status).toBe(200);
    const now = new Date().toISOString();
    await database.db
      .insertInto("coupons")
      .values({
        code: "SAVE10",
        description: "10% off",
        kind: "percent",
        value: 10,
        created_by: "tests",
        created_at: now,
        updated_at: now,
      })
      .execute();
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  async function post(path: string, fields: Record<string, string>) {
    const response = await host.request(path, {
      method: "POST",
      headers: {
        accept: "text/html",
        "content-type": "application/x-www-form-urlencoded",
        origin: HOST_URL,
        cookie: [...guest.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: response.status, html: await response.text() };
  }

  it("on the cart: a refusal at the field with what was typed, then applied, then removed", async () => {
    const refused = await post("/cart", { intent: "apply-coupon", code: "nope" });
    expect(refused.status).toBe(422);
    expect(refused.html).toContain(
      '<p class="field__error" id="field-code-error" role="alert">This code is not valid.</p>',
    );
    expect(refused.html).toContain('name="code" value="nope"');

    const applied = await post("/cart", { intent: "apply-coupon", code: "save10" });
    expect(applied.status).toBe(200);
    expect(applied.html).toContain("Discount (SAVE10)");
    expect(applied.html).toContain("Code SAVE10 applied.");
    expect(applied.html).toContain('aria-label="Remove code SAVE10"');

    const removed = await post("/cart", { intent: "remove-coupon" });
    expect(removed.status).toBe(200);
    expect(removed.html).toContain("The code has been removed.");
    expect(removed.html).not.toContain("Discount (SAVE10)");
  });

  it("at checkout: applying a code gives back every field typed, and no order is placed", async () => {
    const { status, html } = await post("/checkout", {
      intent: "apply-coupon",
      code: "SAVE10",
      email: "ali@example.pk",
      city: "Lahore",
      notes: "Ring twice",
    });
    expect(status).toBe(200);
    expect(html).toContain("Discount (SAVE10)");
    expect(html).toContain('value="ali@example.pk"');
    expect(html).toContain('value="Lahore"');
    expect(html).toContain(">Ring twice</textarea>");
    expect(html).not.toContain("Email is required.");
    expect(await database.db.selectFrom("orders").select("id").execute()).toEqual([]);
  });
});
