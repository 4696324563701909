import { randomBytes } from "node:crypto";
import {
  EASYPAISA_HASHED_FIELDS,
  EASYPAISA_PATHS,
  easypaisaHashMatches,
  easypaisaPaisa,
} from "../easypaisa.ts";
import {
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
 * Easypaisa's hosted checkout as easypaisa.ts cites it, on this machine:
 * - `POST /easypay/Index.jsf` checks the store and merchantHashedReq (AES-ECB under the test hash key) and sends
 *   the browser to postBackURL?auth_token=…; a bad or missing hash gets an error page and records nothing;
 * - `POST /easypay/Confirm.jsf` (auth_token, postBackURL) shows the hosted page with the four outcomes;
 * - an outcome records the payment, calls the IPN URL (the `notifyUrl` option: Easypay's is set in its portal)
 *   with ?url=<this simulator>/easypay-service/rest/v1/order-status/<accountNum>/<orderRefNum>, then redirects the
 *   browser to postBackURL with success, status, desc and orderRefNumber;
 * - `GET /easypay-service/rest/v1/order-status/…` and `POST /easypay-service/rest/v4/inquire-transaction` answer
 *   from the payments map. Easypay has no refund API, so neither has the simulator.
 * A cancelled payment is FAILED to Easypay's APIs (they name no cancellation); only the return's desc says so.
 */

export const EASYPAISA_TEST_CREDENTIALS = {
  storeId: "43751",
  hashKey: "SIMULATOR0KEY016",
  username: "simulator-easypaisa",
  password: "simulator-easypaisa-password",
  accountNum: "654987321",
};

const OUTCOME_PATH = "/easypay/_simulator/outcome";

/** The browser return's words per outcome. Easypay publishes "0000" for success only; the rest are ours. */
const RETURNS = {
  paid: { success: "true", status: "0000", desc: "Transaction Successful" },
  failed: { success: "false", status: "0001", desc: "Transaction Failed" },
  cancelled: { success: "false", status: "0001", desc: "Transaction cancelled by the customer" },
} as const;

function transactionStatus(payment: SimulatedPayment): string {
  if (payment.status === "paid") return "PAID";
  if (payment.status === "started") return "PENDING";
  return "FAILED";
}

function errorPage(message: string): SimulatorAnswer {
  return html(
    `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Easypay</title></head><body>` +
      `<h1>Easypay</h1><p class="error">${escapeHtml(message)}</p></body></html>`,
  );
}

function withQuery(url: string, fields: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(fields)) target.searchParams.set(name, value);
  return target.href;
}

export async function startEasypaisaSimulator(
  options: { port?: number; host?: string; notifyUrl?: string } = {},
): Promise<PaymentSimulator> {
  const tokens = new Map<string, string>();
  const credentials = Buffer.from(
    `${EASYPAISA_TEST_CREDENTIALS.username}:${EASYPAISA_TEST_CREDENTIALS.password}`,
    "utf8",
  ).toString("base64");

  function orderStatusUrl(core: PaymentSimulatorCore, payment: SimulatedPayment): string {
    return `${core.url}${EASYPAISA_PATHS.orderStatus}/${EASYPAISA_TEST_CREDENTIALS.accountNum}/${encodeURIComponent(payment.reference)}`;
  }

  async function notify(payment: SimulatedPayment, core: PaymentSimulatorCore): Promise<number | null> {
    if (!payment.notifyUrl) return null;
    try {
      const response = await fetch(withQuery(payment.notifyUrl, { url: orderStatusUrl(core, payment) }), {
        method: "GET",
        signal: AbortSignal.timeout(5_000),
      });
      await response.arrayBuffer();
      return response.status;
    } catch {
      return null;
    }
  }

  function index(request: SimulatorHttpRequest, core: PaymentSimulatorCore): SimulatorAnswer {
    const form = request.form;
    if (form.storeId !== EASYPAISA_TEST_CREDENTIALS.storeId) return errorPage("Invalid Store ID.");
    const hashed = Object.fromEntries(EASYPAISA_HASHED_FIELDS.map((name) => [name, form[name]]));
    if (!easypaisaHashMatches(hashed, form.merchantHashedReq, EASYPAISA_TEST_CREDENTIALS.hashKey)) {
      return errorPage("Invalid request: merchantHashedReq does not match the request.");
    }
    const amount = /^\d+\.\d{1,2}$/.test(form.amount ?? "") ? easypaisaPaisa(form.amount) : null;
    if (!amount) return errorPage("Invalid amount.");
    const reference = form.orderRefNum ?? "";
    if (!/^[A-Za-z0-9]{1,20}$/.test(reference)) return errorPage("Invalid Order Reference Number.");
    if (core.payments.has(reference)) return errorPage("Order Reference Number already exists.");
    let returnUrl: string;
    try {
      returnUrl = new URL(form.postBackURL ?? "").href;
    } catch {
      return errorPage("Invalid postBackURL.");
    }
    core.payments.set(reference, {
      reference,
      amount,
      status: "started",
      providerReference: null,
      refunded: 0,
      fields: { ...form },
      returnUrl,
      notifyUrl: options.notifyUrl ?? null,
      startedAt: new Date(),
    });
    const token = randomBytes(18).toString("base64");
    tokens.set(token, reference);
    return redirect(withQuery(returnUrl, { auth_token: token }));
  }

  function confirm(request: SimulatorHttpRequest, core: PaymentSimulatorCore): SimulatorAnswer {
    const token = request.form.auth_token ?? "";
    const payment = core.payments.get(tokens.get(token) ?? "");
    if (payment?.status !== "started") return errorPage("Invalid or expired auth_token.");
    try {
      payment.returnUrl = new URL(request.form.postBackURL ?? "").href;
    } catch {
      return errorPage("Invalid postBackURL.");
    }
    return html(
      hostedPage({
        provider: "Easypaisa",
        amount: payment.amount,
        reference: payment.reference,
        action: `${core.url}${OUTCOME_PATH}`,
        hidden: { auth_token: token },
      }),
    );
  }

  async function outcome(
    request: SimulatorHttpRequest,
    core: PaymentSimulatorCore,
  ): Promise<SimulatorAnswer> {
    const token = request.form.auth_token ?? "";
    const payment = core.payments.get(tokens.get(token) ?? "");
    const chosen = request.form.outcome as HostedPageOutcome;
    if (payment?.status !== "started") return errorPage("Invalid or expired auth_token.");
    if (!(chosen in HOSTED_PAGE_OUTCOMES)) return errorPage("Choose an outcome.");
    tokens.delete(token);
    payment.providerReference = String(core.nextNumber());
    if (chosen === "no-callback") {
      payment.status = "paid";
      return html(
        `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Easypay</title></head><body>` +
          `<h1>Payment received</h1><p>Transaction ${escapeHtml(payment.providerReference)}.</p></body></html>`,
      );
    }
    payment.status = chosen;
    await notify(payment, core);
    return redirect(withQuery(payment.returnUrl, { ...RETURNS[chosen], orderRefNumber: payment.reference }));
  }

  function inquiry(request: SimulatorHttpRequest, core: PaymentSimulatorCore): SimulatorAnswer {
    const refuse = (responseCode: string, responseDesc: string) => json({ responseCode, responseDesc });
    if (request.headers.credentials !== credentials) return refuse("0010", "Invalid credentials");
    const { orderId, storeId, accountNum } = request.form;
    if (!orderId || !storeId || !accountNum) return refuse("0002", "Required field is missing");
    if (storeId !== EASYPAISA_TEST_CREDENTIALS.storeId) return refuse("0006", "Store does not exist");
    if (accountNum !== EASYPAISA_TEST_CREDENTIALS.accountNum) {
      return refuse("0004", "Merchant Account does not exist");
    }
    const payment = core.payments.get(orderId);
    if (!payment || payment.providerReference === null) return refuse("0003", "Invalid Order ID");
    return json({
      responseCode: "0000",
      responseDesc: "SUCCESS",
      orderId: payment.reference,
      storeId: Number(EASYPAISA_TEST_CREDENTIALS.storeId),
      storeName: "Simulator Store",
      accountNum: EASYPAISA_TEST_CREDENTIALS.accountNum,
      paymentToken: null,
      transactionId: payment.providerReference,
      transactionStatus: transactionStatus(payment),
      transactionAmount: payment.amount / 100,
      transactionDateTime: payment.startedAt.toISOString(),
      transactionPaidDateTime: payment.status === "paid" ? payment.startedAt.toISOString() : null,
      msisdn: payment.fields.mobileNum ?? null,
      paymentMode: "MA",
    });
  }

  function orderStatus(request: SimulatorHttpRequest, core: PaymentSimulatorCore): SimulatorAnswer {
    const [account, reference] = request.url.pathname
      .slice(EASYPAISA_PATHS.orderStatus.length + 1)
      .split("/");
    const payment = core.payments.get(decodeURIComponent(reference ?? ""));
    if (account !== EASYPAISA_TEST_CREDENTIALS.accountNum || !payment) {
      return json({ message: "Order not found" }, 404);
    }
    return json({
      order_id: payment.reference,
      store_id: EASYPAISA_TEST_CREDENTIALS.storeId,
      transaction_id: payment.providerReference,
      transaction_amount: payment.amount / 100,
      transaction_status: transactionStatus(payment),
      payment_method: "MA",
    });
  }

  return startPaymentSimulator({
    apiPaths: ["/easypay-service/"],
    port: options.port,
    host: options.host,
    notify,
    handle(request, core) {
      const path = request.url.pathname;
      if (request.method === "POST" && path === EASYPAISA_PATHS.index) return index(request, core);
      if (request.method === "POST" && path === EASYPAISA_PATHS.confirm) return confirm(request, core);
      if (request.method === "POST" && path === OUTCOME_PATH) return outcome(request, core);
      if (request.method === "POST" && path === EASYPAISA_PATHS.inquiry) return inquiry(request, core);
      if (request.method === "GET" && path.startsWith(`${EASYPAISA_PATHS.orderStatus}/`)) {
        return orderStatus(request, core);
      }
      return json({ message: `No route ${request.method} ${path}` }, 404);
    },
  });
}
