import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOCKLIST_MESSAGES } from "../../../shared/contracts/blocklist.ts";
import { type AdminHarness, adminHarness } from "../../../testing/admin-harness.ts";
import { apiHarness, type Shopper, shopper } from "../../../testing/api-harness.ts";
import { buildCatalogue } from "../../../testing/factories.ts";
import { bagInColours, CHECKOUT_CONTACT, withoutConfirmation } from "../../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";
import { ORDER_BLOCKED } from "../../checkout/checkout.service.ts";

const { engine, available } = testEngine();

/** Risk, the blocklist and parcels refused at the door (docs/decisions/0042-cod-orders-confirmed-and-tracked.md). */
describe.skipIf(!available)(`risk, blocklist and refused parcels on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;
  let product: number;
  let variant: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    const catalogue = await buildCatalogue(database.db);
    ({
      product,
      variants: [variant],
    } = await bagInColours(database.db, catalogue, {
      slug: "leather-satchel",
      title: "Leather Satchel",
      variants: [{ price: 900_000, stock: 1000 }],
    }));
    admin = await adminHarness(database, apiHarness(database));
    await withoutConfirmation(database.db);
  });
  afterAll(() => database?.drop());

  const stock = async () =>
    (
      await database.db
        .selectFrom("variants")
        .select("stock")
        .where("id", "=", variant)
        .executeTakeFirstOrThrow()
    ).stock;
  const orderCount = async () =>
    Number(
      (
        await database.db
          .selectFrom("orders")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  let phoneSequence = 1_000_000;
  /** A contact with its own phone and address, so that earlier tests' orders do not count. */
  function freshContact() {
    phoneSequence += 1;
    return {
      ...CHECKOUT_CONTACT,
      phone: `0321 ${phoneSequence}`.slice(0, 12),
      shipping_address: { ...CHECKOUT_CONTACT.shipping_address, address: `House ${phoneSequence}, Street 9` },
    };
  }

  async function place(contact: object, quantity = 1, client: Shopper = shopper(admin.api)) {
    expect((await client.post("/cart/add", { id: product, quantity, size: variant })).status).toBe(200);
    return client.post("/checkout", contact);
  }
  async function placed(contact: object, quantity = 1): Promise<string> {
    const { status, body } = await place(contact, quantity);
    expect(status, JSON.stringify(body)).toBe(201);
    return body.order.number;
  }
  const patch = (number: string, status: string) =>
    admin.staff.call("PATCH", `/admin/orders/${number}`, { status });
  async function ship(number: string) {
    for (const status of ["processing", "shipped"]) expect((await patch(number, status)).status).toBe(200);
  }
  const detail = async (number: string) => (await admin.staff.get(`/admin/orders/${number}`)).body;

  describe("the blocklist", () => {
    it("refuses a blocked phone however it is written, and a blocked email, with 422 and nothing stored", async () => {
      const contact = freshContact();
      const added = await admin.staff.post("/admin/blocklist", {
        kind: "phone",
        value: contact.phone.replace(" ", "-"),
        reason: "Refused three parcels",
      });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({
        kind: "phone",
        reason: "Refused three parcels",
        created_by: admin.staff.user.email,
      });
      const [orders, before] = [await orderCount(), await stock()];
      const international = `+92 ${contact.phone.slice(1)}`;
      const refused = await place({ ...contact, phone: international });
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ message: ORDER_BLOCKED, errors: { phone: [ORDER_BLOCKED] } });
      expect(await orderCount()).toBe(orders);
      expect(await stock()).toBe(before);

      const email = await admin.staff.post("/admin/blocklist", {
        kind: "email",
        value: "Fake.Buyer@Example.pk",
        reason: "Fake orders",
      });
      expect(email.status).toBe(201);
      const other = freshContact();
      const byEmail = await place({ ...other, email: "fake.buyer@example.PK" });
      expect(byEmail.body).toEqual({ message: ORDER_BLOCKED, errors: { email: [ORDER_BLOCKED] } });

      // Taken off the list, the phone orders again.
      expect((await admin.staff.call("DELETE", `/admin/blocklist/${added.body.id}`)).status).toBe(200);
      expect((await place(contact)).status).toBe(201);
      const audit = await database.db
        .selectFrom("audit_log")
        .select("action")
        .where("entity_type", "=", "blocklist")
        .orderBy("id")
        .execute();
      expect(audit.map((row) => row.action)).toEqual(["blocklist.add", "blocklist.add", "blocklist.remove"]);
    });

    it("lets a blocked address order but flags it for review", async () => {
      const contact = freshContact();
      const added = await admin.staff.post("/admin/blocklist", {
        kind: "address",
        value: contact.shipping_address.address.toUpperCase(),
        city: " islamabad ",
        reason: "Nobody lives there",
      });
      expect(added.status).toBe(201);
      const number = await placed(contact);
      expect((await detail(number)).risk.flags).toContain("blocked_address");
      const review = await admin.staff.get("/admin/orders?review=1");
      expect(review.body.data.map((row: { number: string }) => row.number)).toContain(number);
    });

    it("refuses duplicates, bad values and missing fields with a sentence; lists newest first; staff only", async () => {
      const phone = freshContact().phone;
      expect(
        (await admin.staff.post("/admin/blocklist", { kind: "phone", value: phone, reason: "x" })).status,
      ).toBe(201);
      const again = await admin.staff.post("/admin/blocklist", {
        kind: "phone",
        value: `+92${phone.slice(1)}`,
        reason: "y",
      });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(BLOCKLIST_MESSAGES.duplicate);
      const bad = await admin.staff.post("/admin/blocklist", {
        kind: "phone",
        value: "+44 20 7946 0958",
        reason: "x",
      });
      expect(bad.body.errors).toEqual({ value: [BLOCKLIST_MESSAGES.phone] });
      const noCity = await admin.staff.post("/admin/blocklist", {
        kind: "address",
        value: "House 1",
        reason: "x",
      });
      expect(noCity.body.errors).toEqual({ city: [BLOCKLIST_MESSAGES.city] });
      const noKind = await admin.staff.post("/admin/blocklist", { value: "x", reason: "x" });
      expect(noKind.body.errors).toEqual({ kind: [BLOCKLIST_MESSAGES.kind] });
      expect((await admin.staff.call("DELETE", "/admin/blocklist/999999")).status).toBe(404);
      expect((await admin.staff.call("DELETE", "/admin/blocklist/abc")).status).toBe(404);
      expect((await admin.customer.get("/admin/blocklist")).status).toBe(403);
      const list = await admin.staff.get("/admin/blocklist");
      expect(list.body.data[0]).toMatchObject({ kind: "phone", value: phone });
    });
  });

  describe("risk signals", () => {
    it("flags a second order from the same phone within 24 hours, and a high value", async () => {
      const contact = freshContact();
      const first = await placed(contact);
      expect((await detail(first)).risk).toMatchObject({ flags: [], first_order: true, recent_orders: 0 });
      const second = await placed(contact, 3);
      const risk = (await detail(second)).risk;
      expect(risk.flags).toEqual(["repeat_24h", "high_value"]);
      expect(risk).toMatchObject({ first_order: false, recent_orders: 1, phone_refused: 0 });
      const list = await admin.staff.get("/admin/orders?review=1");
      const row = list.body.data.find((order: { number: string }) => order.number === second);
      expect(row.flags).toEqual(["repeat_24h", "high_value"]);
    });

    it("shows the phone's refused parcels and flags its next order", async () => {
      const contact = freshContact();
      const refusedOrder = await placed(contact);
      await ship(refusedOrder);
      expect((await patch(refusedOrder, "returning")).status).toBe(200);
      const delivered = await placed(contact);
      await ship(delivered);
      expect((await patch(delivered, "delivered")).status).toBe(200);
      const next = await placed({ ...contact, phone: `+92${contact.phone.slice(1).replace(" ", "")}` });
      const risk = (await detail(next)).risk;
      expect(risk.flags).toContain("refused_before");
      expect(risk).toMatchObject({ phone_refused: 1, phone_delivered: 1 });
    });
  });

  describe("parcels refused at the door", () => {
    it("goes shipped → returning → returned, its stock back once however often it is marked received", async () => {
      const number = await placed(freshContact(), 2);
      await ship(number);
      const before = await stock();
      expect((await patch(number, "returning")).body.allowed_statuses).toEqual(["returned"]);
      const [a, b, c] = await Promise.all([
        admin.staff.post(`/admin/orders/${number}/received-back`, { note: "Box opened, items fine." }),
        admin.owner.post(`/admin/orders/${number}/received-back`, {}),
        admin.staff.post(`/admin/orders/${number}/received-back`, {}),
      ]);
      for (const answer of [a, b, c]) {
        expect(answer.status).toBe(200);
        expect(answer.body.status).toBe("returned");
      }
      expect(await stock()).toBe(before + 2);
      const history = (await detail(number)).history.filter(
        (entry: { to: string }) => entry.to === "returned",
      );
      expect(history).toHaveLength(1);
      // A PATCH to returned again is refused, and the stock stays.
      expect((await patch(number, "returned")).status).toBe(422);
      expect(await stock()).toBe(before + 2);
      // The customer is not mailed about a parcel coming back.
      const subjects = await database.db
        .selectFrom("mail_outbox")
        .select("subject")
        .where("reference", "=", number)
        .execute();
      expect(subjects.map((row) => row.subject).join("|")).not.toMatch(/return/i);
    });

    it("takes a shipped parcel straight back, and refuses one that never left", async () => {
      const shipped = await placed(freshContact());
      await ship(shipped);
      const before = await stock();
      expect((await admin.staff.post(`/admin/orders/${shipped}/received-back`, {})).body.status).toBe(
        "returned",
      );
      expect(await stock()).toBe(before + 1);
      const waiting = await placed(freshContact());
      const refused = await admin.staff.post(`/admin/orders/${waiting}/received-back`, {});
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe("An order must be shipped before it can be returned.");
    });
  });
});
