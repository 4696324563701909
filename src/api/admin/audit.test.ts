import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminHarness,
  adminHarness,
  customerShopper,
  expectBackOfficeOnly,
  TEST_PASSWORD,
} from "../../testing/admin-harness.ts";
import { apiHarness } from "../../testing/api-harness.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { recordAudit } from "./audit.ts";

const { engine, available } = testEngine();

describe.skipIf(!available)(`back-office audit log on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;
  let customerId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await adminHarness(database, apiHarness(database));
    customerId = (await customerShopper(admin.api, database)).user.id;
    // 60 changes to one order by a tool, then one real change through the API.
    await database.db.transaction().execute(async (trx) => {
      for (let step = 1; step <= 60; step++) {
        await recordAudit(trx, {
          actor: { id: null, email: "Import@Example.PK" },
          action: "order.status",
          entityType: "order",
          entityId: "BT-1001",
          before: { status: `step ${step - 1}` },
          after: { status: `step ${step}` },
        });
      }
    });
    const disabled = await admin.staff.post(`/admin/customers/${customerId}/disable`, {
      current_password: TEST_PASSWORD,
    });
    expect(disabled.status).toBe(200);
  });
  afterAll(() => database?.drop());

  it("is for staff and owners", async () => {
    await expectBackOfficeOnly(admin, "GET", "/admin/audit");
    expect((await admin.staff.get("/admin/audit")).status).toBe(200);
  });

  it("lists every change newest first, 50 a page, with who, what, when and the record before and after", async () => {
    const { status, body } = await admin.owner.get("/admin/audit");
    expect(status).toBe(200);
    expect(body.meta).toMatchObject({ total: 61, per_page: 50, last_page: 2 });
    expect(body.data).toHaveLength(50);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      actor: { id: admin.staff.user.id, email: admin.staff.user.email },
      action: "customer.disable",
      entity_type: "user",
      entity_id: String(customerId),
      before: { email: expect.any(String), disabled_at: null },
      after: { email: expect.any(String), disabled_at: expect.any(String) },
      created_at: expect.any(String),
    });
    expect(body.data[1]).toMatchObject({
      after: { status: "step 60" },
      actor: { id: null, email: "import@example.pk" },
    });
    const second = await admin.owner.get("/admin/audit?page=2");
    expect(second.body.data).toHaveLength(11);
    expect(second.body.data.at(-1).after).toEqual({ status: "step 1" });
  });

  it("shows one record's history, and one person's changes (whatever the case of the email)", async () => {
    const record = await admin.staff.get(`/admin/audit?entity_type=USER&entity_id=${customerId}`);
    expect(record.body.data.map((entry: { action: string }) => entry.action)).toEqual(["customer.disable"]);
    const order = await admin.staff.get("/admin/audit?entity_type=order&entity_id=BT-1001");
    expect(order.body.meta.total).toBe(60);
    const byWho = await admin.staff.get(
      `/admin/audit?actor=${encodeURIComponent(admin.staff.user.email.toUpperCase())}`,
    );
    expect(byWho.body.data).toHaveLength(1);
    const nobody = await admin.staff.get("/admin/audit?actor=nobody%40example.pk");
    expect(nobody.body).toMatchObject({ data: [], meta: { total: 0 } });
  });

  it("refuses filters that are too long with 422", async () => {
    const { status, body } = await admin.staff.get(`/admin/audit?entity_type=${"x".repeat(41)}`);
    expect(status).toBe(422);
    expect(body.errors.entity_type).toEqual(["The entity type may not be greater than 40 characters."]);
  });
});
