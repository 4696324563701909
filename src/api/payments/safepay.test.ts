import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type IncomingCallback,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentRequest,
  PaymentSignatureError,
} from "./provider.ts";
import {
  paisaFromRupees,
  rupeesFromPaisa,
  SAFEPAY_CANCEL_PARAM,
  type SafepaySettings,
  safepayProvider,
  safepayReturnSignature,
  safepayTrackerOf,
  safepayUrls,
} from "./safepay.ts";
import type { HostedPageOutcome, PaymentSimulator } from "./simulators/payment-simulator-kit.ts";
import { SAFEPAY_TEST_CREDENTIALS, startSafepaySimulator } from "./simulators/safepay-simulator.ts";

/**
 * Safepay publishes no signature with its inputs and result, so these tests compute the expected values with
 * node:crypto the way Safepay's own code does (safepay-node verify.ts for `sig`; the webhook guide's node.js
 * snippet, safepay-python and safepay-php for X-SFPY-SIGNATURE), on the guide's own example payload and secret.
 */

const settingsFor = (url: string, timeoutMs = 2000): SafepaySettings => ({
  ...SAFEPAY_TEST_CREDENTIALS,
  environment: "sandbox",
  ...safepayUrls("sandbox", url),
  timeoutMs,
});

/** Safepay's webhook guide (getsafepay/safepay-docs webhooks/02-webhooks-payload.md): its example and secret. */
const DOCS_SECRET = "86f63866a6e9b27f8f48a2d0a2946171b03639ea2e5000213e641da781a87d6e";
const docsData = () => ({
  token: "C5438LD948188B0GPSH0",
  client_id: "sec_55ca6960-e2ea-4643-b0cf-7cd65a4d3112",
  type: "payment:created",
  endpoint: "https://example.com/listener",
  notification: {
    tracker: "track_gfdkjg80-4knkjnlhknjn9-klnk9knn",
    intent: "PAYFAST",
    fee: "4.92",
    net: "145.08",
    user: "johndoe@gmail.com",
    state: "PAID",
    amount: "150",
    currency: "PKR",
    metadata: { order_id: "XG102312", source: "shopify" },
  },
  delivery_attempts: 1,
  resource: "notification",
  next_attempt_at: "2021-10-01T09:05:33Z",
  created_at: "2021-10-01T09:05:34Z",
});

/** Signed as Safepay's guide does it: HMAC-SHA512 of JSON.stringify(data), hex. */
const docsSign = (data: unknown, secret = DOCS_SECRET) =>
  createHmac("sha512", secret)
    .update(Buffer.from(JSON.stringify(data)))
    .digest("hex");

const webhook = (
  data: unknown,
  signature: string | undefined,
  body = JSON.stringify({ data }),
): IncomingCallback => ({
  method: "POST",
  headers: { "content-type": "application/json", ...(signature ? { "x-sfpy-signature": signature } : {}) },
  query: {},
  rawBody: body,
  contentType: "application/json",
});

const returnPost = (fields: Record<string, string>): IncomingCallback => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  query: {},
  rawBody: new URLSearchParams(fields).toString(),
  contentType: "application/x-www-form-urlencoded",
});

describe("Safepay's signatures and amounts", () => {
  // Nothing listens here: every case below must be decided before any call to Safepay.
  const adapter = safepayProvider({ ...settingsFor("http://127.0.0.1:9"), webhookSecret: DOCS_SECRET });

  it("signs the return as HMAC-SHA256 of the tracker under the secret key", () => {
    const tracker = "track_1a46dc70-91f9-4892-8e25-0bb5205b69c7";
    expect(safepayReturnSignature(tracker, "secret")).toBe(
      createHmac("sha256", "secret").update(tracker).digest("hex"),
    );
    expect(safepayReturnSignature(tracker, "secret")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("reads the guide's example webhook, signed the guide's way", async () => {
    const data = docsData();
    const report = await adapter.readNotification(webhook(data, docsSign(data)));
    expect(report).toMatchObject({
      reference: "XG102312",
      status: "paid",
      amount: 15_000,
      currency: "PKR",
      providerReference: "track_gfdkjg80-4knkjnlhknjn9-klnk9knn",
      message: "Safepay payment:created: PAID",
    });
    expect(report.raw).toEqual({ data });
  });

  it("also accepts the signature over the whole body (safepay-node's verify.ts) and upper-case hex", async () => {
    const data = docsData();
    await expect(adapter.readNotification(webhook(data, docsSign({ data })))).resolves.toMatchObject({
      status: "paid",
    });
    await expect(
      adapter.readNotification(webhook(data, docsSign(data).toUpperCase())),
    ).resolves.toMatchObject({
      status: "paid",
    });
  });

  it("refuses a tampered field, a missing or wrong signature, and a body that is not JSON", async () => {
    const data = docsData();
    const signature = docsSign(data);
    const tampered = docsData();
    tampered.notification.amount = "1";
    await expect(adapter.readNotification(webhook(tampered, signature))).rejects.toThrow(
      PaymentSignatureError,
    );
    await expect(adapter.readNotification(webhook(data, undefined))).rejects.toThrow(/X-SFPY-SIGNATURE/);
    await expect(adapter.readNotification(webhook(data, docsSign(data, "another secret")))).rejects.toThrow(
      PaymentSignatureError,
    );
    await expect(adapter.readNotification(webhook(data, signature, "<html>"))).rejects.toThrow(/not JSON/);
  });

  it("reports a wrong amount that is correctly signed (the shop compares it), with decimals exact", async () => {
    const data = docsData();
    data.notification.amount = "99.9";
    const report = await adapter.readNotification(webhook(data, docsSign(data)));
    expect(report).toMatchObject({ status: "paid", amount: 9_990 });
  });

  it("reads a declined payment, a refund and an event it does not know", async () => {
    const error = {
      ...docsData(),
      type: "error:occurred",
      notification: {
        tracker: "track_5b694027-7947-4187-bbaa-8585a07c0cbc",
        intent: "PAYFAST",
        message: "55 : Incorrect OTP",
      },
    };
    expect(await adapter.readNotification(webhook(error, docsSign(error)))).toMatchObject({
      status: "failed",
      amount: null,
      message: "Safepay error:occurred: 55 : Incorrect OTP",
    });
    const refund = docsData();
    refund.type = "refund:created";
    Object.assign(refund.notification, { state: "PARTIALLY REFUNDED", amount: "25", balance: "125" });
    expect(await adapter.readNotification(webhook(refund, docsSign(refund)))).toMatchObject({
      reference: "XG102312",
      status: "paid",
      amount: null,
      message: "Safepay refund:created: PARTIALLY REFUNDED, 25 PKR refunded, 125 left",
    });
    const unknown = docsData();
    unknown.type = "payment:teleported";
    expect(await adapter.readNotification(webhook(unknown, docsSign(unknown)))).toMatchObject({
      status: "pending",
      message: expect.stringContaining("not an event this shop acts on"),
    });
  });

  it("refuses a return without a signature, with a wrong one, or for another tracker, before asking Safepay", async () => {
    const tracker = "track_1a46dc70-91f9-4892-8e25-0bb5205b69c7";
    const sig = safepayReturnSignature(tracker, SAFEPAY_TEST_CREDENTIALS.secretKey);
    await expect(adapter.readReturn(returnPost({ tracker, order_id: "A1" }))).rejects.toThrow(
      /without a signature/,
    );
    await expect(
      adapter.readReturn(returnPost({ tracker, order_id: "A1", sig: "0".repeat(64) })),
    ).rejects.toThrow(PaymentSignatureError);
    await expect(
      adapter.readReturn(returnPost({ tracker: `${tracker}0`, order_id: "A1", sig })),
    ).rejects.toThrow(/does not verify/);
    await expect(adapter.readReturn(returnPost({ order_id: "A1", sig }))).rejects.toThrow(
      /without a tracker/,
    );
  });

  it("converts paisa to Safepay's rupees and back exactly", () => {
    expect(rupeesFromPaisa(550_000)).toBe(5500);
    expect(rupeesFromPaisa(123_456)).toBe(1234.56);
    expect(JSON.stringify({ amount: rupeesFromPaisa(1) })).toBe('{"amount":0.01}');
    expect(paisaFromRupees("150")).toBe(15_000);
    expect(paisaFromRupees("4.92")).toBe(492);
    expect(paisaFromRupees(1234.5)).toBe(123_450);
    expect(paisaFromRupees("1.234")).toBeNull();
    expect(paisaFromRupees("-5")).toBeNull();
    expect(paisaFromRupees(undefined)).toBeNull();
    for (let paisa = 1; paisa < 20_000; paisa += 7)
      expect(paisaFromRupees(rupeesFromPaisa(paisa))).toBe(paisa);
  });
});

/** The tiny shop endpoint Safepay's webhooks reach. */
interface Received {
  callback: IncomingCallback;
}

async function startNotifyServer(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? "/", "http://shop");
    received.push({
      callback: {
        method: request.method ?? "POST",
        headers: Object.fromEntries(
          Object.entries(request.headers).map(([key, value]) => [
            key,
            Array.isArray(value) ? value[0] : value,
          ]),
        ),
        query: Object.fromEntries(url.searchParams),
        rawBody: Buffer.concat(chunks).toString("utf8"),
        contentType: request.headers["content-type"],
      },
    });
    response.writeHead(200, { "content-type": "application/json" });
    response.end('{"received":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/api/payments/safepay/webhook`, received, server };
}

const decode = (text: string) =>
  text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, "&");

/** A form's action and hidden fields, from the simulator's pages. */
function formOf(page: string): { action: string; fields: Record<string, string> } {
  const action = /<form[^>]*action="([^"]*)"/.exec(page)?.[1];
  if (!action) throw new Error(`No form in: ${page.slice(0, 200)}`);
  const fields: Record<string, string> = {};
  for (const match of page.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[decode(match[1]!)] = decode(match[2]!);
  }
  return { action: decode(action), fields };
}

const RETURN_URL = "https://shop.example.pk/checkout/payment/return?provider=safepay";

describe("the Safepay adapter against its simulator", () => {
  let simulator: PaymentSimulator;
  let shop: Awaited<ReturnType<typeof startNotifyServer>>;
  let adapter: PaymentProvider;
  let sequence = 0;

  const request = (amount = 550_000): PaymentRequest => {
    sequence += 1;
    const reference = `SP${Date.now().toString(36).toUpperCase()}${sequence}`;
    return {
      reference,
      orderNumber: `10${sequence}`,
      amount,
      currency: "PKR",
      description: `Order 10${sequence} at Bags & Co.`,
      customer: { name: "Ayesha Khan", email: "ayesha@example.pk", phone: "+923001234567" },
      returnUrl: RETURN_URL,
      notifyUrl: shop.url,
      expiresAt: new Date(Date.now() + 30 * 60_000),
    };
  };

  const notificationsFor = (reference: string) =>
    shop.received.filter((entry) => entry.callback.rawBody.includes(`"order_id":"${reference}"`));

  /** Start, open the hosted page, press a button; the browser's way back to the shop, as the shop receives it. */
  async function pay(payment: PaymentRequest, outcome: HostedPageOutcome) {
    const start = await adapter.start(payment);
    expect(start.kind).toBe("redirect");
    if (start.kind !== "redirect") throw new Error("unreachable");
    const page = await fetch(start.url);
    expect(page.status).toBe(200);
    const { action, fields } = formOf(await page.text());
    const answer = await fetch(action, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ ...fields, outcome }).toString(),
      redirect: "manual",
    });
    const tracker = safepayTrackerOf(start);
    if (answer.status === 302) {
      const location = new URL(answer.headers.get("location")!);
      const back: IncomingCallback = {
        method: "GET",
        headers: {},
        query: Object.fromEntries(location.searchParams),
        rawBody: "",
        contentType: undefined,
      };
      return { start, tracker, back, returnedTo: `${location.origin}${location.pathname}` };
    }
    const text = await answer.text();
    if (!text.includes("<form")) return { start, tracker, back: null, returnedTo: null, text };
    const form = formOf(text);
    const url = new URL(form.action);
    return {
      start,
      tracker,
      back: {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        query: Object.fromEntries(url.searchParams),
        rawBody: new URLSearchParams(form.fields).toString(),
        contentType: "application/x-www-form-urlencoded",
      } satisfies IncomingCallback,
      returnedTo: `${url.origin}${url.pathname}`,
    };
  }

  beforeAll(async () => {
    shop = await startNotifyServer();
    simulator = await startSafepaySimulator({ notifyUrl: shop.url });
    adapter = safepayProvider(settingsFor(simulator.url));
  });
  afterAll(async () => {
    await simulator?.close();
    await new Promise<void>((resolve) => shop?.server.close(() => resolve()));
  });
  beforeEach(() => simulator.fail("none"));

  it("opens a session and sends the shopper to the checkout with the tracker and our reference", async () => {
    const payment = request(123_456);
    const start = await adapter.start(payment);
    if (start.kind !== "redirect") throw new Error("Safepay starts with a redirect");
    const url = new URL(start.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${simulator.url}/components`);
    expect(url.searchParams.get("env")).toBe("sandbox");
    expect(url.searchParams.get("beacon")).toMatch(/^track_[0-9a-f-]{36}$/);
    expect(url.searchParams.get("order_id")).toBe(payment.reference);
    expect(url.searchParams.get("redirect_url")).toBe(RETURN_URL);
    const cancel = new URL(url.searchParams.get("cancel_url")!);
    expect(cancel.searchParams.get(SAFEPAY_CANCEL_PARAM)).toBe("1");
    expect(cancel.searchParams.get("provider")).toBe("safepay");
    const page = await (await fetch(start.url)).text();
    expect(page).toContain("PKR 1,234.56");
    expect(page).toContain(payment.reference);
  });

  it("pays: the signed return, the webhook and the status agree; refunds in part, in full, never above", async () => {
    const payment = request();
    const { back, tracker, returnedTo } = await pay(payment, "paid");
    expect(returnedTo).toBe("https://shop.example.pk/checkout/payment/return");
    const fromReturn = await adapter.readReturn(back!);
    expect(fromReturn).toMatchObject({
      reference: payment.reference,
      status: "paid",
      amount: 550_000,
      currency: "PKR",
      providerReference: tracker,
      message: "Safepay TRACKER_ENDED: the tracker has been paid",
    });
    expect(fromReturn.raw).toMatchObject({ tracker: expect.any(Object), order_id: payment.reference });

    const [notification, ...more] = notificationsFor(payment.reference);
    expect(more).toEqual([]);
    expect(notification!.callback.headers["x-sfpy-signature"]).toMatch(/^[0-9a-f]{128}$/);
    expect(await adapter.readNotification(notification!.callback)).toMatchObject({
      reference: payment.reference,
      status: "paid",
      amount: 550_000,
      currency: "PKR",
      providerReference: tracker,
    });
    expect(await adapter.query(payment.reference, tracker)).toMatchObject({
      reference: payment.reference,
      status: "paid",
      amount: 550_000,
      providerReference: tracker,
    });

    const refund = (amount: number, n: number) =>
      adapter.refund({
        reference: payment.reference,
        providerReference: tracker,
        amount,
        paymentAmount: payment.amount,
        refundReference: `${payment.reference}R${n}`,
        reason: "Returned item",
      });
    const first = await refund(150_000, 1);
    expect(first.providerReference).toMatch(/^refund_/);
    expect(first.raw).toMatchObject({ data: { tracker: { state: "TRACKER_PARTIAL_REFUND" } } });
    const refundNotice = notificationsFor(payment.reference).at(-1)!;
    expect(await adapter.readNotification(refundNotice.callback)).toMatchObject({
      status: "paid",
      amount: null,
      message: "Safepay refund:created: PARTIALLY REFUNDED, 1500 PKR refunded, 4000 left",
    });
    await expect(refund(400_001, 2)).rejects.toMatchObject({
      name: "PaymentProviderError",
      unsure: false,
      message: expect.stringMatching(/^Safepay: refund amount 400001 exceeds the refundable balance 400000/),
    });
    const rest = await refund(400_000, 3);
    expect(rest.raw).toMatchObject({ data: { tracker: { state: "TRACKER_REFUNDED" } } });
    expect(simulator.payments.get(payment.reference)!.refunded).toBe(550_000);
    await expect(refund(1, 4)).rejects.toMatchObject({ unsure: false, message: /TRACKER_REFUNDED/ });
    expect(await adapter.query(payment.reference, tracker)).toMatchObject({
      status: "paid",
      message: "Safepay TRACKER_REFUNDED: the payment has been fully refunded",
    });
  });

  it("fails: the webhook says why, the shopper comes back by the cancel URL and Safepay's status says failed", async () => {
    const payment = request();
    const { back, tracker } = await pay(payment, "failed");
    expect(await adapter.readReturn(back!)).toMatchObject({
      reference: payment.reference,
      status: "failed",
      amount: 550_000,
      providerReference: tracker,
    });
    const [notification] = notificationsFor(payment.reference);
    expect(await adapter.readNotification(notification!.callback)).toMatchObject({
      reference: payment.reference,
      status: "failed",
      providerReference: tracker,
      message: "Safepay error:occurred: 05 : Do not honour",
    });
    expect((await adapter.query(payment.reference, tracker)).status).toBe("failed");
    await expect(
      adapter.refund({
        reference: payment.reference,
        providerReference: tracker,
        amount: 100,
        paymentAmount: payment.amount,
        refundReference: "R",
        reason: "",
      }),
    ).rejects.toMatchObject({ unsure: false, message: /cannot refund tracker in state TRACKER_STARTED/ });
  });

  it("cancels: the unsigned cancel return is reported from Safepay's status; Safepay sends no webhook", async () => {
    const payment = request();
    const { back, tracker } = await pay(payment, "cancelled");
    expect(back!.query[SAFEPAY_CANCEL_PARAM]).toBe("1");
    expect(await adapter.readReturn(back!)).toMatchObject({
      reference: payment.reference,
      status: "cancelled",
      providerReference: tracker,
      message: "Safepay TRACKER_CANCELLED: the customer has cancelled the payment session",
    });
    expect(notificationsFor(payment.reference)).toEqual([]);
    expect((await adapter.query(payment.reference, tracker)).status).toBe("cancelled");
  });

  it("a cancel return for a tracker that was paid is reported paid (Safepay's word, not the URL's)", async () => {
    const payment = request();
    const { back } = await pay(payment, "paid");
    const fields = Object.fromEntries(new URLSearchParams(back!.rawBody));
    const forged = {
      ...back!,
      method: "GET",
      rawBody: "",
      query: { tracker: fields.tracker!, [SAFEPAY_CANCEL_PARAM]: "1" },
    };
    expect((await adapter.readReturn(forged)).status).toBe("paid");
  });

  it("pays without returning: nothing comes until the late webhook; the status says paid meanwhile", async () => {
    const payment = request(99_900);
    const { back, tracker } = await pay(payment, "no-callback");
    expect(back).toBeNull();
    expect(notificationsFor(payment.reference)).toEqual([]);
    expect(await adapter.query(payment.reference, tracker)).toMatchObject({ status: "paid", amount: 99_900 });
    expect(await simulator.notify(payment.reference)).toBe(200);
    const [late] = notificationsFor(payment.reference);
    expect(await adapter.readNotification(late!.callback)).toMatchObject({
      reference: payment.reference,
      status: "paid",
      amount: 99_900,
      providerReference: tracker,
    });
  });

  it("cannot ask about an attempt without its tracker", async () => {
    await expect(adapter.query("SPNOTRACKER", null)).rejects.toMatchObject({
      unsure: false,
      message: /tracker/,
    });
  });

  it("refuses an unknown tracker, a wrong secret and a wrong client key in Safepay's words", async () => {
    await expect(adapter.query("X", "track_00000000-0000-0000-0000-000000000000")).rejects.toMatchObject({
      unsure: false,
      message: "Safepay: tracker not found (the payment status, HTTP 404)",
    });
    const wrongSecret = safepayProvider({ ...settingsFor(simulator.url), secretKey: "wrong" });
    await expect(wrongSecret.query("X", "track_x")).rejects.toMatchObject({
      unsure: false,
      message: /^Safepay: invalid merchant secret/,
    });
    const wrongKey = safepayProvider({ ...settingsFor(simulator.url), apiKey: "sec_wrong" });
    await expect(wrongKey.start(request())).rejects.toMatchObject({
      unsure: false,
      message: /^Safepay: invalid client key/,
    });
    const page = await fetch(`${simulator.url}/components?env=sandbox&beacon=track_forged&order_id=A`);
    expect(page.status).toBe(404);
  });

  it.each([
    ["5xx", /^Safepay answered the payment status 503: Service Unavailable/],
    ["html", /^Safepay answered the payment status 200 without JSON: 502 Bad Gateway/],
    ["timeout", /^Safepay did not answer the payment status within 0.3 seconds/],
  ] as const)("a %s from Safepay's API is an unsure error", async (mode, words) => {
    const payment = request();
    const { tracker } = await pay(payment, "paid");
    const impatient = safepayProvider(settingsFor(simulator.url, 300));
    simulator.fail(mode);
    const error = await impatient.query(payment.reference, tracker).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentProviderError);
    expect(error).toMatchObject({ unsure: true, message: expect.stringMatching(words) });
    simulator.fail("none");
    expect((await impatient.query(payment.reference, tracker)).status).toBe("paid");
  });

  it("a failing session or refund call is unsure too (the refund may have been made)", async () => {
    simulator.fail("5xx");
    await expect(adapter.start(request())).rejects.toMatchObject({ unsure: true });
    const payment = request();
    const { tracker } = await pay(payment, "paid");
    simulator.fail("html");
    await expect(
      adapter.refund({
        reference: payment.reference,
        providerReference: tracker,
        amount: 100,
        paymentAmount: payment.amount,
        refundReference: "R1",
        reason: "",
      }),
    ).rejects.toMatchObject({ unsure: true });
  });
});
