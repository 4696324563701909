import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STAFF_ORDER_LINES_MAX, STAFF_ORDER_MESSAGES } from "../../../shared/contracts/admin-orders.ts";
import { PHONE_NOT_PAKISTANI } from "../../../shared/phone.ts";
import { type AdminHarness, adminHarness, expectBackOfficeOnly } from "../../../testing/admin-harness.ts";
import { apiHarness, type Shopper, shopper } from "../../../testing/api-harness.ts";
import { buildCatalogue } from "../../../testing/factories.ts";
import { bagInColours, CHECKOUT_CONTACT } from "../../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";

const { engine, available } = testEngine();

/** An order taken on WhatsApp: the checkout's address, no email. */
const WHATSAPP_ORDER = {
  phone: "0321 7654321",
  shipping_address: {
    first_name: "Bilal",
    last_name: "Ahmed",
    address: "House 12, Street 4, DHA Phase 5",
    city: "Karachi",
  },
  channel: "whatsapp",
  staff_note: "Asked on WhatsApp at 9 pm; wants it before Friday.",
};

describe.skipIf(!available)(`orders staff enter on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;
  let product: number;
  let black: number;
  let tan: number;
  let navy: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await adminHarness(database, apiHarness(database));
    ({
      product,
      variants: [black, tan, navy],
    } = await bagInColours(database.db, await buildCatalogue(database.db), {
      slug: "city-tote",
      title: "City Tote",
      variants: [
        { price: 450_000, stock: 5 },
        { price: 300_000, stock: 2 },
        { price: 300_000, stock: 0 },
      ],
    }));
  });
  afterAll(() => database?.drop());

  const stockOf = async (id: number) =>
    (await database.db.selectFrom("variants").select("stock").where("id", "=", id).executeTakeFirstOrThrow())
      .stock;
  const setStock = (id: number, stock: number) =>
    database.db.updateTable("variants").set({ stock }).where("id", "=", id).execute();
  const orderCount = async () => (await database.db.selectFrom("orders").select("id").execute()).length;

  it("is for staff and owners only", async () => {
    const body = { ...WHATSAPP_ORDER, items: [{ variation_id: black, quantity: 1 }] };
    await expectBackOfficeOnly(admin, "POST", "/admin/orders", body);
    await expectBackOfficeOnly(admin, "POST", "/admin/orders/quote", { items: body.items });
    expect(await orderCount()).toBe(0);
    expect(await stockOf(black)).toBe(5);
  });

  it("quotes the order as it would be entered now, with each line's stock, and writes nothing", async () => {
    const quote = await admin.staff.post("/admin/orders/quote", {
      items: [
        { variation_id: black, quantity: 2 },
        { variation_id: tan, quantity: 3 },
        { variation_id: navy, quantity: 1 },
      ],
      city: "Karachi",
    });
    expect(quote.status).toBe(200);
    expect(quote.body.lines.map((line: { problem: string | null }) => line.problem)).toEqual([
      null,
      "Only 2 left in stock.",
      "Out of stock.",
    ]);
    expect(quote.body.subtotal).toBe(4500 * 2 + 3000 * 3 + 3000);
    expect(quote.body.total).toBe(
      quote.body.subtotal - quote.body.discount + quote.body.delivery_charges + quote.body.cod_fee,
    );
    expect(quote.body.code_problem).toBeNull();
    const badCode = await admin.staff.post("/admin/orders/quote", {
      items: [{ variation_id: black, quantity: 1 }],
      code: "nosuch",
    });
    expect(badCode.status).toBe(200);
    expect(badCode.body.code).toBeNull();
    expect(badCode.body.code_problem).toMatch(/^The code NOSUCH does not apply: /);
    expect(await orderCount()).toBe(0);
    expect(await stockOf(black)).toBe(5);
  });

  it("refuses bad input with the field's message and changes nothing", async () => {
    const cases: [unknown, string, string][] = [
      [{ ...WHATSAPP_ORDER, items: [] }, "items", STAFF_ORDER_MESSAGES.items],
      [
        {
          ...WHATSAPP_ORDER,
          items: [
            { variation_id: black, quantity: 1 },
            { variation_id: black, quantity: 2 },
          ],
        },
        "items",
        STAFF_ORDER_MESSAGES.sameVariant,
      ],
      [
        {
          ...WHATSAPP_ORDER,
          items: Array.from({ length: STAFF_ORDER_LINES_MAX + 1 }, (_, i) => ({
            variation_id: i + 1,
            quantity: 1,
          })),
        },
        "items",
        STAFF_ORDER_MESSAGES.tooManyItems,
      ],
      [
        { ...WHATSAPP_ORDER, items: [{ variation_id: 999_999, quantity: 1 }] },
        "items",
        STAFF_ORDER_MESSAGES.unknownVariant(999_999),
      ],
      [
        { ...WHATSAPP_ORDER, channel: "telegram", items: [{ variation_id: black, quantity: 1 }] },
        "channel",
        STAFF_ORDER_MESSAGES.channel,
      ],
      [
        { ...WHATSAPP_ORDER, email: "not an email", items: [{ variation_id: black, quantity: 1 }] },
        "email",
        STAFF_ORDER_MESSAGES.email,
      ],
      [
        { ...WHATSAPP_ORDER, phone: "", items: [{ variation_id: black, quantity: 1 }] },
        "phone",
        "Phone is required.",
      ],
      [
        { ...WHATSAPP_ORDER, phone: "+44 20 7946 0000", items: [{ variation_id: black, quantity: 1 }] },
        "phone",
        PHONE_NOT_PAKISTANI,
      ],
      [
        {
          ...WHATSAPP_ORDER,
          shipping_address: { ...WHATSAPP_ORDER.shipping_address, city: "" },
          items: [{ variation_id: black, quantity: 1 }],
        },
        "shipping_address.city",
        "City is required.",
      ],
    ];
    for (const [body, field, message] of cases) {
      const answer = await admin.staff.post("/admin/orders", body);
      expect(answer.status, field).toBe(422);
      expect(answer.body.errors[field], field).toContain(message);
    }
    expect(await orderCount()).toBe(0);
    expect(await stockOf(black)).toBe(5);
  });

  it("enters a confirmed cash-on-delivery order priced by the shop, takes its stock, and audits who and where", async () => {
    const answer = await admin.staff.post("/admin/orders", {
      ...WHATSAPP_ORDER,
      items: [
        { variation_id: black, quantity: 2 },
        { variation_id: tan, quantity: 1 },
      ],
      // A client's figures are never read: the order is priced by the server.
      total: 1,
    });
    expect(answer.status).toBe(201);
    const order = answer.body;
    expect(order.status).toBe("pending");
    expect(order.channel).toBe("whatsapp");
    expect(order.entered_by).toBe(admin.staff.user.email.toLowerCase());
    expect(order.email).toBe("");
    expect(order.customer).toBeNull();
    expect(order.can_confirm).toBe(false);
    expect(
      order.items.map((item: { quantity: number; price: number }) => [item.quantity, item.price]),
    ).toEqual([
      [2, 4500],
      [1, 3000],
    ]);
    expect(order.subtotal).toBe(12_000);
    expect(order.total).toBe(order.subtotal - order.discount + order.delivery_charges + order.cod_fee);
    expect(await stockOf(black)).toBe(3);
    expect(await stockOf(tan)).toBe(1);

    // No email given, none queued; the phone gets its "order placed" message.
    const mail = await database.db
      .selectFrom("mail_outbox")
      .select("reference")
      .where("reference", "=", order.number)
      .execute();
    expect(mail).toEqual([]);
    const messages = await database.db
      .selectFrom("message_outbox")
      .select("recipient")
      .where("order_number", "=", order.number)
      .execute();
    expect(messages.map((row) => row.recipient)).toEqual(["+923217654321"]);

    const [audit] = await database.db
      .selectFrom("audit_log")
      .select(["action", "actor_email", "after"])
      .where("entity_type", "=", "order")
      .where("entity_id", "=", order.number)
      .execute();
    expect(audit?.action).toBe("order.enter");
    expect(audit?.actor_email).toBe(admin.staff.user.email.toLowerCase());
    expect(JSON.parse(audit?.after ?? "{}")).toMatchObject({
      channel: "whatsapp",
      note: WHATSAPP_ORDER.staff_note,
    });

    // It is an order like any other: the list finds it and it moves on as usual.
    const listed = await admin.staff.get(`/admin/orders?q=${order.number}`);
    expect(listed.body.data.map((row: { number: string }) => row.number)).toEqual([order.number]);
    const moved = await admin.staff.call("PATCH", `/admin/orders/${order.number}`, { status: "processing" });
    expect(moved.status).toBe(200);
  });

  it("emails a shopper who gave an email, and files the order under their account when they have one", async () => {
    const answer = await admin.owner.post("/admin/orders", {
      ...WHATSAPP_ORDER,
      channel: "phone",
      email: admin.customer.user.email.toUpperCase(),
      items: [{ variation_id: black, quantity: 1 }],
    });
    expect(answer.status).toBe(201);
    expect(answer.body.customer?.email).toBe(admin.customer.user.email);
    const mail = await database.db
      .selectFrom("mail_outbox")
      .select("recipient")
      .where("reference", "=", answer.body.number)
      .execute();
    expect(mail.map((row) => row.recipient)).toEqual([admin.customer.user.email.toUpperCase()]);
    const history = await admin.customer.get("/orders");
    expect(JSON.stringify(history.body)).toContain(answer.body.number);
  });

  it("refuses a line its stock cannot fill, naming it, and keeps nothing of the order", async () => {
    const before = await orderCount();
    const answer = await admin.staff.post("/admin/orders", {
      ...WHATSAPP_ORDER,
      items: [
        { variation_id: black, quantity: 1 },
        { variation_id: tan, quantity: 5 },
      ],
    });
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      "Only 1 of City Tote (Tan, One Size) left in stock: change the quantity and enter the order again.",
    );
    const soldOut = await admin.staff.post("/admin/orders", {
      ...WHATSAPP_ORDER,
      items: [{ variation_id: navy, quantity: 1 }],
    });
    expect(soldOut.status).toBe(409);
    expect(soldOut.body.message).toBe(
      "City Tote (Navy, One Size) is out of stock: take it off the order and enter it again.",
    );
    expect(await orderCount()).toBe(before);
    expect(await stockOf(black)).toBe(2);
  });

  it("enters one order for a form sent twice with the same Idempotency-Key", async () => {
    const before = await orderCount();
    const keyed: Shopper = shopper(admin.api, { "Idempotency-Key": "staff-form-1" });
    keyed.token = admin.staff.token;
    const body = { ...WHATSAPP_ORDER, items: [{ variation_id: black, quantity: 1 }] };
    const [first, second] = await Promise.all([
      keyed.post("/admin/orders", body),
      keyed.post("/admin/orders", body),
    ]);
    const statuses = [first.status, second.status].sort();
    // Both answer the one order, or the second is told the first is still being entered (409).
    expect(statuses[0]).toBe(201);
    const again = await keyed.post("/admin/orders", body);
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.number).toBe(first.status === 201 ? first.body.number : second.body.number);
    expect(await orderCount()).toBe(before + 1);
    expect(await stockOf(black)).toBe(1);
  });

  it("never sells a unit twice when staff orders race shoppers' checkouts for the last units", async () => {
    await setStock(tan, 6);
    const carts: Shopper[] = [];
    for (let i = 0; i < 6; i++) {
      const guest = shopper(admin.api);
      expect((await guest.post("/cart/add", { id: product, quantity: 1, size: tan })).status).toBe(200);
      carts.push(guest);
    }
    const before = await orderCount();
    const answers = await Promise.all([
      ...carts.map((cart) => cart.post("/checkout", CHECKOUT_CONTACT)),
      ...Array.from({ length: 6 }, () =>
        admin.staff.post("/admin/orders", { ...WHATSAPP_ORDER, items: [{ variation_id: tan, quantity: 1 }] }),
      ),
    ]);
    const placed = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(placed).toHaveLength(6);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.body.message).toMatch(/out of stock|left in stock/);
    }
    expect(await stockOf(tan)).toBe(0);
    expect(await orderCount()).toBe(before + 6);
  });
});
