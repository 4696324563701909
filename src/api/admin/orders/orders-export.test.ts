import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminHarness, adminHarness, expectBackOfficeOnly } from "../../../testing/admin-harness.ts";
import { apiHarness } from "../../../testing/api-harness.ts";
import { storedOrder } from "../../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";
import { shipmentsRepository } from "../../couriers/shipments.repository.ts";
import { parseCsv } from "../../csv.ts";
import { adminOrdersRepository } from "./admin-orders.repository.ts";
import { exportOrders, ORDER_CSV_COLUMNS } from "./orders-export.ts";

const { engine, available } = testEngine();

/** The records of a CSV text, as lists of fields. */
const records = (text: string) => [...parseCsv(text)].map((record) => record.fields);

/**
 * Orders and customers as CSV downloads (issue 35 item 7): every match of the list's filters, not one page,
 * newest first, with the formula guard, streamed a page of rows at a time found by their place.
 */
describe.skipIf(!available)(`order and customer exports on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await adminHarness(database, apiHarness(database));
  });
  afterAll(() => database?.drop());

  async function csv(
    path: string,
  ): Promise<{ status: number; type: string | null; rows: string[][]; disposition: string | null }> {
    const response = await admin.api.request(path, {
      headers: { authorization: `Bearer ${admin.staff.token}` },
    });
    const text = await response.text();
    return {
      status: response.status,
      type: response.headers.get("content-type"),
      disposition: response.headers.get("content-disposition"),
      rows: response.status === 200 ? records(text) : [],
    };
  }

  it("is for staff and owners", async () => {
    await expectBackOfficeOnly(admin, "GET", "/admin/orders.csv");
    await expectBackOfficeOnly(admin, "GET", "/admin/customers.csv");
  });

  it("writes every order the filters keep, newest first, money in rupees, formulas as text", async () => {
    await storedOrder(database.db, {
      number: "BT-261101-EX001",
      status: "delivered",
      created_at: "2026-11-01T10:00:00.000Z",
      first_name: "Ayesha",
      last_name: 'Khan "AK", Jr.',
      notes: '=HYPERLINK("http://evil.example")',
      coupon_code: "EID10",
      discount: 10_050,
      cod_fee: 5_000,
      total: 114_950,
    });
    await storedOrder(database.db, {
      number: "BT-261102-EX002",
      status: "pending",
      created_at: "2026-11-02T10:00:00.000Z",
    });
    await storedOrder(database.db, {
      number: "BT-261103-EX003",
      status: "delivered",
      created_at: "2026-11-03T10:00:00.000Z",
    });

    const all = await csv("/admin/orders.csv");
    expect(all.status).toBe(200);
    expect(all.type).toBe("text/csv; charset=utf-8");
    expect(all.disposition).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = all.rows;
    expect(header).toEqual([...ORDER_CSV_COLUMNS]);
    expect(rows.map((row) => row[0])).toEqual(["BT-261103-EX003", "BT-261102-EX002", "BT-261101-EX001"]);
    const first = Object.fromEntries(header!.map((column, index) => [column, rows[2]![index]]));
    expect(first).toMatchObject({
      "Placed at": "2026-11-01T10:00:00.000Z",
      Status: "delivered",
      Customer: 'Ayesha Khan "AK", Jr.',
      Subtotal: "1000",
      Discount: "100.50",
      Coupon: "EID10",
      Delivery: "200",
      "COD fee": "50",
      Total: "1149.50",
      "Payment method": "cod",
      Items: "1",
      Registered: "no",
      Notes: '\'=HYPERLINK("http://evil.example")',
      Channel: "web",
      "Entered by": "",
    });

    const delivered = await csv("/admin/orders.csv?status=delivered&page=7");
    expect(delivered.rows.slice(1).map((row) => row[0])).toEqual(["BT-261103-EX003", "BT-261101-EX001"]);
    const found = await csv("/admin/orders.csv?q=BT-261102");
    expect(found.rows.slice(1).map((row) => row[0])).toEqual(["BT-261102-EX002"]);
    const bad = await csv("/admin/orders.csv?status=lost");
    expect(bad.status).toBe(422);
  });

  it("walks pages by place: orders placed at the same moment are each written once", async () => {
    const at = "2026-10-01T08:00:00.000Z";
    for (let n = 1; n <= 5; n++)
      await storedOrder(database.db, { number: `BT-261001-TIE0${n}`, created_at: at, status: "cancelled" });
    const repository = adminOrdersRepository(database.db, database.engine);
    const chunks: string[] = [];
    for await (const chunk of exportOrders(
      repository,
      shipmentsRepository(database.db),
      { status: "cancelled" },
      2,
    ))
      chunks.push(chunk);
    // The header, then pages of 2, 2 and 1.
    expect(chunks).toHaveLength(4);
    const numbers = records(chunks.join(""))
      .slice(1)
      .map((row) => row[0]);
    expect(numbers).toEqual([
      "BT-261001-TIE05",
      "BT-261001-TIE04",
      "BT-261001-TIE03",
      "BT-261001-TIE02",
      "BT-261001-TIE01",
    ]);
  });

  it("writes every customer the filters keep, newest first, with their order counts", async () => {
    const made = [];
    for (const [first, email] of [
      ["Bilal", "bilal.export@example.pk"],
      ["Sana", "sana.export@example.pk"],
      ["=cmd", "formula.export@example.pk"],
    ] as const) {
      const response = await admin.api.request("/register", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          first_name: first,
          last_name: "Export",
          email,
          password: "a long enough password",
          password_confirmation: "a long enough password",
        }),
      });
      expect(response.status).toBe(201);
      made.push(
        await database.db
          .selectFrom("users")
          .select("id")
          .where("email", "=", email)
          .executeTakeFirstOrThrow(),
      );
    }
    await storedOrder(database.db, {
      number: "BT-261104-EX004",
      user_id: made[0]!.id,
      email: "bilal.export@example.pk",
    });
    await database.db
      .updateTable("users")
      .set({ disabled_at: new Date().toISOString() })
      .where("id", "=", made[1]!.id)
      .execute();

    const found = await csv("/admin/customers.csv?search=export");
    expect(found.status).toBe(200);
    expect(found.rows[0]).toEqual([
      "Id",
      "First name",
      "Last name",
      "Email",
      "Phone",
      "Status",
      "Registered at",
      "Orders",
      "Tags",
      "Staff note",
    ]);
    expect(found.rows.slice(1).map((row) => [row[1], row[3], row[5], row[7]])).toEqual([
      ["'=cmd", "formula.export@example.pk", "active", "0"],
      ["Sana", "sana.export@example.pk", "disabled", "0"],
      ["Bilal", "bilal.export@example.pk", "active", "1"],
    ]);
    const disabled = await csv("/admin/customers.csv?search=export&status=disabled");
    expect(disabled.rows.slice(1).map((row) => row[3])).toEqual(["sana.export@example.pk"]);
    // Staff are not customers.
    const all = await csv("/admin/customers.csv");
    expect(all.rows.slice(1).map((row) => row[3])).not.toContain(admin.staff.user.email);
  });
});
