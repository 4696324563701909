import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionCookie, signedInAs } from "../../../testing/admin-harness.ts";
import { buildCatalogue, type Catalogue } from "../../../testing/factories.ts";
import { HOST_URL, type HostHarness, hostHarness } from "../../../testing/host-harness.ts";
import { storedOrder } from "../../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase } from "../../../testing/test-db.ts";

/**
 * The back office's discount codes and delivery charges through the real host, as a browser without JavaScript
 * uses them: a code created from the list's form, refused with what was typed kept, paused from its page with its
 * audit trail; the owner saving city charges from the textarea that staff only read; an order naming its code.
 */
describe("the discount code and delivery pages", { timeout: 30_000 }, () => {
  let database: TestDatabase;
  let host: HostHarness;
  let catalogue: Catalogue;
  const cookies: Record<"staff" | "owner", string> = { staff: "", owner: "" };

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    host = await hostHarness(database);
    cookies.staff = sessionCookie(await signedInAs(host.api, database, "staff"));
    cookies.owner = sessionCookie(await signedInAs(host.api, database, "owner"));
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  const page = async (path: string, role: keyof typeof cookies = "staff") => {
    const response = await host.request(path, { headers: { cookie: cookies[role] } });
    return { status: response.status, html: (await response.text()).replaceAll("<!-- -->", "") };
  };

  const post = (path: string, form: [string, string][], role: keyof typeof cookies = "staff") =>
    host.request(path, {
      method: "POST",
      headers: {
        cookie: cookies[role],
        origin: HOST_URL,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams(form).toString(),
      redirect: "manual",
    });

  const CODE_FORM: [string, string][] = [
    ["code", "eid10"],
    ["description", "Eid sale"],
    ["kind", "percent"],
    ["value", "10"],
    ["min_subtotal", "2000"],
    ["scope", "all"],
    ["scope_products", ""],
    ["starts_at", "2026-12-01T09:00"],
    ["ends_at", "2026-12-10T23:59"],
    ["max_uses", "100"],
    ["max_uses_per_customer", ""],
  ];

  it("creates a code from the list's form and lists it with what it gives, in shop time", async () => {
    const created = await post("/admin/coupons", CODE_FORM);
    expect(created.status).toBe(303);
    expect(created.headers.get("location")).toBe("/admin/coupons?created=EID10");
    const { status, html } = await page("/admin/coupons?created=EID10");
    expect(status).toBe(200);
    expect(html).toContain('<h1 class="admin-page__title">Discount codes</h1>');
    expect(html).toContain("Code EID10 created.");
    expect(html).toContain("10% off on Rs. 2,000 or more");
    expect(html).toContain("1 Dec 2026, 09:00 to 10 Dec 2026, 23:59");
    expect(html).toContain("0 of 100");
    expect(html).toContain('href="/admin/coupons/');
    expect(html).toContain('href="/admin/delivery"');
  });

  it("keeps what was typed and says what is wrong beside the field", async () => {
    const refused = await post(
      "/admin/coupons",
      CODE_FORM.map(([name, value]): [string, string] => [name, name === "value" ? "150" : value]),
    );
    expect(refused.status).toBe(422);
    const html = (await refused.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("A percent off is a whole number from 1 to 100.");
    expect(html).toContain('value="150"');
  });

  it("pauses a code from its page and shows the change in its audit trail", async () => {
    const { id } = await database.db
      .selectFrom("coupons")
      .select("id")
      .where("code", "=", "EID10")
      .executeTakeFirstOrThrow();
    const before = await page(`/admin/coupons/${id}`);
    expect(before.html).toContain("Code EID10</h1>");
    expect(before.html).toContain("Pause code");
    expect(before.html).toContain('value="2026-12-01T09:00"');

    const paused = await post(`/admin/coupons/${id}`, [
      ["intent", "status"],
      ["status", "paused"],
    ]);
    expect(paused.status).toBe(303);
    expect(paused.headers.get("location")).toBe(`/admin/coupons/${id}?done=paused`);
    const after = await page(`/admin/coupons/${id}?done=paused`);
    expect(after.html).toContain("The code is paused");
    expect(after.html).toContain("Resume code");
    expect(after.html).toContain("coupon.pause");
    expect(after.html).toContain("coupon.create");
  });

  it("takes what a code applies to from the picker: tags ticked by name, products by their addresses", async () => {
    const created = await post("/admin/coupons", [
      ...CODE_FORM.filter(([name]) => !["code", "scope"].includes(name)),
      ["code", "cotton5"],
      ["scope", "tags"],
      ["scope_tags", String(catalogue.tags.cotton.id)],
      ["scope_tags", String(catalogue.tags.leather.id)],
    ]);
    expect(created.status).toBe(303);
    const code = await database.db
      .selectFrom("coupons")
      .select(["id", "scope", "scope_ids"])
      .where("code", "=", "COTTON5")
      .executeTakeFirstOrThrow();
    expect(code.scope).toBe("tags");
    expect(JSON.parse(code.scope_ids)).toEqual([catalogue.tags.cotton.id, catalogue.tags.leather.id]);
    const shown = await page(`/admin/coupons/${code.id}`);
    expect(shown.html).toContain("Chosen tags: Cotton, Leather");
    expect(shown.html).toContain(`name="scope_tags" checked="" value="${catalogue.tags.cotton.id}"`);

    const refused = await post(`/admin/coupons/${code.id}`, [
      ...CODE_FORM.filter(([name]) => !["code", "scope", "scope_products"].includes(name)),
      ["intent", "update"],
      ["code", "COTTON5"],
      ["scope", "products"],
      ["scope_products", `oxford-shirt\n${catalogue.products.quoted}\nnot-a-shirt`],
    ]);
    expect(refused.status).toBe(422);
    const html = (await refused.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("No product has the address or number “not-a-shirt”.");
    expect(html).toContain(`oxford-shirt\n${catalogue.products.quoted}\nnot-a-shirt</textarea>`);
    expect(html).toContain("Oxford_Shirt");
    expect(html).toContain("Kid&#x27;s Tee");

    const saved = await post(`/admin/coupons/${code.id}`, [
      ...CODE_FORM.filter(([name]) => !["code", "scope", "scope_products"].includes(name)),
      ["intent", "update"],
      ["code", "COTTON5"],
      ["scope", "products"],
      ["scope_products", `oxford-shirt\n${catalogue.products.quoted}`],
    ]);
    expect(saved.status).toBe(303);
    const after = await page(`/admin/coupons/${code.id}?done=saved`);
    expect(after.html).toContain("Chosen products: Oxford_Shirt, Kid&#x27;s Tee");
    expect(after.html).toContain("oxford-shirt\nkids-tee</textarea>");
  });

  it("lets the owner save city charges from the textarea; staff read them", async () => {
    const saved = await post(
      "/admin/delivery",
      [
        ["flat_charge", "250"],
        ["free_from", "5000"],
        ["city_charges", "Karachi, 150\r\nDera Ghazi Khan, 300"],
        ["cod_fee", "50"],
      ],
      "owner",
    );
    expect(saved.status).toBe(303);
    const staff = await page("/admin/delivery");
    expect(staff.html).toContain('<h1 class="admin-page__title">Delivery charges</h1>');
    expect(staff.html).toContain("Karachi: Rs. 150; Dera Ghazi Khan: Rs. 300");
    expect(staff.html).toContain("From a subtotal of Rs. 5,000");
    expect(staff.html).not.toContain('name="flat_charge"');
    const owner = await page("/admin/delivery", "owner");
    expect(owner.html).toContain("Karachi, 150\nDera Ghazi Khan, 300</textarea>");

    const twice = await post(
      "/admin/delivery",
      [
        ["flat_charge", "250"],
        ["free_from", ""],
        ["city_charges", "Karachi, 150\nkarachi, 100"],
        ["cod_fee", "0"],
      ],
      "owner",
    );
    expect(twice.status).toBe(422);
    expect(await twice.text()).toContain("Line 2: karachi is listed twice; give each city one charge.");
  });

  it("shows an order's code beside its discount and its cash-on-delivery fee", async () => {
    await storedOrder(database.db, {
      number: "BT-261129-CP001",
      coupon_code: "EID10",
      discount: 10_000,
      cod_fee: 5_000,
      total: 115_000,
    });
    const { html } = await page("/admin/orders/BT-261129-CP001");
    expect(html).toContain("<dt>Discount (EID10)</dt>");
    expect(html).toContain("<dt>Cash on delivery fee</dt><dd>Rs. 50.00</dd>");
  });
});
