import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUPON_ADMIN_MESSAGES, DELIVERY_DEFAULTS } from "../../../shared/contracts/coupons.ts";
import { type AdminHarness, adminHarness, expectBackOfficeOnly } from "../../../testing/admin-harness.ts";
import { apiHarness } from "../../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue } from "../../../testing/factories.ts";
import { storedOrder } from "../../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";
import { readDeliverySettings } from "../../settings/shop-settings.ts";

const { engine, available } = testEngine();

const TEN_OFF = { code: "eid10", description: "Eid", kind: "percent", value: 10 };

describe.skipIf(!available)(`discount codes in the back office on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;
  let catalogue: Catalogue;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await adminHarness(database, apiHarness(database));
    catalogue = await buildCatalogue(database.db);
  });
  afterAll(() => database?.drop());

  const audit = (entityType: string) =>
    database.db
      .selectFrom("audit_log")
      .select(["action", "entity_id", "actor_email", "before", "after"])
      .where("entity_type", "=", entityType)
      .orderBy("id")
      .execute();

  /** An order that used the code: its redemption, as checkout writes it. */
  const redeemed = async (couponId: number, number: string, total: number, discount: number) => {
    const orderId = await storedOrder(database.db, { number, total, discount, coupon_code: "EID10" });
    await database.db
      .insertInto("coupon_redemptions")
      .values({
        coupon_id: couponId,
        order_id: orderId,
        user_id: null,
        phone_e164: "+923001112223",
        discount,
        created_at: new Date().toISOString(),
      })
      .execute();
    await database.db
      .updateTable("coupons")
      .set((eb) => ({ uses: eb("uses", "+", 1) }))
      .where("id", "=", couponId)
      .execute();
  };

  it("is for staff and owners; the delivery charges are changed by the owner only", async () => {
    await expectBackOfficeOnly(admin, "GET", "/admin/coupons");
    await expectBackOfficeOnly(admin, "POST", "/admin/coupons", TEN_OFF);
    await expectBackOfficeOnly(admin, "PATCH", "/admin/coupons/1", { status: "paused" });
    await expectBackOfficeOnly(admin, "GET", "/admin/settings/delivery");
    await expectBackOfficeOnly(admin, "PUT", "/admin/settings/delivery", DELIVERY_DEFAULTS, "owner");
    expect(await database.db.selectFrom("coupons").select("id").execute()).toEqual([]);
  });

  it("creates a code in upper case with its times in UTC, and refuses the same code in another case", async () => {
    const created = await admin.staff.call("POST", "/admin/coupons", {
      ...TEN_OFF,
      min_subtotal: 2500,
      starts_at: "2026-12-01T09:00",
      ends_at: "2026-12-10T00:00:00+05:00",
      max_uses: 100,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code: "EID10",
      kind: "percent",
      value: 10,
      min_subtotal: 2500,
      scope: "all",
      scope_ids: [],
      starts_at: "2026-12-01T04:00:00.000Z",
      ends_at: "2026-12-09T19:00:00.000Z",
      max_uses: 100,
      max_uses_per_customer: null,
      status: "active",
      uses: 0,
      usage: { orders: 0, revenue: 0, discount: 0 },
    });
    const stored = await database.db.selectFrom("coupons").selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ code: "EID10", value: 10, min_subtotal: 250_000 });

    const again = await admin.owner.call("POST", "/admin/coupons", { ...TEN_OFF, code: "Eid10" });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(COUPON_ADMIN_MESSAGES.duplicate);
  });

  it("keeps an amount in paisa and answers it in rupees; a code for some products names products that exist", async () => {
    const amount = await admin.staff.call("POST", "/admin/coupons", {
      code: "BAGS500",
      kind: "amount",
      value: 500.5,
      scope: "categories",
      scope_ids: [catalogue.categories.bags.id],
    });
    expect(amount.status).toBe(201);
    expect(amount.body).toMatchObject({ value: 500.5, scope_ids: [catalogue.categories.bags.id] });
    expect(
      (
        await database.db
          .selectFrom("coupons")
          .select("value")
          .where("code", "=", "BAGS500")
          .executeTakeFirst()
      )?.value,
    ).toBe(50_050);
  });

  it("says what is wrong with each field of a code that cannot be", async () => {
    const refused = async (body: Record<string, unknown>) => {
      const answer = await admin.staff.call("POST", "/admin/coupons", { ...TEN_OFF, code: "NEW", ...body });
      expect(answer.status).toBe(422);
      return answer.body.errors as Record<string, string[]>;
    };
    expect((await refused({ value: 12.5 })).value).toEqual([COUPON_ADMIN_MESSAGES.percent]);
    expect((await refused({ value: 101 })).value).toEqual([COUPON_ADMIN_MESSAGES.percent]);
    expect((await refused({ kind: "amount", value: 0 })).value).toEqual([COUPON_ADMIN_MESSAGES.amount]);
    expect((await refused({ kind: "free_delivery", value: 5 })).value).toEqual([
      COUPON_ADMIN_MESSAGES.freeDelivery,
    ]);
    expect((await refused({ scope: "products" })).scope_ids).toEqual([COUPON_ADMIN_MESSAGES.scopeIds]);
    expect(
      (await refused({ scope: "tags", scope_ids: [catalogue.tags.leather.id, 9999] })).scope_ids,
    ).toEqual([COUPON_ADMIN_MESSAGES.scopeMissing([9999])]);
    expect((await refused({ starts_at: "next week" })).starts_at).toEqual([COUPON_ADMIN_MESSAGES.time]);
    expect((await refused({ starts_at: "2026-12-10T10:00", ends_at: "2026-12-10T10:00" })).ends_at).toEqual([
      COUPON_ADMIN_MESSAGES.dates,
    ]);
    expect((await refused({ code: "EID 10!" })).code).toEqual([COUPON_ADMIN_MESSAGES.code]);
    const both = await refused({ value: 0, ends_at: "2026-02-30T10:00" });
    expect(Object.keys(both).sort()).toEqual(["ends_at", "value"]);
    expect(
      await database.db.selectFrom("coupons").select("code").where("code", "=", "NEW").execute(),
    ).toEqual([]);
  });

  it("pauses and resumes a code and changes only what is sent, each change audited", async () => {
    const { id } = await database.db
      .selectFrom("coupons")
      .select("id")
      .where("code", "=", "EID10")
      .executeTakeFirstOrThrow();
    const paused = await admin.staff.call("PATCH", `/admin/coupons/${id}`, { status: "paused" });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ status: "paused", value: 10, min_subtotal: 2500, max_uses: 100 });
    const resumed = await admin.owner.call("PATCH", `/admin/coupons/${id}`, { status: "active", value: 15 });
    expect(resumed.body).toMatchObject({
      status: "active",
      value: 15,
      starts_at: "2026-12-01T04:00:00.000Z",
    });
    expect((await admin.staff.call("PATCH", `/admin/coupons/${id}`, { value: 0 })).status).toBe(422);
    expect((await admin.staff.call("PATCH", "/admin/coupons/99999", { status: "paused" })).status).toBe(404);
    expect((await admin.staff.get("/admin/coupons/abc")).status).toBe(404);

    const entries = await audit("coupon");
    expect(entries.filter((entry) => entry.entity_id === String(id)).map((entry) => entry.action)).toEqual([
      "coupon.create",
      "coupon.pause",
      "coupon.update",
    ]);
    const pause = entries.find((entry) => entry.action === "coupon.pause")!;
    expect(pause.actor_email).toBe(admin.staff.user.email.toLowerCase());
    expect(JSON.parse(pause.before!)).toMatchObject({ status: "active" });
    expect(JSON.parse(pause.after!)).toMatchObject({ status: "paused" });
  });

  it("lets the code change until it is used, then says why not; counts its orders, revenue and discount", async () => {
    const created = await admin.staff.call("POST", "/admin/coupons", { ...TEN_OFF, code: "SPARE" });
    const spare = created.body.id as number;
    const renamed = await admin.staff.call("PATCH", `/admin/coupons/${spare}`, { code: "spare2" });
    expect(renamed.body.code).toBe("SPARE2");
    expect((await admin.staff.call("PATCH", `/admin/coupons/${spare}`, { code: "eid10" })).status).toBe(409);

    const { id } = await database.db
      .selectFrom("coupons")
      .select("id")
      .where("code", "=", "EID10")
      .executeTakeFirstOrThrow();
    await redeemed(id, "BT-2001", 180_000, 20_000);
    await redeemed(id, "BT-2002", 300_050, 30_000);

    const refused = await admin.staff.call("PATCH", `/admin/coupons/${id}`, { code: "EID15" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(COUPON_ADMIN_MESSAGES.codeUsed(2));
    // The same code in another case is no change.
    expect(
      (await admin.staff.call("PATCH", `/admin/coupons/${id}`, { code: "eid10", value: 20 })).status,
    ).toBe(200);

    const one = await admin.staff.get(`/admin/coupons/${id}`);
    expect(one.body).toMatchObject({ uses: 2, usage: { orders: 2, revenue: 4800.5, discount: 500 } });
    const list = await admin.staff.get("/admin/coupons");
    expect(list.status).toBe(200);
    expect(list.body.data.map((coupon: { code: string }) => coupon.code)).toEqual([
      "SPARE2",
      "BAGS500",
      "EID10",
    ]);
    expect(list.body.data[2].usage).toEqual({ orders: 2, revenue: 4800.5, discount: 500 });
    expect(list.body.data[0].usage).toEqual({ orders: 0, revenue: 0, discount: 0 });
    expect(list.body.meta).toMatchObject({ total: 3, current_page: 1 });
  });

  it("answers the spec's delivery charges until the owner changes them, refusing a city named twice", async () => {
    expect((await admin.staff.get("/admin/settings/delivery")).body).toEqual(DELIVERY_DEFAULTS);
    const settings = {
      flat_charge: 250,
      free_from: 5000,
      city_charges: [
        { city: "Karachi", charge: 150 },
        { city: "Lahore", charge: 180.5 },
      ],
      cod_fee: 50,
    };
    const twice = await admin.owner.call("PUT", "/admin/settings/delivery", {
      ...settings,
      city_charges: [...settings.city_charges, { city: "  karachi ", charge: 100 }],
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors["city_charges.2.city"]).toEqual([
      "karachi is listed twice; give each city one charge.",
    ]);
    expect((await admin.owner.call("PUT", "/admin/settings/delivery", settings)).body).toEqual(settings);
    expect((await admin.staff.get("/admin/settings/delivery")).body).toEqual(settings);

    const [entry] = await audit("settings");
    expect(entry).toMatchObject({ action: "settings.delivery", entity_id: "delivery" });
    expect(JSON.parse(entry!.before!)).toEqual(DELIVERY_DEFAULTS);
    expect(JSON.parse(entry!.after!)).toEqual(settings);
  });

  it("reads stored delivery charges an older version wrote field by field, keeping what still passes", async () => {
    await database.db
      .updateTable("shop_settings")
      .set({ value: JSON.stringify({ flat_charge: 300, free_from: "lots", city_charges: "Karachi" }) })
      .where("key", "=", "delivery")
      .execute();
    expect(await readDeliverySettings(database.db)).toEqual({ ...DELIVERY_DEFAULTS, flat_charge: 300 });
  });
});
