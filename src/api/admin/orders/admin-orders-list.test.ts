import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminOrderQuery } from "../../../shared/contracts/admin-orders.ts";
import { type AdminHarness, adminHarness, expectBackOfficeOnly } from "../../../testing/admin-harness.ts";
import { apiHarness } from "../../../testing/api-harness.ts";
import { storedOrder } from "../../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";
import { courierRegistry } from "../../couriers/couriers.ts";
import { shipmentsRepository } from "../../couriers/shipments.repository.ts";
import { ordersRepository } from "../../orders/orders.repository.ts";
import { adminOrdersRepository } from "./admin-orders.repository.ts";
import { adminOrdersService, orderFilter, searchTerms } from "./admin-orders.service.ts";

const { engine, available } = testEngine();

const A = "BT-261120-KQ2MA";
const B = "BT-261120-ZZ9PB";
const C = "BT-261119-MM3XC";
const FILLERS = 27;
const filler = (n: number) => `BT-261001-F${String(n).padStart(4, "0")}`;

describe.skipIf(!available)(`the back office's order list on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await adminHarness(database, apiHarness(database));
    const db = database.db;
    // 20 Nov, 15:00 in Pakistan.
    await storedOrder(
      db,
      {
        number: A,
        email: "ayesha.khan@example.pk",
        phone: "0300 1234567",
        status: "pending",
        created_at: "2026-11-20T10:00:00.000Z",
      },
      { quantity: 3 },
    );
    // 21 Nov, 00:30 in Pakistan (still the 20th in UTC).
    await storedOrder(db, {
      number: B,
      email: "Bilal@Example.PK",
      phone: "+92 321 7654321",
      status: "shipped",
      created_at: "2026-11-20T19:30:00.000Z",
    });
    // 19 Nov, 23:59:59.999 in Pakistan.
    await storedOrder(db, {
      number: C,
      email: "ayesha.k@mail.pk",
      phone: "0333-5550000",
      status: "cancelled",
      created_at: "2026-11-19T18:59:59.999Z",
    });
    for (let n = 0; n < FILLERS; n++) {
      await storedOrder(db, {
        number: filler(n),
        email: `filler${n}@example.pk`,
        phone: `0345 00000${String(n).padStart(2, "0")}`,
        status: "processing",
        created_at: new Date(Date.UTC(2026, 9, 1, n)).toISOString(),
      });
    }
  });
  afterAll(() => database?.drop());

  async function numbers(query: string): Promise<string[]> {
    const { status, body } = await admin.staff.get(`/admin/orders${query}`);
    expect(status, query).toBe(200);
    return body.data.map((order: { number: string }) => order.number);
  }

  it("is for staff and owners only", async () => {
    await expectBackOfficeOnly(admin, "GET", "/admin/orders");
    expect((await admin.owner.get("/admin/orders")).status).toBe(200);
  });

  it("lists every order newest first, 25 to a page, with what the table shows", async () => {
    const first = await admin.staff.get("/admin/orders");
    expect(first.status).toBe(200);
    expect(first.body.meta).toEqual({
      from: 1,
      to: 25,
      total: 30,
      per_page: 25,
      current_page: 1,
      last_page: 2,
      total_capped: false,
    });
    const expected = [B, A, C, ...Array.from({ length: FILLERS }, (_, n) => filler(FILLERS - 1 - n))];
    expect(first.body.data.map((order: { number: string }) => order.number)).toEqual(expected.slice(0, 25));
    expect(first.body.data[1]).toEqual({
      number: A,
      status: "pending",
      created_at: "2026-11-20T10:00:00.000Z",
      customer_name: "Test Buyer",
      email: "ayesha.khan@example.pk",
      phone: "0300 1234567",
      city: "Lahore",
      registered: false,
      item_count: 3,
      flags: [],
      total: 3200,
      payment_method: "cod",
      payment_status: "unpaid",
      payment_flag: null,
      shipment: null,
    });
    const second = await admin.staff.get("/admin/orders?page=2");
    expect(second.body.data.map((order: { number: string }) => order.number)).toEqual(expected.slice(25));
    expect(second.body.meta).toMatchObject({ from: 26, to: 30, current_page: 2 });
    const past = await admin.staff.get("/admin/orders?page=3");
    expect(past.body.data).toEqual([]);
    expect(past.body.meta).toMatchObject({ from: 0, to: 0, total: 30 });
  });

  it("stops counting past its limit and says so, while every page still lists", async () => {
    const service = adminOrdersService({
      db: database.db,
      repository: adminOrdersRepository(database.db, engine),
      orders: ordersRepository(database.db),
      shipments: shipmentsRepository(database.db),
      couriers: courierRegistry(undefined),
      publicUrl: "http://shop.test",
      countLimit: 20,
    });
    const first = await service.list({ page: 1 });
    expect(first.meta).toMatchObject({ total: 20, total_capped: true, from: 1, to: 25 });
    expect(first.data).toHaveLength(25);
    expect((await service.list({ page: 2 })).data).toHaveLength(5);
    const fewer = await service.list({ page: 1, status: "processing", from: "2026-10-01", to: "2026-10-01" });
    // The fillers placed before 19:00 UTC on 1 October: 1 October in Pakistan.
    expect(fewer.meta).toMatchObject({ total: 19, total_capped: false });
  });

  it("filters by status", async () => {
    expect(await numbers("?status=shipped")).toEqual([B]);
    expect(await numbers("?status=cancelled")).toEqual([C]);
    expect(await numbers("?status=delivered")).toEqual([]);
    const processing = await admin.staff.get("/admin/orders?status=processing");
    expect(processing.body.meta.total).toBe(FILLERS);
    expect(await numbers("?status=")).toHaveLength(25);
  });

  it("filters by the days placed, in Pakistan's time, both days included", async () => {
    expect(await numbers("?from=2026-11-21&to=2026-11-21")).toEqual([B]);
    expect(await numbers("?from=2026-11-20&to=2026-11-20")).toEqual([A]);
    expect(await numbers("?from=2026-11-19")).toEqual([B, A, C]);
    expect(await numbers("?from=2026-11-19&to=2026-11-19")).toEqual([C]);
    const before = await admin.staff.get("/admin/orders?to=2026-11-19");
    expect(before.body.meta.total).toBe(FILLERS + 1);
    expect(await numbers("?from=2026-11-20&status=shipped")).toEqual([B]);
    expect(await numbers("?from=2026-12-01")).toEqual([]);
  });

  it("finds orders by number, email or phone, whole or by their start, whatever the case and separators", async () => {
    const cases: [string, string[]][] = [
      [A, [A]],
      [A.toLowerCase(), [A]],
      [` ${A} `, [A]],
      ["bt-261120", [B, A]],
      ["BT-2611", [B, A, C]],
      ["ayesha", [A, C]],
      ["AYESHA.KHAN@EXAMPLE.PK", [A]],
      ["ayesha.k", [A, C]],
      ["ayesha.k@", [C]],
      ["bilal@example.pk", [B]],
      ["03001234567", [A]],
      ["0300 123", [A]],
      ["+92 300 1234567", [A]],
      ["923001234567", [A]],
      ["0321-765", [B]],
      ["(0321) 7654321", [B]],
      ["92333", [C]],
      ["0333 555 0000", [C]],
      ["nobody", []],
      ["%", []],
      ["_", []],
      ["a%", []],
      ["'; drop table orders; --", []],
      ["BT-261120-KQ2MA-X", []],
    ];
    for (const [q, expected] of cases) {
      expect(await numbers(`?q=${encodeURIComponent(q)}`), q).toEqual(expected);
    }
    expect(await numbers("?q=ayesha&status=cancelled")).toEqual([C]);
    expect(await numbers("?q=ayesha&from=2026-11-20")).toEqual([A]);
    const many = await admin.staff.get("/admin/orders?q=filler");
    expect(many.body.meta.total).toBe(FILLERS);
  });

  it("filters by payment status and by payment method, with the other filters", async () => {
    const pay = (number: string, values: Record<string, string | number>) =>
      database.db.updateTable("orders").set(values).where("number", "=", number).execute();
    await pay(A, { payment_method: "bank_transfer", payment_status: "paid", paid_amount: 320_000 });
    await pay(B, { payment_method: "safepay", payment_status: "partly_refunded", paid_amount: 320_000 });
    await pay(C, { payment_method: "bank_transfer", payment_status: "paid", payment_flag: "refund_due" });
    try {
      expect(await numbers("?payment=paid")).toEqual([A, C]);
      expect(await numbers("?payment=partly_refunded")).toEqual([B]);
      expect(await numbers("?payment=refunded")).toEqual([]);
      expect(await numbers("?method=bank_transfer")).toEqual([A, C]);
      expect(await numbers("?method=safepay&payment=partly_refunded")).toEqual([B]);
      expect(await numbers("?method=bank_transfer&status=cancelled")).toEqual([C]);
      expect(await numbers("?method=bank_transfer&from=2026-11-20")).toEqual([A]);
      expect(await numbers("?payment=paid&q=ayesha.k@")).toEqual([C]);
      expect(await numbers("?method=jazzcash")).toEqual([]);
      const unpaid = await admin.staff.get("/admin/orders?payment=unpaid&method=cod");
      expect(unpaid.body.meta.total).toBe(FILLERS);
      expect(await numbers("?payment=&method=")).toHaveLength(25);
      const { body } = await admin.staff.get("/admin/orders?method=bank_transfer");
      expect(body.data[1]).toMatchObject({
        number: C,
        payment_method: "bank_transfer",
        payment_status: "paid",
        payment_flag: "refund_due",
      });
    } finally {
      for (const number of [A, B, C]) {
        await pay(number, { payment_method: "cod", payment_status: "unpaid", paid_amount: 0 });
        await database.db
          .updateTable("orders")
          .set({ payment_flag: null })
          .where("number", "=", number)
          .execute();
      }
    }
  });

  it("keeps only known statuses in an order's history (a CHECK on both engines)", async () => {
    const { id } = await database.db
      .selectFrom("orders")
      .select("id")
      .where("number", "=", A)
      .executeTakeFirstOrThrow();
    const entry = (to_status: string) =>
      database.db
        .insertInto("order_status_history")
        .values({
          order_id: id,
          from_status: "pending",
          to_status,
          actor_user_id: null,
          actor_email: "script@example.test",
          note: "",
          created_at: new Date().toISOString(),
        })
        .execute();
    await expect(entry("lost")).rejects.toThrow(/order_status_history_statuses_known|CHECK constraint/);
    await entry("processing");
    await database.db.deleteFrom("order_status_history").where("order_id", "=", id).execute();
  });

  it("refuses malformed filters with 422 and the field's message", async () => {
    const cases: [string, Record<string, string[]>][] = [
      [
        "?status=lost",
        {
          status: [
            "The status must be one of: awaiting_payment, awaiting_confirmation, pending, processing, shipped, delivered, returning, returned, cancelled.",
          ],
        },
      ],
      [
        "?payment=settled",
        {
          payment: [
            "The payment status must be one of: unpaid, pending, paid, failed, refunded, partly_refunded.",
          ],
        },
      ],
      [
        "?method=cash",
        { method: ["The payment method must be one of: cod, jazzcash, easypaisa, safepay, bank_transfer."] },
      ],
      ["?from=2026-02-30", { from: ["The from date must be a date like 2026-11-21."] }],
      ["?from=21-11-2026", { from: ["The from date must be a date like 2026-11-21."] }],
      ["?to=yesterday", { to: ["The to date must be a date like 2026-11-21."] }],
      ["?from=2026-11-21&to=2026-11-20", { to: ["The to date must be on or after the from date."] }],
      [`?q=${"x".repeat(101)}`, { q: ["The search may not be longer than 100 characters."] }],
      ["?q=a%00b", { q: ["The search contains a character that is not allowed."] }],
      ["?page=0", { page: ["The page must be at least 1."] }],
      ["?page=two", { page: ["The page must be a number."] }],
    ];
    for (const [query, errors] of cases) {
      const { status, body } = await admin.staff.get(`/admin/orders${query}`);
      expect(status, query).toBe(422);
      expect(body.errors, query).toEqual(errors);
    }
  });

  describe("uses an index for every filter (no scan of all orders)", () => {
    /** The plan's lines; PostgreSQL is told to avoid scans, since on a table this small it would prefer them. */
    async function plan(query: CompiledQuery): Promise<string> {
      if (engine === "sqlite") {
        const { rows } = await database.db.executeQuery<{ detail: string }>(
          CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
        );
        return rows.map((row) => row.detail).join("\n");
      }
      return database.db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        const { rows } = await trx.executeQuery<{ "QUERY PLAN": string }>(
          CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
        );
        return rows.map((row) => row["QUERY PLAN"]).join("\n");
      });
    }

    const query = (values: Partial<AdminOrderQuery>): AdminOrderQuery => ({ page: 1, ...values });
    const numberIndex = engine === "postgres" ? "orders_number_search_idx" : "sqlite_autoindex_orders_1";
    // SQLite compares the E.164 column byte by byte as it is, so its plain index serves the prefix too.
    const phoneIndex = engine === "postgres" ? "orders_phone_search_idx" : "orders_phone_e164_idx";
    const cases: [string, AdminOrderQuery, string[]][] = [
      ["everything", query({}), ["orders_created_idx"]],
      ["a status", query({ status: "processing" }), ["orders_status_idx"]],
      ["days", query({ from: "2026-11-01", to: "2026-11-30" }), ["orders_created_idx"]],
      ["a status and days", query({ status: "shipped", from: "2026-11-01" }), ["orders_status_idx"]],
      ["a payment status", query({ payment: "paid" }), ["orders_payment_created_idx"]],
      ["a payment method", query({ method: "bank_transfer" }), ["orders_payment_method_created_idx"]],
      [
        "a payment status and days",
        query({ payment: "pending", from: "2026-11-01" }),
        ["orders_payment_created_idx"],
      ],
      ["an email", query({ q: "ayesha@example" }), ["orders_email_search_idx"]],
      ["a phone", query({ q: "+92 300 123" }), [phoneIndex]],
      ["a number or an email", query({ q: "bt-2611" }), [numberIndex, "orders_email_search_idx"]],
    ];

    for (const [label, values, indexes] of cases) {
      it(label, async () => {
        const repository = adminOrdersRepository(database.db, engine);
        const filter = orderFilter(values);
        // Counting every order reads a whole index whichever it is (the smallest one, never the table).
        const counted = label === "everything" ? [] : indexes;
        for (const [compiled, expected] of [
          [repository.pageQuery(filter, 25, 0).compile(), indexes],
          [repository.countQuery(filter, 10_000).compile(), counted],
        ] as const) {
          const text = await plan(compiled);
          for (const index of expected) expect(text, `${label}:\n${text}`).toContain(index);
          expect(text, `${label}:\n${text}`).not.toMatch(/SCAN orders$|Seq Scan on orders/m);
        }
      });
    }
  });
});

describe("what a search looks for", () => {
  it("reads the shape of what was typed", () => {
    expect(searchTerms("ali@")).toEqual([{ key: "email", prefixes: ["ali@"] }]);
    expect(searchTerms("+92 300-1234567")).toEqual([{ key: "phone", prefixes: ["+923001234567"] }]);
    expect(searchTerms("0300 1")).toEqual([{ key: "phone", prefixes: ["+923001"] }]);
    expect(searchTerms("12")).toEqual([
      { key: "number", prefixes: ["12"] },
      { key: "email", prefixes: ["12"] },
    ]);
    expect(searchTerms("Bt-2611")).toEqual([
      { key: "number", prefixes: ["BT-2611"] },
      { key: "email", prefixes: ["bt-2611"] },
    ]);
  });
});
