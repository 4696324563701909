import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DISABLED } from "../../shared/contracts/account.ts";
import {
  type AdminHarness,
  adminHarness,
  cookieClient,
  customerShopper,
  expectBackOfficeOnly,
  SAME_ORIGIN,
  type SignedIn,
  TEST_PASSWORD,
} from "../../testing/admin-harness.ts";
import { apiHarness, shopper } from "../../testing/api-harness.ts";
import { buildCatalogue, insertOrder } from "../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";

const { engine, available } = testEngine();

describe.skipIf(!available)(`back-office customers on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;
  let ayesha: SignedIn;
  let bilal: SignedIn;

  const auditOf = (id: number) =>
    database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_type", "=", "user")
      .where("entity_id", "=", String(id))
      .orderBy("id")
      .execute();

  beforeAll(async () => {
    database = await createTestDatabase();
    await buildCatalogue(database.db);
    admin = await adminHarness(database, apiHarness(database));
    ayesha = await customerShopper(admin.api, database, {
      first_name: "Ayesha",
      last_name: "Khan",
      email: "ayesha.khan@example.pk",
    });
    bilal = await customerShopper(admin.api, database, {
      first_name: "Bilal",
      last_name: "Ahmed 100%_sure",
      email: "bilal@mail.example.pk",
    });
    await database.db
      .updateTable("users")
      .set({ phone: "0300-1234567" })
      .where("id", "=", bilal.user.id)
      .execute();
    const product = await database.db
      .selectFrom("variants")
      .select(["id", "product_id"])
      .executeTakeFirstOrThrow();
    const older = await insertOrder(database.db, {
      user_id: ayesha.user.id,
      subtotal: 250_000,
      status: "delivered",
      created_at: "2026-01-02T10:00:00.000Z",
    });
    await database.db
      .insertInto("order_items")
      .values({
        order_id: older.id,
        product_id: product.product_id,
        variant_id: product.id,
        product_name: "Leather Tote",
        product_slug: "leather-tote",
        color_name: "Black",
        size_name: "One Size",
        unit_price: 125_000,
        quantity: 2,
        line_total: 250_000,
      })
      .execute();
    await insertOrder(database.db, {
      user_id: ayesha.user.id,
      subtotal: 100_000,
      status: "cancelled",
      created_at: "2026-01-03T10:00:00.000Z",
    });
  });
  afterAll(() => database?.drop());

  it("every customers route is for staff and owners only", async () => {
    await expectBackOfficeOnly(admin, "GET", "/admin/customers");
    await expectBackOfficeOnly(admin, "GET", `/admin/customers/${ayesha.user.id}`);
    const confirm = { current_password: TEST_PASSWORD };
    await expectBackOfficeOnly(admin, "POST", `/admin/customers/${ayesha.user.id}/disable`, confirm);
    await expectBackOfficeOnly(admin, "POST", `/admin/customers/${ayesha.user.id}/enable`, confirm);
    const [row] = await database.db
      .selectFrom("users")
      .select("disabled_at")
      .where("id", "=", ayesha.user.id)
      .execute();
    expect(row?.disabled_at).toBeNull();
  });

  describe("GET /api/admin/customers", () => {
    it("lists customer accounts newest first with their order counts, leaving staff and owners out", async () => {
      const { status, body } = await admin.staff.get("/admin/customers");
      expect(status).toBe(200);
      const ids = body.data.map((customer: { id: number }) => customer.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      expect(ids).toContain(ayesha.user.id);
      expect(ids).not.toContain(admin.staff.user.id);
      expect(ids).not.toContain(admin.owner.user.id);
      expect(body.data.find((customer: { id: number }) => customer.id === ayesha.user.id)).toEqual({
        id: ayesha.user.id,
        first_name: "Ayesha",
        last_name: "Khan",
        name: "Ayesha Khan",
        email: "ayesha.khan@example.pk",
        phone: null,
        image: null,
        created_at: expect.any(String),
        role: "customer",
        disabled_at: null,
        orders_count: 2,
        staff_note: "",
        tags: [],
      });
      expect(body.meta).toEqual({ from: 1, to: 3, total: 3, per_page: 20, current_page: 1, last_page: 1 });
    });

    it("finds customers by any part of the name, email or phone, whatever the case", async () => {
      const found = async (search: string) =>
        (await admin.staff.get(`/admin/customers?search=${encodeURIComponent(search)}`)).body.data.map(
          (customer: { email: string }) => customer.email,
        );
      expect(await found("ayesha KHAN")).toEqual(["ayesha.khan@example.pk"]);
      expect(await found("MAIL.EXAMPLE")).toEqual(["bilal@mail.example.pk"]);
      expect(await found("1234567")).toEqual(["bilal@mail.example.pk"]);
      // % and _ are letters to look for, not wildcards.
      expect(await found("100%_")).toEqual(["bilal@mail.example.pk"]);
      expect(await found("%")).toEqual(["bilal@mail.example.pk"]);
      expect(await found("nobody at all")).toEqual([]);
    });

    it("pages and refuses a bad filter with 422", async () => {
      const second = await admin.staff.get("/admin/customers?page=2");
      expect(second.status).toBe(200);
      expect(second.body.data).toEqual([]);
      expect((await admin.staff.get("/admin/customers?status=gone")).body).toEqual({
        message: "The status must be all, active or disabled.",
        errors: { status: ["The status must be all, active or disabled."] },
      });
      expect((await admin.staff.get("/admin/customers?page=0")).status).toBe(422);
      expect((await admin.staff.get(`/admin/customers?search=${"x".repeat(101)}`)).status).toBe(422);
    });
  });

  describe("GET /api/admin/customers/:id", () => {
    it("shows the customer with their orders, newest first, and what they spent (cancelled orders aside)", async () => {
      const { status, body } = await admin.staff.get(`/admin/customers/${ayesha.user.id}`);
      expect(status).toBe(200);
      expect(body.customer).toMatchObject({ id: ayesha.user.id, orders_count: 2, total_spent: 2700 });
      expect(body.orders.data).toEqual([
        {
          number: expect.any(String),
          status: "cancelled",
          created_at: "2026-01-03T10:00:00.000Z",
          items: 0,
          total: 1200,
        },
        {
          number: expect.any(String),
          status: "delivered",
          created_at: "2026-01-02T10:00:00.000Z",
          items: 2,
          total: 2700,
        },
      ]);
      expect(body.orders.meta.total).toBe(2);
    });

    it("answers 404 for an unknown id, a malformed one, and staff or owner accounts", async () => {
      for (const id of [
        "999999",
        "abc",
        "0",
        "-1",
        "1.5",
        String(admin.staff.user.id),
        String(admin.owner.user.id),
      ]) {
        const { status, body } = await admin.staff.get(`/admin/customers/${id}`);
        expect(status, id).toBe(404);
        expect(body).toEqual({ message: "No customer has this id." });
      }
    });
  });

  describe("disable and enable", () => {
    it("asks for the staff member's password again, and changes nothing when it is wrong or missing", async () => {
      const wrong = await admin.staff.post(`/admin/customers/${bilal.user.id}/disable`, {
        current_password: "not it",
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body).toEqual({
        message: "The password is incorrect.",
        errors: { current_password: ["The password is incorrect."] },
      });
      const missing = await admin.staff.post(`/admin/customers/${bilal.user.id}/disable`, {});
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toEqual({
        current_password: ["Enter your password to confirm this change."],
      });
      expect((await bilal.get("/user")).status).toBe(200);
      expect(await auditOf(bilal.user.id)).toEqual([]);
    });

    it("disables an account: signed out everywhere, refused at sign-in, and recorded in the audit log", async () => {
      const { status, body } = await admin.staff.post(`/admin/customers/${bilal.user.id}/disable`, {
        current_password: TEST_PASSWORD,
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ id: bilal.user.id, disabled_at: expect.any(String) });
      expect((await bilal.get("/user")).status).toBe(401);
      const login = await shopper(admin.api).post("/login", {
        email: bilal.user.email,
        password: TEST_PASSWORD,
      });
      expect(login.body.message).toBe(ACCOUNT_DISABLED);

      const audit = await auditOf(bilal.user.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actor_user_id: admin.staff.user.id,
        actor_email: admin.staff.user.email,
        action: "customer.disable",
        entity_type: "user",
        entity_id: String(bilal.user.id),
      });
      expect(JSON.parse(audit[0]!.before!)).toEqual({ email: bilal.user.email, disabled_at: null });
      expect(JSON.parse(audit[0]!.after!)).toEqual({
        email: bilal.user.email,
        disabled_at: body.disabled_at,
      });

      // Again: the same answer, and no second entry.
      const again = await admin.staff.post(`/admin/customers/${bilal.user.id}/disable`, {
        current_password: TEST_PASSWORD,
      });
      expect(again.body.disabled_at).toBe(body.disabled_at);
      expect(await auditOf(bilal.user.id)).toHaveLength(1);

      const listed = await admin.staff.get("/admin/customers?status=disabled");
      expect(listed.body.data.map((customer: { id: number }) => customer.id)).toEqual([bilal.user.id]);
    });

    it("enables it again: the customer can sign in", async () => {
      const { status, body } = await admin.owner.post(`/admin/customers/${bilal.user.id}/enable`, {
        current_password: TEST_PASSWORD,
      });
      expect(status).toBe(200);
      expect(body.disabled_at).toBeNull();
      const login = await shopper(admin.api).post("/login", {
        email: bilal.user.email,
        password: TEST_PASSWORD,
      });
      expect(login.status).toBe(200);
      expect((await auditOf(bilal.user.id)).map((entry) => entry.action)).toEqual([
        "customer.disable",
        "customer.enable",
      ]);
    });

    it("cannot reach staff or owner accounts (the owner manages those under Staff)", async () => {
      const { status } = await admin.staff.post(`/admin/customers/${admin.owner.user.id}/disable`, {
        current_password: TEST_PASSWORD,
      });
      expect(status).toBe(404);
      expect((await admin.owner.get("/admin/session")).status).toBe(200);
    });

    it("takes the session cookie from the shop's own pages, and refuses it from another site", async () => {
      const path = `/admin/customers/${ayesha.user.id}/disable`;
      const foreign = await cookieClient(admin.api, admin.staff, { origin: "https://evil.example" }).post(
        path,
        {
          current_password: TEST_PASSWORD,
        },
      );
      expect(foreign.status).toBe(403);
      expect((await ayesha.get("/user")).status).toBe(200);
      const own = await cookieClient(admin.api, admin.staff, SAME_ORIGIN).post(path, {
        current_password: TEST_PASSWORD,
      });
      expect(own.status).toBe(200);
      expect((await ayesha.get("/user")).status).toBe(401);
    });
  });
});
