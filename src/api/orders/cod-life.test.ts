import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CourierSettings, DEFAULT_SHIP_FROM } from "../../platform/config.ts";
import { type AdminHarness, adminHarness } from "../../testing/admin-harness.ts";
import { apiHarness, shopper } from "../../testing/api-harness.ts";
import { buildCatalogue } from "../../testing/factories.ts";
import { bagInColours, CHECKOUT_CONTACT } from "../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { type CourierSimulators, startCourierSimulators } from "../couriers/simulators/simulated-couriers.ts";
import { startTrackingWorker } from "../couriers/tracking-worker.ts";

const { engine, available } = testEngine();

const COURIERS: CourierSettings = {
  simulators: false,
  leopards: undefined,
  postex: undefined,
  timeoutMs: 1000,
  pollMinutes: 0,
  shipFrom: DEFAULT_SHIP_FROM,
};

/**
 * The whole life of a cash-on-delivery order through the API, with the couriers' simulators (issue 29): checkout →
 * message → confirm → bulk booking → airway bills → pickup → delivered; and a refused parcel → returned → stock
 * back once.
 */
describe.skipIf(!available)(`a cash-on-delivery order's life on ${engine}`, () => {
  let database: TestDatabase;
  let sims: CourierSimulators;
  let admin: AdminHarness;
  let product: number;
  let variant: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    sims = await startCourierSimulators();
    const catalogue = await buildCatalogue(database.db);
    ({
      product,
      variants: [variant],
    } = await bagInColours(database.db, catalogue, {
      slug: "travel-duffel",
      title: "Travel Duffel",
      variants: [{ price: 650_000, stock: 40 }],
    }));
    admin = await adminHarness(
      database,
      apiHarness(database, { config: { couriers: sims.settings(COURIERS) } }),
    );
  });
  afterAll(async () => {
    await sims?.close();
    await database?.drop();
  });

  const stock = async () =>
    (
      await database.db
        .selectFrom("variants")
        .select("stock")
        .where("id", "=", variant)
        .executeTakeFirstOrThrow()
    ).stock;
  const statusOf = async (number: string) =>
    (
      await database.db
        .selectFrom("orders")
        .select("status")
        .where("number", "=", number)
        .executeTakeFirstOrThrow()
    ).status;
  const messagesFor = (number: string) =>
    database.db
      .selectFrom("message_outbox")
      .selectAll()
      .where("order_number", "=", number)
      .orderBy("id")
      .execute();
  const mailsFor = (number: string) =>
    database.db.selectFrom("mail_outbox").selectAll().where("reference", "=", number).orderBy("id").execute();
  const track = () =>
    startTrackingWorker({
      shipments: admin.api.services.shipments,
      logger: pino({ level: "silent" }),
      intervalMs: 0,
    }).runOnce();

  /** Checkout, then the shopper confirms with the code from the message on their phone. */
  async function placeAndConfirm(quantity: number): Promise<string> {
    const client = shopper(admin.api);
    expect((await client.post("/cart/add", { id: product, quantity, size: variant })).status).toBe(200);
    const placed = await client.post("/checkout", CHECKOUT_CONTACT);
    expect(placed.status).toBe(201);
    const number = placed.body.order.number as string;
    const [message] = await messagesFor(number);
    expect(message).toMatchObject({ recipient: "+923001234567", channel: "sms" });
    const code = /enter code (\d{6})/.exec(message!.text_body)?.[1];
    expect(code).toBeDefined();
    const confirmed = await client.post(`/orders/${number}/confirm`, { code });
    expect(confirmed.status).toBe(200);
    expect(
      (await admin.staff.call("PATCH", `/admin/orders/${number}`, { status: "processing" })).status,
    ).toBe(200);
    return number;
  }

  it("is confirmed, booked in bulk, labelled, picked up and delivered; or refused, returned and restocked once", async () => {
    const start = await stock();
    const kept = await placeAndConfirm(1);
    const refused = await placeAndConfirm(2);
    expect(await stock()).toBe(start - 3);

    const couriers = await admin.staff.get("/admin/couriers");
    expect(couriers.body.data.map((courier: { id: string }) => courier.id)).toEqual(
      expect.arrayContaining(["leopards", "postex", "own"]),
    );
    const booking = await admin.staff.post("/admin/shipments", {
      courier: "leopards",
      orders: [kept, refused],
    });
    expect(booking.status).toBe(200);
    const results = booking.body.results as { order: string; outcome: string; consignment_number: string }[];
    expect(results.map((result) => [result.order, result.outcome])).toEqual([
      [kept, "booked"],
      [refused, "booked"],
    ]);
    const [keptCn, refusedCn] = results.map((result) => result.consignment_number);

    const labels = await admin.api.request(`/admin/shipments/labels.pdf?orders=${kept},${refused}`, {
      headers: { authorization: `Bearer ${admin.staff.token}` },
    });
    expect(labels.status).toBe(200);
    expect(labels.headers.get("content-type")).toContain("application/pdf");
    const pdf = Buffer.from(await labels.arrayBuffer()).toString("latin1");
    expect(pdf.startsWith("%PDF")).toBe(true);
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(2);
    expect(pdf).toContain("/Subtype /Image");

    // Picked up: both orders are shipped, and the shopper is told the consignment by message and email.
    for (const cn of [keptCn!, refusedCn!]) await sims.leopards.advance(cn, "Arrived at Station");
    await track();
    expect(await statusOf(kept)).toBe("shipped");
    expect(await statusOf(refused)).toBe("shipped");
    const shippedMessage = (await messagesFor(kept)).at(-1);
    expect(shippedMessage?.text_body).toContain(keptCn);
    const shippedMail = (await mailsFor(kept)).at(-1);
    expect(shippedMail?.subject).toBe(`Your order ${kept} has shipped`);
    expect(shippedMail?.text_body).toContain(keptCn);

    // Delivered.
    await sims.leopards.advance(keptCn!, "Delivered");
    await track();
    expect(await statusOf(kept)).toBe("delivered");

    // Refused at the door, then back at the shop: stock comes back once, however often it is marked.
    await sims.leopards.advance(refusedCn!, "Refused");
    await track();
    expect(await statusOf(refused)).toBe("returning");
    expect(await stock()).toBe(start - 3);
    await sims.leopards.advance(refusedCn!, "Returned to shipper");
    await Promise.all([track(), admin.staff.post(`/admin/orders/${refused}/received-back`, {})]);
    await track();
    expect(await statusOf(refused)).toBe("returned");
    expect(await stock()).toBe(start - 1);
    expect((await admin.owner.post(`/admin/orders/${refused}/received-back`, {})).body.status).toBe(
      "returned",
    );
    expect(await stock()).toBe(start - 1);

    // The order's history tells the story, and the phone's refusal shows on its next order's risk.
    const detail = (await admin.staff.get(`/admin/orders/${refused}`)).body;
    expect(detail.history.map((entry: { to: string }) => entry.to)).toEqual([
      "awaiting_confirmation",
      "pending",
      "processing",
      "shipped",
      "returning",
      "returned",
    ]);
    const next = await placeAndConfirm(1);
    const risk = (await admin.staff.get(`/admin/orders/${next}`)).body.risk;
    expect(risk.flags).toContain("refused_before");
    expect(risk.phone_refused).toBeGreaterThanOrEqual(1);
  });
});
