import { randomUUID } from "node:crypto";
import { safepayReturnSignature, safepayWebhookSignature } from "../safepay.ts";
import {
  autoPostPage,
  escapeHtml,
  HOSTED_PAGE_OUTCOMES,
  type HostedPageOutcome,
  hostedPage,
  html,
  json,
  type PaymentSimulator,
  type PaymentSimulatorCore,
  redirect,
  type SimulatedPayment,
  type SimulatorAnswer,
  type SimulatorHttpRequest,
  startPaymentSimulator,
} from "./payment-simulator-kit.ts";

/**
 * Safepay's hosted checkout, played locally (docs/decisions/0052-safepay.md; the protocol is in ../safepay.ts):
 *
 * - `POST /order/v1/init` { client, amount (rupees), currency, environment } → a tracker, for the test client key;
 * - `GET /components?env&beacon&order_id&redirect_url&cancel_url…`: the hosted page, for a tracker it opened
 *   under the same environment (anything else is refused, as Safepay refuses an unknown beacon);
 * - the page's outcome: paid → webhook payment:created, then the browser is auto-posted to redirect_url with
 *   tracker, token, ref, order_id and sig; failed → webhook error:occurred (the declined attempt stays on the
 *   open tracker) and the shopper leaves by cancel_url; cancelled → TRACKER_CANCELLED and cancel_url, no webhook
 *   (Safepay has no event for it); no-callback → paid, nothing sent;
 * - `GET /reporter/api/v1/payments/{tracker}` and `POST /order/payments/v3/{tracker}/refund` behind
 *   X-SFPY-MERCHANT-SECRET; a refund sends the webhook refund:created.
 *
 * Safepay registers the webhook endpoint on its dashboard, so the notify URL is the simulator's option only.
 * Refusal wordings are the simulator's own: Safepay does not publish its error texts.
 */

/** The test merchant's keys (the adapter's credential fields). */
export const SAFEPAY_TEST_CREDENTIALS = {
  apiKey: "sec_5c1b3c2e-8f0a-4d7e-9b6a-2f4e1d0c9a77",
  secretKey: "0f8c2a6b1e9d4f7a3c5b8e2d6a1f9c4b7e3d0a5c8b2f6e1d9a4c7b3e0f5a8d2c",
  webhookSecret: "6e2d9b4a7c1f8e3d5a0b6c9f2e4d7a1b8c3f5e0d9a6b2c7f4e1d8a3b5c0f9e6d",
} as const;

interface Tracker {
  token: string;
  client: string;
  environment: string;
  /** Paisa. */
  amount: number;
  reference: string | null;
  state: string;
  attempts: { is_success: boolean; message?: string; created_at: string }[];
  refunds: { token: string; totals: { currency: string; amount: number }; created_at: string }[];
  createdAt: Date;
}

const rupeesText = (paisa: number) => String(paisa / 100);

function errorBody(message: string, ...errors: string[]) {
  return { data: null, status: { errors: errors.length > 0 ? errors : [message], message } };
}

function errorPage(title: string, words: string, status: number): SimulatorAnswer {
  return html(
    `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
      `<body><h1>${escapeHtml(title)}</h1><p>${escapeHtml(words)}</p></body></html>`,
    status,
  );
}

/** Safepay's notification tokens look like "C5A5APSBCV41R2QF2MHG". */
const notificationToken = () =>
  `C${randomUUID().replace(/-/g, "").slice(0, 19).toUpperCase()}`.replace(/[^A-Z0-9]/g, "0");

export async function startSafepaySimulator(
  options: { port?: number; host?: string; notifyUrl?: string } = {},
): Promise<PaymentSimulator> {
  const trackers = new Map<string, Tracker>();

  const trackerBody = (tracker: Tracker) => {
    const totals = { currency: "PKR", amount: tracker.amount };
    const refunded = tracker.refunds.reduce((sum, refund) => sum + refund.totals.amount, 0);
    const charged = ["TRACKER_ENDED", "TRACKER_PARTIAL_REFUND", "TRACKER_REFUNDED"].includes(tracker.state);
    return {
      token: tracker.token,
      client: { api_key: tracker.client },
      environment: tracker.environment,
      state: tracker.state,
      intent: "CYBERSOURCE",
      mode: "payment",
      metadata: tracker.reference
        ? { order_id: { value: tracker.reference }, source: { value: "custom" } }
        : null,
      purchase_totals: {
        quote_amount: totals,
        base_amount: totals,
        conversion_rate: { base_currency: "PKR", quote_currency: "PKR", rate: 1 },
      },
      charge: charged
        ? {
            amount: totals,
            balance: { currency: "PKR", amount: tracker.amount - refunded },
            cybersource_refunds: tracker.refunds,
          }
        : null,
      attempts: tracker.attempts,
      created_at: tracker.createdAt.toISOString(),
    };
  };

  async function post(notifyUrl: string, data: Record<string, unknown>): Promise<number | null> {
    const body = JSON.stringify({ data });
    try {
      const response = await fetch(notifyUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "X-SFPY-SIGNATURE": safepayWebhookSignature(
            JSON.stringify(data),
            SAFEPAY_TEST_CREDENTIALS.webhookSecret,
          ),
        },
        body,
        signal: AbortSignal.timeout(5000),
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return null;
    }
  }

  function envelope(type: string, notifyUrl: string, notification: Record<string, unknown>) {
    const now = new Date();
    return {
      token: notificationToken(),
      client_id: SAFEPAY_TEST_CREDENTIALS.apiKey,
      type,
      endpoint: notifyUrl,
      notification,
      delivery_attempts: 1,
      resource: "notification",
      next_attempt_at: new Date(now.getTime() + 48 * 3600_000).toISOString().replace(/\.\d{3}Z$/, "Z"),
      created_at: now.toISOString().replace(/\.\d{3}Z$/, "Z"),
    };
  }

  async function notify(payment: SimulatedPayment): Promise<number | null> {
    const tracker = payment.providerReference ? trackers.get(payment.providerReference) : undefined;
    if (!payment.notifyUrl || !tracker) return null;
    const metadata = { order_id: payment.reference, source: payment.fields.source ?? "custom" };
    if (payment.status === "paid") {
      const fee = Math.round(payment.amount * 0.0328);
      return post(
        payment.notifyUrl,
        envelope("payment:created", payment.notifyUrl, {
          tracker: tracker.token,
          intent: "CYBERSOURCE",
          fee: rupeesText(fee),
          net: rupeesText(payment.amount - fee),
          user: "shopper@example.pk",
          state: "PAID",
          amount: rupeesText(payment.amount),
          currency: "PKR",
          metadata,
        }),
      );
    }
    if (payment.status === "failed") {
      return post(
        payment.notifyUrl,
        envelope("error:occurred", payment.notifyUrl, {
          tracker: tracker.token,
          intent: "CYBERSOURCE",
          message: tracker.attempts.at(-1)?.message ?? "05 : Do not honour",
          metadata,
        }),
      );
    }
    // Started or cancelled: Safepay has no event to send.
    return null;
  }

  function notifyRefund(payment: SimulatedPayment, tracker: Tracker, amount: number) {
    if (!payment.notifyUrl) return Promise.resolve(null);
    const left = payment.amount - payment.refunded;
    return post(
      payment.notifyUrl,
      envelope("refund:created", payment.notifyUrl, {
        tracker: tracker.token,
        intent: "CYBERSOURCE",
        user: "shopper@example.pk",
        state: left === 0 ? "REFUNDED" : "PARTIALLY REFUNDED",
        amount: rupeesText(amount),
        balance: rupeesText(left),
        currency: "PKR",
        metadata: { order_id: payment.reference, source: payment.fields.source ?? "custom" },
      }),
    );
  }

  const authorised = (request: SimulatorHttpRequest) =>
    request.headers["x-sfpy-merchant-secret"] === SAFEPAY_TEST_CREDENTIALS.secretKey;

  function init(request: SimulatorHttpRequest): SimulatorAnswer {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.rawBody) as Record<string, unknown>;
    } catch {
      return json(errorBody("bad request", "request body is not JSON"), 400);
    }
    if (body.client !== SAFEPAY_TEST_CREDENTIALS.apiKey) {
      return json(errorBody("unauthorized", "invalid client key"), 401);
    }
    if (body.environment !== "sandbox" && body.environment !== "production") {
      return json(errorBody("bad request", "environment must be sandbox or production"), 400);
    }
    if (body.currency !== "PKR") return json(errorBody("bad request", "unsupported currency"), 400);
    const rupees = body.amount;
    const paisa = typeof rupees === "number" ? Math.round(rupees * 100) : Number.NaN;
    if (!(paisa > 0) || Math.abs(paisa - (rupees as number) * 100) > 1e-6) {
      return json(errorBody("bad request", "amount must be a positive number of rupees"), 400);
    }
    const tracker: Tracker = {
      token: `track_${randomUUID()}`,
      client: String(body.client),
      environment: body.environment,
      amount: paisa,
      reference: null,
      state: "TRACKER_STARTED",
      attempts: [],
      refunds: [],
      createdAt: new Date(),
    };
    trackers.set(tracker.token, tracker);
    const stamp = tracker.createdAt.toISOString().replace(/\.\d{3}Z$/, "Z");
    return json({
      data: {
        token: tracker.token,
        created_at: stamp,
        updated_at: stamp,
        user: "",
        billing: "",
        client: tracker.client,
        environment: tracker.environment,
        state: tracker.state,
        state_reason: "",
        amount: rupees,
        currency: "PKR",
        default_currency: "PKR",
        conversion_rate: 1,
      },
      status: { errors: [], message: "success" },
    });
  }

  function checkoutPage(request: SimulatorHttpRequest, core: PaymentSimulatorCore): SimulatorAnswer {
    const query = Object.fromEntries(request.url.searchParams);
    const tracker = trackers.get(query.beacon ?? "");
    if (!tracker) return errorPage("Safepay", "This payment link is invalid or has expired.", 404);
    if (query.env !== tracker.environment) {
      return errorPage("Safepay", `This payment was not created in the ${query.env ?? ""} environment.`, 400);
    }
    const reference = query.order_id ?? "";
    if (!reference || !query.redirect_url || !query.cancel_url) {
      return errorPage("Safepay", "The order id, redirect_url and cancel_url are required.", 400);
    }
    if (tracker.reference !== null && tracker.reference !== reference) {
      return errorPage("Safepay", "This payment belongs to another order.", 409);
    }
    const existing = core.payments.get(reference);
    if (existing && existing.providerReference !== tracker.token) {
      return errorPage("Safepay", `Order ${reference} is already being paid under another tracker.`, 409);
    }
    tracker.reference = reference;
    if (!existing) {
      core.payments.set(reference, {
        reference,
        amount: tracker.amount,
        status: "started",
        providerReference: tracker.token,
        refunded: 0,
        fields: { ...query, client: tracker.client, amount: rupeesText(tracker.amount), currency: "PKR" },
        returnUrl: query.redirect_url,
        notifyUrl: options.notifyUrl ?? null,
        startedAt: new Date(),
      });
    }
    if (tracker.state !== "TRACKER_STARTED") {
      return errorPage("Safepay", "This payment has already been completed.", 409);
    }
    return html(
      hostedPage({
        provider: "Safepay",
        amount: tracker.amount,
        reference,
        action: `${core.url}/components/outcome`,
        hidden: { beacon: tracker.token },
      }),
    );
  }

  async function outcome(
    request: SimulatorHttpRequest,
    core: PaymentSimulatorCore,
  ): Promise<SimulatorAnswer> {
    const tracker = trackers.get(request.form.beacon ?? "");
    const payment = tracker?.reference ? core.payments.get(tracker.reference) : undefined;
    if (!tracker || !payment)
      return errorPage("Safepay", "This payment link is invalid or has expired.", 404);
    const choice = request.form.outcome as HostedPageOutcome;
    if (!(choice in HOSTED_PAGE_OUTCOMES)) return errorPage("Safepay", "Choose what happens.", 400);
    if (payment.status !== "started" || tracker.state !== "TRACKER_STARTED") {
      return errorPage("Safepay", "This payment has already been completed.", 409);
    }
    const now = new Date().toISOString();
    const cancelUrl = payment.fields.cancel_url ?? payment.returnUrl;
    if (choice === "failed") {
      payment.status = "failed";
      tracker.attempts.push({ is_success: false, message: "05 : Do not honour", created_at: now });
      await notify(payment);
      return redirect(cancelUrl);
    }
    if (choice === "cancelled") {
      payment.status = "cancelled";
      tracker.state = "TRACKER_CANCELLED";
      return redirect(cancelUrl);
    }
    payment.status = "paid";
    tracker.state = "TRACKER_ENDED";
    tracker.attempts.push({ is_success: true, created_at: now });
    if (choice === "no-callback") {
      return errorPage("Safepay", "Paid. The simulator sends no return and no webhook until told to.", 200);
    }
    await notify(payment);
    return html(
      autoPostPage(payment.returnUrl, {
        tracker: tracker.token,
        token: notificationToken(),
        ref: String(core.nextNumber()).slice(-6),
        order_id: payment.reference,
        sig: safepayReturnSignature(tracker.token, SAFEPAY_TEST_CREDENTIALS.secretKey),
      }),
    );
  }

  async function refund(
    request: SimulatorHttpRequest,
    core: PaymentSimulatorCore,
    token: string,
  ): Promise<SimulatorAnswer> {
    const tracker = trackers.get(token);
    if (!tracker) return json(errorBody("not found", "tracker not found"), 404);
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.rawBody) as Record<string, unknown>;
    } catch {
      return json(errorBody("bad request", "request body is not JSON"), 400);
    }
    const payment = tracker.reference ? core.payments.get(tracker.reference) : undefined;
    if (!payment || !["TRACKER_ENDED", "TRACKER_PARTIAL_REFUND"].includes(tracker.state)) {
      return json(errorBody("bad request", `cannot refund tracker in state ${tracker.state}`), 400);
    }
    const amount = body.amount;
    if (typeof amount !== "number" || !Number.isSafeInteger(amount) || amount <= 0) {
      return json(
        errorBody("bad request", "amount must be a positive integer in the lowest denomination"),
        400,
      );
    }
    if (body.currency !== "PKR")
      return json(errorBody("bad request", "currency does not match the payment"), 400);
    const left = payment.amount - payment.refunded;
    if (amount > left) {
      return json(
        errorBody("bad request", `refund amount ${amount} exceeds the refundable balance ${left}`),
        400,
      );
    }
    payment.refunded += amount;
    tracker.refunds.push({
      token: `refund_${randomUUID()}`,
      totals: { currency: "PKR", amount },
      created_at: new Date().toISOString(),
    });
    tracker.state = payment.refunded === payment.amount ? "TRACKER_REFUNDED" : "TRACKER_PARTIAL_REFUND";
    await notifyRefund(payment, tracker, amount);
    return json({
      data: {
        tracker: {
          ...trackerBody(tracker),
          next_actions: { CYBERSOURCE: { kind: "NOOP", request_id: `req_${randomUUID()}` } },
        },
        action: {},
      },
      status: { errors: [], message: "success" },
    });
  }

  return startPaymentSimulator({
    apiPaths: ["/order/", "/reporter/"],
    port: options.port,
    host: options.host,
    notify: (payment) => notify(payment),
    async handle(request, core) {
      const path = request.url.pathname.replace(/\/+$/, "") || "/";
      if (path === "/order/v1/init" && request.method === "POST") return init(request);
      if (path === "/components" && request.method === "GET") return checkoutPage(request, core);
      if (path === "/components/outcome" && request.method === "POST") return outcome(request, core);
      const reporter = /^\/reporter\/api\/v1\/payments\/([^/]+)$/.exec(path);
      const refunding = /^\/order\/payments\/v3\/([^/]+)\/refund$/.exec(path);
      if ((reporter && request.method === "GET") || (refunding && request.method === "POST")) {
        if (!authorised(request)) return json(errorBody("unauthorized", "invalid merchant secret"), 401);
        const token = decodeURIComponent((reporter ?? refunding)?.[1] ?? "");
        if (refunding) return refund(request, core, token);
        const tracker = trackers.get(token);
        if (!tracker) return json(errorBody("not found", "tracker not found"), 404);
        return json({ ok: true, data: trackerBody(tracker) });
      }
      return json(errorBody("not found", `no route ${request.method} ${path}`), 404);
    },
  });
}
