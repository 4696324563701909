import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminHarness,
  adminHarness,
  customerShopper,
  expectBackOfficeOnly,
} from "../../testing/admin-harness.ts";
import { apiHarness } from "../../testing/api-harness.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";

const { engine, available } = testEngine();

/** Staff's note and tags on customer accounts (issue 35 item 7): kept, audited, found by tag, exported. */
describe.skipIf(!available)(`customer notes and tags on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;
  let ayesha: number;
  let bilal: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    admin = await adminHarness(database, apiHarness(database));
    ayesha = (await customerShopper(admin.api, database, { first_name: "Ayesha", last_name: "Tagged" })).user
      .id;
    bilal = (await customerShopper(admin.api, database, { first_name: "Bilal", last_name: "Tagged" })).user
      .id;
  });
  afterAll(() => database?.drop());

  it("is for staff and owners", async () => {
    await expectBackOfficeOnly(admin, "PATCH", `/admin/customers/${ayesha}`, { staff_note: "x" });
  });

  it("keeps a note and tags (lower case, each once), audits the change, and leaves out what is not given", async () => {
    const saved = await admin.staff.call("PATCH", `/admin/customers/${ayesha}`, {
      staff_note: "  Prefers WhatsApp; bulk orders for Eid.  ",
      tags: ["VIP", "Wholesale  buyer", "vip"],
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      id: ayesha,
      staff_note: "Prefers WhatsApp; bulk orders for Eid.",
      tags: ["vip", "wholesale buyer"],
    });
    const noteOnly = await admin.staff.call("PATCH", `/admin/customers/${ayesha}`, {
      staff_note: "Call first.",
    });
    expect(noteOnly.body.tags).toEqual(["vip", "wholesale buyer"]);
    expect((await admin.staff.get(`/admin/customers/${ayesha}`)).body.customer).toMatchObject({
      staff_note: "Call first.",
      tags: ["vip", "wholesale buyer"],
    });
    const audit = await database.db
      .selectFrom("audit_log")
      .select(["before", "after"])
      .where("action", "=", "customer.notes")
      .orderBy("id")
      .execute();
    expect(audit).toHaveLength(2);
    expect(JSON.parse(audit[0]!.after!)).toEqual({
      staff_note: "Prefers WhatsApp; bulk orders for Eid.",
      tags: ["vip", "wholesale buyer"],
    });
    expect(JSON.parse(audit[1]!.before!).staff_note).toBe("Prefers WhatsApp; bulk orders for Eid.");
  });

  it("refuses a bad tag, too many tags or a long note with the field's message, changing nothing", async () => {
    const before = (await admin.staff.get(`/admin/customers/${ayesha}`)).body.customer;
    const comma = await admin.staff.call("PATCH", `/admin/customers/${ayesha}`, { tags: ["vip%", "ok"] });
    expect(comma.status).toBe(422);
    expect(comma.body.errors["tags.0"]).toEqual([
      "A tag is letters and digits, with spaces or dashes between words.",
    ]);
    const many = await admin.staff.call("PATCH", `/admin/customers/${ayesha}`, {
      tags: Array.from({ length: 11 }, (_, n) => `tag${n}`),
    });
    expect(many.body.errors.tags).toEqual(["Give at most 10 tags."]);
    const long = await admin.staff.call("PATCH", `/admin/customers/${ayesha}`, {
      staff_note: "x".repeat(2001),
    });
    expect(long.body.errors.staff_note).toEqual(["The note may not be longer than 2000 characters."]);
    expect((await admin.staff.get(`/admin/customers/${ayesha}`)).body.customer).toEqual(before);
    expect((await admin.staff.call("PATCH", "/admin/customers/999999", { staff_note: "x" })).status).toBe(
      404,
    );
  });

  it("finds customers by a whole tag, and exports the tags and note", async () => {
    await admin.staff.call("PATCH", `/admin/customers/${bilal}`, { tags: ["vip-gold"] });
    const vip = await admin.staff.get("/admin/customers?tag=VIP");
    expect(vip.body.data.map((row: { id: number }) => row.id)).toEqual([ayesha]);
    const gold = await admin.staff.get("/admin/customers?tag=vip-gold");
    expect(gold.body.data.map((row: { id: number }) => row.id)).toEqual([bilal]);
    expect((await admin.staff.get("/admin/customers?tag=nobody")).body.data).toEqual([]);

    const response = await admin.api.request("/admin/customers.csv?tag=vip", {
      headers: { authorization: `Bearer ${admin.staff.token}` },
    });
    const text = await response.text();
    expect(text.split("\r\n")[0]).toBe(
      "Id,First name,Last name,Email,Phone,Status,Registered at,Orders,Tags,Staff note",
    );
    expect(text).toContain(',"vip, wholesale buyer",Call first.\r\n');
    expect(text).not.toContain("Bilal");
  });
});
