import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CourierSettings, DEFAULT_SHIP_FROM } from "../../platform/config.ts";
import { type AdminHarness, adminHarness, expectBackOfficeOnly } from "../../testing/admin-harness.ts";
import { apiHarness } from "../../testing/api-harness.ts";
import { storedOrder } from "../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { ordersRepository } from "../orders/orders.repository.ts";
import { courierRegistry } from "./couriers.ts";
import { shipmentsRepository } from "./shipments.repository.ts";
import { BEING_BOOKED, NOT_BOOKABLE, type OnShipmentStatus, shipmentsService } from "./shipments.service.ts";
import {
  type CourierSimulators,
  SIMULATOR_WEBHOOK_SECRETS,
  startCourierSimulators,
} from "./simulators/simulated-couriers.ts";
import { startTrackingWorker } from "./tracking-worker.ts";
import { SIGNATURE_HEADER, signPush } from "./webhook.ts";

const { engine, available } = testEngine();

const BASE: CourierSettings = {
  simulators: false,
  leopards: undefined,
  postex: undefined,
  timeoutMs: 500,
  pollMinutes: 0,
  shipFrom: DEFAULT_SHIP_FROM,
};

let sequence = 0;

describe.skipIf(!available)(`booking and following shipments on ${engine}`, () => {
  let database: TestDatabase;
  let sims: CourierSimulators;
  let admin: AdminHarness;
  let settings: CourierSettings;

  beforeAll(async () => {
    database = await createTestDatabase();
    sims = await startCourierSimulators();
    settings = sims.settings(BASE);
    admin = await adminHarness(database, apiHarness(database, { config: { couriers: settings } }));
  });
  afterAll(async () => {
    await sims?.close();
    await database?.drop();
  });

  /** A new order (status processing unless told), to Lahore unless told; answers its number. */
  async function order(fields: { status?: string; city?: string } = {}): Promise<string> {
    sequence += 1;
    const number = `BT-SHIP-${engine.toUpperCase()}-${String(sequence).padStart(4, "0")}`;
    await storedOrder(
      database.db,
      { number, status: fields.status ?? "processing", city: fields.city ?? "Lahore", total: 570_000 },
      { product_name: "Canvas Tote", quantity: 2, unit_price: 275_000 },
    );
    return number;
  }

  const book = (body: unknown, client = admin.staff) => client.post("/admin/shipments", body);

  async function shipmentOf(number: string) {
    return database.db
      .selectFrom("shipments")
      .innerJoin("orders", "orders.id", "shipments.order_id")
      .selectAll("shipments")
      .where("orders.number", "=", number)
      .execute();
  }

  const parcelsFor = (simulator: CourierSimulators["leopards"], number: string) =>
    [...simulator.parcels.values()].filter((parcel) => parcel.reference.startsWith(number));

  it("lets only staff and owners book, list couriers and print airway bills", async () => {
    await expectBackOfficeOnly(admin, "GET", "/admin/couriers");
    await expectBackOfficeOnly(admin, "POST", "/admin/shipments", { courier: "own", orders: ["X"] });
    await expectBackOfficeOnly(admin, "GET", "/admin/shipments/labels.pdf?orders=X");
  });

  it("offers only the couriers with credentials, and own delivery always", async () => {
    const { status, body } = await admin.staff.get("/admin/couriers");
    expect(status).toBe(200);
    expect(body.data.map((courier: { id: string }) => courier.id)).toEqual(["leopards", "postex", "own"]);
    expect(body.data[0].simulated).toBe(true);

    const bare = await adminHarness(database, apiHarness(database));
    const alone = await bare.staff.get("/admin/couriers");
    expect(alone.body.data).toEqual([
      {
        id: "own",
        name: "Own delivery or another courier",
        needs_consignment_number: true,
        simulated: false,
      },
    ]);
    const refused = await bare.staff.post("/admin/shipments", { courier: "postex", orders: ["BT-NONE"] });
    expect(refused.body.results).toEqual([
      { order: "BT-NONE", outcome: "failed", message: "PostEx is not set up for this shop." },
    ]);
  });

  it("books a batch order by order: one the courier refuses and one not being processed fail, the rest book", async () => {
    const [lahore, gotham, karachi, pending] = [
      await order(),
      await order({ city: "Gotham" }),
      await order({ city: "Karachi" }),
      await order({ status: "pending" }),
    ];
    const { status, body } = await book({ courier: "leopards", orders: [lahore, gotham, karachi, pending] });
    expect(status).toBe(200);
    const [first, second, third, fourth] = body.results;
    expect(first).toMatchObject({
      order: lahore,
      outcome: "booked",
      courier: "leopards",
      already_booked: false,
    });
    expect(first.consignment_number).toMatch(/^LE\d+$/);
    expect(first.tracking_url).toContain(first.consignment_number);
    expect(second).toEqual({
      order: gotham,
      outcome: "failed",
      message: 'Leopards: no city named "Gotham" in its list of cities.',
    });
    expect(third).toMatchObject({ order: karachi, outcome: "booked" });
    expect(fourth).toEqual({ order: pending, outcome: "failed", message: NOT_BOOKABLE(pending, "pending") });

    const [shipment] = await shipmentOf(lahore);
    expect(shipment).toMatchObject({
      courier: "leopards",
      consignment_number: first.consignment_number,
      status: "booked",
      cod_amount: 570_000,
      idempotency_key: `${lahore}-leopards`,
      booked_by: admin.staff.user.email,
    });
    const booked = sims.leopards.parcels.get(first.consignment_number)!;
    expect(booked.fields).toMatchObject({
      booked_packet_order_id: `${lahore}-leopards`,
      booked_packet_collect_amount: 5700,
      booked_packet_no_piece: 2,
      destination_city: 789,
    });
    // The refused order's reservation is closed, so it can be booked again (with another courier, say).
    expect((await shipmentOf(gotham)).map((row) => row.cancelled_at !== null)).toEqual([true]);
    expect(await shipmentOf(pending)).toEqual([]);

    const audit = await database.db
      .selectFrom("audit_log")
      .select(["entity_id", "after"])
      .where("action", "=", "shipment.book")
      .where("entity_id", "in", [lahore, gotham, karachi, pending])
      .execute();
    expect(audit.map((row) => row.entity_id).sort()).toEqual([lahore, karachi].sort());
    expect(JSON.parse(audit.find((row) => row.entity_id === lahore)!.after!)).toMatchObject({
      courier: "leopards",
      consignment_number: first.consignment_number,
    });

    const again = await book({ courier: "leopards", orders: [lahore] });
    expect(again.body.results[0]).toMatchObject({
      consignment_number: first.consignment_number,
      already_booked: true,
    });
    expect(parcelsFor(sims.leopards, lahore)).toHaveLength(1);
    const elsewhere = await book({ courier: "postex", orders: [lahore] });
    expect(elsewhere.body.results[0].message).toBe(
      `Order ${lahore} is already booked with Leopards Courier (${first.consignment_number}).`,
    );
  });

  it("shows a courier's 5xx for its order while the others book, and books it on retry", async () => {
    const [failing, fine] = [await order(), await order()];
    sims.postex.fail("5xx");
    const { body } = await book({ courier: "postex", orders: [failing, fine] });
    expect(body.results[0]).toEqual({
      order: failing,
      outcome: "failed",
      message:
        'PostEx answered 503: {"message":"Service Unavailable"} It may have been booked all the same: book it ' +
        "again and PostEx is asked first, so it is not booked twice.",
    });
    expect(body.results[1]).toMatchObject({ order: fine, outcome: "booked", courier: "postex" });
    expect((await shipmentOf(failing))[0]).toMatchObject({ status: "booking", consignment_number: null });

    const retry = await book({ courier: "postex", orders: [failing] });
    expect(retry.body.results[0]).toMatchObject({ outcome: "booked", already_booked: false });
    expect(parcelsFor(sims.postex, failing)).toHaveLength(1);
  });

  it("never books twice when the courier booked but its answer was lost", async () => {
    for (const [courier, simulator] of [
      ["leopards", sims.leopards],
      ["postex", sims.postex],
    ] as const) {
      const number = await order();
      simulator.fail("book-then-timeout");
      const lost = await book({ courier, orders: [number] });
      expect(lost.body.results[0].outcome).toBe("failed");
      expect(lost.body.results[0].message).toMatch(/did not answer within .* not booked twice\.$/);
      expect(parcelsFor(simulator, number)).toHaveLength(1);

      const retry = await book({ courier, orders: [number] });
      expect(retry.body.results[0]).toMatchObject({
        outcome: "booked",
        consignment_number: parcelsFor(simulator, number)[0]!.consignmentNumber,
      });
      expect(parcelsFor(simulator, number)).toHaveLength(1);
      expect(await shipmentOf(number)).toHaveLength(1);
    }
  });

  it("gives two staff booking one order at the same moment one consignment", async () => {
    const number = await order();
    const answers = await Promise.all([
      book({ courier: "leopards", orders: [number] }, admin.staff),
      book({ courier: "leopards", orders: [number] }, admin.owner),
    ]);
    const results = answers.map((answer) => answer.body.results[0]);
    const fresh = results.filter((result) => result.outcome === "booked" && !result.already_booked);
    expect(fresh).toHaveLength(1);
    for (const other of results.filter((result) => result !== fresh[0])) {
      if (other.outcome === "booked") expect(other.consignment_number).toBe(fresh[0].consignment_number);
      else expect(other.message).toBe(BEING_BOOKED(number));
    }
    expect(parcelsFor(sims.leopards, number)).toHaveLength(1);
    expect(await shipmentOf(number)).toHaveLength(1);
  });

  it("books own delivery with the number staff typed, and asks for it when missing", async () => {
    const number = await order();
    const missing = await book({ courier: "own", orders: [number] });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.consignment_number).toEqual(["Type the consignment number for own delivery."]);
    const { body } = await book({
      courier: "own",
      orders: [number],
      consignment_number: "TCS-778899",
      tracking_url: "https://www.tcsexpress.com/track/778899",
    });
    expect(body.results[0]).toEqual({
      order: number,
      outcome: "booked",
      courier: "own",
      consignment_number: "TCS-778899",
      tracking_url: "https://www.tcsexpress.com/track/778899",
      already_booked: false,
    });
  });

  it("prints the airway bills of booked orders as one PDF, a page each with its barcode", async () => {
    const [first, second] = [await order(), await order({ city: "Karachi" })];
    await book({ courier: "leopards", orders: [first, second] });
    const response = await admin.api.request(
      `/admin/shipments/labels.pdf?orders=${first},${second.toLowerCase()}`,
      {
        headers: { authorization: `Bearer ${admin.staff.token}` },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const pdf = Buffer.from(await response.arrayBuffer()).toString("latin1");
    expect(pdf.startsWith("%PDF-")).toBe(true);
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(2);
    // One barcode image per page (pdfkit stores each PNG as a colour image and its transparency mask).
    const images = [...pdf.matchAll(/<<[^>]*\/Subtype \/Image[^>]*>>/g)].map((match) => match[0]);
    expect(images.filter((image) => image.includes("/SMask"))).toHaveLength(2);

    const unbooked = await order();
    const refused = await admin.staff.get(`/admin/shipments/labels.pdf?orders=${first},${unbooked}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.orders).toEqual([`Not booked with a courier yet: ${unbooked}.`]);
    expect((await admin.staff.get("/admin/shipments/labels.pdf?orders=BT-NOPE")).status).toBe(404);
  });

  it("takes a signed push, refuses a bad signature with 401 and nothing changed, and stores a repeat once", async () => {
    const number = await order();
    const { body } = await book({ courier: "leopards", orders: [number] });
    const cn = body.results[0].consignment_number as string;
    const push = JSON.stringify({
      track_number: cn,
      booked_packet_status: "Arrived at Station",
      activity_date: "2026-11-28",
      activity_time: "10:15:00",
      status_remarks: "",
    });
    const send = (signature: string) =>
      admin.api.request("/couriers/leopards/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signature },
        body: push,
      });
    const events = async () =>
      database.db
        .selectFrom("shipment_events")
        .selectAll()
        .where("shipment_id", "=", (await shipmentOf(number))[0]!.id)
        .orderBy("id")
        .execute();

    const forged = await send(signPush("not-the-secret-at-all", push));
    expect(forged.status).toBe(401);
    expect((await send("")).status).toBe(401);
    expect((await shipmentOf(number))[0]!.status).toBe("booked");
    expect(await events()).toHaveLength(1);

    const signed = await send(signPush(SIMULATOR_WEBHOOK_SECRETS.leopards, push));
    expect(signed.status).toBe(200);
    expect(await signed.json()).toEqual({ received: true });
    expect((await send(signPush(SIMULATOR_WEBHOOK_SECRETS.leopards, push))).status).toBe(200);
    expect((await shipmentOf(number))[0]!.status).toBe("picked_up");
    expect((await events()).map((event) => [event.status, event.courier_status])).toEqual([
      ["booked", "booked"],
      ["picked_up", "Arrived at Station"],
    ]);
  });

  it("hears the simulator's own signed pushes at the webhook, as the courier would send them", async () => {
    // The shop served over HTTP, and simulators that push to it: what COURIER_SIMULATORS=on starts.
    const served = await new Promise<ServerType>((resolve) => {
      const server = serve({ fetch: admin.api.app.fetch, port: 0, hostname: "127.0.0.1" }, () =>
        resolve(server),
      );
    });
    const { port } = served.address() as AddressInfo;
    const pushing = await startCourierSimulators({ shopUrl: `http://127.0.0.1:${port}` });
    try {
      const shop = await adminHarness(
        database,
        apiHarness(database, { config: { couriers: pushing.settings(BASE) } }),
      );
      const number = await order();
      const { body } = await book({ courier: "postex", orders: [number] }, shop.staff);
      const cn = body.results[0].consignment_number as string;
      // The served app knows PostEx's secret (the simulators' one), so the pushes are taken.
      await pushing.postex.advance(cn);
      expect(pushing.postex.lastPushStatus).toBe(200);
      expect((await shipmentOf(number))[0]!.status).toBe("picked_up");
      await pushing.postex.advance(cn, "0013");
      expect((await shipmentOf(number))[0]!.status).toBe("refused");
    } finally {
      await pushing.close();
      await new Promise((resolve) => served.close(resolve));
    }
  });

  it("follows open shipments by polling: picked up to delivered, telling the order side each move", async () => {
    const heard: { orderNumber: string; status: string }[] = [];
    const onShipmentStatus: OnShipmentStatus = async (_trx, change) => {
      heard.push({ orderNumber: change.orderNumber, status: change.status });
    };
    const shipments = shipmentsService({
      db: database.db,
      repository: shipmentsRepository(database.db),
      orders: ordersRepository(database.db),
      couriers: courierRegistry(settings),
      shipFrom: DEFAULT_SHIP_FROM,
      logger: pino({ level: "silent" }),
      onShipmentStatus,
    });
    const worker = startTrackingWorker({ shipments, logger: pino({ level: "silent" }), intervalMs: 0 });
    const number = await order();
    const { body } = await book({ courier: "postex", orders: [number] });
    const cn = body.results[0].consignment_number as string;

    await sims.postex.advance(cn);
    await worker.runOnce();
    expect((await shipmentOf(number))[0]!.status).toBe("picked_up");
    for (let step = 0; step < 2; step++) await sims.postex.advance(cn);
    await worker.runOnce();
    expect((await shipmentOf(number))[0]!.status).toBe("delivered");
    expect(heard.filter((change) => change.orderNumber === number).map((change) => change.status)).toEqual([
      "picked_up",
      "in_transit",
      "delivered",
    ]);
    const round = await worker.runOnce();
    expect(round.moved).toBe(0);
    await worker.stop();
  });
});
