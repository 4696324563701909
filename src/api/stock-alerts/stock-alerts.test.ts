import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PHONE_NOT_PAKISTANI } from "../../shared/phone.ts";
import { STOCK_ALERT_MESSAGES } from "../../shared/stock-alerts.ts";
import { type AdminHarness, adminHarness, customerShopper } from "../../testing/admin-harness.ts";
import { type ApiHarness, apiHarness, HARNESS_CONFIG, shopper } from "../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue, plainProduct, variantId } from "../../testing/factories.ts";
import { CHECKOUT_CONTACT, deliveredOrder, withoutConfirmation } from "../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { TEST_LIMITS } from "../../testing/test-limits.ts";
import { csvRecord, parseCsv } from "../csv.ts";
import { createLimits } from "../rate-limit.ts";
import { stockAlertsService } from "./stock-alerts.service.ts";

const { engine, available } = testEngine();

let sequence = 0;
const uniqueEmail = (name = "sana") => {
  sequence += 1;
  return `${name}${sequence}@example.pk`;
};

/**
 * "Notify me when it's back" (issue 35 item 5, docs/decisions/0061-back-in-stock.md): the request and its refusals,
 * and the sweep telling each waiting shopper once whichever door brought the stock back.
 */
describe.skipIf(!available)(`back-in-stock alerts on ${engine}`, () => {
  let database: TestDatabase;
  let catalogue: Catalogue;
  let api: ApiHarness;
  let admin: AdminHarness;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    await withoutConfirmation(database.db);
    api = apiHarness(database);
    admin = await adminHarness(database, api);
  }, 60_000);
  afterAll(() => database?.drop());

  const sweep = () => api.services.stockAlerts.sweep();

  /** A product of its own with its one variant (black, one size), and that variant's stock set. */
  async function productWithStock(slug: string, stock: number) {
    const product = await plainProduct(database.db, catalogue, slug);
    const variant = await variantId(
      database.db,
      product,
      catalogue.colors.black.id,
      catalogue.sizes.oneSize.id,
    );
    await database.db.updateTable("variants").set({ stock }).where("id", "=", variant).execute();
    return { product, variant };
  }

  const ask = (body: Record<string, unknown>, address?: string) =>
    shopper(api, {}, address ? { address } : {}).post("/stock-alerts", body);

  async function asked(variant: number, email: string) {
    const answer = await ask({ variation_id: variant, email });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ message: STOCK_ALERT_MESSAGES.saved });
  }

  const mailsTo = (email: string) =>
    database.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("recipient", "=", email)
      .where("reference", "like", "stock-alert-%")
      .execute();

  const waitingFor = async (variant: number) =>
    (
      await database.db
        .selectFrom("stock_alerts")
        .select("email")
        .where("variant_id", "=", variant)
        .where("notified_at", "is", null)
        .orderBy("email")
        .execute()
    ).map((row) => row.email);

  /** Staff save the product's grid with this stock for its one variant, as the back office's editor does. */
  async function restockInBackOffice(product: number, stock: number) {
    const saved = await admin.staff.call("PATCH", `/admin/products/${product}`, {
      variants: [
        { color_id: catalogue.colors.black.id, size_id: catalogue.sizes.oneSize.id, price: 1000, stock },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  }

  it("refuses what is not a request for a sold-out variant, each with its sentence", async () => {
    const { variant } = await productWithStock("refusals", 0);
    const { variant: inStock } = await productWithStock("in-stock", 4);
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ variation_id: variant }, "email", STOCK_ALERT_MESSAGES.emailRequired],
      [{ variation_id: variant, email: "not an address" }, "email", STOCK_ALERT_MESSAGES.emailInvalid],
      [{ email: "a@example.pk" }, "variation_id", STOCK_ALERT_MESSAGES.variantRequired],
      [{ variation_id: "x", email: "a@example.pk" }, "variation_id", STOCK_ALERT_MESSAGES.variantRequired],
      [
        { variation_id: 2_000_000_000, email: "a@example.pk" },
        "variation_id",
        STOCK_ALERT_MESSAGES.variantUnknown,
      ],
      [{ variation_id: variant, email: "a@example.pk", phone: "12" }, "phone", PHONE_NOT_PAKISTANI],
      [{ variation_id: inStock, email: "a@example.pk" }, "variation_id", STOCK_ALERT_MESSAGES.inStock],
    ];
    for (const [body, field, message] of refusals) {
      const answer = await ask(body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      expect(answer.body.errors[field], JSON.stringify(body)).toEqual([message]);
    }
    expect(STOCK_ALERT_MESSAGES.inStock).toMatch(/is in stock/);
    expect(await waitingFor(variant)).toEqual([]);
    // A draft's variant is not for sale, so nobody can wait for it.
    const { product: draft, variant: draftVariant } = await productWithStock("draft", 0);
    await database.db.updateTable("products").set({ status: "draft" }).where("id", "=", draft).execute();
    expect(
      (await ask({ variation_id: draftVariant, email: "a@example.pk" })).body.errors.variation_id,
    ).toEqual([STOCK_ALERT_MESSAGES.variantUnknown]);
  });

  it("keeps one alert per address and variant, answering a repeat the same; a phone is kept as typed", async () => {
    const { variant } = await productWithStock("twice", 0);
    const email = uniqueEmail();
    await asked(variant, email);
    await asked(variant, email.toUpperCase());
    const withPhone = await ask({
      variation_id: String(variant),
      email: ` ${email} `,
      phone: "0300 1234567",
    });
    expect(withPhone.status).toBe(200);
    const other = uniqueEmail();
    expect((await ask({ variation_id: variant, email: other, phone: "0300 1234567" })).status).toBe(200);
    expect(await waitingFor(variant)).toEqual([email, other].sort());
    const phones = await database.db
      .selectFrom("stock_alerts")
      .select("phone")
      .where("variant_id", "=", variant)
      .orderBy("id")
      .execute();
    expect(phones.map((row) => row.phone)).toEqual([null, "0300 1234567"]);
  });

  it("a back-office edit that restocks tells each waiting shopper once, with the product, colour, size and link", async () => {
    const { product, variant } = await productWithStock("edited-back", 0);
    const [one, two] = [uniqueEmail(), uniqueEmail()];
    await asked(variant, one);
    await asked(variant, two);
    expect(await sweep()).toBe(0);

    await restockInBackOffice(product, 3);
    expect(await sweep()).toBe(2);
    expect(await sweep()).toBe(0);
    const [mail] = await mailsTo(one);
    expect(await mailsTo(one)).toHaveLength(1);
    expect(await mailsTo(two)).toHaveLength(1);
    // The page's `size` is its size option, the variant's id (the storefront's variantHref).
    const link = `${HARNESS_CONFIG.publicUrl}/product/edited-back?color=${catalogue.colors.black.id}&size=${variant}`;
    expect(mail?.subject).toBe("Back in stock: Product edited-back (Black, One Size)");
    expect(mail?.text_body).toContain("Product edited-back in Black, size One Size is back in stock");
    expect(mail?.text_body).toContain(link);
    expect(mail?.text_body).toContain("this is the only email about it");
    expect(mail?.html_body).toContain(link.replace(/&/g, "&#38;"));
    expect(await waitingFor(variant)).toEqual([]);

    // Told once, the address may wait again for the next sell-out.
    await restockInBackOffice(product, 0);
    await asked(variant, one);
    expect(await waitingFor(variant)).toEqual([one]);
  });

  it("texts a shopper who left a phone, once, by the shop's channel; one without a phone gets the email alone", async () => {
    const { product, variant } = await productWithStock("texted-back", 0);
    const [withPhone, without] = [uniqueEmail(), uniqueEmail()];
    expect((await ask({ variation_id: variant, email: withPhone, phone: "0333 7654321" })).status).toBe(200);
    await asked(variant, without);
    await restockInBackOffice(product, 2);
    expect(await sweep()).toBe(2);
    expect(await sweep()).toBe(0);
    const texts = await database.db
      .selectFrom("message_outbox")
      .select(["recipient", "channel", "text_body", "template", "order_number"])
      .where("text_body", "like", "%texted-back%")
      .execute();
    const link = `${HARNESS_CONFIG.publicUrl}/product/texted-back?color=${catalogue.colors.black.id}&size=${variant}`;
    expect(texts).toEqual([
      {
        recipient: "+923337654321",
        channel: "sms",
        text_body: `Bags & Threads: good news, Product texted-back (Black, One Size) is back in stock. Get yours: ${link}`,
        template: JSON.stringify({
          name: "back_in_stock",
          parameters: ["Product texted-back (Black, One Size)", link],
        }),
        order_number: null,
      },
    ]);
    expect(await mailsTo(withPhone)).toHaveLength(1);
    expect(await mailsTo(without)).toHaveLength(1);
  });

  it("a cancelled order that brings the stock back tells the waiting shopper once", async () => {
    const { product, variant } = await productWithStock("cancelled-back", 2);
    const guest = shopper(api);
    expect((await guest.post("/cart/add", { id: product, size: variant, quantity: 2 })).status).toBe(200);
    const placed = await guest.post("/checkout", CHECKOUT_CONTACT);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const email = uniqueEmail();
    await asked(variant, email);
    expect(await sweep()).toBe(0);

    const cancelled = await admin.staff.call("PATCH", `/admin/orders/${placed.body.order.number}`, {
      status: "cancelled",
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("a return received for restock tells the waiting shopper once", async () => {
    const { product, variant } = await productWithStock("returned-back", 1);
    const { number, token, item } = await deliveredOrder({
      db: database.db,
      client: shopper(api),
      staff: admin.staff,
      product,
      variant,
    });
    const email = uniqueEmail();
    await asked(variant, email);

    const form = new FormData();
    form.set("token", token);
    form.set("items", JSON.stringify([{ order_item_id: item, quantity: 1 }]));
    form.set("reason", "wrong_size");
    form.set("reason_text", "");
    form.set("resolution", "refund");
    const request = await api.request(`/orders/${number}/returns`, { method: "POST", body: form });
    expect(request.status, await request.clone().text()).toBe(201);
    const returnId = (await request.json()).id as number;
    const act = (body: unknown) => admin.staff.call("PATCH", `/admin/returns/${returnId}`, body);
    expect((await act({ action: "approve", method: "drop_off" })).status).toBe(200);
    expect(await sweep()).toBe(0);
    const items = await database.db
      .selectFrom("return_items")
      .select("id")
      .where("return_id", "=", returnId)
      .execute();
    const received = await act({
      action: "receive",
      items: items.map(({ id }) => ({ id, condition: "restock" })),
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("a catalogue import that restocks tells the waiting shopper once", async () => {
    const { variant } = await productWithStock("imported-back", 0);
    const email = uniqueEmail();
    await asked(variant, email);
    // Staff export the catalogue, change this variant's stock in the file and import it back.
    const exported = await api.request("/admin/catalogue/export.csv", {
      headers: { authorization: `Bearer ${admin.staff.token}` },
    });
    const [header, ...rows] = [...parseCsv(await exported.text())].map((record) => record.fields);
    const handle = header!.indexOf("Handle");
    const stock = header!.indexOf("Variant Inventory Qty");
    const row = rows.find((fields) => fields[handle] === "imported-back")!;
    row[stock] = "6";
    const form = new FormData();
    form.append(
      "file",
      new File([csvRecord(header!) + csvRecord(row)], "catalogue.csv", { type: "text/csv" }),
    );
    const imported = await api.request("/admin/catalogue/import-now", {
      method: "POST",
      headers: { authorization: `Bearer ${admin.staff.token}` },
      body: form,
    });
    expect(imported.status, await imported.clone().text()).toBe(200);
    expect(
      (
        await database.db
          .selectFrom("variants")
          .select("stock")
          .where("id", "=", variant)
          .executeTakeFirstOrThrow()
      ).stock,
    ).toBe(6);
    expect(await sweep()).toBe(1);
    expect(await sweep()).toBe(0);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("a variant sold out again before the sweep tells nobody; its shoppers are told when it does come back", async () => {
    const { variant } = await productWithStock("back-and-gone", 0);
    const email = uniqueEmail();
    await asked(variant, email);
    await database.db.updateTable("variants").set({ stock: 1 }).where("id", "=", variant).execute();
    await database.db.updateTable("variants").set({ stock: 0 }).where("id", "=", variant).execute();
    expect(await sweep()).toBe(0);
    expect(await mailsTo(email)).toHaveLength(0);
    expect(await waitingFor(variant)).toEqual([email]);
    // Restocked behind the API's back (a database import): the sweep reads the stock, so it still tells.
    await database.db.updateTable("variants").set({ stock: 2 }).where("id", "=", variant).execute();
    expect(await sweep()).toBe(1);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it("two sweeps at once tell each waiting shopper once", async () => {
    const { variant } = await productWithStock("swept-twice", 0);
    const emails = Array.from({ length: 40 }, () => uniqueEmail("race"));
    for (const email of emails) await asked(variant, email);
    await database.db.updateTable("variants").set({ stock: 5 }).where("id", "=", variant).execute();
    const instance = () => stockAlertsService({ db: database.db, publicUrl: HARNESS_CONFIG.publicUrl });
    const told = await Promise.all([instance().sweep(), instance().sweep(), instance().sweep()]);
    expect(told.reduce((sum, each) => sum + each, 0)).toBe(emails.length);
    const mails = await database.db
      .selectFrom("mail_outbox")
      .select("recipient")
      .where("recipient", "like", "race%")
      .execute();
    expect(mails.map((row) => row.recipient).sort()).toEqual([...emails].sort());
  });

  it("limits requests per client address and per email, like the newsletter", async () => {
    const limited = apiHarness(database, {
      limits: createLimits({
        settings: { ...TEST_LIMITS, newsletterSignupsPerHour: 2 },
        logger: pino({ level: "silent" }),
      }),
    });
    const { variant } = await productWithStock("limited", 0);
    const from = (address: string, email: string) =>
      shopper(limited, {}, { address }).post("/stock-alerts", { variation_id: variant, email });
    expect((await from("10.2.0.1", uniqueEmail())).status).toBe(200);
    expect((await from("10.2.0.1", uniqueEmail())).status).toBe(200);
    const third = uniqueEmail();
    expect(await from("10.2.0.1", third)).toMatchObject({
      status: 429,
      body: { message: "Too many attempts. Please try again in 60 minutes." },
    });
    const one = uniqueEmail();
    expect((await from("10.2.0.2", one)).status).toBe(200);
    expect((await from("10.2.0.3", one.toUpperCase())).status).toBe(200);
    expect((await from("10.2.0.4", one)).status).toBe(429);
    expect(await waitingFor(variant)).not.toContain(third);
  });

  it("shows staff the most-wanted sold-out variants, and nobody else", async () => {
    const { product: popular, variant: popularVariant } = await productWithStock("most-wanted", 0);
    const { variant: lessVariant } = await productWithStock("less-wanted", 0);
    for (const email of [uniqueEmail(), uniqueEmail(), uniqueEmail()]) await asked(popularVariant, email);
    await asked(lessVariant, uniqueEmail());
    const list = await admin.staff.get("/admin/stock-alerts");
    expect(list.status).toBe(200);
    const rows = list.body.variants as { variant_id: number; waiting: number }[];
    const popularAt = rows.findIndex((row) => row.variant_id === popularVariant);
    const lessAt = rows.findIndex((row) => row.variant_id === lessVariant);
    expect(popularAt).toBeGreaterThanOrEqual(0);
    expect(popularAt).toBeLessThan(lessAt);
    expect(rows[popularAt]).toMatchObject({
      product_id: popular,
      product_title: "Product most-wanted",
      color_name: "Black",
      size_name: "One Size",
      waiting: 3,
    });
    const customer = await customerShopper(api, database);
    expect((await customer.get("/admin/stock-alerts")).status).toBe(403);
    expect((await shopper(api).get("/admin/stock-alerts")).status).toBe(401);
    // Back in stock: no longer wanted, even before the sweep.
    await database.db.updateTable("variants").set({ stock: 1 }).where("id", "=", popularVariant).execute();
    const after = (await admin.staff.get("/admin/stock-alerts")).body.variants as { variant_id: number }[];
    expect(after.map((row) => row.variant_id)).not.toContain(popularVariant);
  });
});
