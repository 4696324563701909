import { createHmac, timingSafeEqual } from "node:crypto";
import { callJson, gist } from "../outbound-http.ts";
import {
  type IncomingCallback,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentReport,
  type PaymentRequest,
  PaymentSignatureError,
  type PaymentStart,
  type RefundRequest,
  type RefundResult,
} from "./provider.ts";

/**
 * Safepay's hosted card checkout (docs/decisions/0052-safepay.md), as its public sources describe it:
 *
 * - Sources: Safepay's docs (https://safepay-docs.netlify.app: concepts/tracker-states, modify-payments/refund;
 *   getsafepay/safepay-docs webhooks/02-webhooks-payload.md), its SDKs (getsafepay/safepay-node
 *   src/resources/{payments,checkout,verify}.ts, src/utils/constants.ts and README.md; getsafepay/safepay-python
 *   src/resources/verify.py; getsafepay/safepay-php src/Verify.php; getsafepay/node-core
 *   src/RequestSender.ts, src/resources/Order/Cancel.ts, src/resources/Reporter/Payments.ts) and its integration
 *   gist (https://gist.github.com/ziyadparekh/e8fe9ec15a443c64231b641a6948c08d).
 * - start: `POST {apiUrl}/order/v1/init` JSON { client: API key, amount: RUPEES as a number (1000.5), currency
 *   "PKR", environment } → { data: { token: "track_…" (the tracker) }, status: { errors: [], message } }; then the
 *   shopper is redirected to `{checkoutUrl}?env&beacon=<tracker>&source=custom&order_id=<our reference>
 *   &redirect_url&cancel_url&webhooks=true` (safepay-node checkout.ts).
 * - Return: Safepay POSTs a form to redirect_url with tracker, token, ref, order_id and
 *   `sig` = hex HMAC-SHA256(tracker) under the secret key. The signature proves the tracker only, so the
 *   adapter then asks Safepay about that tracker (below) and reports what Safepay answers; the posted order_id and
 *   everything else unsigned is kept in `raw` only. The cancel_url is the shop's own return URL with
 *   `safepay_cancel=1` and the tracker: it carries no signature, so it is reported only from Safepay's answer too.
 * - Webhook (endpoint registered on Safepay's dashboard; the request does not carry it): JSON
 *   { data: { type: "payment:created" | "refund:created" | "error:occurred", notification: { tracker, state,
 *   amount: RUPEES as text, currency, metadata: { order_id } , message } } }, header `X-SFPY-SIGNATURE` = hex
 *   HMAC-SHA512 of JSON.stringify(data) under the webhook secret (docs, python and PHP SDKs). The older safepay-node
 *   verify.ts hashes the whole body instead; both forms are accepted. Safepay documents no answer body.
 * - Status: `GET {apiUrl}/reporter/api/v1/payments/{tracker}` with header `X-SFPY-MERCHANT-SECRET: <secret key>`
 *   → { data: <tracker> } (some answers nest it as data.tracker; both are read): state (TRACKER_ENDED = paid…),
 *   purchase_totals.quote_amount { currency, amount in PAISA (the lowest denomination) }, metadata.order_id.
 * - Refund: `POST {apiUrl}/order/payments/v3/{tracker}/refund`, same header, JSON { currency, amount in PAISA }
 *   → { data: { tracker: { state: TRACKER_PARTIAL_REFUND | TRACKER_REFUNDED … }, action }, status }. Safepay takes
 *   no idempotency key for refunds.
 */

const NAME = "Safepay";

export interface SafepaySettings {
  /** The public client key ("sec_…"), sent as init's `client`. SAFEPAY_API_KEY. */
  apiKey: string;
  /** Signs the return (`sig`) and authenticates API calls (X-SFPY-MERCHANT-SECRET). SAFEPAY_SECRET_KEY. */
  secretKey: string;
  /** Signs the webhooks (X-SFPY-SIGNATURE). SAFEPAY_WEBHOOK_SECRET. */
  webhookSecret: string;
  /** SAFEPAY_ENVIRONMENT. */
  environment: "sandbox" | "production";
  /** https://sandbox.api.getsafepay.com or https://api.getsafepay.com (SAFEPAY_URL overrides). */
  apiUrl: string;
  /** https://sandbox.api.getsafepay.com/components or https://getsafepay.com/components. */
  checkoutUrl: string;
  timeoutMs: number;
}

export const SAFEPAY_URLS = {
  sandbox: {
    apiUrl: "https://sandbox.api.getsafepay.com",
    checkoutUrl: "https://sandbox.api.getsafepay.com/components",
  },
  production: { apiUrl: "https://api.getsafepay.com", checkoutUrl: "https://getsafepay.com/components" },
} as const;

/** The URLs for an environment; SAFEPAY_URL (a simulator, say) serves both the API and `/components`. */
export function safepayUrls(
  environment: "sandbox" | "production",
  url?: string,
): { apiUrl: string; checkoutUrl: string } {
  if (!url) return { ...SAFEPAY_URLS[environment] };
  const base = url.replace(/\/+$/, "");
  return { apiUrl: base, checkoutUrl: `${base}/components` };
}

/** The query parameter that marks the shop's cancel_url (Safepay sends the shopper there without a signature). */
export const SAFEPAY_CANCEL_PARAM = "safepay_cancel";

/** Safepay's tracker states (concepts/tracker-states) → the shop's statuses, with Safepay's words. */
export const SAFEPAY_TRACKER_STATES: Record<string, { status: PaymentReport["status"]; words: string }> = {
  TRACKER_STARTED: { status: "pending", words: "payment actions may be performed" },
  TRACKER_ENROLLED: { status: "pending", words: "the enrollment check has been performed" },
  TRACKER_AUTHORIZED: { status: "pending", words: "an authorization may now be captured" },
  TRACKER_ENDED: { status: "paid", words: "the tracker has been paid" },
  // Refunds and disputes come after a payment: the attempt was paid; refunds are the shop's own records.
  TRACKER_PARTIAL_REFUND: { status: "paid", words: "the payment has been partially refunded" },
  TRACKER_REFUNDED: { status: "paid", words: "the payment has been fully refunded" },
  TRACKER_DISPUTED: { status: "paid", words: "a dispute has been recorded against the payment" },
  TRACKER_CANCELLED: { status: "cancelled", words: "the customer has cancelled the payment session" },
  TRACKER_EXPIRED: { status: "cancelled", words: "the tracker has expired" },
  TRACKER_REVERSED: { status: "failed", words: "the authorization has been reversed" },
  TRACKER_VOIDED: { status: "failed", words: "the payment has been voided" },
};

/** Webhook `notification.state` for a payment:created (docs: "PAID"). */
const PAID_NOTIFICATION_STATES = new Set(["PAID", "TRACKER_ENDED"]);

/** The return's `sig`: hex HMAC-SHA256 of the tracker under the secret key (safepay-node verify.ts). */
export function safepayReturnSignature(tracker: string, secretKey: string): string {
  return createHmac("sha256", secretKey).update(tracker, "utf8").digest("hex");
}

/** The webhook's X-SFPY-SIGNATURE: hex HMAC-SHA512 of the JSON text under the webhook secret. */
export function safepayWebhookSignature(json: string, webhookSecret: string): string {
  return createHmac("sha512", webhookSecret).update(json, "utf8").digest("hex");
}

/** Constant-time comparison of two hex signatures (case-insensitive). */
function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected.toLowerCase(), "utf8");
  const b = Buffer.from(given.trim().toLowerCase(), "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Paisa → the rupees number Safepay's v1 init takes (12345 → 123.45; exact: n/100 prints as the decimal). */
export function rupeesFromPaisa(paisa: number): number {
  if (!Number.isSafeInteger(paisa) || paisa <= 0) throw new RangeError(`Not an amount in paisa: ${paisa}`);
  return paisa / 100;
}

/** Rupees as Safepay writes them ("150", "4.92", 1000.5) → paisa, exactly; null when it is not an amount. */
export function paisaFromRupees(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  const match = /^(\d+)(?:\.(\d{1,2})0*)?$/.exec(text);
  if (!match) return null;
  const paisa = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(paisa) ? paisa : null;
}

/** The tracker a start sends the shopper to (the `beacon`): what the shop keeps for query and refund. */
export function safepayTrackerOf(start: PaymentStart): string | null {
  if (start.kind !== "redirect") return null;
  try {
    return new URL(start.url).searchParams.get("beacon");
  } catch {
    return null;
  }
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === "object" && !Array.isArray(value);

const objectAt = (value: unknown, key: string): Json => {
  const field = isObject(value) ? value[key] : undefined;
  return isObject(field) ? field : {};
};

const textAt = (value: unknown, key: string): string => {
  const field = isObject(value) ? value[key] : undefined;
  return typeof field === "string" || typeof field === "number" ? String(field) : "";
};

/** The order id Safepay keeps on a tracker: `metadata.order_id` as text or as { value }. */
function orderIdOf(tracker: Json): string {
  const metadata = objectAt(tracker, "metadata");
  const field = metadata.order_id;
  if (typeof field === "string" || typeof field === "number") return String(field);
  return textAt(field, "value");
}

/** The first words of an answer that is not Safepay's JSON (an HTML error page, say). */

/** Safepay's words for a refusal: status.errors, else message / error. */
function refusalWords(body: unknown): string {
  const status = objectAt(body, "status");
  const errors = Array.isArray(status.errors) ? status.errors : [];
  const words = errors.map((error) => (typeof error === "string" ? error : JSON.stringify(error)));
  if (words.length > 0) return words.join("; ");
  return textAt(body, "message") || textAt(body, "error") || textAt(status, "message") || "no reason given";
}

/** Fields of a form body (the return is posted as application/x-www-form-urlencoded). */
function formFields(callback: IncomingCallback): Record<string, string> {
  if (!callback.rawBody) return {};
  if (callback.contentType?.includes("application/json")) {
    try {
      const value = JSON.parse(callback.rawBody) as unknown;
      if (!isObject(value)) return {};
      return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, String(field ?? "")]));
    } catch {
      return {};
    }
  }
  return Object.fromEntries(new URLSearchParams(callback.rawBody));
}

function header(callback: IncomingCallback, name: string): string {
  const key = Object.keys(callback.headers).find((candidate) => candidate.toLowerCase() === name);
  return (key && callback.headers[key]) || "";
}

/** JSON with every non-ASCII character escaped (\u00e9), as PHP's json_encode and Python's json.dumps write it. */
const asciiJson = (json: string) =>
  json.replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);

export function safepayProvider(settings: SafepaySettings): PaymentProvider {
  const apiUrl = settings.apiUrl.replace(/\/+$/, "");

  async function call(
    what: string,
    path: string,
    init: { method: "GET" | "POST"; body?: unknown; secret?: boolean },
  ): Promise<{ status: number; body: Json }> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (init.body !== undefined) headers["content-type"] = "application/json";
    if (init.secret) headers["x-sfpy-merchant-secret"] = settings.secretKey;
    const { status, body, text } = await callJson({
      service: NAME,
      url: `${apiUrl}${path}`,
      init: {
        method: init.method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      },
      timeoutMs: settings.timeoutMs,
      fail: (message, unsure) => new PaymentProviderError(message, unsure),
      what,
      tenths: true,
      words: (json) => refusalWords(json),
    });
    if (!isObject(body)) {
      throw new PaymentProviderError(`${NAME} answered ${what} with ${gist(text)}`, true);
    }
    if (status >= 400) {
      throw new PaymentProviderError(`${NAME}: ${refusalWords(body)} (${what}, HTTP ${status})`, false);
    }
    const errors = objectAt(body, "status").errors;
    if (Array.isArray(errors) && errors.length > 0) {
      throw new PaymentProviderError(`${NAME}: ${refusalWords(body)} (${what})`, false);
    }
    return { status, body };
  }

  /** The reporter's view of a tracker (GET /reporter/api/v1/payments/{tracker}). */
  async function fetchTracker(tracker: string): Promise<Json> {
    const { body } = await call(
      "the payment status",
      `/reporter/api/v1/payments/${encodeURIComponent(tracker)}`,
      {
        method: "GET",
        secret: true,
      },
    );
    const data = objectAt(body, "data");
    const nested = objectAt(data, "tracker");
    const found = textAt(nested, "token") ? nested : data;
    if (!textAt(found, "state")) {
      throw new PaymentProviderError(`${NAME} answered the payment status without a tracker state.`, true);
    }
    if (textAt(found, "token") && textAt(found, "token") !== tracker) {
      throw new PaymentProviderError(
        `${NAME} answered about tracker ${textAt(found, "token")} when asked about ${tracker}.`,
        true,
      );
    }
    return found;
  }

  /** A report from Safepay's own answer about a tracker. */
  function trackerReport(tracker: string, data: Json, fallbackReference: string | null): PaymentReport {
    const state = textAt(data, "state");
    const known = SAFEPAY_TRACKER_STATES[state];
    let status: PaymentReport["status"] = known?.status ?? "pending";
    const attempts = Array.isArray(data.attempts) ? data.attempts : [];
    const last = attempts.at(-1);
    if (status === "pending" && isObject(last) && last.is_success === false) status = "failed";
    const quote = objectAt(objectAt(data, "purchase_totals"), "quote_amount");
    const amount =
      typeof quote.amount === "number" && Number.isSafeInteger(quote.amount) ? quote.amount : null;
    const words = known ? known.words : "a state this shop does not know";
    const attemptWords = status === "failed" && isObject(last) ? textAt(last, "message") : "";
    return {
      reference: orderIdOf(data) || fallbackReference || "",
      status,
      amount,
      currency: textAt(quote, "currency") || null,
      providerReference: tracker,
      message: `${NAME} ${state || "(no state)"}: ${words}${attemptWords ? ` (${attemptWords})` : ""}`,
      raw: data,
    };
  }

  return {
    id: "safepay",
    name: "Debit or credit card",

    async start(request: PaymentRequest): Promise<PaymentStart> {
      if (request.currency !== "PKR")
        throw new PaymentProviderError(`${NAME}: this shop charges PKR only.`, false);
      const { body } = await call("the payment session", "/order/v1/init", {
        method: "POST",
        body: {
          client: settings.apiKey,
          amount: rupeesFromPaisa(request.amount),
          currency: request.currency,
          environment: settings.environment,
        },
      });
      const tracker = textAt(objectAt(body, "data"), "token");
      if (!tracker)
        throw new PaymentProviderError(`${NAME} opened a payment session but sent no tracker.`, true);
      const cancelUrl = new URL(request.returnUrl);
      cancelUrl.searchParams.set(SAFEPAY_CANCEL_PARAM, "1");
      cancelUrl.searchParams.set("tracker", tracker);
      cancelUrl.searchParams.set("order_id", request.reference);
      const url = new URL(settings.checkoutUrl);
      for (const [key, value] of Object.entries({
        env: settings.environment,
        beacon: tracker,
        source: "custom",
        order_id: request.reference,
        redirect_url: request.returnUrl,
        cancel_url: cancelUrl.toString(),
        webhooks: "true",
      })) {
        url.searchParams.set(key, value);
      }
      return { kind: "redirect", url: url.toString() };
    },

    async readReturn(callback: IncomingCallback): Promise<PaymentReport> {
      const fields = { ...callback.query, ...formFields(callback) };
      const tracker = fields.tracker ?? "";
      const sig = fields.sig ?? "";
      const cancelled = fields[SAFEPAY_CANCEL_PARAM] === "1";
      if (!tracker) throw new PaymentSignatureError(`${NAME} return without a tracker.`);
      if (sig) {
        if (!sameSignature(safepayReturnSignature(tracker, settings.secretKey), sig)) {
          throw new PaymentSignatureError(
            `${NAME} return whose signature does not verify (tracker ${tracker}).`,
          );
        }
      } else if (!cancelled) {
        throw new PaymentSignatureError(`${NAME} return without a signature (tracker ${tracker}).`);
      }
      // The signature proves the tracker only (and the cancel return proves nothing): Safepay says the rest.
      const data = await fetchTracker(tracker);
      const report = trackerReport(tracker, data, null);
      if (cancelled && report.status === "pending") {
        report.status = "cancelled";
        report.message = `${report.message}; the shopper left Safepay's page`;
      }
      if (!report.reference) {
        // Never the posted order_id: it is unsigned, and a signed tracker could be replayed under another order.
        report.reference = fields.order_id ?? "";
        report.status = "pending";
        report.message = `${report.message}; Safepay's answer names no order, so the webhook decides`;
      }
      report.raw = { ...fields, tracker: data };
      return report;
    },

    async readNotification(callback: IncomingCallback): Promise<PaymentReport> {
      const signature = header(callback, "x-sfpy-signature");
      if (!signature) throw new PaymentSignatureError(`${NAME} webhook without an X-SFPY-SIGNATURE header.`);
      let body: unknown;
      try {
        body = JSON.parse(callback.rawBody);
      } catch {
        throw new PaymentSignatureError(`${NAME} webhook whose body is not JSON.`);
      }
      if (!isObject(body) || !isObject(body.data)) {
        throw new PaymentSignatureError(`${NAME} webhook without its data.`);
      }
      const dataJson = JSON.stringify(body.data);
      const candidates = new Set([dataJson, asciiJson(dataJson), JSON.stringify(body)]);
      const verified = [...candidates].some((json) =>
        sameSignature(safepayWebhookSignature(json, settings.webhookSecret), signature),
      );
      if (!verified) throw new PaymentSignatureError(`${NAME} webhook whose signature does not verify.`);

      const data = body.data;
      const type = textAt(data, "type");
      const notification = objectAt(data, "notification");
      const tracker = textAt(notification, "tracker");
      const state = textAt(notification, "state");
      const currency = textAt(notification, "currency") || null;
      const base = {
        reference: orderIdOf(notification),
        providerReference: tracker || null,
        currency,
        raw: body,
      };
      if (type === "payment:created" && PAID_NOTIFICATION_STATES.has(state.toUpperCase())) {
        return {
          ...base,
          status: "paid",
          amount: paisaFromRupees(notification.amount),
          message: `${NAME} ${type}: ${state}`,
        };
      }
      if (type === "refund:created") {
        const refunded = textAt(notification, "amount");
        const balance = textAt(notification, "balance");
        return {
          ...base,
          status: "paid",
          amount: null,
          message: `${NAME} ${type}: ${state || "REFUNDED"}, ${refunded} ${currency ?? ""} refunded${
            balance ? `, ${balance} left` : ""
          }`.replace(/ {2,}/g, " "),
        };
      }
      if (type === "error:occurred") {
        return {
          ...base,
          status: "failed",
          amount: paisaFromRupees(notification.amount),
          message: `${NAME} ${type}: ${textAt(notification, "message") || "no reason given"}`,
        };
      }
      return {
        ...base,
        status: "pending",
        amount: paisaFromRupees(notification.amount),
        message: `${NAME} ${type || "(no type)"}: ${state || "(no state)"}, not an event this shop acts on`,
      };
    },

    async query(reference: string, providerReference: string | null): Promise<PaymentReport> {
      if (!providerReference) {
        throw new PaymentProviderError(
          `${NAME}: attempt ${reference} has no tracker; Safepay's status API looks payments up by tracker.`,
          false,
        );
      }
      return trackerReport(providerReference, await fetchTracker(providerReference), reference);
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      const tracker = request.providerReference;
      if (!tracker) {
        throw new PaymentProviderError(
          `${NAME}: attempt ${request.reference} has no tracker to refund.`,
          false,
        );
      }
      if (!Number.isSafeInteger(request.amount) || request.amount <= 0) {
        throw new PaymentProviderError(
          `${NAME}: a refund of ${request.amount} paisa is not an amount.`,
          false,
        );
      }
      const { body } = await call("the refund", `/order/payments/v3/${encodeURIComponent(tracker)}/refund`, {
        method: "POST",
        secret: true,
        body: { currency: "PKR", amount: request.amount },
      });
      const data = objectAt(body, "data");
      const answered = objectAt(data, "tracker");
      const state = textAt(answered, "state");
      if (state && state !== "TRACKER_PARTIAL_REFUND" && state !== "TRACKER_REFUNDED") {
        throw new PaymentProviderError(`${NAME} answered the refund with tracker state ${state}.`, true);
      }
      const refunds = objectAt(answered, "charge").cybersource_refunds;
      const newest = Array.isArray(refunds) ? refunds.at(-1) : undefined;
      const providerReference =
        textAt(objectAt(data, "action"), "token") || textAt(newest, "token") || request.refundReference;
      return { providerReference, raw: body };
    },
  };
}
