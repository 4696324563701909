import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdminHarness,
  adminHarness,
  cookieClient,
  expectBackOfficeOnly,
  SAME_ORIGIN,
} from "../../../testing/admin-harness.ts";
import { apiHarness, registeredShopper, type Shopper, shopper } from "../../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue } from "../../../testing/factories.ts";
import {
  bagInColours,
  CHECKOUT_CONTACT,
  storedReplacement,
  withoutConfirmation,
} from "../../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../../testing/test-db.ts";

const { engine, available } = testEngine();

const contact = CHECKOUT_CONTACT;

const SETTABLE = ["processing", "shipped", "delivered", "cancelled"] as const;
type Settable = (typeof SETTABLE)[number];

/** How to walk a new order to each status through the API. */
const PATH_TO: Record<string, Settable[]> = {
  pending: [],
  processing: ["processing"],
  shipped: ["processing", "shipped"],
  delivered: ["processing", "shipped", "delivered"],
  cancelled: ["cancelled"],
};

/** Every change the back office may ask for, and what it answers: null for allowed, else the refusal. */
const RULES: Record<string, Record<Settable, string | null>> = {
  pending: {
    processing: null,
    shipped: "An order must be processed before it can be shipped.",
    delivered: "An order must be shipped before it can be delivered.",
    cancelled: null,
  },
  processing: {
    processing: "This order is already being processed.",
    shipped: null,
    delivered: "An order must be shipped before it can be delivered.",
    cancelled: null,
  },
  shipped: {
    processing: "An order that has been shipped cannot go back to processing.",
    shipped: "This order has already been shipped.",
    delivered: null,
    cancelled: "An order that has been shipped cannot be cancelled.",
  },
  delivered: {
    processing: "This order has been delivered; its status can no longer change.",
    shipped: "This order has been delivered; its status can no longer change.",
    delivered: "This order has already been delivered.",
    cancelled: "An order that has been delivered cannot be cancelled.",
  },
  cancelled: {
    processing: "This order has been cancelled; its status can no longer change.",
    shipped: "This order has been cancelled; its status can no longer change.",
    delivered: "This order has been cancelled; its status can no longer change.",
    cancelled: "This order has already been cancelled.",
  },
};

const SUBJECTS: Record<Settable, string> = {
  processing: "is being processed",
  shipped: "has shipped",
  delivered: "was delivered",
  cancelled: "was cancelled",
};

describe.skipIf(!available)(`back-office orders on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;
  let catalogue: Catalogue;
  let product: number;
  let black: number;
  let tan: number;
  const STOCK = 1000;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    ({
      product,
      variants: [black, tan],
    } = await bagInColours(database.db, catalogue, {
      slug: "canvas-weekender",
      title: "Canvas Weekender",
      variants: [
        { price: 550_000, stock: STOCK },
        { price: 600_000, stock: STOCK },
      ],
    }));
    admin = await adminHarness(database, apiHarness(database));
    // What comes after a confirmation is tested here; the confirmation in src/api/orders/order-confirmation.test.ts.
    await withoutConfirmation(database.db);
  });
  afterAll(() => database?.drop());

  const stockOf = async (id: number) =>
    (await database.db.selectFrom("variants").select("stock").where("id", "=", id).executeTakeFirstOrThrow())
      .stock;

  async function placeOrder(
    client: Shopper = shopper(admin.api),
    lines: [variant: number, quantity: number][] = [[black, 2]],
  ): Promise<string> {
    for (const [size, quantity] of lines) {
      expect((await client.post("/cart/add", { id: product, quantity, size })).status).toBe(200);
    }
    const { status, body } = await client.post("/checkout", contact);
    expect(status).toBe(201);
    return body.order.number as string;
  }

  const patch = (client: Shopper, number: string, body: unknown) =>
    client.call("PATCH", `/admin/orders/${number}`, body);

  async function walk(number: string, to: string) {
    for (const status of PATH_TO[to]!) {
      const answer = await patch(admin.staff, number, { status });
      expect(answer.status, `${number} to ${status}`).toBe(200);
    }
  }

  const mailsAbout = (number: string) =>
    database.db.selectFrom("mail_outbox").selectAll().where("reference", "=", number).orderBy("id").execute();

  const auditOf = (number: string) =>
    database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_type", "=", "order")
      .where("entity_id", "=", number)
      .orderBy("id")
      .execute();

  const statusOf = async (number: string) =>
    (
      await database.db
        .selectFrom("orders")
        .select("status")
        .where("number", "=", number)
        .executeTakeFirstOrThrow()
    ).status;

  describe("who may use it", () => {
    it("refuses anonymous callers (401) and customers (403) on every route, and changes nothing", async () => {
      const number = await placeOrder();
      const stock = await stockOf(black);
      await expectBackOfficeOnly(admin, "GET", "/admin/orders");
      await expectBackOfficeOnly(admin, "GET", "/admin/orders?status=pending&q=BT");
      await expectBackOfficeOnly(admin, "GET", `/admin/orders/${number}`);
      await expectBackOfficeOnly(admin, "PATCH", `/admin/orders/${number}`, { status: "cancelled" });
      // Refused before validation: a customer learns nothing about unknown numbers or bad bodies either.
      await expectBackOfficeOnly(admin, "GET", "/admin/orders/BT-000000-ZZZZZ");
      await expectBackOfficeOnly(admin, "PATCH", "/admin/orders/BT-000000-ZZZZZ", { status: "lost" });
      expect(await statusOf(number)).toBe("pending");
      expect(await stockOf(black)).toBe(stock);
      expect(await auditOf(number)).toEqual([]);
    });

    it("lets staff and owners in, by bearer token or by the session cookie from the shop's own pages", async () => {
      const number = await placeOrder();
      expect((await admin.staff.get("/admin/orders")).status).toBe(200);
      expect((await admin.owner.get(`/admin/orders/${number}`)).status).toBe(200);
      const page = cookieClient(admin.api, admin.owner, SAME_ORIGIN);
      expect((await patch(page, number, { status: "processing" })).status).toBe(200);
      const foreign = cookieClient(admin.api, admin.owner, {
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
      });
      const refused = await patch(foreign, number, { status: "shipped" });
      expect(refused.status).toBe(403);
      expect(await statusOf(number)).toBe("processing");
    });
  });

  describe("addressing and input", () => {
    it("answers 404 for an order number nobody has, on reading and on changing", async () => {
      for (const hostile of ["%00", "%F0%9F%91%9C", "x".repeat(3000), "BT-%27%3B--", "%E2%80%AE"]) {
        for (const answer of [
          await admin.staff.get(`/admin/orders/${hostile}`),
          await patch(admin.staff, hostile, { status: "cancelled" }),
        ]) {
          expect(answer.status, hostile).toBe(404);
        }
      }
      for (const answer of [
        await admin.staff.get("/admin/orders/BT-000000-ZZZZZ"),
        await patch(admin.staff, "BT-000000-ZZZZZ", { status: "processing" }),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ message: "Order not found." });
      }
    });

    it("refuses a bad body with 422 (or 400 for broken JSON) and changes nothing", async () => {
      const number = await placeOrder();
      const cases: [unknown, Record<string, string[]>][] = [
        [{}, { status: ["Choose the order's new status."] }],
        [{ status: "" }, { status: ["Choose the order's new status."] }],
        [
          { status: "pending" },
          {
            status: [
              "The status must be one of: processing, shipped, delivered, returning, returned, cancelled.",
            ],
          },
        ],
        [
          { status: "lost" },
          {
            status: [
              "The status must be one of: processing, shipped, delivered, returning, returned, cancelled.",
            ],
          },
        ],
        [
          { status: 3 },
          {
            status: [
              "The status must be one of: processing, shipped, delivered, returning, returned, cancelled.",
            ],
          },
        ],
        [
          { status: "processing", note: "x".repeat(501) },
          { note: ["The note may not be greater than 500 characters."] },
        ],
        [{ status: "processing", note: 12 }, { note: ["The note must be text."] }],
      ];
      for (const [body, errors] of cases) {
        const answer = await patch(admin.staff, number, body);
        expect(answer.status, JSON.stringify(body)).toBe(422);
        expect(answer.body.errors).toEqual(errors);
      }
      const broken = await admin.api.request(`/admin/orders/${number}`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${admin.staff.token}`, "content-type": "application/json" },
        body: "{status:",
      });
      expect(broken.status).toBe(400);
      expect(await statusOf(number)).toBe("pending");
      expect(await auditOf(number)).toEqual([]);
      expect(await mailsAbout(number)).toHaveLength(1);
    });
  });

  describe("the workflow", () => {
    for (const from of Object.keys(RULES)) {
      for (const to of SETTABLE) {
        const refusal = RULES[from]![to];
        it(`${from} → ${to}: ${refusal ?? "allowed"}`, async () => {
          const number = await placeOrder();
          await walk(number, from);
          const mailsBefore = (await mailsAbout(number)).length;
          const auditBefore = (await auditOf(number)).length;
          const stockBefore = await stockOf(black);
          const answer = await patch(admin.staff, number, { status: to });
          if (refusal === null) {
            expect(answer.status).toBe(200);
            expect(answer.body.status).toBe(to);
            expect(await statusOf(number)).toBe(to);
            expect(await mailsAbout(number)).toHaveLength(mailsBefore + 1);
            expect(await auditOf(number)).toHaveLength(auditBefore + 1);
          } else {
            expect(answer.status).toBe(422);
            expect(answer.body).toEqual({ message: refusal, errors: { status: [refusal] } });
            expect(await statusOf(number)).toBe(from);
            expect(await mailsAbout(number)).toHaveLength(mailsBefore);
            expect(await auditOf(number)).toHaveLength(auditBefore);
            expect(await stockOf(black)).toBe(stockBefore);
          }
        });
      }
    }

    it("moves an order pending → processing → shipped → delivered with history, audit and a mail for each", async () => {
      const number = await placeOrder();
      const stock = await stockOf(black);
      const steps: [Settable, string][] = [
        ["processing", "Packed by Sana."],
        ["shipped", "TCS tracking 123 <b>"],
        ["delivered", ""],
      ];
      let last: any;
      for (const [status, note] of steps) {
        const client = status === "shipped" ? admin.owner : admin.staff;
        const answer = await patch(client, number, { status, note: note ? ` ${note} ` : undefined });
        expect(answer.status).toBe(200);
        last = answer.body;
      }
      expect(last.status).toBe("delivered");
      expect(last.allowed_statuses).toEqual([]);
      expect(last.history).toEqual([
        { from: null, to: "pending", actor: null, note: "", at: expect.any(String) },
        {
          from: "pending",
          to: "processing",
          actor: admin.staff.user.email,
          note: "Packed by Sana.",
          at: expect.any(String),
        },
        {
          from: "processing",
          to: "shipped",
          actor: admin.owner.user.email,
          note: "TCS tracking 123 <b>",
          at: expect.any(String),
        },
        { from: "shipped", to: "delivered", actor: admin.staff.user.email, note: "", at: expect.any(String) },
      ]);
      const times = last.history.map((entry: { at: string }) => Date.parse(entry.at));
      expect(times).toEqual([...times].sort((a, b) => a - b));

      const audit = await auditOf(number);
      expect(
        audit.map((entry) => [
          entry.action,
          entry.actor_email,
          JSON.parse(entry.before!),
          JSON.parse(entry.after!),
        ]),
      ).toEqual([
        [
          "order.status",
          admin.staff.user.email,
          { status: "pending" },
          { status: "processing", note: "Packed by Sana." },
        ],
        [
          "order.status",
          admin.owner.user.email,
          { status: "processing" },
          { status: "shipped", note: "TCS tracking 123 <b>" },
        ],
        ["order.status", admin.staff.user.email, { status: "shipped" }, { status: "delivered" }],
      ]);
      expect(audit.map((entry) => entry.actor_user_id)).toEqual([
        admin.staff.user.id,
        admin.owner.user.id,
        admin.staff.user.id,
      ]);

      const mails = await mailsAbout(number);
      expect(mails.map((mail) => [mail.recipient, mail.subject])).toEqual([
        [contact.email, `Your order ${number} is confirmed`],
        [contact.email, `Your order ${number} is being processed`],
        [contact.email, `Your order ${number} has shipped`],
        [contact.email, `Your order ${number} was delivered`],
      ]);
      // The staff's notes stay in the shop.
      for (const mail of mails) expect(mail.text_body + mail.html_body).not.toContain("TCS tracking");
      expect(mails[2]!.text_body).toContain("Rs. 11,200.00");
      expect(await stockOf(black)).toBe(stock);
    });

    it("cancelling gives every line's stock back in the same change, once", async () => {
      const before = { black: await stockOf(black), tan: await stockOf(tan) };
      const number = await placeOrder(shopper(admin.api), [
        [tan, 3],
        [black, 2],
      ]);
      expect(await stockOf(black)).toBe(before.black - 2);
      expect(await stockOf(tan)).toBe(before.tan - 3);
      await walk(number, "processing");
      const answer = await patch(admin.staff, number, { status: "cancelled", note: "Customer called." });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ status: "cancelled", allowed_statuses: [] });
      expect(await stockOf(black)).toBe(before.black);
      expect(await stockOf(tan)).toBe(before.tan);

      const again = await patch(admin.owner, number, { status: "cancelled" });
      expect(again.status).toBe(422);
      expect(again.body.message).toBe("This order has already been cancelled.");
      expect(await stockOf(black)).toBe(before.black);
      expect(await stockOf(tan)).toBe(before.tan);

      const audit = await auditOf(number);
      expect(JSON.parse(audit.at(-1)!.after!)).toEqual({
        status: "cancelled",
        note: "Customer called.",
        stock_returned: [
          { variant_id: black, quantity: 2, stock: before.black },
          { variant_id: tan, quantity: 3, stock: before.tan },
        ].sort((a, b) => a.variant_id - b.variant_id),
      });
      const mails = await mailsAbout(number);
      expect(mails.map((mail) => mail.subject)).toEqual([
        `Your order ${number} is confirmed`,
        `Your order ${number} is being processed`,
        `Your order ${number} was cancelled`,
      ]);
      expect(mails[2]!.text_body).toContain("Nothing is due.");
    });

    it("puts a sold-out product back on sale (its card price) when its order is cancelled", async () => {
      const {
        product: lastOne,
        variants: [cheap],
      } = await bagInColours(database.db, catalogue, {
        slug: "last-one-satchel",
        title: "Last One Satchel",
        variants: [
          { price: 100_000, stock: 1 },
          { price: 250_000, stock: 4 },
        ],
      });
      const cardPrice = async () =>
        (
          await database.db
            .selectFrom("products")
            .select("sale_price")
            .where("id", "=", lastOne)
            .executeTakeFirstOrThrow()
        ).sale_price;
      expect(await cardPrice()).toBe(100_000);

      const buyer = shopper(admin.api);
      expect((await buyer.post("/cart/add", { id: lastOne, quantity: 1, size: cheap })).status).toBe(200);
      const placed = await buyer.post("/checkout", contact);
      expect(placed.status).toBe(201);
      expect(await stockOf(cheap)).toBe(0);
      expect(await cardPrice()).toBe(250_000);

      const cancelled = await patch(admin.staff, placed.body.order.number, { status: "cancelled" });
      expect(cancelled.status).toBe(200);
      expect(await stockOf(cheap)).toBe(1);
      expect(await cardPrice()).toBe(100_000);
    });

    it("cancels an order whose variant has since left the catalogue (nothing to give back for it)", async () => {
      const {
        product: gone,
        variants: [retired, kept],
      } = await bagInColours(database.db, catalogue, {
        slug: "retired-bucket-bag",
        title: "Retired Bucket Bag",
        variants: [
          { price: 100_000, stock: 5 },
          { price: 100_000, stock: 5 },
        ],
      });
      const buyer = shopper(admin.api);
      await buyer.post("/cart/add", { id: gone, quantity: 2, size: retired });
      await buyer.post("/cart/add", { id: gone, quantity: 1, size: kept });
      const placed = await buyer.post("/checkout", contact);
      expect(placed.status).toBe(201);
      await database.db.deleteFrom("variants").where("id", "=", retired).execute();

      const answer = await patch(admin.staff, placed.body.order.number, { status: "cancelled" });
      expect(answer.status).toBe(200);
      expect(await stockOf(kept)).toBe(5);
      // The lines stay as sold; the one whose variant is gone has no SKU to pick by.
      expect(
        answer.body.items.map((item: { variant_id: number; sku: string | null }) => item.sku === null),
      ).toEqual([true, false]);
      const audit = await auditOf(placed.body.order.number);
      expect(JSON.parse(audit.at(-1)!.after!).stock_returned).toEqual([
        { variant_id: kept, quantity: 1, stock: 5 },
      ]);
    });
  });

  describe("one order, as the back office reads it", () => {
    it("shows the lines, the money module's totals, the address, the account and the history", async () => {
      const member = await registeredShopper(admin.api, {
        first_name: "Omar",
        last_name: "Farooq",
        email: "omar.farooq@example.pk",
      });
      const number = await placeOrder(member, [
        [black, 1],
        [tan, 2],
      ]);
      // Typed into the address bar in lower case, it is the same order.
      const found = await admin.staff.get(`/admin/orders/${number.toLowerCase()}`);
      expect(found.status).toBe(200);
      const account = await member.get("/user");
      expect(found.body).toMatchObject({
        number,
        status: "pending",
        email: contact.email,
        phone: contact.phone,
        notes: contact.notes,
        shipping_address: contact.shipping_address,
        subtotal: 17500,
        discount: 0,
        delivery_charges: 200,
        total: 17700,
        items: [
          {
            name: "Canvas Weekender",
            color_name: "Black",
            size_name: "One Size",
            price: 5500,
            quantity: 1,
            total: 5500,
            variant_id: black,
            sku: expect.stringMatching(/^[A-Z0-9-]+$/),
          },
          {
            name: "Canvas Weekender",
            color_name: "Tan",
            size_name: "One Size",
            price: 6000,
            quantity: 2,
            total: 12000,
            variant_id: tan,
            sku: expect.stringMatching(/^[A-Z0-9-]+$/),
          },
        ],
        customer: { id: account.body.id, name: "Omar Farooq", email: "omar.farooq@example.pk" },
        history: [{ from: null, to: "pending", actor: null, note: "" }],
        allowed_statuses: ["processing", "cancelled"],
      });
      expect(found.body.history[0].at).toBe(found.body.created_at);

      const guest = await placeOrder();
      expect((await admin.staff.get(`/admin/orders/${guest}`)).body.customer).toBeNull();
    });

    it("names the return an exchange's replacement order was sent for, and null for a shopper's own order", async () => {
      const original = await placeOrder();
      const replacement = await placeOrder();
      expect((await admin.staff.get(`/admin/orders/${original}`)).body.replacement_for).toBeNull();
      const sentFor = await storedReplacement(database.db, original, replacement);
      expect((await admin.staff.get(`/admin/orders/${replacement}`)).body.replacement_for).toEqual({
        id: sentFor.id,
        number: `${original}-R1`,
      });
    });

    it("shows the order's shipment once it is booked, with the courier's events, in the order and the list", async () => {
      const number = await placeOrder();
      expect((await admin.staff.get(`/admin/orders/${number}`)).body.shipment).toBeNull();
      await walk(number, "processing");
      const booked = await admin.staff.post("/admin/shipments", {
        courier: "own",
        orders: [number],
        consignment_number: "RIDER-0042",
        tracking_url: "https://track.example.pk/RIDER-0042",
      });
      expect(booked.body.results).toMatchObject([{ order: number, outcome: "booked" }]);
      const shipment = await database.db
        .selectFrom("shipments")
        .innerJoin("orders", "orders.id", "shipments.order_id")
        .select("shipments.id")
        .where("orders.number", "=", number)
        .executeTakeFirstOrThrow();
      // The rider's news, a minute after the booking (which is the first event).
      const pickedUp = new Date(Date.now() + 60_000).toISOString();
      await database.db
        .insertInto("shipment_events")
        .values({
          shipment_id: shipment.id,
          status: "picked_up",
          courier_status: "Collected by rider",
          description: "Rider Aslam has the parcel",
          location: "Lahore",
          happened_at: pickedUp,
          received_at: pickedUp,
        })
        .execute();

      const found = await admin.staff.get(`/admin/orders/${number}`);
      expect(found.body.shipment).toEqual({
        courier: "own",
        courier_name: "Own delivery or another courier",
        consignment_number: "RIDER-0042",
        tracking_url: "https://track.example.pk/RIDER-0042",
        status: "booked",
        booked_at: expect.any(String),
        last_error: null,
        events: [
          expect.objectContaining({ status: "booked", courier_status: "booked" }),
          {
            status: "picked_up",
            courier_status: "Collected by rider",
            description: "Rider Aslam has the parcel",
            location: "Lahore",
            at: pickedUp,
          },
        ],
      });
      const listed = await admin.staff.get(`/admin/orders?q=${number}`);
      expect(listed.body.data[0].shipment).toEqual({
        courier: "own",
        courier_name: "Own delivery or another courier",
        consignment_number: "RIDER-0042",
        tracking_url: "https://track.example.pk/RIDER-0042",
        status: "booked",
      });
    });
  });

  describe("what the customer sees", () => {
    it("their account's order pages and the order lookup show each new status; delivered, they may review", async () => {
      const member = await registeredShopper(admin.api, {
        first_name: "Hina",
        last_name: "Raza",
        email: "hina.raza@example.pk",
      });
      const number = await placeOrder(member);
      const standing = async () => (await member.get("/product/canvas-weekender/reviews/mine")).body;
      expect(await standing()).toMatchObject({ eligible: false, reason: "not_delivered" });
      for (const status of ["processing", "shipped", "delivered"] as const) {
        expect((await patch(admin.staff, number, { status })).status).toBe(200);
        expect((await member.get(`/orders/${number}`)).body.status).toBe(status);
        const history = await member.get("/orders");
        expect(history.body.data.find((order: { number: string }) => order.number === number).status).toBe(
          status,
        );
        const lookup = await shopper(admin.api).post("/order-lookup", { number, email: contact.email });
        expect(lookup.body.status).toBe(status);
      }
      // Delivered, the product is theirs to review (verified buyers only).
      expect(await standing()).toMatchObject({ eligible: true, reason: null });
      const guest = await placeOrder();
      await patch(admin.staff, guest, { status: "cancelled" });
      const lookup = await shopper(admin.api).post("/order-lookup", { number: guest, email: contact.email });
      expect(lookup.body.status).toBe("cancelled");
    });

    it("gets every mail through the outbox, sent by the mail worker", async () => {
      const number = await placeOrder();
      await walk(number, "shipped");
      await admin.api.deliverMail();
      const sent = await mailsAbout(number);
      expect(sent.map((mail) => mail.sent_at === null)).toEqual([false, false, false]);
      expect(sent.map((mail) => mail.subject.replace(number, "N"))).toEqual([
        "Your order N is confirmed",
        `Your order N ${SUBJECTS.processing}`,
        `Your order N ${SUBJECTS.shipped}`,
      ]);
    });
  });
});
