import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CourierSettings, DEFAULT_SHIP_FROM } from "../../platform/config.ts";
import { RETURN_MESSAGES } from "../../shared/returns.ts";
import { type AdminHarness, adminHarness, customerShopper } from "../../testing/admin-harness.ts";
import { type ApiHarness, apiHarness, type Shopper, shopper } from "../../testing/api-harness.ts";
import { buildCatalogue } from "../../testing/factories.ts";
import {
  bagInColours,
  CHECKOUT_CONTACT,
  deliveredOrder,
  withoutConfirmation,
} from "../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { type CourierSimulators, startCourierSimulators } from "../couriers/simulators/simulated-couriers.ts";

const { engine, available } = testEngine();

const COURIERS: CourierSettings = {
  simulators: false,
  leopards: undefined,
  postex: undefined,
  timeoutMs: 2000,
  pollMinutes: 0,
  shipFrom: DEFAULT_SHIP_FROM,
};

/**
 * Returns and exchanges through the API (issue 32, docs/decisions/0054-returns.md): the shopper's request and its
 * limits, staff's approval (with a courier's reverse pickup), receipt with stock back once, and each way to settle
 * (refund, exchange's replacement order, store credit spent at checkout), on this engine; with two API instances
 * over one database for the races.
 */
describe.skipIf(!available)(`returns and exchanges on ${engine}`, () => {
  let database: TestDatabase;
  let sims: CourierSimulators;
  let api: ApiHarness;
  let other: ApiHarness;
  let admin: AdminHarness;
  let otherStaff: Shopper;
  let product: number;
  let black: number;
  let tan: number;
  let navy: number;
  let photo: Buffer;

  beforeAll(async () => {
    database = await createTestDatabase();
    sims = await startCourierSimulators();
    const catalogue = await buildCatalogue(database.db);
    ({
      product,
      variants: [black, tan, navy],
    } = await bagInColours(database.db, catalogue, {
      slug: "weekend-tote",
      title: "Weekend Tote",
      variants: [
        { price: 300_000, stock: 100 },
        { price: 300_000, stock: 20 },
        { price: 300_000, stock: 0 },
      ],
    }));
    await withoutConfirmation(database.db);
    const config = { couriers: sims.settings(COURIERS) };
    api = apiHarness(database, { config });
    other = apiHarness(database, { config });
    admin = await adminHarness(database, api);
    // The same staff member's session, through a second instance of the API.
    otherStaff = shopper(other);
    otherStaff.token = admin.staff.token;
    photo = await sharp({
      create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 120, b: 40 } },
    })
      .jpeg()
      .toBuffer();
  });
  afterAll(async () => {
    await sims?.close();
    await database?.drop();
  });

  const stockOf = async (variant: number) =>
    (
      await database.db
        .selectFrom("variants")
        .select("stock")
        .where("id", "=", variant)
        .executeTakeFirstOrThrow()
    ).stock;
  const returnCount = async () =>
    Number(
      (
        await database.db
          .selectFrom("returns")
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A guest's delivered order of `quantity` black totes: its number and access token. */
  async function delivered(quantity = 2, client: Shopper = shopper(api)) {
    const order = await deliveredOrder({
      db: database.db,
      client,
      staff: admin.staff,
      product,
      variant: black,
      quantity,
    });
    return { ...order, client };
  }

  /** Asks for a return as the API's multipart form. */
  function ask(
    number: string,
    fields: {
      token?: string;
      items: unknown;
      reason?: string;
      reason_text?: string;
      resolution?: string;
      photos?: { bytes: Buffer; name: string; type: string }[];
    },
    options: { client?: ApiHarness; headers?: Record<string, string> } = {},
  ) {
    const form = new FormData();
    if (fields.token) form.set("token", fields.token);
    form.set("items", typeof fields.items === "string" ? fields.items : JSON.stringify(fields.items));
    form.set("reason", fields.reason ?? "wrong_size");
    form.set("reason_text", fields.reason_text ?? "");
    form.set("resolution", fields.resolution ?? "refund");
    for (const each of fields.photos ?? []) {
      form.append("photos", new File([new Uint8Array(each.bytes)], each.name, { type: each.type }));
    }
    return (options.client ?? api).request(`/orders/${number}/returns`, {
      method: "POST",
      body: form,
      headers: options.headers ?? {},
    });
  }

  const itemIdsOf = async (returnId: number) =>
    (
      await database.db.selectFrom("return_items").select("id").where("return_id", "=", returnId).execute()
    ).map((row) => row.id);

  const act = (id: number, body: unknown, client: Shopper = admin.staff) =>
    client.call("PATCH", `/admin/returns/${id}`, body);

  it("lets a guest ask for a return of a delivered order with a photo, stored once, re-encoded and told", async () => {
    const { number, token, item } = await delivered(2);
    const overview = await shopper(api).get(`/orders/${number}/returns?token=${encodeURIComponent(token)}`);
    expect(overview.status).toBe(200);
    expect(overview.body).toMatchObject({
      order_number: number,
      can_request: true,
      refusal: null,
      returns: [],
    });
    expect(overview.body.items[0]).toMatchObject({
      order_item_id: item,
      bought: 2,
      returnable: 2,
      final_sale: false,
    });
    expect(overview.body.items[0].exchange_options).toEqual([
      expect.objectContaining({ variant_id: navy, color_name: "Navy", in_stock: false }),
      expect.objectContaining({ variant_id: tan, color_name: "Tan", in_stock: true }),
    ]);
    expect(Date.parse(overview.body.window_ends_at) - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);

    const asked = await ask(number, {
      token,
      items: [{ order_item_id: item, quantity: 1 }],
      photos: [{ bytes: photo, name: "tote.jpg", type: "image/jpeg" }],
    });
    const body = await asked.json();
    expect(asked.status, JSON.stringify(body)).toBe(201);
    expect(body).toMatchObject({
      number: `${number}-R1`,
      status: "requested",
      status_name: "New",
      resolution: "refund",
      reason_name: "Wrong size",
      amount: 3000,
      photos: 1,
      items: [{ order_item_id: item, quantity: 1, amount: 3000, exchange: null }],
    });
    expect(body.timeline).toHaveLength(1);
    const mails = await database.db
      .selectFrom("mail_outbox")
      .select("subject")
      .where("reference", "=", number)
      .execute();
    expect(mails.map((mail) => mail.subject)).toContain(`Your return ${number}-R1: Requested`);
    // The photo is kept privately as WebP, whatever was sent.
    const stored = await database.db
      .selectFrom("return_photos")
      .selectAll()
      .where("return_id", "=", body.id)
      .execute();
    expect(stored).toHaveLength(1);
    const shown = await admin.staff.call("GET", `/admin/returns/${body.id}`);
    expect(shown.body.photo_ids).toEqual([stored[0]!.id]);
    const picture = await api.request(`/admin/returns/${body.id}/photos/${stored[0]!.id}`, {
      headers: { authorization: `Bearer ${admin.staff.token}` },
    });
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).format).toBe("webp");
    const anonymous = await api.request(`/admin/returns/${body.id}/photos/${stored[0]!.id}`);
    expect(anonymous.status).toBe(401);

    // One request per item quantity: one tote is left to return, and no more.
    const again = await ask(number, { token, items: [{ order_item_id: item, quantity: 2 }] });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(RETURN_MESSAGES.tooMany("Weekend Tote", 1));
    const after = await shopper(api).get(`/orders/${number}/returns?token=${encodeURIComponent(token)}`);
    expect(after.body.items[0].returnable).toBe(1);
    expect(after.body.returns).toHaveLength(1);
  });

  it("refuses what cannot be returned with a sentence, and stores nothing", async () => {
    const { number, token, item } = await delivered(1);
    const before = await returnCount();
    const sentence = async (response: Response) => {
      const body = await response.json();
      return { status: response.status, message: body.message, errors: body.errors };
    };
    // Not the shopper's order: no token, a forged one, another customer's session.
    expect((await ask(number, { items: [{ order_item_id: item, quantity: 1 }] })).status).toBe(404);
    expect(
      (await ask(number, { token: "forged", items: [{ order_item_id: item, quantity: 1 }] })).status,
    ).toBe(404);
    const stranger = await customerShopper(api, database, {
      first_name: "Other",
      last_name: "Person",
      email: "other.person@example.pk",
    });
    expect(
      (
        await ask(
          number,
          { items: [{ order_item_id: item, quantity: 1 }] },
          { headers: { authorization: `Bearer ${stranger.token}` } },
        )
      ).status,
    ).toBe(404);
    expect((await stranger.get(`/orders/${number}/returns`)).status).toBe(404);
    // More than bought, a line of another order, nothing chosen, no reason words for "other".
    expect(
      await sentence(await ask(number, { token, items: [{ order_item_id: item, quantity: 2 }] })),
    ).toMatchObject({
      status: 409,
      message: RETURN_MESSAGES.tooMany("Weekend Tote", 1),
    });
    expect(
      (await sentence(await ask(number, { token, items: [{ order_item_id: item + 100_000, quantity: 1 }] })))
        .errors.items,
    ).toEqual([RETURN_MESSAGES.itemUnknown]);
    expect((await sentence(await ask(number, { token, items: [] }))).errors.items).toEqual([
      RETURN_MESSAGES.noItems,
    ]);
    expect((await sentence(await ask(number, { token, items: "not json" }))).status).toBe(422);
    expect(
      (
        await sentence(
          await ask(number, { token, items: [{ order_item_id: item, quantity: 1 }], reason: "other" }),
        )
      ).errors.reason_text,
    ).toEqual([RETURN_MESSAGES.reasonText]);
    // Photos that are not pictures, too many, or too large.
    const script = Buffer.from("<script>alert(1)</script>");
    expect(
      (
        await sentence(
          await ask(number, {
            token,
            items: [{ order_item_id: item, quantity: 1 }],
            photos: [{ bytes: script, name: "photo.jpg", type: "image/jpeg" }],
          }),
        )
      ).errors.photos,
    ).toEqual([RETURN_MESSAGES.photoType]);
    const four = Array.from({ length: 4 }, () => ({ bytes: photo, name: "p.jpg", type: "image/jpeg" }));
    expect(
      (
        await sentence(
          await ask(number, { token, items: [{ order_item_id: item, quantity: 1 }], photos: four }),
        )
      ).errors.photos,
    ).toEqual([RETURN_MESSAGES.photoCount]);
    const huge = Buffer.alloc(16 * 1024 * 1024, 1);
    expect(
      (
        await ask(number, {
          token,
          items: [{ order_item_id: item, quantity: 1 }],
          photos: [{ bytes: huge, name: "huge.jpg", type: "image/jpeg" }],
        })
      ).status,
    ).toBe(413);
    // An exchange for a sold-out colour holds nothing.
    const navyStock = await stockOf(navy);
    expect(
      await sentence(
        await ask(number, {
          token,
          items: [{ order_item_id: item, quantity: 1, exchange_variant_id: navy }],
          resolution: "exchange",
        }),
      ),
    ).toMatchObject({ status: 409, message: RETURN_MESSAGES.exchangeSoldOut("Weekend Tote") });
    expect(await stockOf(navy)).toBe(navyStock);
    // Final sale.
    await database.db.updateTable("products").set({ final_sale: 1 }).where("id", "=", product).execute();
    try {
      expect(
        (await sentence(await ask(number, { token, items: [{ order_item_id: item, quantity: 1 }] }))).errors
          .items,
      ).toEqual([RETURN_MESSAGES.finalSale("Weekend Tote")]);
    } finally {
      await database.db.updateTable("products").set({ final_sale: 0 }).where("id", "=", product).execute();
    }
    // After the window: delivered 31 days ago.
    const old = new Date(Date.now() - 31 * 24 * 3600_000).toISOString();
    const order = await database.db
      .selectFrom("orders")
      .select("id")
      .where("number", "=", number)
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable("order_status_history")
      .set({ created_at: old })
      .where("order_id", "=", order.id)
      .where("to_status", "=", "delivered")
      .execute();
    expect(
      await sentence(await ask(number, { token, items: [{ order_item_id: item, quantity: 1 }] })),
    ).toMatchObject({
      status: 409,
      message: RETURN_MESSAGES.windowClosed(30),
    });
    expect(
      (await shopper(api).get(`/orders/${number}/returns?token=${encodeURIComponent(token)}`)).body,
    ).toMatchObject({
      can_request: false,
      refusal: RETURN_MESSAGES.windowClosed(30),
    });
    expect(await returnCount()).toBe(before);
  });

  it("refuses an order not delivered yet", async () => {
    const client = shopper(api);
    await client.post("/cart/add", { id: product, quantity: 1, size: black });
    const placed = await client.post("/checkout", CHECKOUT_CONTACT);
    const number = placed.body.order.number;
    const item = (
      await database.db.selectFrom("order_items").select("id").orderBy("id", "desc").executeTakeFirstOrThrow()
    ).id;
    const refused = await ask(number, {
      token: placed.body.access_token,
      items: [{ order_item_id: item, quantity: 1 }],
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(RETURN_MESSAGES.notDelivered);
  });

  it("refunds a cash order's return: approved, received with the stock back once, settled by a recorded transfer", async () => {
    const { number, token, item } = await delivered(2);
    const asked = await (await ask(number, { token, items: [{ order_item_id: item, quantity: 2 }] })).json();
    expect((await act(asked.id, { action: "receive", items: [] })).status).toBe(422);
    // Not received before it is approved.
    const early = await act(asked.id, {
      action: "receive",
      items: asked.items.map(() => ({ id: 0, condition: "restock" })),
    });
    expect(early.status).toBe(422);
    const approved = await act(asked.id, {
      action: "approve",
      method: "drop_off",
      note: "Use a sturdy box.",
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({
      status: "approved",
      method: "drop_off",
      actions: ["in_transit", "receive", "reject"],
    });
    expect(approved.body.send_to).toContain(DEFAULT_SHIP_FROM.address);

    const itemIds = await itemIdsOf(asked.id);
    const before = await stockOf(black);
    // Two staff record the receipt at the same moment, through two instances: the stock comes back once.
    const receive = { action: "receive", items: itemIds.map((id) => ({ id, condition: "restock" })) };
    const [first, second] = await Promise.all([act(asked.id, receive), act(asked.id, receive, otherStaff)]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect(await stockOf(black)).toBe(before + 2);

    const noReference = await act(asked.id, { action: "settle" });
    expect(noReference.status).toBe(422);
    const settled = await act(asked.id, { action: "settle", reference: "IBFT-4471" });
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect(settled.body).toMatchObject({
      status: "closed",
      outcome: "refunded",
      refund: { amount: 6000, reference: "IBFT-4471" },
      actions: [],
    });
    expect(settled.body.events.map((event: { status: string }) => event.status)).toEqual([
      "Requested",
      "Approved",
      "Received",
      "Refunded",
    ]);
    const order = await database.db
      .selectFrom("orders")
      .selectAll()
      .where("number", "=", number)
      .executeTakeFirstOrThrow();
    expect(Number(order.refunded_amount)).toBe(600_000);
    expect(order.payment_status).toBe("partly_refunded");
    expect(order.status).toBe("delivered");
    // Settled once: a second settle is refused and nothing more is refunded.
    expect((await act(asked.id, { action: "settle", reference: "IBFT-4472" })).status).toBe(409);
    expect(
      Number(
        (
          await database.db
            .selectFrom("orders")
            .select("refunded_amount")
            .where("number", "=", number)
            .executeTakeFirstOrThrow()
        ).refunded_amount,
      ),
    ).toBe(600_000);
    // The shopper reads the whole timeline.
    const seen = await shopper(api).get(`/orders/${number}/returns?token=${encodeURIComponent(token)}`);
    expect(seen.body.returns[0].timeline).toHaveLength(4);
    expect(seen.body.items[0].returnable).toBe(0);
  });

  it("exchanges for another colour: held at request, given back on rejection, shipped as a free replacement order", async () => {
    const { number, token, item } = await delivered(1);
    const tanBefore = await stockOf(tan);
    const rejectedAsk = await (
      await ask(number, {
        token,
        items: [{ order_item_id: item, quantity: 1, exchange_variant_id: tan }],
        resolution: "exchange",
      })
    ).json();
    expect(rejectedAsk.items[0].exchange).toMatchObject({ variant_id: tan, color_name: "Tan" });
    expect(await stockOf(tan)).toBe(tanBefore - 1);
    expect((await act(rejectedAsk.id, { action: "reject" })).status).toBe(422);
    // A rejection racing another: the held tote comes back once.
    const reject = { action: "reject", note: "Worn and washed." };
    const results = await Promise.all([act(rejectedAsk.id, reject), act(rejectedAsk.id, reject, otherStaff)]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(await stockOf(tan)).toBe(tanBefore);

    // Rejected items may be asked for again; this time with a courier's reverse pickup.
    const asked = await (
      await ask(number, {
        token,
        items: [{ order_item_id: item, quantity: 1, exchange_variant_id: tan }],
        resolution: "exchange",
      })
    ).json();
    expect(asked.number).toBe(`${number}-R2`);
    const unknownCourier = await act(asked.id, { action: "approve", method: "pickup", courier: "dhl" });
    expect(unknownCourier.status).toBe(422);
    const approved = await act(asked.id, { action: "approve", method: "pickup", courier: "leopards" });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({
      status: "in_transit",
      method: "pickup",
      courier_name: "Leopards Courier",
    });
    expect(approved.body.consignment_number).toBeTruthy();
    const blackBefore = await stockOf(black);
    const [itemId] = await itemIdsOf(asked.id);
    expect(
      (await act(asked.id, { action: "receive", items: [{ id: itemId, condition: "write_off" }] })).status,
    ).toBe(200);
    expect(await stockOf(black)).toBe(blackBefore);
    const settled = await act(asked.id, { action: "settle" });
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect(settled.body.outcome).toBe("exchanged");
    const replacement = await database.db
      .selectFrom("orders")
      .selectAll()
      .where("number", "=", settled.body.replacement_order_number)
      .executeTakeFirstOrThrow();
    expect(replacement).toMatchObject({
      total: 0,
      status: "pending",
      replacement_for: asked.id,
      email: CHECKOUT_CONTACT.email,
    });
    const lines = await database.db
      .selectFrom("order_items")
      .selectAll()
      .where("order_id", "=", replacement.id)
      .execute();
    expect(lines).toEqual([
      expect.objectContaining({ variant_id: tan, color_name: "Tan", quantity: 1, unit_price: 0 }),
    ]);
    // The held tote is the one shipped: not taken a second time.
    expect(await stockOf(tan)).toBe(tanBefore - 1);
  });

  it("lets one of a receipt and a rejection racing on two instances through, and moves stock for that one only", async () => {
    const { number, token, item } = await delivered(1);
    const [tanBefore, blackBefore] = [await stockOf(tan), await stockOf(black)];
    const asked = await (
      await ask(number, {
        token,
        items: [{ order_item_id: item, quantity: 1, exchange_variant_id: tan }],
        resolution: "exchange",
      })
    ).json();
    await act(asked.id, { action: "approve", method: "drop_off" });
    const [itemId] = await itemIdsOf(asked.id);
    const [received, rejected] = await Promise.all([
      act(asked.id, { action: "receive", items: [{ id: itemId, condition: "restock" }] }),
      act(asked.id, { action: "reject", note: "Never sent." }, otherStaff),
    ]);
    expect([received.status, rejected.status].sort()).toEqual([200, 409]);
    if (received.status === 200) {
      // Received: the returned tote is back on the shelf, the exchange's tote still held.
      expect([await stockOf(black), await stockOf(tan)]).toEqual([blackBefore + 1, tanBefore - 1]);
    } else {
      // Rejected: nothing came back, and the held tote is free again.
      expect([await stockOf(black), await stockOf(tan)]).toEqual([blackBefore, tanBefore]);
    }
  });

  it("settles an exchange another way when agreed, giving the held stock back", async () => {
    const { number, token, item } = await delivered(1);
    const tanBefore = await stockOf(tan);
    const asked = await (
      await ask(number, {
        token,
        items: [{ order_item_id: item, quantity: 1, exchange_variant_id: tan }],
        resolution: "exchange",
      })
    ).json();
    await act(asked.id, { action: "approve", method: "drop_off" });
    const [itemId] = await itemIdsOf(asked.id);
    await act(asked.id, { action: "receive", items: [{ id: itemId, condition: "restock" }] });
    expect(await stockOf(tan)).toBe(tanBefore - 1);
    const settled = await act(asked.id, { action: "settle", resolution: "refund", reference: "EP-991" });
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect(settled.body).toMatchObject({
      outcome: "refunded",
      resolution: "refund",
      refund: { amount: 3000 },
    });
    expect(await stockOf(tan)).toBe(tanBefore);
  });

  it("gives store credit as a code whose balance each order spends", async () => {
    const { number, token, item } = await delivered(1);
    const asked = await (
      await ask(number, { token, items: [{ order_item_id: item, quantity: 1 }], resolution: "credit" })
    ).json();
    await act(asked.id, { action: "approve", method: "in_store" });
    const [itemId] = await itemIdsOf(asked.id);
    await act(asked.id, { action: "receive", items: [{ id: itemId, condition: "restock" }] });
    const settled = await act(asked.id, { action: "settle" });
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect(settled.body.outcome).toBe("credited");
    const { code, balance } = settled.body.credit;
    expect(code).toMatch(/^CREDIT-[A-Z0-9]{8}$/);
    expect(balance).toBe(3000);

    // A tote costs Rs. 3,000 and so does the credit: a first order of one tote spends it all.
    const client = shopper(api);
    await client.post("/cart/add", { id: product, quantity: 1, size: black });
    const applied = await client.post("/cart/coupon", { code });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const placed = await client.post("/checkout", CHECKOUT_CONTACT);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect(placed.body.order.discount).toBe(3000);
    const coupon = await database.db
      .selectFrom("coupons")
      .selectAll()
      .where("code", "=", code)
      .executeTakeFirstOrThrow();
    expect(coupon.value).toBe(0);
    // Spent: refused for the next order.
    const next = shopper(api);
    await next.post("/cart/add", { id: product, quantity: 1, size: black });
    expect((await next.post("/cart/coupon", { code })).status).toBe(422);
  });

  it("lists returns by where they stand and reports rates by product and reason", async () => {
    const list = await admin.staff.get("/admin/returns");
    expect(list.status).toBe(200);
    expect(list.body.meta.total).toBeGreaterThanOrEqual(4);
    const closed = await admin.staff.get("/admin/returns?status=closed");
    expect(closed.body.data.every((row: { status: string }) => row.status === "closed")).toBe(true);
    expect(closed.body.counts.closed).toBe(closed.body.meta.total);
    expect((await admin.staff.get("/admin/returns?status=lost")).status).toBe(422);
    expect((await admin.customer.get("/admin/returns")).status).toBe(403);
    const report = await admin.staff.get("/admin/returns/report?months=12");
    expect(report.status, JSON.stringify(report.body)).toBe(200);
    const tote = report.body.by_product.find((row: { product_id: number }) => row.product_id === product);
    expect(tote).toMatchObject({ product_name: "Weekend Tote" });
    expect(tote.returned).toBeGreaterThan(0);
    expect(tote.wrong_size).toBe(tote.returned);
    expect(tote.return_rate).toBeCloseTo(tote.returned / tote.sold, 5);
    expect(report.body.by_reason).toEqual([
      expect.objectContaining({ reason: "wrong_size", name: "Wrong size" }),
    ]);
    expect(report.body.refunded_by_month).toEqual([
      expect.objectContaining({ month: new Date().toISOString().slice(0, 7), amount: 9000, returns: 2 }),
    ]);
    expect((await admin.staff.get("/admin/returns/999999")).status).toBe(404);
    expect((await admin.staff.get("/admin/returns/abc")).status).toBe(404);
  });
});
