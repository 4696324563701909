import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_CONFIRMATION_MESSAGES as SAY } from "../../shared/contracts/order-confirmation.ts";
import { ORDER_SETTINGS_DEFAULTS, ORDER_SETTINGS_MESSAGES } from "../../shared/contracts/settings.ts";
import { type AdminHarness, adminHarness } from "../../testing/admin-harness.ts";
import { apiHarness, type Shopper, shopper } from "../../testing/api-harness.ts";
import { buildCatalogue } from "../../testing/factories.ts";
import { bagInColours, CHECKOUT_CONTACT } from "../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { MAX_CODE_ATTEMPTS } from "./order-confirmation.ts";

const { engine, available } = testEngine();
const HOUR = 3_600_000;

describe.skipIf(!available)(`confirming cash-on-delivery orders on ${engine}`, () => {
  let database: TestDatabase;
  let admin: AdminHarness;
  let product: number;
  let variant: number;
  const STOCK = 500;

  beforeAll(async () => {
    database = await createTestDatabase();
    const catalogue = await buildCatalogue(database.db);
    ({
      product,
      variants: [variant],
    } = await bagInColours(database.db, catalogue, {
      slug: "quilted-crossbody",
      title: "Quilted Crossbody",
      variants: [{ price: 450_000, stock: STOCK }],
    }));
    admin = await adminHarness(database, apiHarness(database));
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
  const orderRow = (number: string) =>
    database.db.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirstOrThrow();
  const historyOf = async (number: string) => {
    const { id } = await orderRow(number);
    return database.db
      .selectFrom("order_status_history")
      .selectAll()
      .where("order_id", "=", id)
      .orderBy("id")
      .execute();
  };

  /** Places an order of two bags; answers its number and what its email asks the shopper to do. */
  async function placeOrder(client: Shopper = shopper(admin.api)) {
    expect((await client.post("/cart/add", { id: product, quantity: 2, size: variant })).status).toBe(200);
    const { status, body } = await client.post("/checkout", CHECKOUT_CONTACT);
    expect(status).toBe(201);
    const number = body.order.number as string;
    const mail = await database.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("reference", "=", number)
      .executeTakeFirstOrThrow();
    const link = /(http:\/\/shop\.test\/confirm-order\?token=\S+)/.exec(mail.text_body)?.[1] ?? "";
    const code = /enter the code (\d{6})/.exec(mail.text_body)?.[1] ?? "";
    return {
      number,
      order: body.order,
      mail,
      link,
      token: link ? (new URL(link).searchParams.get("token") ?? "") : "",
      code,
    };
  }

  const confirm = (number: string, body: unknown, client: Shopper = shopper(admin.api)) =>
    client.post(`/orders/${number}/confirm`, body);

  it("asks for confirmation at checkout: the order awaits it, the email carries the link, the code and the deadline", async () => {
    const placed = await placeOrder();
    expect(placed.order.status).toBe("awaiting_confirmation");
    expect(Date.parse(placed.order.confirm_by) - Date.parse(placed.order.created_at)).toBe(48 * HOUR);
    expect(placed.mail.subject).toBe(`Please confirm your order ${placed.number}`);
    expect(placed.link).toMatch(/^http:\/\/shop\.test\/confirm-order\?token=/);
    expect(placed.code).toMatch(/^\d{6}$/);
    expect(placed.mail.html_body).toContain("Confirm my order");
    // Only the code's HMAC is kept.
    const row = await orderRow(placed.number);
    expect(row.confirmation_code_hash).not.toContain(placed.code);
  });

  it("confirms with the code once: the order is pending, its history says how; a second try is told it is done", async () => {
    const placed = await placeOrder();
    const answer = await confirm(placed.number, {
      code: ` ${placed.code.slice(0, 3)} ${placed.code.slice(3)} `,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      message: SAY.confirmed,
      order: { number: placed.number, status: "pending", confirm_by: null },
    });
    const row = await orderRow(placed.number);
    expect(row.status).toBe("pending");
    expect(row.confirmed_at).not.toBeNull();
    expect(row.confirmation_code_hash).toBeNull();
    expect(
      (await historyOf(placed.number)).map((entry) => [
        entry.from_status,
        entry.to_status,
        entry.actor_email,
        entry.note,
      ]),
    ).toEqual([
      ["awaiting_confirmation", "pending", "", "Confirmed by the customer with the code from their message."],
    ]);
    const again = await confirm(placed.number, { code: placed.code });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This order has already been confirmed.");
    const viaLink = await confirm(placed.number, { token: placed.token });
    expect(viaLink.status).toBe(409);
  });

  it("confirms with the link's token once; a reused link changes nothing", async () => {
    const placed = await placeOrder();
    expect((await confirm(placed.number, { token: placed.token })).status).toBe(200);
    const history = await historyOf(placed.number);
    expect(history.at(-1)?.note).toBe("Confirmed by the customer with the link in their message.");
    const reused = await confirm(placed.number, { token: placed.token });
    expect(reused.status).toBe(409);
    expect(await historyOf(placed.number)).toHaveLength(history.length);
  });

  it("refuses a forged or altered link, and one made for another order, leaving the order as it was", async () => {
    const placed = await placeOrder();
    const other = await placeOrder();
    const [value, signature] = [
      placed.token.slice(0, placed.token.lastIndexOf(".")),
      placed.token.slice(placed.token.lastIndexOf(".") + 1),
    ];
    const later = value.replace(/\.(\d+)$/, (_, ms) => `.${Number(ms) + 365 * 24 * HOUR}`);
    for (const token of [
      `${later}.${signature}`,
      `${value}.${"A".repeat(signature.length)}`,
      "not-a-token",
      other.token,
    ]) {
      const answer = await confirm(placed.number, { token });
      expect(answer.status, token).toBe(422);
      expect(answer.body).toEqual({ message: SAY.badLink, errors: { token: [SAY.badLink] } });
    }
    expect((await orderRow(placed.number)).status).toBe("awaiting_confirmation");
    expect(await historyOf(placed.number)).toEqual([]);
  });

  it("refuses an expired link with 410, and the order stays unconfirmed", async () => {
    const placed = await placeOrder();
    const future = new Date(Date.now() + 49 * HOUR);
    await expect(
      admin.api.services.confirmations.confirmByShopper(placed.number, { token: placed.token }, future),
    ).rejects.toMatchObject({
      status: 410,
      message: SAY.expired,
    });
    await expect(
      admin.api.services.confirmations.confirmByShopper(placed.number, { code: placed.code }, future),
    ).rejects.toMatchObject({
      status: 410,
    });
    expect((await orderRow(placed.number)).status).toBe("awaiting_confirmation");
  });

  it(`counts wrong codes on the order and stops the code after ${MAX_CODE_ATTEMPTS}, even the right one`, async () => {
    const placed = await placeOrder();
    const wrong = placed.code === "000000" ? "111111" : "000000";
    for (let attempt = 1; attempt <= MAX_CODE_ATTEMPTS; attempt++) {
      const answer = await confirm(placed.number, { code: wrong });
      expect(answer.status).toBe(422);
      expect(answer.body).toEqual({ message: SAY.wrongCode, errors: { code: [SAY.wrongCode] } });
    }
    expect((await orderRow(placed.number)).confirmation_attempts).toBe(MAX_CODE_ATTEMPTS);
    const locked = await confirm(placed.number, { code: placed.code });
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(SAY.tooManyCodes);
    // The link still works.
    expect((await confirm(placed.number, { token: placed.token })).status).toBe(200);
  });

  it("refuses a body without a code or a token, a code that is not six digits, and an unknown order", async () => {
    const placed = await placeOrder();
    expect((await confirm(placed.number, {})).body).toEqual({
      message: SAY.proof,
      errors: { code: [SAY.proof] },
    });
    expect((await confirm(placed.number, { code: "12345" })).body.errors).toEqual({ code: [SAY.code] });
    expect((await confirm(placed.number, { code: 123456 })).status).toBe(422);
    expect((await confirm("BT-000000-AAAAA", { code: "123456" })).status).toBe(404);
  });

  it("lets staff confirm after a phone call, in the history and the audit log; customers cannot", async () => {
    const placed = await placeOrder();
    const refused = await admin.customer.post(`/admin/orders/${placed.number}/confirm`, {});
    expect(refused.status).toBe(403);
    const answer = await admin.staff.post(`/admin/orders/${placed.number}/confirm`, {
      note: "Called 0300 1234567, she said yes.",
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: "pending",
      can_confirm: false,
      allowed_statuses: ["processing", "cancelled"],
    });
    expect(answer.body.history.at(-1)).toMatchObject({
      from: "awaiting_confirmation",
      to: "pending",
      actor: admin.staff.user.email,
      note: "Called 0300 1234567, she said yes.",
    });
    expect(answer.body.history[0]).toMatchObject({ from: null, to: "awaiting_confirmation" });
    const audit = await database.db
      .selectFrom("audit_log")
      .selectAll()
      .where("entity_id", "=", placed.number)
      .where("action", "=", "order.confirm")
      .execute();
    expect(audit).toHaveLength(1);
    const twice = await admin.staff.post(`/admin/orders/${placed.number}/confirm`, {});
    expect(twice.status).toBe(409);
  });

  it("cancels orders nobody confirmed in time, puts their stock back once and tells the shopper; confirmed ones stay", async () => {
    const before = await stock();
    const forgotten = await placeOrder();
    const confirmed = await placeOrder();
    expect((await confirm(confirmed.number, { code: confirmed.code })).status).toBe(200);
    expect(await stock()).toBe(before - 4);

    const confirmations = admin.api.services.confirmations;
    // Not yet due: nothing happens.
    await confirmations.cancelUnconfirmed(new Date(Date.now() + 47 * HOUR));
    expect((await orderRow(forgotten.number)).status).toBe("awaiting_confirmation");

    const later = new Date(Date.now() + 49 * HOUR);
    // Earlier tests' unconfirmed orders (two bags each) go too.
    const cancelled = await confirmations.cancelUnconfirmed(later);
    expect(cancelled).toBeGreaterThanOrEqual(1);
    expect(await confirmations.cancelUnconfirmed(later)).toBe(0);
    expect((await orderRow(forgotten.number)).status).toBe("cancelled");
    expect((await orderRow(confirmed.number)).status).toBe("pending");
    expect(await stock()).toBe(before - 4 + 2 * cancelled);
    const history = await historyOf(forgotten.number);
    expect(history.map((entry) => [entry.to_status, entry.note])).toEqual([
      ["cancelled", "Cancelled by the shop: not confirmed in time."],
    ]);
    const mails = await database.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("reference", "=", forgotten.number)
      .orderBy("id")
      .execute();
    expect(mails.at(-1)?.subject).toBe(`Your order ${forgotten.number} was cancelled`);
    expect(mails.at(-1)?.text_body).toContain("not confirmed in time");
    // The link no longer confirms it.
    const late = await confirm(forgotten.number, { token: forgotten.token });
    expect([409, 410]).toContain(late.status);
  });

  it("lets the owner turn confirmation off (orders then start pending) and change its hours; staff may only read", async () => {
    const settings = await admin.staff.get("/admin/settings/orders");
    expect(settings.body).toEqual({
      confirmation_required: true,
      confirmation_hours: 48,
      high_value_threshold: 25_000,
      return_window_days: 30,
    });
    const off = {
      confirmation_required: false,
      confirmation_hours: 24,
      high_value_threshold: 30_000,
      return_window_days: 14,
    };
    expect((await admin.staff.call("PUT", "/admin/settings/orders", off)).status).toBe(403);
    const bad = await admin.owner.call("PUT", "/admin/settings/orders", { ...off, confirmation_hours: 0 });
    expect(bad.status).toBe(422);
    // The days to return an order: a whole number from 0 (no requests taken) to 365.
    for (const days of [-1, 366, 2.5, "30"]) {
      const refused = await admin.owner.call("PUT", "/admin/settings/orders", {
        ...off,
        return_window_days: days,
      });
      expect(refused.status, String(days)).toBe(422);
      expect(refused.body.errors.return_window_days).toEqual([ORDER_SETTINGS_MESSAGES.returnWindow]);
    }
    for (const days of [0, 365]) {
      const saved = await admin.owner.call("PUT", "/admin/settings/orders", {
        ...off,
        return_window_days: days,
      });
      expect(saved.body.return_window_days).toBe(days);
    }
    expect((await admin.owner.call("PUT", "/admin/settings/orders", off)).body).toEqual(off);
    expect((await admin.staff.get("/admin/settings/orders")).body).toEqual(off);
    try {
      const placed = await placeOrder();
      expect(placed.order.status).toBe("pending");
      expect(placed.order.confirm_by).toBeNull();
      expect(placed.mail.subject).toBe(`Your order ${placed.number} is confirmed`);
      expect(placed.code).toBe("");
    } finally {
      const on = { ...ORDER_SETTINGS_DEFAULTS };
      expect((await admin.owner.call("PUT", "/admin/settings/orders", on)).status).toBe(200);
    }
  });
});
