import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAMPAIGN_MESSAGES } from "../../../shared/contracts/campaigns.ts";
import { sessionCookie, signedInAs } from "../../../testing/admin-harness.ts";
import { buildCatalogue, type Catalogue } from "../../../testing/factories.ts";
import { HOST_URL, type HostHarness, hostHarness } from "../../../testing/host-harness.ts";
import { storedOrder } from "../../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase } from "../../../testing/test-db.ts";

/**
 * The back office's Sales pages through the real host, as a browser without JavaScript uses them: a sale created
 * from the list's form and listed in shop time with what it gives, where it stands, its markers and usage; refused
 * with what was typed kept; paused and resumed from its row; products chosen by their addresses; and the sale's
 * own page: its fields filled in (the chosen ones by name), saved as a fixed price, refused at the field, paused
 * and resumed, with its usage and audit trail.
 */
describe("the Sales pages", { timeout: 30_000 }, () => {
  let database: TestDatabase;
  let host: HostHarness;
  let catalogue: Catalogue;
  let cookie = "";

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    host = await hostHarness(database);
    cookie = sessionCookie(await signedInAs(host.api, database, "staff"));
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  const text = (html: string) => html.replaceAll("<!-- -->", "");

  const page = async (path: string) => {
    const response = await host.request(path, { headers: { cookie } });
    return { status: response.status, html: text(await response.text()) };
  };

  const post = (form: [string, string][], path = "/admin/campaigns") =>
    host.request(path, {
      method: "POST",
      headers: { cookie, origin: HOST_URL, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
      redirect: "manual",
    });

  const SALE_FORM: [string, string][] = [
    ["intent", "create"],
    ["name", "Winter sale"],
    ["kind", "percent"],
    ["percent", "25"],
    ["price", ""],
    ["scope", "all"],
    ["scope_products", ""],
    ["starts_at", "2099-12-01T09:00"],
    ["ends_at", "2099-12-10T23:59"],
    ["daily_deal", "on"],
  ];

  const with_ = (form: [string, string][], changes: Record<string, string>): [string, string][] => [
    ...form.filter(([name]) => !(name in changes)),
    ...Object.entries(changes),
  ];

  const saleId = async (name: string) =>
    (
      await database.db
        .selectFrom("campaigns")
        .select("id")
        .where("name", "=", name)
        .executeTakeFirstOrThrow()
    ).id;

  it("creates a sale from the form and lists it, scheduled, in shop time, linked to its page", async () => {
    const created = await post(SALE_FORM);
    expect(created.status).toBe(303);
    expect(created.headers.get("location")).toBe("/admin/campaigns?done=created");
    const { status, html } = await page("/admin/campaigns?done=created");
    expect(status).toBe(200);
    expect(html).toContain('<h1 class="admin-page__title">Sales</h1>');
    expect(html).toContain("The sale is saved");
    expect(html).toContain(
      `<a href="/admin/campaigns/${await saleId("Winter sale")}" data-discover="true">Winter sale</a>`,
    );
    expect(html).toContain("25% off");
    expect(html).toContain("Daily Deals</span>");
    expect(html).not.toContain("Countdown</span>");
    expect(html).toContain("1 Dec 2099, 09:00 to 10 Dec 2099, 23:59");
    expect(html).toContain("Scheduled");
    expect(html).toContain('data-label="Discount given"');
    expect(html).toContain("Rs. 0.00");
    expect(html).toContain("Pause Winter sale");
    expect(html).toContain('href="/admin/campaigns"');
    // The create form offers the categories and tags by name, and the new fields.
    expect(html).toContain('name="scope_categories" value="');
    expect(html).toContain("Handbags");
    expect(html).toContain("Leather");
    expect(html).toContain('name="scope_products"');
    expect(html).toContain("Show a countdown on the home page and product pages");
  });

  it("keeps what was typed and says what is wrong beside the field", async () => {
    const refused = await post(with_(SALE_FORM, { ends_at: "2099-11-01T09:00" }));
    expect(refused.status).toBe(422);
    const html = text(await refused.text());
    expect(html).toContain(CAMPAIGN_MESSAGES.dates);
    expect(html).toContain('value="2099-11-01T09:00"');
    expect(html).toContain('value="Winter sale"');
    expect(html).toMatch(/name="daily_deal" checked=""/);
  });

  it("pauses and resumes a sale from its row", async () => {
    const id = await saleId("Winter sale");
    const paused = await post([
      ["intent", "status"],
      ["id", String(id)],
      ["status", "paused"],
    ]);
    expect(paused.status).toBe(303);
    expect(paused.headers.get("location")).toBe("/admin/campaigns?done=paused");
    const after = await page("/admin/campaigns?done=paused");
    expect(after.html).toContain("The sale is paused");
    expect(after.html).toContain("Paused");
    expect(after.html).toContain("Resume Winter sale");

    const resumed = await post([
      ["intent", "status"],
      ["id", String(id)],
      ["status", "active"],
    ]);
    expect(resumed.headers.get("location")).toBe("/admin/campaigns?done=active");
    expect((await page("/admin/campaigns")).html).toContain("Pause Winter sale");
  });

  it("takes products by their addresses (a pasted page address too) and lists them by name", async () => {
    const created = await post(
      with_(SALE_FORM, {
        name: "Bag days",
        scope: "products",
        scope_products: "leather-tote\r\nhttps://shop.example.pk/product/evening-clutch?color=black\r\n",
      }),
    );
    expect(created.status).toBe(303);
    const stored = await database.db
      .selectFrom("campaigns")
      .select("scope_ids")
      .where("name", "=", "Bag days")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.scope_ids)).toEqual([catalogue.products.tote, catalogue.products.clutch]);
    expect((await page("/admin/campaigns")).html).toContain(
      "Chosen products: Leather Tote, Evening Clutch 100% Silk",
    );
  });

  it("refuses a product it cannot find at the field, keeping the lines typed", async () => {
    const refused = await post(
      with_(SALE_FORM, { name: "Typo sale", scope: "products", scope_products: "leather-tote\nno-such-bag" }),
    );
    expect(refused.status).toBe(422);
    const html = text(await refused.text());
    expect(html).toContain("No product has the address or number “no-such-bag”.");
    expect(html).toContain("leather-tote\nno-such-bag</textarea>");
    expect(html).toContain('value="Typo sale"');
    expect(html).toContain('<option value="products" selected="">Chosen products</option>');
    // The one it found is named.
    expect(html).toContain("Leather Tote");
    expect(
      await database.db.selectFrom("campaigns").select("id").where("name", "=", "Typo sale").execute(),
    ).toEqual([]);
  });

  it("shows a sale's page: its fields filled in, the chosen products by name, its usage", async () => {
    const id = await saleId("Bag days");
    await storedOrder(
      database.db,
      { number: "BT-991201-SL001" },
      {
        product_id: catalogue.products.tote,
        unit_price: 937_500,
        quantity: 2,
        line_total: 1_875_000,
        campaign_id: id,
        campaign_name: "Bag days",
        campaign_saving: 125_000,
      },
    );
    const { status, html } = await page(`/admin/campaigns/${id}`);
    expect(status).toBe(200);
    expect(html).toContain('<h1 class="admin-page__title">Bag days</h1>');
    expect(html).toContain("Pause sale");
    expect(html).toContain("Scheduled");
    expect(html).toContain("<dt>Orders</dt><dd>1</dd>");
    expect(html).toContain("<dt>Revenue</dt><dd>Rs. 18,750.00</dd>");
    expect(html).toContain("<dt>Discount given</dt><dd>Rs. 1,250.00</dd>");
    expect(html).toContain('value="Bag days"');
    expect(html).toContain('name="kind" checked="" value="percent"');
    expect(html).toContain('value="25"');
    expect(html).toContain('value="2099-12-01T09:00"');
    expect(html).toContain("leather-tote\nevening-clutch</textarea>");
    expect(html).toContain("Evening Clutch 100% Silk");
    expect(html).toContain("campaign.create");
    expect((await page("/admin/campaigns/999999")).status).toBe(404);
  });

  it("saves the sale as a fixed price for chosen categories from its page; the audit trail says so", async () => {
    const id = await saleId("Bag days");
    const saved = await post(
      [
        ["intent", "update"],
        ["name", "Bag days"],
        ["kind", "price"],
        ["percent", "25"],
        ["price", "1999"],
        ["scope", "categories"],
        ["scope_categories", String(catalogue.categories.bags.id)],
        ["scope_products", "leather-tote"],
        ["starts_at", "2099-12-01T09:00"],
        ["ends_at", "2099-12-10T23:59"],
        ["countdown", "on"],
      ],
      `/admin/campaigns/${id}`,
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe(`/admin/campaigns/${id}?done=saved`);
    const stored = await database.db
      .selectFrom("campaigns")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      kind: "price",
      price: 199_900,
      scope: "categories",
      daily_deal: 0,
      countdown: 1,
    });
    const { html } = await page(`/admin/campaigns/${id}?done=saved`);
    expect(html).toContain("The sale is saved");
    expect(html).toContain("Rs. 1,999 each");
    expect(html).toContain("Chosen categories: Handbags");
    expect(html).toContain('name="kind" checked="" value="price"');
    expect(html).toContain(`name="scope_categories" checked="" value="${catalogue.categories.bags.id}"`);
    expect(html).toContain("Countdown</span>");
    expect(html).toContain("campaign.update");
  });

  it("refuses a change at its field on the sale's page, keeping everything typed", async () => {
    const id = await saleId("Bag days");
    const refused = await post(
      [
        ["intent", "update"],
        ["name", "Bag days renamed"],
        ["kind", "price"],
        ["price", "0"],
        ["scope", "tags"],
        ["scope_tags", String(catalogue.tags.cotton.id)],
        ["starts_at", "2099-12-02T10:00"],
        ["ends_at", "2099-12-10T23:59"],
      ],
      `/admin/campaigns/${id}`,
    );
    expect(refused.status).toBe(422);
    const html = text(await refused.text());
    expect(html).toContain(CAMPAIGN_MESSAGES.price);
    expect(html).toContain('id="campaign-price-error"');
    expect(html).toContain('value="Bag days renamed"');
    expect(html).toContain('value="2099-12-02T10:00"');
    expect(html).toContain(`name="scope_tags" checked="" value="${catalogue.tags.cotton.id}"`);
    expect(html).toContain('<option value="tags" selected="">Chosen tags</option>');
    // Nothing changed.
    expect((await page(`/admin/campaigns/${id}`)).html).toContain(
      '<h1 class="admin-page__title">Bag days</h1>',
    );
  });

  it("pauses and resumes the sale from its page", async () => {
    const id = await saleId("Bag days");
    const paused = await post(
      [
        ["intent", "status"],
        ["status", "paused"],
      ],
      `/admin/campaigns/${id}`,
    );
    expect(paused.status).toBe(303);
    expect(paused.headers.get("location")).toBe(`/admin/campaigns/${id}?done=paused`);
    const after = await page(`/admin/campaigns/${id}?done=paused`);
    expect(after.html).toContain("The sale is paused");
    expect(after.html).toContain("Resume sale");
    expect(after.html).toContain("campaign.pause");

    const resumed = await post(
      [
        ["intent", "status"],
        ["status", "active"],
      ],
      `/admin/campaigns/${id}`,
    );
    expect(resumed.headers.get("location")).toBe(`/admin/campaigns/${id}?done=active`);
    const again = await page(`/admin/campaigns/${id}?done=active`);
    expect(again.html).toContain("Pause sale");
    expect(again.html).toContain("campaign.resume");
  });

  it("finds products by name for the picker's search box", async () => {
    const response = await host.request("/admin/product-search?q=tote", { headers: { cookie } });
    expect(response.status).toBe(200);
    const found = (await response.json()) as {
      q: string;
      products: { id: number; slug: string; title: string }[];
    };
    expect(found.q).toBe("tote");
    expect(found.products).toContainEqual(
      expect.objectContaining({ id: catalogue.products.tote, slug: "leather-tote", title: "Leather Tote" }),
    );
    const short = await host.request("/admin/product-search?q=t", { headers: { cookie } });
    expect(((await short.json()) as { products: unknown[] }).products).toEqual([]);
  });
});
