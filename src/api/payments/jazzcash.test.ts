import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  jazzcashHashInput,
  jazzcashProvider,
  jazzcashSecureHash,
  jazzcashStatus,
  pakistanDateTime,
} from "./jazzcash.ts";
import {
  type IncomingCallback,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentRequest,
  PaymentSignatureError,
} from "./provider.ts";
import { JAZZCASH_TEST_CREDENTIALS, startJazzcashSimulator } from "./simulators/jazzcash-simulator.ts";
import type { HostedPageOutcome, PaymentSimulator } from "./simulators/payment-simulator-kit.ts";

const SALT = JAZZCASH_TEST_CREDENTIALS.integritySalt;

const settings = (url: string, timeoutMs = 2_000) => ({ ...JAZZCASH_TEST_CREDENTIALS, url, timeoutMs });

let sequence = 0;
const request = (amount = 550_000): PaymentRequest => {
  sequence += 1;
  return {
    reference: `T${Date.now().toString(36)}${sequence}`.slice(0, 20),
    orderNumber: `10${sequence}`,
    amount,
    currency: "PKR",
    description: `Order 10${sequence} at Bags & Co. <script>`,
    customer: { name: "Ayesha Khan", email: "ayesha@example.pk", phone: "+923001234567" },
    returnUrl: "https://shop.example.pk/checkout/jazzcash/return",
    notifyUrl: "https://shop.example.pk/api/payments/jazzcash/ipn",
    expiresAt: new Date(Date.now() + 30 * 60_000),
  };
};

const formCallback = (fields: Record<string, string>): IncomingCallback => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  query: {},
  rawBody: new URLSearchParams(fields).toString(),
  contentType: "application/x-www-form-urlencoded",
});

/** A return as JazzCash posts it, signed with the test salt (or not). */
function signedReturn(overrides: Record<string, string> = {}): Record<string, string> {
  const fields: Record<string, string> = {
    pp_Amount: "550000",
    pp_AuthCode: "123456",
    pp_BankID: "",
    pp_BillReference: "10234",
    pp_Language: "EN",
    pp_MerchantID: JAZZCASH_TEST_CREDENTIALS.merchantId,
    pp_ResponseCode: "000",
    pp_ResponseMessage: "Thank you for Using JazzCash, your transaction was successful.",
    pp_RetreivalReferenceNo: "260101123456",
    pp_SubMerchantId: "",
    pp_TxnCurrency: "PKR",
    pp_TxnDateTime: "20260101120000",
    pp_TxnRefNo: "T20260101120000",
    pp_TxnType: "MWALLET",
    pp_Version: "1.1",
    ppmpf_1: "03001234567",
    ...overrides,
  };
  return { ...fields, pp_SecureHash: jazzcashSecureHash(fields, SALT) };
}

describe("JazzCash's pp_SecureHash", () => {
  it("matches the documented example (Hashing Scheme: secret 0F5DD14AE2)", () => {
    const fields = { pp_MerchantID: "MER123", pp_OrderInfo: "A48cvE28", pp_Amount: "2995" };
    expect(jazzcashHashInput(fields, "0F5DD14AE2")).toBe("0F5DD14AE2&2995&MER123&A48cvE28");
    expect(jazzcashSecureHash(fields, "0F5DD14AE2")).toBe(
      "c7689cda7474eb1adcd343fd0c0b676bad0ba66361cc46db589bdb0da4c1c867".toUpperCase(),
    );
  });

  it("takes every non-empty pp… field in ASCII order of its name, and nothing else", () => {
    const input = jazzcashHashInput(
      {
        ppmpf_1: "03001234567",
        pp_TxnType: "MWALLET",
        pp_TxnRefNo: "T1",
        pp_BillReference: "B",
        pp_BankID: "",
        pp_SecureHash: "ignored",
        outcome: "ignored",
        pp_Amount: "100",
      },
      "salt",
    );
    expect(input).toBe("salt&100&B&T1&MWALLET&03001234567");
  });

  it("signs the hosted page's form, with the amount in paisa and the dates in Pakistan time", async () => {
    const provider = jazzcashProvider(settings("https://sandbox.jazzcash.com.pk/"));
    const start = await provider.start(request(123_456));
    if (start.kind !== "form") throw new Error("JazzCash starts with a form");
    expect(start.action).toBe(
      "https://sandbox.jazzcash.com.pk/CustomerPortal/transactionmanagement/merchantform/",
    );
    const { fields } = start;
    expect(fields).toMatchObject({
      pp_Version: "1.1",
      pp_TxnType: "MWALLET",
      pp_Language: "EN",
      pp_MerchantID: JAZZCASH_TEST_CREDENTIALS.merchantId,
      pp_Password: JAZZCASH_TEST_CREDENTIALS.password,
      pp_Amount: "123456",
      pp_TxnCurrency: "PKR",
      ppmpf_1: "03001234567",
    });
    expect(fields.pp_Description).not.toMatch(/[<>/"]/);
    expect(fields.pp_TxnDateTime).toMatch(/^\d{14}$/);
    expect(pakistanDateTime(new Date("2026-01-01T20:30:15Z"))).toBe("20260102013015");
    const { pp_SecureHash, ...rest } = fields;
    expect(pp_SecureHash).toBe(jazzcashSecureHash(rest, SALT));
  });

  it("reads a signed return, accepts the hash in lower case, and refuses a tampered or missing one", async () => {
    const provider = jazzcashProvider(settings("http://127.0.0.1:1"));
    const fields = signedReturn();
    const report = await provider.readReturn(formCallback(fields));
    expect(report).toMatchObject({
      reference: "T20260101120000",
      status: "paid",
      amount: 550_000,
      currency: "PKR",
      providerReference: "260101123456",
      message: "JazzCash: 000 Thank you for Using JazzCash, your transaction was successful.",
    });
    expect(report.raw.pp_AuthCode).toBe("123456");

    const lower = { ...fields, pp_SecureHash: fields.pp_SecureHash!.toLowerCase() };
    expect((await provider.readReturn(formCallback(lower))).status).toBe("paid");

    await expect(provider.readReturn(formCallback({ ...fields, pp_Amount: "100" }))).rejects.toThrow(
      PaymentSignatureError,
    );
    await expect(provider.readReturn(formCallback({ ...fields, pp_ResponseCode: "000 " }))).rejects.toThrow(
      PaymentSignatureError,
    );
    const { pp_SecureHash: _, ...unsigned } = fields;
    await expect(provider.readReturn(formCallback(unsigned))).rejects.toThrow(/carries no pp_SecureHash/);
    await expect(
      provider.readReturn(formCallback({ ...fields, pp_SecureHash: "A".repeat(64) })),
    ).rejects.toThrow(PaymentSignatureError);
    const other = jazzcashProvider({ ...settings("http://127.0.0.1:1"), integritySalt: "another" });
    await expect(other.readNotification(formCallback(fields))).rejects.toThrow(PaymentSignatureError);
  });

  it("reports the amount a correctly signed message carries (the shop compares it), and unknown codes as pending", async () => {
    const provider = jazzcashProvider(settings("http://127.0.0.1:1"));
    const cheaper = await provider.readReturn(formCallback(signedReturn({ pp_Amount: "100" })));
    expect(cheaper).toMatchObject({ status: "paid", amount: 100 });

    const unknown = await provider.readNotification(
      formCallback(signedReturn({ pp_ResponseCode: "777", pp_ResponseMessage: "Something new" })),
    );
    expect(unknown.status).toBe("pending");
    expect(unknown.message).toMatch(/^JazzCash: 777 Something new \(a response code the shop does not know/);
  });

  it("maps JazzCash's documented response codes", () => {
    expect(["000", "121"].map(jazzcashStatus)).toEqual(["paid", "paid"]);
    expect(["124", "157", "210"].map(jazzcashStatus)).toEqual(["pending", "pending", "pending"]);
    expect(["112", "410"].map(jazzcashStatus)).toEqual(["cancelled", "cancelled"]);
    expect(["004", "101", "115", "129", "199", "999"].map(jazzcashStatus)).toEqual(Array(6).fill("failed"));
  });

  it("answers an IPN as JazzCash documents, signed", () => {
    const provider = jazzcashProvider(settings("http://127.0.0.1:1"));
    const ok = provider.notificationAnswer!({
      reference: "T1",
      status: "paid",
      amount: 1,
      currency: "PKR",
      providerReference: null,
      message: "",
      raw: {},
    });
    const body = JSON.parse(ok.body) as Record<string, string>;
    expect(ok.status).toBe(200);
    expect(body).toMatchObject({ pp_ResponseCode: "000", pp_ResponseMessage: "IPN received successfully" });
    expect(body.pp_SecureHash).toBe(
      jazzcashSecureHash({ pp_ResponseCode: "000", pp_ResponseMessage: "IPN received successfully" }, SALT),
    );
    const refused = provider.notificationAnswer!(null);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ pp_ResponseCode: "115" });
  });
});

/** The hidden inputs and action of the first form in a page (the kit's pages escape with &#NN;). */
function formOf(page: string): { action: string; fields: Record<string, string> } {
  const decode = (text: string) =>
    text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  const action = decode(/<form[^>]*action="([^"]*)"/.exec(page)?.[1] ?? "");
  const fields: Record<string, string> = {};
  for (const match of page.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[decode(match[1] ?? "")] = decode(match[2] ?? "");
  }
  return { action, fields };
}

const post = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });

describe("the JazzCash adapter against its simulator", () => {
  let simulator: PaymentSimulator;
  let provider: PaymentProvider;
  let shop: Server;
  let notifyUrl: string;
  const notifications: IncomingCallback[] = [];
  const waiters: Array<() => void> = [];

  beforeAll(async () => {
    shop = createServer(async (incoming, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const callback: IncomingCallback = {
        method: incoming.method ?? "POST",
        headers: Object.fromEntries(Object.entries(incoming.headers).map(([k, v]) => [k, String(v)])),
        query: {},
        rawBody: Buffer.concat(chunks).toString("utf8"),
        contentType: incoming.headers["content-type"],
      };
      notifications.push(callback);
      const report = await provider.readNotification(callback).catch(() => null);
      const answer = provider.notificationAnswer!(report);
      response.writeHead(answer.status, { "content-type": answer.contentType });
      response.end(answer.body);
      for (const wake of waiters.splice(0)) wake();
    });
    await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
    notifyUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/ipn`;
    simulator = await startJazzcashSimulator({ notifyUrl });
    provider = jazzcashProvider(settings(simulator.url));
  });
  afterAll(async () => {
    await simulator?.close();
    await new Promise<void>((resolve) => shop.close(() => resolve()));
  });
  beforeEach(() => {
    simulator.fail("none");
    notifications.length = 0;
  });

  /** start → the hosted page → the button → the page the browser gets back. */
  async function pay(outcome: HostedPageOutcome, attempt = request()) {
    const start = await provider.start(attempt);
    if (start.kind !== "form") throw new Error("JazzCash starts with a form");
    const page = await post(start.action, start.fields);
    expect(page.status).toBe(200);
    const hosted = formOf(await page.text());
    const result = await post(hosted.action, { ...hosted.fields, outcome });
    return { attempt, result: await result.text() };
  }

  it.each([
    ["paid", "000"],
    ["failed", "004"],
    ["cancelled", "112"],
  ] as const)("%s: the return, the IPN and the inquiry agree", async (outcome, code) => {
    const { attempt, result } = await pay(outcome);
    const back = formOf(result);
    expect(back.action).toBe(attempt.returnUrl);
    const returned = await provider.readReturn(formCallback(back.fields));
    expect(returned).toMatchObject({
      reference: attempt.reference,
      status: outcome,
      amount: attempt.amount,
      currency: "PKR",
    });
    expect(returned.message).toMatch(new RegExp(`^JazzCash: ${code} `));

    expect(notifications).toHaveLength(1);
    const notified = await provider.readNotification(notifications[0]!);
    expect(notified).toMatchObject({ reference: attempt.reference, status: outcome, amount: attempt.amount });
    expect(notified.providerReference).toBe(returned.providerReference);

    const queried = await provider.query(attempt.reference, returned.providerReference);
    expect(queried).toMatchObject({
      reference: attempt.reference,
      status: outcome,
      providerReference: returned.providerReference,
    });
  });

  it("refunds part, then the rest, and passes on the refusal of more than is left", async () => {
    const { attempt } = await pay("paid", request(500_000));
    const refund = (amount: number, id: string) =>
      provider.refund({
        reference: attempt.reference,
        providerReference: null,
        amount,
        paymentAmount: attempt.amount,
        refundReference: id,
        reason: "Returned",
      });
    expect((await refund(150_000, "R1")).providerReference).toBe("R1");
    expect(simulator.payments.get(attempt.reference)!.refunded).toBe(150_000);
    await refund(350_000, "R2");
    expect(simulator.payments.get(attempt.reference)!.refunded).toBe(500_000);
    const refused = await refund(1, "R3").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaymentProviderError);
    expect((refused as PaymentProviderError).unsure).toBe(false);
    expect((refused as Error).message).toBe("JazzCash: 452 Transaction is not eligible for refund.");
  });

  it("refunds a card payment through the card refund API, without the MPIN", async () => {
    const cards = jazzcashProvider({ ...settings(simulator.url), txnType: "MPAY", merchantMpin: undefined });
    const { attempt } = await pay("paid");
    expect(simulator.payments.get(attempt.reference)!.fields.pp_TxnType).toBe("MWALLET");
    await cards.refund({
      reference: attempt.reference,
      providerReference: null,
      amount: 1_000,
      paymentAmount: attempt.amount,
      refundReference: "R-card",
      reason: "Returned",
    });
    expect(simulator.payments.get(attempt.reference)!.refunded).toBe(1_000);
    const wallet = jazzcashProvider({ ...settings(simulator.url), merchantMpin: undefined });
    await expect(
      wallet.refund({
        reference: attempt.reference,
        providerReference: null,
        amount: 1_000,
        paymentAmount: attempt.amount,
        refundReference: "R-wallet",
        reason: "Returned",
      }),
    ).rejects.toThrow(/needs the merchant's MPIN/);
  });

  it("pays without returning: nothing is sent until the simulator is told to notify", async () => {
    const { attempt, result } = await pay("no-callback");
    expect(result).not.toContain("<form");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(notifications).toHaveLength(0);
    expect((await provider.query(attempt.reference, null)).status).toBe("paid");

    const late = new Promise<void>((resolve) => waiters.push(resolve));
    expect(await simulator.notify(attempt.reference)).toBe(200);
    await late;
    const notified = await provider.readNotification(notifications[0]!);
    expect(notified).toMatchObject({ reference: attempt.reference, status: "paid", amount: attempt.amount });
  });

  it("reports a payment still on the hosted page as pending", async () => {
    const attempt = request();
    const start = await provider.start(attempt);
    if (start.kind !== "form") throw new Error("JazzCash starts with a form");
    await post(start.action, start.fields);
    const queried = await provider.query(attempt.reference, null);
    expect(queried.status).toBe("pending");
    expect(queried.message).toBe("JazzCash: 157 Transaction is pending. (Pending)");
  });

  it("refuses a form whose hash or credentials are wrong, as JazzCash does", async () => {
    const start = await provider.start(request());
    if (start.kind !== "form") throw new Error("JazzCash starts with a form");
    const tampered = await post(start.action, { ...start.fields, pp_Amount: "100" });
    expect(tampered.status).toBe(400);
    expect(await tampered.text()).toContain("115 Invalid hash received.");

    const wrong = jazzcashProvider({ ...settings(simulator.url), password: "wrong" });
    const refused = await wrong.query("T1", null).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PaymentProviderError);
    expect((refused as PaymentProviderError).unsure).toBe(false);
    expect((refused as Error).message).toBe("JazzCash: 101 Invalid merchant credentials.");
  });

  it("answers an unknown reference with JazzCash's refusal", async () => {
    await expect(provider.query("Tnever", null)).rejects.toThrow("JazzCash: 109 Transaction does not exist");
  });

  it.each([
    ["5xx", /^JazzCash answered 503: .*Service Unavailable/],
    ["html", /^JazzCash answered 200 without JSON: 502 Bad Gateway Bad Gateway/],
    ["timeout", /^JazzCash did not answer within 0 seconds\.$/],
  ] as const)("turns a %s answer into an unsure failure in JazzCash's words", async (mode, message) => {
    const { attempt } = await pay("paid");
    const hurried = jazzcashProvider(settings(simulator.url, 300));
    simulator.fail(mode);
    const error = await hurried.query(attempt.reference, null).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).unsure).toBe(true);
    expect((error as Error).message).toMatch(message);

    simulator.fail(mode);
    const refund = await hurried
      .refund({
        reference: attempt.reference,
        providerReference: null,
        amount: 100,
        paymentAmount: attempt.amount,
        refundReference: `R-${mode}`,
        reason: "Returned",
      })
      .catch((caught: unknown) => caught);
    expect((refund as PaymentProviderError).unsure).toBe(true);
  });
});
