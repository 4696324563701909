import { createDecipheriv } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  EASYPAISA_REFUND_MESSAGE,
  type EasypaisaSettings,
  easypaisaAmount,
  easypaisaConfirmForm,
  easypaisaExpiry,
  easypaisaHash,
  easypaisaHashMatches,
  easypaisaHashString,
  easypaisaMobile,
  easypaisaPaisa,
  easypaisaProvider,
} from "./easypaisa.ts";
import {
  type IncomingCallback,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentRequest,
  PaymentSignatureError,
  type PaymentStart,
} from "./provider.ts";
import { EASYPAISA_TEST_CREDENTIALS, startEasypaisaSimulator } from "./simulators/easypaisa-simulator.ts";
import { HOSTED_PAGE_OUTCOMES, type PaymentSimulator } from "./simulators/payment-simulator-kit.ts";

const RETURN_URL = "https://shop.example.pk/payments/easypaisa/return";

/**
 * Easypaisa publishes no worked example of merchantHashedReq, so this vector was made outside this code with
 * `printf '%s' "$S" | openssl enc -aes-128-ecb -K $(printf SIMULATOR0KEY016 | xxd -p) -nosalt -base64 -A`.
 */
const VECTOR = {
  fields: {
    storeId: "43751",
    amount: "1500.0",
    postBackURL: RETURN_URL,
    orderRefNum: "EP10234A1",
    expiryDate: "20261128 190500",
    autoRedirect: "1",
    paymentMethod: "MA_PAYMENT_METHOD",
    emailAddr: "ayesha@example.pk",
    mobileNum: "03001234567",
  },
  string:
    "amount=1500.0&autoRedirect=1&emailAddr=ayesha@example.pk&expiryDate=20261128 190500&mobileNum=03001234567" +
    "&orderRefNum=EP10234A1&paymentMethod=MA_PAYMENT_METHOD&postBackURL=https://shop.example.pk/payments/easypaisa/return" +
    "&storeId=43751",
  hash:
    "ev0gEjxgEbuwhvslEHy4knL4QUCqhJXAFxlh8z9wOdQHiXGzG8mW+T+gm6gfcbMmVYHUNdC/x0CFzi1PS33EJ/qWg98CkuVIlTieJDriP+mK8zbqMW8q" +
    "I6kgvNnSSzPy4563pWeEGO6vOw6kCWo+JGhhjRAwMZWlQ/u7lmC/7me6sBEk1YbNjFnu/ZD1cL/9RwEVXRlVTUtIdUmMaUm54ighPOxGVLnswuvBgFX" +
    "wr9ZQ4tlUpwZfeDJSt2CX3bLgfEfB0aJ5zjuogaqeWF4cYlNLE/hmhJnLJ9wCUq41j8NyPZASxZRXQhkf8bo9dXw/",
};

let sequence = 0;
const request = (amount = 150_000): PaymentRequest => {
  sequence += 1;
  return {
    reference: `EP${Date.now().toString(36).toUpperCase()}${sequence}`.slice(0, 20),
    orderNumber: `10${sequence}`,
    amount,
    currency: "PKR",
    description: `Order 10${sequence} at Bags & Co.`,
    customer: { name: "Ayesha Khan", email: "ayesha@example.pk", phone: "+923001234567" },
    returnUrl: RETURN_URL,
    notifyUrl: "https://shop.example.pk/payments/easypaisa/ipn",
    expiresAt: new Date(Date.now() + 3_600_000),
  };
};

/** What reached the shop, as its route would hand it to the adapter. */
function callbackOf(url: string, method = "GET", rawBody = "", contentType?: string): IncomingCallback {
  return {
    method,
    headers: {},
    query: Object.fromEntries(new URL(url).searchParams),
    rawBody,
    contentType,
  };
}

function formOf(start: PaymentStart): { action: string; fields: Record<string, string> } {
  if (start.kind !== "form") throw new Error("expected a form");
  return start;
}

const post = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });

/** A page's one form: its action and hidden fields (the hosted page's buttons are pressed by name). */
function pageForm(page: string): { action: string; hidden: Record<string, string> } {
  const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1] ?? "";
  const hidden = Object.fromEntries(
    [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
  );
  const decode = (s: string) => s.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
  return {
    action: decode(action),
    hidden: Object.fromEntries(Object.entries(hidden).map(([k, v]) => [k, decode(v as string)])),
  };
}

describe("Easypaisa's merchantHashedReq and fields", () => {
  it("sorts the non-empty fields by name and encrypts them with AES-128-ECB, base64", () => {
    expect(easypaisaHashString(VECTOR.fields)).toBe(VECTOR.string);
    expect(easypaisaHash(VECTOR.fields, EASYPAISA_TEST_CREDENTIALS.hashKey)).toBe(VECTOR.hash);
    const decipher = createDecipheriv("aes-128-ecb", Buffer.from(EASYPAISA_TEST_CREDENTIALS.hashKey), null);
    const plain = Buffer.concat([decipher.update(Buffer.from(VECTOR.hash, "base64")), decipher.final()]);
    expect(plain.toString("utf8")).toBe(VECTOR.string);
  });

  it("leaves empty fields and merchantHashedReq itself out of the string", () => {
    const fields = { ...VECTOR.fields, emailAddr: "", mobileNum: undefined, merchantHashedReq: "x" };
    expect(easypaisaHashString(fields)).not.toContain("emailAddr");
    expect(easypaisaHashString(fields)).not.toContain("mobileNum");
    expect(easypaisaHashString(fields)).not.toContain("merchantHashedReq");
  });

  it("checks a hash in constant time: a tampered field or a missing hash does not match", () => {
    const key = EASYPAISA_TEST_CREDENTIALS.hashKey;
    expect(easypaisaHashMatches(VECTOR.fields, VECTOR.hash, key)).toBe(true);
    expect(easypaisaHashMatches({ ...VECTOR.fields, amount: "15.0" }, VECTOR.hash, key)).toBe(false);
    expect(easypaisaHashMatches(VECTOR.fields, undefined, key)).toBe(false);
    expect(easypaisaHashMatches(VECTOR.fields, VECTOR.hash, "ANOTHER0KEY00016")).toBe(false);
    expect(() => easypaisaHash(VECTOR.fields, "short")).toThrow(/16 characters/);
  });

  it("writes amounts in rupees with a decimal point, the expiry in Pakistan time, the mobile as 03…", () => {
    expect(easypaisaAmount(150_000)).toBe("1500.0");
    expect(easypaisaAmount(150_050)).toBe("1500.5");
    expect(easypaisaAmount(150_055)).toBe("1500.55");
    expect(easypaisaAmount(5)).toBe("0.05");
    expect(easypaisaPaisa("1500.55")).toBe(150_055);
    expect(easypaisaPaisa(1500)).toBe(150_000);
    expect(easypaisaPaisa("")).toBeNull();
    expect(easypaisaExpiry(new Date("2026-11-28T14:05:00Z"))).toBe("20261128 190500");
    expect(easypaisaExpiry(new Date("2026-12-31T20:00:00Z"))).toBe("20270101 010000");
    expect(easypaisaMobile("+923001234567")).toBe("03001234567");
    expect(easypaisaMobile("+442071234567")).toBe("");
  });

  it("starts with a form to Index.jsf whose hash covers exactly the fields it sends", async () => {
    const provider = easypaisaProvider({
      ...EASYPAISA_TEST_CREDENTIALS,
      url: "https://easypaystg.easypaisa.com.pk/",
      timeoutMs: 1000,
    });
    const payment = { ...request(150_050), expiresAt: new Date("2026-11-28T14:05:00Z") };
    const { action, fields } = formOf(await provider.start(payment));
    expect(action).toBe("https://easypaystg.easypaisa.com.pk/easypay/Index.jsf");
    expect(fields).toMatchObject({
      storeId: "43751",
      amount: "1500.5",
      postBackURL: RETURN_URL,
      orderRefNum: payment.reference,
      expiryDate: "20261128 190500",
      autoRedirect: "1",
      paymentMethod: "MA_PAYMENT_METHOD",
      emailAddr: "ayesha@example.pk",
      mobileNum: "03001234567",
    });
    expect(easypaisaHashMatches(fields, fields.merchantHashedReq, EASYPAISA_TEST_CREDENTIALS.hashKey)).toBe(
      true,
    );
  });

  it("turns the auth_token return into the form to Confirm.jsf, and only that return", () => {
    const settings = { url: "https://easypay.easypaisa.com.pk" };
    expect(
      easypaisaConfirmForm(settings, callbackOf(`${RETURN_URL}?auth_token=abc%2B%3D`), RETURN_URL),
    ).toEqual({
      kind: "form",
      action: "https://easypay.easypaisa.com.pk/easypay/Confirm.jsf",
      fields: { auth_token: "abc+=", postBackURL: RETURN_URL },
    });
    expect(
      easypaisaConfirmForm(settings, callbackOf(`${RETURN_URL}?orderRefNumber=A1&status=0000`), RETURN_URL),
    ).toBe(null);
    expect(() =>
      easypaisaConfirmForm(settings, callbackOf(`${RETURN_URL}?auth_token=%22%3E%3Cscript%3E`), RETURN_URL),
    ).toThrow(PaymentSignatureError);
  });

  it("refuses a refund clearly, whatever the amount: Easypaisa has no refund API", async () => {
    const provider = easypaisaProvider({
      ...EASYPAISA_TEST_CREDENTIALS,
      url: "http://127.0.0.1:9",
      timeoutMs: 100,
    });
    const error = await provider
      .refund({
        reference: "A1",
        providerReference: "1",
        amount: 100,
        paymentAmount: 200,
        refundReference: "R1",
        reason: "x",
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).unsure).toBe(false);
    expect((error as Error).message).toBe(EASYPAISA_REFUND_MESSAGE);
  });
});

describe("Easypaisa's answers the adapter does not know", () => {
  let server: Server;
  let answer: Record<string, unknown> = {};
  let provider: PaymentProvider;

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(answer));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    provider = easypaisaProvider({
      ...EASYPAISA_TEST_CREDENTIALS,
      url: `http://127.0.0.1:${port}`,
      timeoutMs: 1000,
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("reports an unknown transaction status as pending, in Easypaisa's words, never paid", async () => {
    answer = { responseCode: "0000", orderId: "A1", transactionStatus: "ON_HOLD", transactionAmount: 10.0 };
    const report = await provider.query("A1", null);
    expect(report.status).toBe("pending");
    expect(report.message).toContain('unknown transaction status "ON_HOLD"');
  });

  it("passes on a refusal code with its words, and an order not yet known as pending", async () => {
    answer = { responseCode: "0007", responseDesc: "Store is not active" };
    const error = await provider.query("A1", null).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).unsure).toBe(false);
    expect((error as Error).message).toBe("Easypaisa: 0007 Store is not active");
    answer = { responseCode: "0003" };
    expect(await provider.query("A1", null)).toMatchObject({ status: "pending", amount: null });
  });

  it("never believes a return's 0000: an unpaid order stays unpaid", async () => {
    answer = { responseCode: "0000", orderId: "A1", transactionId: "9", transactionStatus: "FAILED" };
    const report = await provider.readReturn(
      callbackOf(`${RETURN_URL}?success=true&status=0000&desc=Transaction+Successful&orderRefNumber=A1`),
    );
    expect(report.status).toBe("failed");
    answer = { responseCode: "0003" };
    expect(
      (await provider.readReturn(callbackOf(`${RETURN_URL}?status=0000&orderRefNumber=A1`))).status,
    ).toBe("pending");
  });

  it("refuses a return without an order reference, and the auth_token step", async () => {
    await expect(provider.readReturn(callbackOf(`${RETURN_URL}?status=0000`))).rejects.toThrow(
      PaymentSignatureError,
    );
    await expect(provider.readReturn(callbackOf(`${RETURN_URL}?auth_token=abc`))).rejects.toThrow(
      /Confirm\.jsf/,
    );
  });

  it("refuses a notification whose url is missing or not Easypaisa's order-status link for this account", async () => {
    const { port } = server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}/easypay-service/rest/v1/order-status`;
    const ipn = (url?: string) =>
      provider.readNotification(
        callbackOf(`https://shop.example.pk/ipn${url ? `?url=${encodeURIComponent(url)}` : ""}`),
      );
    await expect(ipn()).rejects.toThrow(PaymentSignatureError);
    await expect(ipn("not a url")).rejects.toThrow(PaymentSignatureError);
    await expect(
      ipn(`https://evil.example/easypay-service/rest/v1/order-status/654987321/A1`),
    ).rejects.toThrow(PaymentSignatureError);
    await expect(ipn(`${base}/111111111/A1`)).rejects.toThrow(PaymentSignatureError);
    await expect(ipn(`${base}/654987321/A1/extra`)).rejects.toThrow(PaymentSignatureError);
    answer = { order_id: "B2", store_id: "43751", transaction_status: "PAID", transaction_amount: "10.0" };
    await expect(ipn(`${base}/654987321/A1`)).rejects.toThrow(/another order/);
    answer = { order_id: "A1", store_id: "99", transaction_status: "PAID", transaction_amount: "10.0" };
    await expect(ipn(`${base}/654987321/A1`)).rejects.toThrow(/another store/);
  });
});

describe("the Easypaisa adapter against its simulator", () => {
  let simulator: PaymentSimulator;
  let provider: PaymentProvider;
  let settings: EasypaisaSettings;
  let shop: Server;
  const notifications: IncomingCallback[] = [];

  beforeAll(async () => {
    shop = createServer((req, res) => {
      notifications.push(callbackOf(`http://shop${req.url}`, req.method));
      res.writeHead(200, { "content-type": "text/plain" });
      res.end("OK");
    });
    await new Promise<void>((resolve) => shop.listen(0, "127.0.0.1", resolve));
    const { port } = shop.address() as AddressInfo;
    simulator = await startEasypaisaSimulator({
      notifyUrl: `http://127.0.0.1:${port}/payments/easypaisa/ipn`,
    });
    settings = { ...EASYPAISA_TEST_CREDENTIALS, url: simulator.url, timeoutMs: 2000 };
    provider = easypaisaProvider(settings);
  });
  afterAll(async () => {
    await simulator?.close();
    await new Promise<void>((resolve) => shop.close(() => resolve()));
  });
  beforeEach(() => {
    simulator.fail("none");
    notifications.length = 0;
  });

  /** Start → Index.jsf → the auth_token return → Confirm.jsf → the hosted page; answers the page's form. */
  async function openHostedPage(payment: PaymentRequest) {
    const { action, fields } = formOf(await provider.start(payment));
    const first = await post(action, fields);
    expect(first.status).toBe(302);
    const tokenReturn = callbackOf(first.headers.get("location")!);
    const confirm = formOf(easypaisaConfirmForm(settings, tokenReturn, payment.returnUrl)!);
    const page = await post(confirm.action, confirm.fields);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const label of Object.values(HOSTED_PAGE_OUTCOMES)) expect(html).toContain(label);
    return pageForm(html);
  }

  async function pay(payment: PaymentRequest, outcome: keyof typeof HOSTED_PAGE_OUTCOMES) {
    const { action, hidden } = await openHostedPage(payment);
    return post(action, { ...hidden, outcome });
  }

  it.each([
    ["paid", "paid", "paid", /PAID .*0000 Transaction Successful/],
    ["failed", "failed", "failed", /FAILED .*0001 Transaction Failed/],
    ["cancelled", "cancelled", "failed", /FAILED .*cancelled by the customer/],
  ] as const)("%s: the return, the IPN and the inquiry agree", async (outcome, returned, notified, words) => {
    const payment = request();
    const answer = await pay(payment, outcome);
    expect(answer.status).toBe(302);
    const location = answer.headers.get("location")!;
    expect(location.startsWith(`${RETURN_URL}?`)).toBe(true);

    const fromReturn = await provider.readReturn(callbackOf(location));
    expect(fromReturn).toMatchObject({
      reference: payment.reference,
      status: returned,
      amount: 150_000,
      currency: "PKR",
      providerReference: simulator.payments.get(payment.reference)!.providerReference,
    });
    expect(fromReturn.message).toMatch(words);

    expect(notifications).toHaveLength(1);
    const fromIpn = await provider.readNotification(notifications[0]!);
    expect(fromIpn).toMatchObject({
      reference: payment.reference,
      status: notified,
      amount: 150_000,
      providerReference: fromReturn.providerReference,
    });

    const queried = await provider.query(payment.reference, fromReturn.providerReference);
    expect(queried.status).toBe(notified);
    expect(queried.amount).toBe(150_000);
  });

  it("refuses a request whose hash does not match (a tampered amount), and records nothing", async () => {
    const payment = request();
    const { action, fields } = formOf(await provider.start(payment));
    const answer = await post(action, { ...fields, amount: "1.0" });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("merchantHashedReq does not match");
    const missing = await post(action, { ...fields, merchantHashedReq: "" });
    expect(await missing.text()).toContain("merchantHashedReq does not match");
    expect(simulator.payments.has(payment.reference)).toBe(false);
  });

  it("reports the amount Easypaisa holds, not the one the shop expected (the shop compares)", async () => {
    const payment = request();
    const answer = await pay(payment, "paid");
    simulator.payments.get(payment.reference)!.amount = 100;
    const report = await provider.readReturn(callbackOf(answer.headers.get("location")!));
    expect(report).toMatchObject({ status: "paid", amount: 100 });
    expect((await provider.readNotification(notifications[0]!)).amount).toBe(100);
  });

  it("refuses every refund clearly, partial, full or above the rest", async () => {
    const payment = request();
    await pay(payment, "paid");
    const { providerReference } = await provider.query(payment.reference, null);
    for (const amount of [50_000, 150_000, 200_000]) {
      const error = await provider
        .refund({
          reference: payment.reference,
          providerReference,
          amount,
          paymentAmount: 150_000,
          refundReference: `R${amount}`,
          reason: "Returned",
        })
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PaymentProviderError);
      expect((error as PaymentProviderError).unsure).toBe(false);
      expect((error as Error).message).toBe(EASYPAISA_REFUND_MESSAGE);
    }
  });

  it("pays without returning: nothing until simulator.notify sends the late IPN", async () => {
    const payment = request();
    const answer = await pay(payment, "no-callback");
    expect(answer.status).toBe(200);
    expect(notifications).toHaveLength(0);
    expect((await provider.query(payment.reference, null)).status).toBe("paid");

    expect(await simulator.notify(payment.reference)).toBe(200);
    expect(notifications).toHaveLength(1);
    expect(await provider.readNotification(notifications[0]!)).toMatchObject({
      reference: payment.reference,
      status: "paid",
      amount: 150_000,
    });
  });

  it("reports a started checkout as pending (Easypaisa knows no transaction yet)", async () => {
    const payment = request();
    await openHostedPage(payment);
    expect(await provider.query(payment.reference, null)).toMatchObject({ status: "pending", amount: null });
  });

  it.each([
    ["5xx", /^Easypaisa answered 503: .*Service Unavailable/],
    ["html", /^Easypaisa answered 200 without JSON: 502 Bad Gateway/],
    ["timeout", /^Easypaisa did not answer within 0 seconds/],
  ] as const)("turns a %s answer into an unsure failure", async (mode, words) => {
    const payment = request();
    const answer = await pay(payment, "paid");
    const quick = easypaisaProvider({ ...settings, timeoutMs: 200 });
    for (const call of [
      () => quick.query(payment.reference, null),
      () => quick.readReturn(callbackOf(answer.headers.get("location")!)),
      () => quick.readNotification(notifications[0]!),
    ]) {
      simulator.fail(mode);
      const error = await call().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PaymentProviderError);
      expect((error as PaymentProviderError).unsure).toBe(true);
      expect((error as Error).message).toMatch(words);
    }
  });

  it("passes on wrong inquiry credentials in Easypaisa's words", async () => {
    const wrong = easypaisaProvider({ ...settings, password: "wrong" });
    const error = await wrong.query("A1", null).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect((error as PaymentProviderError).unsure).toBe(false);
    expect((error as Error).message).toBe("Easypaisa: 0010 Invalid credentials");
  });
});
