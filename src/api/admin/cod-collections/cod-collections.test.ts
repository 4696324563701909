import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENT_REPORT_BODY_MAX_BYTES, PAYMENT_REPORT_MESSAGES } from "../../../shared/cod-collections.ts";
import {
  type AdminHarness,
  adminHarness,
  expectBackOfficeOnly,
  type SignedIn,
} from "../../../testing/admin-harness.ts";
import { apiHarness } from "../../../testing/api-harness.ts";
import { storedOrder, storedShipment } from "../../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";

const { engine, available } = testEngine();

/** A payment report upload as the back office's form sends it. */
async function upload(admin: AdminHarness, client: SignedIn, csv: string | null, courier = "leopards") {
  const form = new FormData();
  if (csv !== null) form.append("file", new File([csv], "payments.csv", { type: "text/csv" }));
  form.append("courier", courier);
  const response = await admin.api.request("/admin/cod-collections/report", {
    method: "POST",
    headers: { authorization: `Bearer ${client.token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

const HEADER = "CN Number,Order Number,Amount,Payment Date,Payment Ref\r\n";

describe.skipIf(!available)(`cash collected on delivery on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;
  const ids: Record<string, number> = {};

  /** A delivered order (total Rs 1,200), its Leopards shipment (COD as given) and its move to delivered. */
  const delivered = async (
    number: string,
    { cod = 120_000, deliveredAt = "2026-11-20T10:00:00.000Z", status = "delivered" } = {},
  ) => {
    const id = await storedOrder(database.db, { number, status, created_at: "2026-11-15T10:00:00.000Z" });
    await storedShipment(database.db, id, {
      consignment_number: `CN-${number}`,
      cod_amount: cod,
      status: "delivered",
    });
    await database.db
      .insertInto("order_status_history")
      .values({
        order_id: id,
        from_status: "shipped",
        to_status: "delivered",
        actor_user_id: null,
        actor_email: "courier",
        note: "",
        created_at: deliveredAt,
      })
      .execute();
    ids[number] = id;
    return id;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await adminHarness(database, apiHarness(database));
    await delivered("BT-1001");
    await delivered("BT-1002", { cod: 150_000 });
    await delivered("BT-1003");
    await delivered("BT-1004", { status: "returned" });
    // Delivered by hand: no shipment, matched by its order number.
    ids["BT-1005"] = await storedOrder(database.db, { number: "BT-1005", status: "delivered" });
  });
  afterAll(() => database?.drop());

  const collections = () => database.db.selectFrom("cod_collections").selectAll().orderBy("id").execute();

  it("is for staff and owners only", async () => {
    await expectBackOfficeOnly(admin, "GET", "/admin/cod-collections?view=unpaid");
    await expectBackOfficeOnly(admin, "POST", "/admin/cod-collections/report", {});
  });

  it("lists every delivered order as unpaid before any report, with the days since delivery", async () => {
    const { status, body } = await admin.staff.get("/admin/cod-collections?view=unpaid");
    expect(status).toBe(200);
    expect(body.data.map((row: { order_number: string }) => row.order_number).sort()).toEqual([
      "BT-1001",
      "BT-1002",
      "BT-1003",
      "BT-1005",
    ]);
    expect(body.data.find((row: { order_number: string }) => row.order_number === "BT-1002")).toMatchObject({
      courier: "Leopards Courier",
      consignment_number: "CN-BT-1002",
      expected: 1500,
      amount: null,
      delivered_at: "2026-11-20T10:00:00.000Z",
      days_since_delivery: expect.any(Number),
    });
    expect(body.data.find((row: { order_number: string }) => row.order_number === "BT-1005")).toMatchObject({
      courier: "No courier booked",
      expected: 1200,
    });
    expect(body.more).toBe(false);
  });

  it("records a report row by row: matches, a mismatch, unknown consignments and rows that are not valid change nothing", async () => {
    const csv =
      HEADER +
      "CN-BT-1001,,1200,2026-11-25,PAY-77\r\n" +
      'CN-BT-1002,,"1,400",25/11/2026,PAY-77\r\n' +
      "CN-NOPE,,1200,2026-11-25,PAY-77\r\n" +
      "CN-BT-1003,,twelve,2026-11-25,PAY-77\r\n" +
      "CN-BT-1003,,1200,2026-13-40,PAY-77\r\n" +
      "CN-BT-1004,,1200,2026-11-25,PAY-77\r\n" +
      ",BT-1005,1200,2026-11-26,PAY-78\r\n";
    const { status, body } = await upload(admin, admin.staff, csv);
    expect(status).toBe(200);
    expect(body.rows.map((row: { outcome: string }) => row.outcome)).toEqual([
      "recorded",
      "mismatch",
      "unknown",
      "invalid",
      "invalid",
      "not_due",
      "recorded",
    ]);
    expect(body.counts).toMatchObject({ recorded: 2, mismatch: 1, unknown: 1, invalid: 2, not_due: 1 });
    expect(body.message).toBe(
      "3 of 7 rows recorded, 1 with an amount that differs; 4 not recorded (see why below).",
    );
    expect(body.rows[1]).toMatchObject({ row: 3, order_number: "BT-1002", amount: 1400, expected: 1500 });
    expect(body.rows[3].reason).toContain('found "twelve"');

    const stored = await collections();
    expect(
      stored.map((row) => [row.order_id, row.amount, row.collected_on, row.reference, row.source]),
    ).toEqual([
      [ids["BT-1001"], 120_000, "2026-11-25", "PAY-77", "report"],
      [ids["BT-1002"], 140_000, "2026-11-25", "PAY-77", "report"],
      [ids["BT-1005"], 120_000, "2026-11-26", "PAY-78", "report"],
    ]);
    expect(stored[0]).toMatchObject({
      courier: "leopards",
      expected_amount: 120_000,
      recorded_by: admin.staff.user.email.toLowerCase(),
    });
    expect(stored[2]).toMatchObject({ courier: "leopards", consignment_number: null });
    // Cash collected is the order's payment (decision 0053).
    const paid = await database.db
      .selectFrom("orders")
      .select(["number", "payment_status", "paid_amount"])
      .where("number", "in", ["BT-1001", "BT-1002", "BT-1003"])
      .orderBy("number")
      .execute();
    expect(paid.map((order) => [order.number, order.payment_status, Number(order.paid_amount)])).toEqual([
      ["BT-1001", "paid", 120_000],
      ["BT-1002", "paid", 140_000],
      ["BT-1003", "unpaid", 0],
    ]);

    const audit = await database.db
      .selectFrom("audit_log")
      .select(["action", "entity_id", "after"])
      .where("action", "=", "order.cash_collected")
      .orderBy("id")
      .execute();
    expect(audit.map((entry) => entry.entity_id)).toEqual(["BT-1001", "BT-1002", "BT-1005"]);
    expect(JSON.parse(audit[1]!.after!)).toMatchObject({ amount: 1400, expected: 1500, reference: "PAY-77" });
  });

  it("records nothing twice when the same report is uploaded again, and refuses a second payment of an order", async () => {
    const before = await collections();
    const again = await upload(
      admin,
      admin.owner,
      `${HEADER}CN-BT-1001,,1200,2026-11-25,PAY-77\r\nCN-BT-1002,,1500,2026-11-27,PAY-99\r\n`,
    );
    expect(again.status).toBe(200);
    expect(again.body.rows.map((row: { outcome: string }) => row.outcome)).toEqual(["duplicate", "conflict"]);
    expect(again.body.rows[1].reason).toContain("PAY-77");
    expect(await collections()).toEqual(before);
  });

  it("lists the mismatches and leaves paid orders out of the unpaid list", async () => {
    const mismatches = await admin.staff.get("/admin/cod-collections?view=mismatches");
    expect(mismatches.status).toBe(200);
    expect(mismatches.body.data).toEqual([
      {
        order_number: "BT-1002",
        courier: "Leopards Courier",
        consignment_number: "CN-BT-1002",
        expected: 1500,
        amount: 1400,
        collected_on: "2026-11-25",
        reference: "PAY-77",
        delivered_at: "2026-11-20T10:00:00.000Z",
        days_since_delivery: expect.any(Number),
      },
    ]);
    const unpaid = await admin.staff.get("/admin/cod-collections?view=unpaid");
    expect(unpaid.body.data.map((row: { order_number: string }) => row.order_number)).toEqual(["BT-1003"]);
    expect((await admin.staff.get("/admin/cod-collections?view=everything")).status).toBe(422);
  });

  it("refuses a file it cannot read as a whole, recording nothing", async () => {
    const before = await collections();
    const noColumns = await upload(admin, admin.staff, "Consignment,Money\r\nCN-BT-1003,1200\r\n");
    expect(noColumns.status).toBe(422);
    expect(noColumns.body.errors.file).toEqual([PAYMENT_REPORT_MESSAGES.missingColumns]);
    const empty = await upload(admin, admin.staff, HEADER);
    expect(empty.body.errors.file).toEqual([PAYMENT_REPORT_MESSAGES.empty]);
    const missing = await upload(admin, admin.staff, null);
    expect(missing.status).toBe(422);
    const badCourier = await upload(
      admin,
      admin.staff,
      `${HEADER}CN-BT-1003,,1200,2026-11-25,PAY-1\r\n`,
      "tcs",
    );
    expect(badCourier.status).toBe(422);
    const huge = await upload(admin, admin.staff, `${HEADER}${"x".repeat(PAYMENT_REPORT_BODY_MAX_BYTES)}`);
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe(PAYMENT_REPORT_MESSAGES.tooLarge);
    expect(await collections()).toEqual(before);
  });
});
