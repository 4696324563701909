import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookiePolicy, SESSION_COOKIE, setCookieHeader } from "../../../shared/cookies.server.ts";
import { HARNESS_CONFIG } from "../../../testing/api-harness.ts";
import { HOST_URL, type HostHarness, hostHarness } from "../../../testing/host-harness.ts";
import { storedOrder } from "../../../testing/order-fixtures.ts";
import { createTestDatabase, type TestDatabase } from "../../../testing/test-db.ts";

/**
 * The order page's Payment card through the real host, as a browser without JavaScript uses it: the figures and
 * the badge, the refund-due flag, the attempts and events with the providers' raw fields folded away, a bank
 * transfer's proofs with "Mark paid" and "Reject", and the refund form with its confirmation tick, each a plain
 * form post whose refusal is shown at its field.
 */
describe("the back office's payment card", { timeout: 30_000 }, () => {
  let database: TestDatabase;
  let host: HostHarness;
  let staff = "";
  let sequence = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    // JazzCash is configured (never called: these orders are written straight to the database), so a refund of a
    // JazzCash payment goes back through it.
    host = await hostHarness(database, {
      JAZZCASH_MERCHANT_ID: "MC10000TEST",
      JAZZCASH_PASSWORD: "test-password",
      JAZZCASH_INTEGRITY_SALT: "test-salt",
    });
    const email = "staff-payments@example.test";
    const registered = await host.request("/api/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        first_name: "Sana",
        last_name: "Iqbal",
        email,
        password: "correct horse",
        password_confirmation: "correct horse",
      }),
    });
    expect(registered.status).toBe(201);
    const { token } = (await registered.json()) as { token: string };
    await database.db.updateTable("users").set({ role: "staff" }).where("email", "=", email).execute();
    staff = setCookieHeader(SESSION_COOKIE, token, cookiePolicy(HARNESS_CONFIG)).split(";")[0]!;
  }, 60_000);
  afterAll(async () => {
    await host?.close();
    await database?.drop();
  });

  /** An order of Rs. 9,200 (two pieces at Rs. 4,500 and Rs. 200 delivery), written straight in. */
  async function order(values: Record<string, string | number | null>) {
    sequence += 1;
    const number = `BT-261122-PY${String(sequence).padStart(3, "0")}`;
    const id = await storedOrder(
      database.db,
      { number, created_at: new Date(Date.UTC(2026, 10, 22, 6, sequence)).toISOString(), ...values },
      { unit_price: 450_000, quantity: 2 },
    );
    return { id, number };
  }

  const markup = async (path: string) => {
    const response = await host.request(path, { headers: { cookie: staff } });
    expect(response.status, path).toBe(200);
    return (await response.text()).replaceAll("<!-- -->", "");
  };

  const post = (path: string, form: Record<string, string>) =>
    host.request(path, {
      method: "POST",
      headers: { cookie: staff, origin: HOST_URL, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
      redirect: "manual",
    });

  it("shows a bank transfer awaiting its money with its proofs, then marks it paid with the bank's reference", async () => {
    const { id, number } = await order({
      status: "awaiting_payment",
      payment_method: "bank_transfer",
      payment_status: "pending",
    });
    const [proof] = await database.db
      .insertInto("payment_proofs")
      .values({
        order_id: id,
        file: "0123abcd.pdf",
        content_type: "application/pdf",
        size: 120_000,
        created_at: "2026-11-22T07:00:00.000Z",
      })
      .returning("id")
      .execute();
    const html = await markup(`/admin/orders/${number}`);
    expect(html).toContain('id="order-payment-title"');
    expect(html).toContain("Bank transfer or Raast");
    expect(html).toContain('data-payment-status="pending"');
    expect(html).toContain(`href="/api/admin/orders/${number}/payment/proofs/${proof!.id}" download=""`);
    expect(html).toContain("Proof 1 (PDF, 117 KB)");
    expect(html).toContain(">Mark paid</button>");
    expect(html).toContain(">Reject</button>");
    // Nothing paid yet: nothing to refund.
    expect(html).not.toContain('name="amount"');

    const missing = await post(`/admin/orders/${number}`, { intent: "paid", reference: " " });
    expect(missing.status).toBe(422);
    const refused = (await missing.text()).replaceAll("<!-- -->", "");
    expect(refused).toContain('id="transfer-reference-error"');
    expect(refused).toContain("Enter the bank&#x27;s reference of the transfer received.");

    const done = await post(`/admin/orders/${number}`, { intent: "paid", reference: "HBL-778812" });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`/admin/orders/${number}?payment=paid`);
    const after = await markup(done.headers.get("location")!);
    expect(after).toContain("The bank transfer is marked paid");
    expect(after).toContain('data-payment-status="paid"');
    expect(after).toContain('class="status-badge status-badge--pending"');
    expect(after).toContain("Reference HBL-778812.");
    expect(after).not.toContain(">Mark paid</button>");
    // The audit log under the order has the verdict.
    expect(after).toContain("Marked the bank transfer paid");
    // Paid by hand: the refund asks for the transfer that sends the money back.
    expect(after).toContain('name="reference"');
    expect(after).toMatch(/id="refund-amount"[^>]*value="9200"/);
  });

  it("rejects a transfer only with a reason, and keeps the order waiting", async () => {
    const { number } = await order({
      status: "awaiting_payment",
      payment_method: "bank_transfer",
      payment_status: "pending",
    });
    const missing = await post(`/admin/orders/${number}`, { intent: "rejected", note: "" });
    expect(missing.status).toBe(422);
    expect(await missing.text()).toContain('id="transfer-note-error"');
    const done = await post(`/admin/orders/${number}`, {
      intent: "rejected",
      note: "Nothing reached the account",
    });
    expect(done.status).toBe(303);
    const after = await markup(done.headers.get("location")!);
    expect(after).toContain("The bank transfer is rejected.");
    expect(after).toContain('data-payment-status="failed"');
    expect(after).toContain("Nothing reached the account");
    expect(after).toContain(">Mark paid</button>");
    expect(after).toContain("Rejected the bank transfer");
  });

  it("asks for the tick and the reference before a refund, shows the API's refusals at their fields, then refunds part", async () => {
    const { number } = await order({
      status: "processing",
      payment_method: "bank_transfer",
      payment_status: "paid",
      paid_amount: 920_000,
    });
    const refund = (form: Record<string, string>) =>
      post(`/admin/orders/${number}`, {
        intent: "refund",
        amount: "1500",
        reason: "One clutch was damaged",
        ...form,
      });

    const unticked = await refund({ reference: "MZN-1" });
    expect(unticked.status).toBe(422);
    const asked = (await unticked.text()).replaceAll("<!-- -->", "");
    expect(asked).toContain("Tick the box once you have checked the amount.");
    // What was typed is kept.
    expect(asked).toMatch(/id="refund-amount"[^>]*value="1500"/);
    expect(asked).toContain("One clutch was damaged</textarea>");

    const noReference = await refund({ confirm: "yes" });
    expect(noReference.status).toBe(422);
    expect(await noReference.text()).toContain(
      "Enter the reference of the bank transfer that refunds this money.",
    );

    const tooMuch = await refund({ confirm: "yes", reference: "MZN-1", amount: "9200.01" });
    expect(tooMuch.status).toBe(422);
    const tooMuchHtml = await tooMuch.text();
    expect(tooMuchHtml).toContain('id="refund-amount-error"');
    expect(tooMuchHtml).toContain("You can refund at most Rs. 9,200.00");

    const done = await refund({ confirm: "yes", reference: "MZN-20261122" });
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`/admin/orders/${number}?payment=refunded`);
    const after = await markup(done.headers.get("location")!);
    expect(after).toContain("The refund is made and the customer has been emailed.");
    expect(after).toContain('data-payment-status="partly_refunded"');
    expect(after).toMatch(/data-testid="payment-refunded">Rs\. 1,500\.00</);
    expect(after).toMatch(/data-testid="payment-left">Rs\. 7,700\.00</);
    expect(after).toContain("MZN-20261122");
    expect(after).toContain("staff-payments@example.test");
    expect(after).toMatch(/id="refund-amount"[^>]*value="7700"/);
    expect(after).toContain("Refunded money");
  });

  it("shows an online payment's attempts and events with the raw fields folded, no reference asked, and the refund-due flag", async () => {
    const { id, number } = await order({
      status: "cancelled",
      payment_method: "jazzcash",
      payment_status: "paid",
      paid_amount: 920_000,
      payment_flag: "refund_due",
    });
    const [attempt] = await database.db
      .insertInto("payment_attempts")
      .values({
        order_id: id,
        provider: "jazzcash",
        reference: "T20261122PY1",
        amount: 920_000,
        status: "paid",
        provider_reference: "JC-99",
        created_at: "2026-11-22T06:10:00.000Z",
        updated_at: "2026-11-22T06:12:00.000Z",
      })
      .returning("id")
      .execute();
    await database.db
      .insertInto("payment_events")
      .values({
        order_id: id,
        attempt_id: attempt!.id,
        source: "notification",
        outcome: "paid",
        amount: 920_000,
        message: "Paid after the hold ended <late>",
        raw: JSON.stringify({ pp_ResponseCode: "000", pp_TxnRefNo: "T20261122PY1" }),
        created_at: "2026-11-22T06:12:00.000Z",
      })
      .execute();
    const html = await markup(`/admin/orders/${number}`);
    expect(html).toContain("Money arrived for this cancelled order");
    expect(html).toContain(">Refund due</span>");
    expect(html).toContain("JazzCash · Rs. 9,200.00 · <span");
    expect(html).toContain("T20261122PY1");
    expect(html).toContain("Provider&#x27;s notification");
    expect(html).toContain("Paid after the hold ended &lt;late&gt;");
    // 06:12 UTC is 11:12 in Pakistan.
    expect(html).toContain("22 Nov 2026, 11:12");
    expect(html).toMatch(
      /<details class="payment-raw"><summary>Fields the provider sent<\/summary><pre>\{\n {2}&quot;pp_ResponseCode&quot;: &quot;000&quot;/,
    );
    expect(html).toContain("The money goes back through JazzCash");
    expect(html).not.toContain('id="refund-reference"');

    const list = await markup("/admin/orders?payment=paid&method=jazzcash");
    expect(list).toContain(`href="/admin/orders/${number}"`);
    expect(list).toMatch(/<option value="paid" selected="">Paid<\/option>/);
    expect(list).toMatch(/<option value="jazzcash" selected="">JazzCash<\/option>/);
    expect(list).toContain(">Refund due</span>");
  });

  it("refuses an unknown payment filter at its field", async () => {
    const response = await host.request("/admin/orders?payment=settled", { headers: { cookie: staff } });
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('id="orders-payment-error"');
    expect(html).toContain("The payment status must be one of:");
  });
});
