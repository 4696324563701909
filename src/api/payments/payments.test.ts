import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentSettings } from "../../platform/config.ts";
import { PAYMENT_MESSAGES } from "../../shared/contracts/payments.ts";
import { type AdminHarness, adminHarness } from "../../testing/admin-harness.ts";
import { type ApiHarness, apiHarness, type Shopper, shopper } from "../../testing/api-harness.ts";
import { buildCatalogue, type Catalogue, plainProduct, variantId } from "../../testing/factories.ts";
import { CHECKOUT_CONTACT } from "../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase, testEngine } from "../../testing/test-db.ts";
import { ORDER_BLOCKED, PAY_FIRST } from "../checkout/checkout.service.ts";
import { jazzcashSecureHash } from "./jazzcash.ts";
import { CASH_ONLY } from "./payment-registry.ts";
import { JAZZCASH_TEST_CREDENTIALS } from "./simulators/jazzcash-simulator.ts";
import { HOSTED_PAGE_OUTCOMES, type HostedPageOutcome } from "./simulators/payment-simulator-kit.ts";
import { type PaymentSimulators, startPaymentSimulators } from "./simulators/simulated-payments.ts";

const { engine, available } = testEngine();

/** A form in an HTML page: where it posts and its fields (hidden inputs, and the buttons' names and values). */
function formOf(html: string): { action: string; fields: Record<string, string>; outcomes: boolean } | null {
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return null;
  const decode = (text: string) =>
    text.replace(/&#(\d+);/g, (_m, code) => String.fromCharCode(Number(code))).replace(/&amp;/g, "&");
  const fields: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input[^>]*name="([^"]*)"[^>]*value="([^"]*)"/gi)) {
    fields[decode(input[1]!)] = decode(input[2]!);
  }
  return { action: decode(form[1]!), fields, outcomes: /name="outcome"/.test(form[2]!) };
}

/**
 * A browser without JavaScript going through a provider: follows redirects, posts auto-posted forms, and on the
 * hosted page presses the outcome's button; stops at the shop's order payment page (answers its URL) or when a
 * page has no form (answers null).
 */
async function browse(
  start: { kind: "redirect"; url: string } | { kind: "form"; action: string; fields: Record<string, string> },
  outcome: HostedPageOutcome,
  shop: string,
) {
  let request: { url: string; method: string; body?: URLSearchParams } =
    start.kind === "redirect"
      ? { url: start.url, method: "GET" }
      : { url: start.action, method: "POST", body: new URLSearchParams(start.fields) };
  for (let hop = 0; hop < 12; hop++) {
    if (request.url.startsWith(`${shop}/order-payment`)) return request.url;
    const response = await fetch(request.url, {
      method: request.method,
      redirect: "manual",
      ...(request.body
        ? { body: request.body, headers: { "content-type": "application/x-www-form-urlencoded" } }
        : {}),
    });
    if (response.status >= 300 && response.status < 400) {
      request = { url: new URL(response.headers.get("location")!, request.url).toString(), method: "GET" };
      continue;
    }
    const html = await response.text();
    const form = formOf(html);
    if (!form) return null;
    if (form.outcomes) form.fields.outcome = outcome;
    request = {
      url: new URL(form.action, request.url).toString(),
      method: "POST",
      body: new URLSearchParams(form.fields),
    };
  }
  throw new Error("too many hops through the provider");
}

describe.skipIf(!available)(`paying for orders online on ${engine}`, () => {
  let database: TestDatabase;
  let server: Server;
  let shop: string;
  let sims: PaymentSimulators;
  let api: ApiHarness;
  let admin: AdminHarness;
  let catalogue: Catalogue;
  let product: number;
  let variant: number;
  let settings: PaymentSettings;

  beforeAll(async () => {
    database = await createTestDatabase();
    catalogue = await buildCatalogue(database.db);
    product = await plainProduct(database.db, catalogue, "pay-tote");
    variant = await variantId(database.db, product, catalogue.colors.black.id, catalogue.sizes.oneSize.id);
    await database.db.updateTable("variants").set({ stock: 100 }).where("id", "=", variant).execute();
    // The shop listens on a port of its own, so the simulators' notifications reach it over HTTP.
    let listener: ReturnType<typeof getRequestListener> | undefined;
    server = createServer((request, response) => listener!(request, response));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    shop = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    sims = await startPaymentSimulators({ shopUrl: shop });
    settings = sims.settings({ ...CASH_ONLY, timeoutMs: 3000 });
    api = apiHarness(database, { config: { publicUrl: shop, payments: settings } });
    listener = getRequestListener(api.app.fetch);
    admin = await adminHarness(database, api);
  });
  afterAll(async () => {
    await sims?.close();
    await new Promise((resolve) => server?.close(resolve));
    await database?.drop();
  });

  /** A guest's order of one tote paid with `method`: the client, the order number and its access token. */
  async function place(method?: string) {
    const client = shopper(api);
    expect((await client.post("/cart/add", { id: product, quantity: 1, size: variant })).status).toBe(200);
    const placed = await client.post("/checkout", {
      ...CHECKOUT_CONTACT,
      ...(method ? { payment_method: method } : {}),
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    return {
      client,
      number: placed.body.order.number as string,
      token: placed.body.access_token as string,
      placed: placed.body,
    };
  }

  const row = (number: string) =>
    database.db.selectFrom("orders").selectAll().where("number", "=", number).executeTakeFirstOrThrow();
  const stock = async () =>
    (
      await database.db
        .selectFrom("variants")
        .select("stock")
        .where("id", "=", variant)
        .executeTakeFirstOrThrow()
    ).stock;
  const mails = async (number: string) =>
    (
      await database.db.selectFrom("mail_outbox").select("subject").where("reference", "=", number).execute()
    ).map((mail) => mail.subject);
  const payment = (client: Shopper, number: string, token: string) =>
    client.get(`/orders/${number}/payment?token=${encodeURIComponent(token)}`);

  async function pay(
    client: Shopper,
    number: string,
    token: string,
    outcome: HostedPageOutcome,
    method?: string,
  ) {
    const started = await client.post(`/orders/${number}/payment/start`, {
      token,
      ...(method ? { method } : {}),
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return browse(started.body.start, outcome, shop);
  }

  it("lists the ways to pay it offers, cash on delivery first, with the shop's names", async () => {
    const offered = await shopper(api).get("/payment-methods");
    expect(offered.status).toBe(200);
    expect(offered.body.methods).toEqual([
      { id: "cod", name: "Payment on delivery" },
      { id: "jazzcash", name: "JazzCash" },
      { id: "easypaisa", name: "Easypaisa" },
      { id: "safepay", name: "Debit or credit card" },
      { id: "bank_transfer", name: "Bank transfer or Raast" },
    ]);
    const cashOnly = apiHarness(database, { config: { publicUrl: shop, payments: CASH_ONLY } });
    expect((await shopper(cashOnly).get("/payment-methods")).body.methods).toEqual([
      { id: "cod", name: "Payment on delivery" },
    ]);
  });

  it("places a prepaid order waiting for its money with the stock held, and says where to send the shopper", async () => {
    const before = await stock();
    const { number, placed, client, token } = await place("jazzcash");
    expect(placed.payment).toMatchObject({
      method: "jazzcash",
      status: "pending",
      pay_url: `${shop}/order-payment?order=${number}`,
    });
    expect(Date.parse(placed.payment.due_by) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(placed.order).toMatchObject({ status: "awaiting_payment", payment_method: "jazzcash" });
    expect(await stock()).toBe(before - 1);
    // Nothing is mailed until the money arrives, and no confirmation code is asked for.
    expect(await mails(number)).toEqual([]);
    expect((await row(number)).confirmation_code_hash).toBeNull();
    const seen = await payment(client, number, token);
    expect(seen.body).toMatchObject({ status: "pending", can_pay: true, can_switch_to_cod: true });
    // Without the token (another browser), the order is not there.
    expect((await client.get(`/orders/${number}/payment`)).status).toBe(404);
    expect((await client.get(`/orders/${number}/payment?token=forged`)).status).toBe(404);
  });

  it("refuses a method the shop does not offer, and keeps the spec's payload (no method) as cash on delivery", async () => {
    const client = shopper(api);
    await client.post("/cart/add", { id: product, quantity: 1, size: variant });
    const refused = await client.post("/checkout", { ...CHECKOUT_CONTACT, payment_method: "bitcoin" });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.payment_method).toEqual([PAYMENT_MESSAGES.method]);
    const cod = await client.post("/checkout", CHECKOUT_CONTACT);
    expect(cod.status).toBe(201);
    expect(cod.body.payment).toBeUndefined();
    expect(cod.body.order).toMatchObject({ payment_method: "cod", payment_status: "unpaid" });
  });

  it("marks an order paid once through JazzCash: the return and the notification, then a duplicate, one mail", async () => {
    const { client, number, token } = await place("jazzcash");
    const landed = await pay(client, number, token, "paid");
    expect(landed).toBe(`${shop}/order-payment?order=${number}`);
    const order = await row(number);
    expect(order).toMatchObject({ status: "pending", payment_status: "paid", payment_due_by: null });
    expect(Number(order.paid_amount)).toBe(Number(order.total));
    // The notification came too (before or after the return): recorded, nothing more.
    const reference = (await payment(client, number, token)).body.attempts[0].reference;
    expect(await sims.jazzcash.notify(reference)).toBe(200);
    expect(Number((await row(number)).paid_amount)).toBe(Number(order.total));
    const subjects = await mails(number);
    expect(subjects).toHaveLength(1);
    const events = (await admin.staff.get(`/admin/orders/${number}/payment`)).body.events as {
      outcome: string;
    }[];
    expect(events.filter((event) => event.outcome === "paid")).toHaveLength(1);
    expect(events.filter((event) => event.outcome === "duplicate").length).toBeGreaterThanOrEqual(1);
    const messages = await database.db
      .selectFrom("message_outbox")
      .select("text_body")
      .where("order_number", "=", number)
      .execute();
    expect(messages).toHaveLength(1);
    expect(messages[0]!.text_body).toContain("paid with JazzCash");
  });

  it("lets a failed Easypaisa payment be tried again with a card, and a cancelled one be paid in cash instead", async () => {
    const first = await place("easypaisa");
    await pay(first.client, first.number, first.token, "failed");
    expect(await row(first.number)).toMatchObject({ status: "awaiting_payment", payment_status: "failed" });
    const view = (await payment(first.client, first.number, first.token)).body;
    expect(view).toMatchObject({ can_pay: true, can_switch_to_cod: true });
    await pay(first.client, first.number, first.token, "paid", "safepay");
    expect(await row(first.number)).toMatchObject({
      status: "pending",
      payment_status: "paid",
      payment_method: "safepay",
    });

    const second = await place("safepay");
    await pay(second.client, second.number, second.token, "cancelled");
    expect((await row(second.number)).payment_status).toBe("failed");
    const switched = await second.client.post(`/orders/${second.number}/payment/cod`, {
      token: second.token,
    });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({ method: "cod", status: "unpaid", can_pay: false });
    // Cash on delivery as at checkout: the shop's confirmation by code, and the order's mail.
    expect(await row(second.number)).toMatchObject({
      status: "awaiting_confirmation",
      payment_method: "cod",
    });
    expect(await mails(second.number)).toEqual([`Please confirm your order ${second.number}`]);
    // Nothing more to pay or switch.
    expect(
      (await second.client.post(`/orders/${second.number}/payment/start`, { token: second.token })).status,
    ).toBe(422);
    expect(
      (await second.client.post(`/orders/${second.number}/payment/cod`, { token: second.token })).status,
    ).toBe(409);
  });

  it("takes a late notification after a return that never came, and refuses a tampered or forged one", async () => {
    const { client, number, token } = await place("jazzcash");
    expect(await pay(client, number, token, "no-callback")).toBeNull();
    expect((await row(number)).status).toBe("awaiting_payment");
    const attempt = (await payment(client, number, token)).body.attempts[0];

    // A notification signed with the right key but for another amount: refused, nothing changes.
    const fields: Record<string, string> = {
      pp_Amount: "100",
      pp_BillReference: number,
      pp_MerchantID: JAZZCASH_TEST_CREDENTIALS.merchantId,
      pp_ResponseCode: "000",
      pp_ResponseMessage: "Thank you for Using JazzCash, your transaction was successful.",
      pp_TxnCurrency: "PKR",
      pp_TxnRefNo: attempt.reference,
      pp_RetreivalReferenceNo: "999999",
    };
    const signed = {
      ...fields,
      pp_SecureHash: jazzcashSecureHash(fields, JAZZCASH_TEST_CREDENTIALS.integritySalt),
    };
    const notify = (body: Record<string, string>) =>
      api.request("/payments/jazzcash/notify", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(body).toString(),
      });
    expect((await notify(signed)).status).toBe(400);
    // Forged: the right amount, a wrong signature.
    const forged = {
      ...fields,
      pp_Amount: String(Math.round(attempt.amount * 100)),
      pp_SecureHash: "00".repeat(32),
    };
    expect((await notify(forged)).status).toBe(400);
    expect(await row(number)).toMatchObject({ status: "awaiting_payment", payment_status: "pending" });
    const events = (await admin.staff.get(`/admin/orders/${number}/payment`)).body.events as {
      outcome: string;
    }[];
    expect(events.map((event) => event.outcome)).toContain("refused");

    // The provider's own, late: paid.
    expect(await sims.jazzcash.notify(attempt.reference)).toBe(200);
    expect(await row(number)).toMatchObject({ status: "pending", payment_status: "paid" });
  });

  it("cancels an order unpaid at the end of its hold with its stock back; money arriving later is kept and flagged", async () => {
    const later = new Date(Date.now() + 31 * 60_000);
    // The earlier tests' unpaid orders end first.
    await api.services.payments.expireHolds(later);
    const before = await stock();
    const { client, number, token } = await place("jazzcash");
    expect(await pay(client, number, token, "no-callback")).toBeNull();
    const attempt = (await payment(client, number, token)).body.attempts[0];
    // The provider is asked first: its payment is found, and the order goes on.
    expect(await api.services.payments.expireHolds(later)).toBe(0);
    expect(await row(number)).toMatchObject({ status: "pending", payment_status: "paid" });

    // One whose payment never happened is cancelled, its stock back, the shopper told.
    const unpaid = await place("easypaisa");
    expect(await stock()).toBe(before - 2);
    expect(await api.services.payments.expireHolds(later)).toBe(1);
    expect(await row(unpaid.number)).toMatchObject({ status: "cancelled", payment_status: "failed" });
    expect(await stock()).toBe(before - 1);
    expect(await mails(unpaid.number)).toHaveLength(1);
    expect(
      (await unpaid.client.post(`/orders/${unpaid.number}/payment/start`, { token: unpaid.token })).status,
    ).toBe(409);
    expect(attempt.status).toBe("started");

    // A payment made just before the end whose news comes after: the money is recorded, and a refund is due.
    const late = await place("jazzcash");
    expect(await pay(late.client, late.number, late.token, "no-callback")).toBeNull();
    const lateAttempt = (await payment(late.client, late.number, late.token)).body.attempts[0];
    sims.jazzcash.fail("5xx", 1);
    expect(await api.services.payments.expireHolds(later)).toBe(1);
    expect((await row(late.number)).status).toBe("cancelled");
    expect(await sims.jazzcash.notify(lateAttempt.reference)).toBe(200);
    expect(await row(late.number)).toMatchObject({
      status: "cancelled",
      payment_status: "paid",
      payment_flag: "refund_due",
    });
  });

  it("refunds through the provider, in parts, never more than was paid; a bank transfer's refund needs its reference", async () => {
    const { client, number, token } = await place("jazzcash");
    await pay(client, number, token, "paid");
    const total = Number((await row(number)).total) / 100;
    const refund = (body: Record<string, unknown>, who = admin.staff) =>
      who.post(`/admin/orders/${number}/refunds`, body);
    expect((await refund({ amount: 0, reason: "x" })).status).toBe(422);
    const part = await refund({ amount: 300, reason: "A strap was missing." });
    expect(part.status, JSON.stringify(part.body)).toBe(201);
    expect(part.body).toMatchObject({ status: "partly_refunded", refunded: 300 });
    const tooMuch = await refund({ amount: total, reason: "Everything" });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.errors.amount[0]).toContain("at most");
    const rest = await refund({ amount: total - 300, reason: "Returned." });
    expect(rest.body).toMatchObject({ status: "refunded", refunded: total });
    expect((await refund({ amount: 1, reason: "again" })).status).toBe(422);
    expect(
      sims.jazzcash.payments.get((await payment(client, number, token)).body.attempts[0].reference)?.refunded,
    ).toBe(total * 100);
    expect((await mails(number)).filter((subject) => subject.startsWith("Refund"))).toHaveLength(2);
    const audit = await database.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity_id", "=", number)
      .where("action", "=", "order.refund")
      .execute();
    expect(audit).toHaveLength(2);
  });

  it("takes a bank transfer: its details mailed, staff mark it rejected or paid, refunds recorded by hand", async () => {
    const { client, number, token } = await place("bank_transfer");
    const [subject] = await mails(number);
    expect(subject).toBeDefined();
    const mail = await database.db
      .selectFrom("mail_outbox")
      .select("text_body")
      .where("reference", "=", number)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain("IBAN PK36SCBL0000001123456702");
    const view = (await payment(client, number, token)).body;
    expect(view.bank).toMatchObject({ iban: "PK36SCBL0000001123456702", reference: number });
    expect(view.can_pay).toBe(false);

    // The shopper's proof: a picture or a PDF by its content, kept for staff to download.
    const upload = (name: string, bytes: Uint8Array<ArrayBuffer>, type: string) => {
      const form = new FormData();
      form.set("token", token);
      form.set("proof", new File([bytes], name, { type }));
      return api.request(`/orders/${number}/payment/proof`, { method: "POST", body: form });
    };
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
    const uploaded = await upload("receipt.png", png, "image/png");
    expect(uploaded.status).toBe(201);
    expect(await uploaded.json()).toMatchObject({ proofs: 1, can_upload_proof: true });
    const pdf = await upload("receipt.pdf", new TextEncoder().encode("%PDF-1.7\n%%EOF"), "application/pdf");
    expect(pdf.status).toBe(201);
    const script = await upload(
      "receipt.png",
      new TextEncoder().encode("<script>alert(1)</script>"),
      "image/png",
    );
    expect(script.status).toBe(422);
    expect((await script.json()).errors.proof).toEqual([PAYMENT_MESSAGES.proofType]);
    const empty = new FormData();
    empty.set("token", token);
    const missing = await api.request(`/orders/${number}/payment/proof`, { method: "POST", body: empty });
    expect((await missing.json()).errors.proof).toEqual([PAYMENT_MESSAGES.proofMissing]);
    const files = (await admin.staff.get(`/admin/orders/${number}/payment`)).body.proof_files;
    expect(files.map((file: { content_type: string }) => file.content_type)).toEqual([
      "image/png",
      "application/pdf",
    ]);
    const proofUrl = `/admin/orders/${number}/payment/proofs/${files[0].id}`;
    const download = await api.request(proofUrl, {
      headers: { authorization: `Bearer ${admin.staff.token}` },
    });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(download.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(png);
    expect((await api.request(proofUrl)).status).toBe(401);

    const decide = (body: Record<string, unknown>) =>
      admin.staff.post(`/admin/orders/${number}/payment`, body);
    expect((await decide({ decision: "maybe" })).status).toBe(422);
    expect((await decide({ decision: "rejected", note: "No money arrived." })).body.status).toBe("failed");
    expect((await row(number)).status).toBe("awaiting_payment");
    const paid = await decide({ decision: "paid", reference: "HBL-778812" });
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe("paid");
    expect(await row(number)).toMatchObject({ status: "pending" });
    expect((await decide({ decision: "paid" })).status).toBe(409);

    const noReference = await admin.staff.post(`/admin/orders/${number}/refunds`, {
      amount: 100,
      reason: "Goodwill",
    });
    expect(noReference.status).toBe(422);
    expect(noReference.body.errors.reference).toEqual([PAYMENT_MESSAGES.refundReference]);
    const refunded = await admin.staff.post(`/admin/orders/${number}/refunds`, {
      amount: 100,
      reason: "Goodwill",
      reference: "IBFT-1",
    });
    expect(refunded.status).toBe(201);
    expect(refunded.body.refunds[0]).toMatchObject({ via: "manual", reference: "IBFT-1", amount: 100 });
    // A cash order is not marked by hand.
    const cod = await place();
    expect((await admin.staff.post(`/admin/orders/${cod.number}/payment`, { decision: "paid" })).status).toBe(
      422,
    );
  });

  it("marks an order paid once when two instances take its return and notification at the same moment", async () => {
    const other = apiHarness(database, { config: { publicUrl: shop, payments: settings } });
    const { client, number, token } = await place("jazzcash");
    expect(await pay(client, number, token, "no-callback")).toBeNull();
    const attempt = (await payment(client, number, token)).body.attempts[0];
    const report = {
      reference: attempt.reference,
      status: "paid" as const,
      amount: Math.round(attempt.amount * 100),
      currency: "PKR",
      providerReference: "T1",
      message: "000",
      raw: {},
    };
    const outcomes = await Promise.all([
      api.services.payments.apply("jazzcash", report, "return"),
      other.services.payments.apply("jazzcash", report, "notification"),
      api.services.payments.apply("jazzcash", report, "query"),
    ]);
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(["duplicate", "duplicate", "paid"]);
    expect(await mails(number)).toHaveLength(1);
    const history = await database.db
      .selectFrom("order_status_history")
      .innerJoin("orders", "orders.id", "order_status_history.order_id")
      .select("to_status")
      .where("orders.number", "=", number)
      .execute();
    expect(history.map((entry) => entry.to_status)).toEqual(["pending"]);
  });

  it("shows the hosted page's buttons by the names the tests press", () => {
    expect(Object.values(HOSTED_PAGE_OUTCOMES)).toEqual([
      "Pay",
      "Fail payment",
      "Cancel payment",
      "Pay without returning",
    ]);
  });

  it("keeps a blocked phone out of cash on delivery but lets it pay first; switching back to cash is refused", async () => {
    const phone = "0321 7654321";
    const blocked = await admin.staff.post("/admin/blocklist", {
      kind: "phone",
      value: phone,
      reason: "Refused twice",
    });
    expect(blocked.status).toBe(201);
    const client = shopper(api);
    await client.post("/cart/add", { id: product, quantity: 1, size: variant });
    const cod = await client.post("/checkout", { ...CHECKOUT_CONTACT, phone });
    expect(cod.status).toBe(422);
    expect(cod.body.errors.phone).toEqual([`${ORDER_BLOCKED} ${PAY_FIRST}`]);
    const prepaid = await client.post("/checkout", {
      ...CHECKOUT_CONTACT,
      phone,
      payment_method: "jazzcash",
    });
    expect(prepaid.status).toBe(201);
    const switched = await client.post(`/orders/${prepaid.body.order.number}/payment/cod`, {
      token: prepaid.body.access_token,
    });
    expect(switched.status).toBe(422);
    expect(switched.body.errors.phone).toEqual([ORDER_BLOCKED]);
    expect((await row(prepaid.body.order.number)).status).toBe("awaiting_payment");
    await admin.staff.call("DELETE", `/admin/blocklist/${blocked.body.id}`);
  });

  it("records an Easypaisa refund made in its portal by its reference (Easypaisa has no refund API)", async () => {
    const { client, number, token } = await place("easypaisa");
    await pay(client, number, token, "paid");
    const without = await admin.staff.post(`/admin/orders/${number}/refunds`, {
      amount: 100,
      reason: "Late",
    });
    expect(without.status).toBe(422);
    expect(without.body.errors.reference).toEqual([PAYMENT_MESSAGES.refundInPortal("Easypaisa")]);
    const recorded = await admin.staff.post(`/admin/orders/${number}/refunds`, {
      amount: 100,
      reason: "Late",
      reference: "EP-REF-9",
    });
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({ status: "partly_refunded", refunded: 100 });
    expect(recorded.body.refunds[0]).toMatchObject({ via: "manual", reference: "EP-REF-9" });
  });
});
