import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAMPAIGN_MESSAGES } from "../../../shared/contracts/campaigns.ts";
import { type AdminHarness, adminHarness, expectBackOfficeOnly } from "../../../testing/admin-harness.ts";
import { apiHarness } from "../../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue } from "../../../testing/factories.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";

const { engine, available } = testEngine();
const HOUR = 3_600_000;

const EID = {
  name: "Eid sale",
  percent: 15,
  scope: "categories",
  starts_at: "2026-12-01T09:00",
  ends_at: "2026-12-10T00:00:00+05:00",
};

describe.skipIf(!available)(`scheduled sales in the back office on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;
  let catalogue: Catalogue;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await adminHarness(database, apiHarness(database));
    catalogue = await buildCatalogue(database.db);
  });
  afterAll(() => database?.drop());

  const clutch = () =>
    database.db
      .selectFrom("products")
      .select(["discount", "own_discount", "campaign_discount", "sale_price"])
      .where("id", "=", catalogue.products.clutch)
      .executeTakeFirstOrThrow();

  it("is for staff and owners", async () => {
    const body = { ...EID, scope_ids: [catalogue.categories.bags.id] };
    await expectBackOfficeOnly(admin, "GET", "/admin/campaigns");
    await expectBackOfficeOnly(admin, "POST", "/admin/campaigns", body);
    await expectBackOfficeOnly(admin, "GET", "/admin/campaigns/1");
    await expectBackOfficeOnly(admin, "PATCH", "/admin/campaigns/1", { status: "paused" });
    expect(await database.db.selectFrom("campaigns").select("id").execute()).toEqual([]);
  });

  it("creates a sale with its times in UTC, scheduled until its start, audited", async () => {
    const created = await admin.staff.call("POST", "/admin/campaigns", {
      ...EID,
      scope_ids: [catalogue.categories.bags.id, catalogue.categories.bags.id],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Eid sale",
      percent: 15,
      scope: "categories",
      scope_ids: [catalogue.categories.bags.id],
      starts_at: "2026-12-01T04:00:00.000Z",
      ends_at: "2026-12-09T19:00:00.000Z",
      status: "active",
      state: Date.now() < Date.parse("2026-12-01T04:00:00.000Z") ? "scheduled" : expect.any(String),
      created_by: admin.staff.user.email.toLowerCase(),
    });
    const one = await admin.staff.get(`/admin/campaigns/${created.body.id}`);
    expect(one.body).toEqual(created.body);
    const entries = await database.db
      .selectFrom("audit_log")
      .select(["action", "entity_id"])
      .where("entity_type", "=", "campaign")
      .execute();
    expect(entries).toEqual([{ action: "campaign.create", entity_id: String(created.body.id) }]);
  });

  it("says what is wrong with each field of a sale that cannot be", async () => {
    const refused = async (body: Record<string, unknown>) => {
      const answer = await admin.staff.call("POST", "/admin/campaigns", {
        ...EID,
        scope_ids: [catalogue.categories.bags.id],
        ...body,
      });
      expect(answer.status).toBe(422);
      return answer.body.errors as Record<string, string[]>;
    };
    expect((await refused({ name: " " })).name).toEqual([CAMPAIGN_MESSAGES.name]);
    expect((await refused({ percent: 0 })).percent).toEqual([CAMPAIGN_MESSAGES.percent]);
    expect((await refused({ percent: 101 })).percent).toEqual([CAMPAIGN_MESSAGES.percent]);
    expect((await refused({ percent: 12.5 })).percent).toEqual([CAMPAIGN_MESSAGES.percent]);
    expect((await refused({ scope: "everything" })).scope).toEqual([CAMPAIGN_MESSAGES.scope]);
    expect((await refused({ scope: "products", scope_ids: [] })).scope_ids).toEqual([
      CAMPAIGN_MESSAGES.scopeIds,
    ]);
    expect(
      (await refused({ scope: "tags", scope_ids: [catalogue.tags.leather.id, 9999] })).scope_ids,
    ).toEqual([CAMPAIGN_MESSAGES.scopeMissing([9999])]);
    expect((await refused({ starts_at: undefined })).starts_at).toEqual([CAMPAIGN_MESSAGES.startRequired]);
    expect((await refused({ ends_at: "" })).ends_at).toEqual([CAMPAIGN_MESSAGES.endRequired]);
    expect((await refused({ starts_at: "next week" })).starts_at).toEqual([CAMPAIGN_MESSAGES.time]);
    expect((await refused({ ends_at: "2026-12-01T09:00" })).ends_at).toEqual([CAMPAIGN_MESSAGES.dates]);
    const both = await refused({ scope_ids: [], ends_at: "2026-02-30T10:00" });
    expect(Object.keys(both).sort()).toEqual(["ends_at", "scope_ids"]);
    expect(await database.db.selectFrom("campaigns").select("id").execute()).toHaveLength(1);
  });

  it("prices follow at once when a running sale is created, paused, resumed and changed; each change audited", async () => {
    const created = await admin.staff.call("POST", "/admin/campaigns", {
      name: "Flash sale",
      percent: 20,
      scope: "products",
      scope_ids: [catalogue.products.clutch],
      starts_at: new Date(Date.now() - HOUR).toISOString(),
      ends_at: new Date(Date.now() + HOUR).toISOString(),
    });
    expect(created.status).toBe(201);
    expect(created.body.state).toBe("running");
    const id = created.body.id as number;
    expect(await clutch()).toEqual({
      discount: 20,
      own_discount: 0,
      campaign_discount: 20,
      sale_price: 360_000,
    });

    const paused = await admin.staff.call("PATCH", `/admin/campaigns/${id}`, { status: "paused" });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ status: "paused", state: "paused", percent: 20 });
    expect(await clutch()).toMatchObject({ discount: 0, campaign_discount: 0, sale_price: 450_000 });

    const resumed = await admin.owner.call("PATCH", `/admin/campaigns/${id}`, {
      status: "active",
      percent: 30,
    });
    expect(resumed.body).toMatchObject({
      status: "active",
      state: "running",
      percent: 30,
      name: "Flash sale",
    });
    expect(await clutch()).toMatchObject({ discount: 30, sale_price: 315_000 });

    // Ended early: everything goes back.
    const ended = await admin.staff.call("PATCH", `/admin/campaigns/${id}`, {
      ends_at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(ended.body.state).toBe("ended");
    expect(await clutch()).toMatchObject({ discount: 0, sale_price: 450_000 });

    expect((await admin.staff.call("PATCH", `/admin/campaigns/${id}`, { percent: 0 })).status).toBe(422);
    expect((await admin.staff.call("PATCH", "/admin/campaigns/99999", { status: "paused" })).status).toBe(
      404,
    );
    expect((await admin.staff.get("/admin/campaigns/abc")).status).toBe(404);

    const actions = await database.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity_type", "=", "campaign")
      .where("entity_id", "=", String(id))
      .orderBy("id")
      .execute();
    expect(actions.map((entry) => entry.action)).toEqual([
      "campaign.create",
      "campaign.pause",
      "campaign.update",
      "campaign.update",
    ]);

    const list = await admin.staff.get("/admin/campaigns");
    expect(list.status).toBe(200);
    expect(list.body.data.map((item: { name: string }) => item.name)).toEqual(["Flash sale", "Eid sale"]);
    expect(list.body.meta).toMatchObject({ total: 2, current_page: 1 });
  });

  it("runs a fixed-price sale that puts its products in Daily Deals with a countdown, and says what such a sale lacks", async () => {
    const window = {
      starts_at: new Date(Date.now() - HOUR).toISOString(),
      ends_at: new Date(Date.now() + HOUR).toISOString(),
    };
    const refused = async (body: Record<string, unknown>) => {
      const answer = await admin.staff.call("POST", "/admin/campaigns", {
        name: "Rs. 999",
        ...window,
        ...body,
      });
      expect(answer.status).toBe(422);
      return answer.body.errors as Record<string, string[]>;
    };
    expect((await refused({ kind: "price" })).price).toEqual([CAMPAIGN_MESSAGES.price]);
    expect((await refused({ kind: "price", price: 0 })).price).toEqual([CAMPAIGN_MESSAGES.price]);
    expect((await refused({ kind: "price", price: "abc" })).price).toEqual([CAMPAIGN_MESSAGES.price]);
    expect((await refused({ kind: "percent", percent: "" })).percent).toEqual([CAMPAIGN_MESSAGES.percent]);
    expect((await refused({ kind: "both", percent: 10 })).kind).toEqual([CAMPAIGN_MESSAGES.kind]);

    // The clutch is Rs. 4,500: for Rs. 2,999 it gets 34% (Rs. 2,970).
    const created = await admin.staff.call("POST", "/admin/campaigns", {
      name: "Clutch for Rs. 2,999",
      kind: "price",
      price: "2999",
      percent: "",
      scope: "products",
      scope_ids: [catalogue.products.clutch],
      daily_deal: "on",
      countdown: "on",
      ...window,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      kind: "price",
      percent: 0,
      price: 2999,
      daily_deal: true,
      countdown: true,
      state: "running",
    });
    expect(await clutch()).toMatchObject({ discount: 34, own_discount: 0, sale_price: 297_000 });
    const deal = await database.db
      .selectFrom("products")
      .select(["daily_deal", "campaign_daily_deal"])
      .where("id", "=", catalogue.products.clutch)
      .executeTakeFirstOrThrow();
    expect(deal).toEqual({ daily_deal: 1, campaign_daily_deal: 1 });

    // A change of one field keeps the others: a fixed-price sale stays one.
    const renamed = await admin.staff.call("PATCH", `/admin/campaigns/${created.body.id}`, {
      name: "Clutch deal",
    });
    expect(renamed.body).toMatchObject({ name: "Clutch deal", kind: "price", price: 2999, daily_deal: true });
    // Back to a percent without one is refused; with one it is taken.
    const noPercent = await admin.staff.call("PATCH", `/admin/campaigns/${created.body.id}`, {
      kind: "percent",
    });
    expect(noPercent.status).toBe(422);
    expect(noPercent.body.errors.percent).toEqual([CAMPAIGN_MESSAGES.percent]);
    const percent = await admin.staff.call("PATCH", `/admin/campaigns/${created.body.id}`, {
      kind: "percent",
      percent: 10,
      daily_deal: false,
    });
    expect(percent.body).toMatchObject({ kind: "percent", percent: 10, price: null, daily_deal: false });
    expect(await clutch()).toMatchObject({ discount: 10, sale_price: 405_000 });
    await admin.staff.call("PATCH", `/admin/campaigns/${created.body.id}`, { status: "paused" });
    expect(await clutch()).toMatchObject({ discount: 0, sale_price: 450_000 });
  });
});
