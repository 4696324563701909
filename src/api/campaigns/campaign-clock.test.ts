import type { Insertable } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignTable } from "../../platform/db/schema.ts";
import { type AdminHarness, adminHarness } from "../../testing/admin-harness.ts";
import { type ApiHarness, apiHarness, shopper } from "../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue } from "../../testing/factories.ts";
import { CHECKOUT_CONTACT, withoutConfirmation } from "../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { exportCatalogueText } from "../admin/catalogue-csv/catalogue-export.ts";
import { importCatalogue } from "../admin/catalogue-csv/catalogue-import.ts";
import { catalogueWrite } from "../catalogue/catalogue-write.ts";
import { PRICES_CHANGED } from "../checkout/checkout.service.ts";
import { parseCsv } from "../csv.ts";
import { insertProduct, updateProduct } from "../products/product-writer.ts";
import { applyCampaigns } from "./campaign-clock.ts";

const { engine, available } = testEngine();

const START = "2026-12-01T04:00:00.000Z";
const END = "2026-12-08T04:00:00.000Z";
const at = (iso: string, ms = 0) => new Date(Date.parse(iso) + ms);
const DURING = at(START, 60_000);

/** Scheduled sales with a moved clock (docs/decisions/0048-scheduled-sales.md). */
describe.skipIf(!available)(`the campaign clock on ${engine}`, () => {
  let database: TestDatabase;
  let api: ApiHarness;
  let admin: AdminHarness;
  let catalogue: Catalogue;
  let miniBag: number;
  let changes = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    // A category under Handbags: a sale for Handbags covers it.
    const mini = await database.db
      .insertInto("categories")
      .values({ name: "Mini bags", slug: "mini-bags", position: 3, parent_id: catalogue.categories.bags.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    miniBag = await insertProduct(database.db, {
      slug: "mini-bag",
      title: "Mini Bag",
      categoryId: mini.id,
      shortDescription: "",
      images: [],
      discount: 0,
      newArrival: false,
      dailyDeal: false,
      tagIds: [],
      variants: [
        { colorId: catalogue.colors.black.id, sizeId: catalogue.sizes.oneSize.id, price: 200_000, stock: 9 },
      ],
    });
    api = apiHarness(database);
    admin = await adminHarness(database, api);
    await withoutConfirmation(database.db);
  });
  afterAll(() => database?.drop());

  async function campaign(values: Partial<Insertable<CampaignTable>>): Promise<number> {
    const now = new Date().toISOString();
    const row = await database.db
      .insertInto("campaigns")
      .values({
        name: "Sale",
        percent: 15,
        scope: "all",
        scope_ids: "[]",
        starts_at: START,
        ends_at: END,
        status: "active",
        created_by: "tests",
        created_at: now,
        updated_at: now,
        ...values,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const remove = (id: number) => database.db.deleteFrom("campaigns").where("id", "=", id).execute();
  const run = (now: Date) => applyCampaigns(database.db, now, () => changes++);

  async function page(slug: string) {
    const response = await api.request(`/product/${slug}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    return { discount: body.discount, price: body.price, discount_price: body.discount_price };
  }
  async function card(search: string) {
    const response = await api.request(`/products?search=${encodeURIComponent(search)}`);
    const body = await response.json();
    expect(body.data).toHaveLength(1);
    const [first] = body.data;
    return { discount: first.discount, price: first.price, discount_price: first.discount_price };
  }
  const row = (id: number) =>
    database.db
      .selectFrom("products")
      .select(["discount", "own_discount", "campaign_discount", "price", "sale_price"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();

  it("starts a sale for a category (and those under it) at its start: pages, cards and price columns follow; a better own discount stays", async () => {
    const id = await campaign({
      name: "Handbags week",
      percent: 15,
      scope: "categories",
      scope_ids: JSON.stringify([catalogue.categories.bags.id]),
    });
    expect(await run(at(START, -1))).toEqual({ changed: 0 });
    expect(await page("evening-clutch")).toEqual({ discount: 0, price: 4500, discount_price: null });

    const told = changes;
    // Two instances at the same moment: each product is written once between them, and the pages are told once
    // by each run that changed something.
    const [first, second] = await Promise.all([run(at(START)), run(at(START))]);
    expect(first.changed + second.changed).toBe(3);
    expect(changes - told).toBe([first, second].filter((each) => each.changed > 0).length);
    expect(await run(DURING)).toEqual({ changed: 0 });
    expect(changes - told).toBe([first, second].filter((each) => each.changed > 0).length);

    expect(await page("evening-clutch")).toEqual({ discount: 15, price: 4500, discount_price: 3825 });
    expect(await card("clutch")).toEqual({ discount: 15, price: 4500, discount_price: 3825 });
    expect(await page("mini-bag")).toEqual({ discount: 15, price: 2000, discount_price: 1700 });
    // The tote's own 20% is better than the sale's 15%.
    expect(await page("leather-tote")).toEqual({ discount: 20, price: 12500, discount_price: 10000 });
    // Shirts are not in the sale.
    expect(await page("oxford-shirt")).toMatchObject({ discount: 10 });
    expect(await row(catalogue.products.clutch)).toEqual({
      discount: 15,
      own_discount: 0,
      campaign_discount: 15,
      price: 450_000,
      sale_price: 382_500,
    });
    // The listing's price sort reads the same columns.
    const cheapest = await (await api.request("/products?sort=low2high")).json();
    expect(cheapest.data.map((item: { slug: string }) => item.slug).slice(0, 3)).toEqual([
      "kids-tee",
      "mini-bag",
      "oxford-shirt",
    ]);

    // At its end everything goes back.
    expect(await run(at(END))).toEqual({ changed: 3 });
    expect(await page("evening-clutch")).toEqual({ discount: 0, price: 4500, discount_price: null });
    expect(await card("clutch")).toEqual({ discount: 0, price: 4500, discount_price: null });
    expect(await page("leather-tote")).toEqual({ discount: 20, price: 12500, discount_price: 10000 });
    expect(await row(miniBag)).toMatchObject({ discount: 0, campaign_discount: 0, sale_price: 200_000 });
    await remove(id);
  });

  it("gives each product the best of the sales covering it (tags, products, everything) and the better of that and its own", async () => {
    const leather = await campaign({
      percent: 25,
      scope: "tags",
      scope_ids: JSON.stringify([catalogue.tags.leather.id]),
    });
    const tee = await campaign({
      percent: 40,
      scope: "products",
      scope_ids: JSON.stringify([catalogue.products.quoted]),
    });
    const everything = await campaign({ percent: 5 });
    await run(DURING);
    expect(await page("leather-tote")).toEqual({ discount: 25, price: 12500, discount_price: 9375 });
    expect(await page("kids-tee")).toEqual({ discount: 40, price: 999, discount_price: 599.4 });
    expect(await page("evening-clutch")).toMatchObject({ discount: 5 });
    expect(await page("oxford-shirt")).toMatchObject({ discount: 10 });

    // A sale paused goes back at the next run.
    await database.db.updateTable("campaigns").set({ status: "paused" }).where("id", "=", leather).execute();
    await run(DURING);
    expect(await page("leather-tote")).toEqual({ discount: 20, price: 12500, discount_price: 10000 });
    for (const id of [leather, tee, everything]) await remove(id);
    await run(DURING);
    expect(await page("kids-tee")).toMatchObject({ discount: 0 });
    expect(await page("evening-clutch")).toMatchObject({ discount: 0 });
  });

  it("keeps the owner's own percent when it is edited during a sale; shoppers get the better one; the back office and the CSV show the owner's", async () => {
    const id = await campaign({
      percent: 15,
      scope: "products",
      scope_ids: JSON.stringify([catalogue.products.clutch]),
    });
    await run(DURING);
    const edit = (discount: number) =>
      catalogueWrite(database.db, (trx) => updateProduct(trx, catalogue.products.clutch, { discount }));

    await edit(5);
    expect(await row(catalogue.products.clutch)).toMatchObject({
      discount: 15,
      own_discount: 5,
      campaign_discount: 15,
      sale_price: 382_500,
    });
    const detail = await admin.staff.call("GET", `/admin/products/${catalogue.products.clutch}`);
    expect(detail.body).toMatchObject({ discount: 5, price: 4500, sale_price: 3825 });
    const list = await admin.staff.call("GET", "/admin/products?q=clutch");
    expect(list.body.data[0]).toMatchObject({ discount: 5, sale_price: 3825 });

    const exported = await exportCatalogueText(database.db);
    const csv = [...parseCsv(exported)].map((record) => record.fields);
    const header = csv[0]!;
    const clutchRow = csv.find((fields) => fields[header.indexOf("Handle")] === "evening-clutch")!;
    expect(clutchRow[header.indexOf("Discount Percent")]).toBe("5");
    // The file imported back changes nothing: the sale's percent never becomes the owner's.
    const report = await importCatalogue({ db: database.db }, exported, {
      actor: { id: null, email: "owner@example.com" },
      dryRun: false,
    });
    // (Only the tote changes: its fixture's description is stored unsanitised, and the import sanitises it.)
    expect(report.products).toMatchObject({ created: 0, updated: 1, rejected: 0 });
    const clutchUpdates = await database.db
      .selectFrom("audit_log")
      .select("id")
      .where("action", "=", "product.update")
      .where("entity_id", "=", String(catalogue.products.clutch))
      .execute();
    expect(clutchUpdates).toEqual([]);
    expect(await row(catalogue.products.clutch)).toMatchObject({ discount: 15, own_discount: 5 });

    await edit(30);
    expect(await page("evening-clutch")).toEqual({ discount: 30, price: 4500, discount_price: 3150 });
    expect(await row(catalogue.products.clutch)).toMatchObject({ own_discount: 30, campaign_discount: 15 });

    await edit(0);
    expect(await page("evening-clutch")).toEqual({ discount: 15, price: 4500, discount_price: 3825 });
    await remove(id);
    await run(DURING);
    expect(await row(catalogue.products.clutch)).toMatchObject({
      discount: 0,
      own_discount: 0,
      campaign_discount: 0,
    });
  });

  it("writes a sale of everything in batches, telling the pages once, and takes it back the same way", async () => {
    const id = await campaign({ percent: 12 });
    const told = changes;
    // Batches of 2: the five products take three transactions.
    expect(await applyCampaigns(database.db, DURING, () => changes++, 2)).toEqual({ changed: 5 });
    expect(changes - told).toBe(1);
    const discounts = await database.db.selectFrom("products").select(["discount", "own_discount"]).execute();
    expect(discounts.map((product) => product.discount).sort((a, b) => a - b)).toEqual([12, 12, 12, 12, 20]);
    await remove(id);
    expect(await applyCampaigns(database.db, DURING, () => changes++, 2)).toEqual({ changed: 5 });
    expect(changes - told).toBe(2);
    for (const product of await database.db
      .selectFrom("products")
      .select(["discount", "own_discount"])
      .execute())
      expect(product.discount).toBe(product.own_discount);
  });

  it("prices the cart and the order with the sale's percent", async () => {
    const id = await campaign({ percent: 15, scope: "products", scope_ids: JSON.stringify([miniBag]) });
    await run(DURING);
    const mini = await database.db
      .selectFrom("variants")
      .select("id")
      .where("product_id", "=", miniBag)
      .executeTakeFirstOrThrow();
    const client = shopper(api);
    expect((await client.post("/cart/add", { id: miniBag, quantity: 2, size: mini.id })).status).toBe(200);
    expect((await client.get("/cart")).body.summary).toMatchObject({ subtotal: 3400 });
    const placed = await client.post("/checkout", CHECKOUT_CONTACT);
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({ subtotal: 3400, total: 3600 });
    // The order keeps the sale that priced its line, as it was named then (decision 0049).
    const line = await database.db
      .selectFrom("order_items")
      .innerJoin("orders", "orders.id", "order_items.order_id")
      .select(["order_items.campaign_id", "order_items.campaign_name", "order_items.campaign_saving"])
      .where("orders.number", "=", placed.body.order.number)
      .executeTakeFirstOrThrow();
    // Two at Rs. 2,000 less 15%: the sale took Rs. 600 off.
    expect(line).toEqual({ campaign_id: id, campaign_name: "Sale", campaign_saving: 60_000 });
    const usage = await admin.staff.get(`/admin/campaigns/${id}`);
    expect(usage.body.usage).toEqual({ orders: 1, revenue: 3400, discount: 600 });
    await remove(id);
    await run(DURING);
  });

  it("gives a fixed-price sale's products the whole percent that brings them to the price or under; a cheaper product is left alone", async () => {
    // The Mini Bag is Rs. 2,000: for Rs. 1,499 it gets 26% (Rs. 1,480); 25% would leave Rs. 1,500.
    const id = await campaign({
      name: "Everything Rs. 1,499",
      kind: "price",
      percent: 0,
      price: 149_900,
      scope: "products",
      scope_ids: JSON.stringify([miniBag, catalogue.products.clutch]),
    });
    await run(DURING);
    expect(await row(miniBag)).toMatchObject({ discount: 26, campaign_discount: 26, sale_price: 148_000 });
    expect(await page("mini-bag")).toMatchObject({ discount: 26, discount_price: 1480 });
    const clutch = await row(catalogue.products.clutch);
    if (clutch.price <= 149_900) expect(clutch.campaign_discount).toBe(0);
    else expect(clutch.sale_price).toBeLessThanOrEqual(149_900);
    await run(at(END, 1000));
    expect(await row(miniBag)).toMatchObject({ discount: 0, campaign_discount: 0, sale_price: 200_000 });
    await remove(id);
  });

  it("puts a sale's products in Daily Deals while it runs, and back to the owner's choice at its end", async () => {
    const deals = async () =>
      (
        (await (await api.request("/products?type=daily-deals&take=24")).json()).data as { slug: string }[]
      ).map((product) => product.slug);
    const before = await deals();
    expect(before).not.toContain("mini-bag");
    const id = await campaign({
      name: "Deal of the week",
      percent: 10,
      daily_deal: 1,
      scope: "products",
      scope_ids: JSON.stringify([miniBag]),
    });
    await run(DURING);
    expect(await deals()).toContain("mini-bag");
    // Search's own index follows too.
    const searched = await (await api.request("/products?type=daily-deals&search=mini")).json();
    expect(searched.data.map((product: { slug: string }) => product.slug)).toEqual(["mini-bag"]);
    // The owner's flag is the owner's: the back office does not see the sale's.
    const own = await database.db
      .selectFrom("products")
      .select(["own_daily_deal", "campaign_daily_deal", "campaign_id"])
      .where("id", "=", miniBag)
      .executeTakeFirstOrThrow();
    expect(own).toEqual({ own_daily_deal: 0, campaign_daily_deal: 1, campaign_id: id });
    await run(at(END, 1000));
    expect(await deals()).toEqual(before);
    expect(await run(at(END, 2000))).toEqual({ changed: 0 });
    await remove(id);
  });

  it("prices an order at the price in force when it is placed: a sale that ended meanwhile is said, never charged silently", async () => {
    const id = await campaign({ percent: 15, scope: "products", scope_ids: JSON.stringify([miniBag]) });
    await run(DURING);
    const mini = await database.db
      .selectFrom("variants")
      .select("id")
      .where("product_id", "=", miniBag)
      .executeTakeFirstOrThrow();
    const client = shopper(api);
    expect((await client.post("/cart/add", { id: miniBag, quantity: 1, size: mini.id })).status).toBe(200);
    // The shopper is at checkout with the sale's total in front of them…
    const seen = (await client.get("/cart")).body.summary.total;
    expect(seen).toBe(1700 + 200);
    // …when the sale ends.
    await run(at(END, 1000));
    const refused = await client.post("/checkout", { ...CHECKOUT_CONTACT, total: seen });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(PRICES_CHANGED);
    // The page reloads with the price now in force; placed at it, the order is charged that.
    const now = (await client.get("/cart")).body.summary.total;
    expect(now).toBe(2000 + 200);
    const placed = await client.post("/checkout", { ...CHECKOUT_CONTACT, total: now });
    expect(placed.status).toBe(201);
    expect(placed.body.order.total).toBe(2200);
    await remove(id);
  });

  it("answers the running sale's countdown for the home page, and on the page of a product it prices", async () => {
    const now = new Date();
    const id = await campaign({
      name: "Weekend sale",
      percent: 12,
      countdown: 1,
      scope: "products",
      scope_ids: JSON.stringify([miniBag]),
      starts_at: new Date(now.getTime() - 60_000).toISOString(),
      ends_at: new Date(now.getTime() + 3_600_000).toISOString(),
    });
    await run(now);
    const ends = new Date(now.getTime() + 3_600_000).toISOString();
    const home = await (await api.request("/sale")).json();
    expect(home).toEqual({ sale: { name: "Weekend sale", ends_at: ends } });
    const product = await (await api.request("/product/mini-bag")).json();
    expect(product.sale).toEqual({ name: "Weekend sale", ends_at: ends });
    // A product the sale does not price shows none.
    const other = await (await api.request("/product/evening-clutch")).json();
    expect(other.sale).toBeNull();
    // Without the countdown switch, or paused, there is none.
    await database.db.updateTable("campaigns").set({ countdown: 0 }).where("id", "=", id).execute();
    expect(await (await api.request("/sale")).json()).toEqual({ sale: null });
    expect((await (await api.request("/product/mini-bag")).json()).sale).toBeNull();
    await remove(id);
    await run(now);
  });
});
