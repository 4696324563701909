import { createCipheriv, timingSafeEqual } from "node:crypto";
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
 * Easypaisa's hosted checkout ("Easypay", run by Telenor Microfinance Bank; built by Systems Ltd), as built here
 * (docs/decisions/0051-easypaisa.md). Base URLs: production https://easypay.easypaisa.com.pk, sandbox
 * https://easypaystg.easypaisa.com.pk.
 *
 * - `POST /easypay/Index.jsf`, an auto-posted form: storeId, amount (rupees with a decimal point, "1500.0"),
 *   postBackURL, orderRefNum, expiryDate ("yyyyMMdd HHmmss", Pakistan time), autoRedirect, paymentMethod,
 *   emailAddr, mobileNum, merchantHashedReq. merchantHashedReq = base64(AES/ECB/PKCS5Padding(the non-empty
 *   fields above sorted by name as "amount=…&autoRedirect=…&…&storeId=…", key = the store's hash key)).
 * - Easypay sends the browser to postBackURL?auth_token=…; the shop posts auth_token and postBackURL to
 *   `POST /easypay/Confirm.jsf` (`easypaisaConfirmForm`); after the customer confirms, Easypay sends the browser
 *   to that postBackURL with success, status ("0000" is success), desc and orderRefNumber. Nothing in it is signed.
 * - IPN: Easypay calls the IPN URL configured in its merchant portal (not one the request carries) with
 *   `?url=<base>/easypay-service/rest/v1/order-status/<accountNum>/<orderRefNum>`; the merchant GETs that URL and
 *   reads JSON { order_id, store_id, transaction_id, transaction_amount, transaction_status, payment_method }.
 * - Status inquiry: `POST /easypay-service/rest/v4/inquire-transaction`, header `Credentials: base64(username:
 *   password)`, JSON { orderId, storeId, accountNum } → { responseCode, responseDesc, orderId, storeId, storeName,
 *   accountNum, paymentToken, transactionId, transactionStatus, transactionAmount, transactionDateTime,
 *   transactionPaidDateTime, msisdn, paymentMode } (the REST form of the SOAP inquireTransaction of
 *   PartnerBusinessService.wsdl). responseCode 0000 Success, 0001 System Error, 0002 Required field is missing,
 *   0003 Invalid Order ID, 0004 Merchant Account does not exist, 0005 Merchant Account is not active, 0006 Store
 *   does not exist, 0007 Store is not active.
 * - Refunds: Easypay publishes no refund API (the WSDL has initiateTransaction, inquireTransaction and
 *   initiateCCTransaction only); refunds are made in the merchant portal.
 *
 * Sources (read, not copied): the "Easypay Merchant Integration Guide" (scribd.com/document/400116112,
 * pdfcoffee.com/merchant-integration-guide-pdf-free.html: plug-in integration, auth_token step, IPN, inquiry codes);
 * Systems Ltd's WooCommerce plugin and Telenor's PHP sample (github.com/shaan360/telenor-easypay:
 * payWithEasypay.php for the hash, confirmEasypay.php, statusEasypay.php, easypayIPN.php); the IPN listener sample
 * shipped with the guide (github.com/azeemgolive/maverickgame IPNCall.php and its listener); the IPN JSON fields as
 * github.com/FahadYousafMahar/Easypay-WHMCS-Gateway callback/EasyPay.php reads them; the inquiry's fields and
 * codes as the WSDL's generated types list them (InquireTransactionResponseType) and the offsite_payments
 * easy_paisa integration quotes the guide.
 */

const NAME = "Easypaisa";

export const EASYPAISA_URLS = {
  production: "https://easypay.easypaisa.com.pk",
  sandbox: "https://easypaystg.easypaisa.com.pk",
} as const;

export const EASYPAISA_PATHS = {
  index: "/easypay/Index.jsf",
  confirm: "/easypay/Confirm.jsf",
  inquiry: "/easypay-service/rest/v4/inquire-transaction",
  orderStatus: "/easypay-service/rest/v1/order-status",
} as const;

export interface EasypaisaSettings {
  /** EASYPAISA_STORE_ID: the Easypay store id. */
  storeId: string;
  /** EASYPAISA_HASH_KEY: the hash key generated in the merchant portal (16 characters: AES-128). */
  hashKey: string;
  /** EASYPAISA_USERNAME / EASYPAISA_PASSWORD: the inquiry API's credentials ("Manage Partner Account"). */
  username: string;
  password: string;
  /** EASYPAISA_ACCOUNT_NUM: the merchant's Easypaisa account number (the inquiry and the IPN URL carry it). */
  accountNum: string;
  /** EASYPAISA_URL: the base URL, EASYPAISA_URLS.production or .sandbox (or a simulator's). */
  url: string;
  /** Which method the hosted page offers: MA_PAYMENT_METHOD (the wallet, default), OTC_, CC_, or "" for all. */
  paymentMethod?: string;
  timeoutMs: number;
}

/** The fields merchantHashedReq covers, sorted by name as the guide's sample sorts them. */
export const EASYPAISA_HASHED_FIELDS = [
  "amount",
  "autoRedirect",
  "emailAddr",
  "expiryDate",
  "mobileNum",
  "orderRefNum",
  "paymentMethod",
  "postBackURL",
  "storeId",
] as const;

/** Easypay's transactionStatus (inquiry) and transaction_status (IPN) → the shop's. Unknown ones: pending. */
export const EASYPAISA_STATUSES: Record<string, PaymentReport["status"]> = {
  PAID: "paid",
  PENDING: "pending",
  FAILED: "failed",
  EXPIRED: "failed",
  REVERSED: "failed",
};

/** The inquiry's responseCode words, as the guide lists them (used when Easypay sends no responseDesc). */
export const EASYPAISA_RESPONSE_CODES: Record<string, string> = {
  "0000": "Success",
  "0001": "System Error",
  "0002": "Required field is missing",
  "0003": "Invalid Order ID",
  "0004": "Merchant Account does not exist",
  "0005": "Merchant Account is not active",
  "0006": "Store does not exist",
  "0007": "Store is not active",
};

export const EASYPAISA_REFUND_MESSAGE =
  "Easypaisa: refunds are made from the Easypaisa merchant portal; record the refund by hand.";

const REFERENCE = /^[A-Za-z0-9]{1,20}$/;

/** The string merchantHashedReq encrypts: the non-empty hashed fields, sorted, as "name=value&…". */
export function easypaisaHashString(fields: Record<string, string | undefined>): string {
  return [...EASYPAISA_HASHED_FIELDS]
    .sort()
    .filter((name) => fields[name] !== undefined && fields[name] !== "")
    .map((name) => `${name}=${fields[name]}`)
    .join("&");
}

function cipherName(key: Buffer): string {
  // The guide's key is 16 characters (AES-128); its PHP sample also takes 24 and 32 (Rijndael-128 block, ECB).
  if (key.length === 16) return "aes-128-ecb";
  if (key.length === 24) return "aes-192-ecb";
  if (key.length === 32) return "aes-256-ecb";
  throw new PaymentProviderError(
    `${NAME}: the hash key must be 16 characters (it has ${key.length}).`,
    false,
  );
}

/** merchantHashedReq: base64 of AES/ECB/PKCS5Padding of the hash string under the store's hash key. */
export function easypaisaHash(fields: Record<string, string | undefined>, hashKey: string): string {
  const key = Buffer.from(hashKey, "utf8");
  const cipher = createCipheriv(cipherName(key), key, null);
  return Buffer.concat([cipher.update(easypaisaHashString(fields), "utf8"), cipher.final()]).toString(
    "base64",
  );
}

/** Whether a merchantHashedReq matches the fields (constant-time compare; what Easypay, and the simulator, check). */
export function easypaisaHashMatches(
  fields: Record<string, string | undefined>,
  merchantHashedReq: string | undefined,
  hashKey: string,
): boolean {
  if (!merchantHashedReq) return false;
  const expected = Buffer.from(easypaisaHash(fields, hashKey), "utf8");
  const given = Buffer.from(merchantHashedReq, "utf8");
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Paisa → Easypay's amount: rupees with one decimal ("1500.0"), two when the last paisa digit matters. */
export function easypaisaAmount(paisa: number): string {
  if (!Number.isInteger(paisa) || paisa <= 0)
    throw new PaymentProviderError(`${NAME}: bad amount ${paisa}.`, false);
  const rupees = Math.floor(paisa / 100);
  const cents = paisa % 100;
  return cents % 10 === 0 ? `${rupees}.${cents / 10}` : `${rupees}.${String(cents).padStart(2, "0")}`;
}

/** Easypay's rupees (a number or "1500.0") → paisa; null when absent or not a number. */
export function easypaisaPaisa(rupees: unknown): number | null {
  if (rupees === undefined || rupees === null || rupees === "") return null;
  const value = Number(rupees);
  return Number.isFinite(value) ? Math.round(value * 100) : null;
}

/** "yyyyMMdd HHmmss" in Pakistan time (UTC+5, no daylight saving). */
export function easypaisaExpiry(date: Date): string {
  const iso = new Date(date.getTime() + 5 * 3_600_000).toISOString();
  return `${iso.slice(0, 10).replaceAll("-", "")} ${iso.slice(11, 19).replaceAll(":", "")}`;
}

/** E.164 (+923001234567) → the 03XXXXXXXXX form Easypay's mobileNum takes; "" when it is not a Pakistani mobile. */
export function easypaisaMobile(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (/^923\d{9}$/.test(digits)) return `0${digits.slice(2)}`;
  if (/^03\d{9}$/.test(digits)) return digits;
  return "";
}

/** The fields of a callback: its query, and a urlencoded body's fields. */
function fieldsOf(callback: IncomingCallback): Record<string, string> {
  const body =
    callback.rawBody && !callback.contentType?.includes("json")
      ? Object.fromEntries(new URLSearchParams(callback.rawBody))
      : {};
  return { ...callback.query, ...body };
}

/**
 * The shopper's first return (postBackURL?auth_token=…) must be posted on to Confirm.jsf with the postBackURL the
 * final return should reach: the form to auto-post, or null when this return is not that step. PaymentProvider
 * has no "continue" answer for a two-leg return, so the shop's return route calls this before `readReturn`.
 */
export function easypaisaConfirmForm(
  settings: Pick<EasypaisaSettings, "url">,
  callback: IncomingCallback,
  returnUrl: string,
): PaymentStart | null {
  const fields = fieldsOf(callback);
  const token = fields.auth_token;
  if (!token || fields.orderRefNumber) return null;
  if (token.length > 1024 || /[\s<>"']/.test(token)) {
    throw new PaymentSignatureError(`${NAME}: the return's auth_token is not one Easypay gives.`);
  }
  return {
    kind: "form",
    action: `${base(settings.url)}${EASYPAISA_PATHS.confirm}`,
    fields: { auth_token: token, postBackURL: returnUrl },
  };
}

function base(url: string): string {
  return url.replace(/\/+$/, "");
}

/** The first words of an answer that is not the JSON Easypay documents (an HTML error page, say). */

function text(value: unknown, key: string): string {
  if (value === null || typeof value !== "object") return "";
  const field = (value as Record<string, unknown>)[key];
  return field === undefined || field === null ? "" : String(field);
}

/**
 * One HTTP call to Easypay with a timeout, answering its JSON object. A timeout, a network failure, a 5xx or an
 * answer that is not a JSON object is an unsure error; a 4xx is a clear refusal in Easypay's words.
 */
async function callEasypaisa(
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  const {
    status,
    body: json,
    text: body,
  } = await callJson({
    service: NAME,
    url,
    init,
    timeoutMs,
    fail: (message, unsure) => new PaymentProviderError(message, unsure),
    words: (_json, text) => gist(text),
  });
  if (json === null || typeof json !== "object" || Array.isArray(json)) {
    throw new PaymentProviderError(`${NAME} answered ${status} with unexpected JSON: ${gist(body)}`, true);
  }
  if (status >= 400) {
    throw new PaymentProviderError(`${NAME} answered ${status}: ${gist(body)}`, false);
  }
  return json as Record<string, unknown>;
}

function statusOf(transactionStatus: string): PaymentReport["status"] {
  return EASYPAISA_STATUSES[transactionStatus.toUpperCase()] ?? "pending";
}

function statusWords(transactionStatus: string): string {
  if (!transactionStatus) return "no transaction status";
  return EASYPAISA_STATUSES[transactionStatus.toUpperCase()]
    ? transactionStatus
    : `unknown transaction status "${transactionStatus}"`;
}

/** What the browser's return says, in its own unsigned words: a claim, never proof. */
function returnClaim(fields: Record<string, string>): "paid" | "failed" | "cancelled" | null {
  const status = fields.status ?? "";
  const success = (fields.success ?? "").toLowerCase();
  if (!status && !success) return null;
  if (status === "0000" || (!status && success === "true")) return "paid";
  return /cancel/i.test(fields.desc ?? "") ? "cancelled" : "failed";
}

export function easypaisaProvider(settings: EasypaisaSettings): PaymentProvider {
  const root = base(settings.url);
  const origin = new URL(root).origin;

  async function inquire(reference: string): Promise<Record<string, unknown>> {
    return callEasypaisa(
      `${root}${EASYPAISA_PATHS.inquiry}`,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json",
          credentials: Buffer.from(`${settings.username}:${settings.password}`, "utf8").toString("base64"),
        },
        body: JSON.stringify({
          orderId: reference,
          storeId: settings.storeId,
          accountNum: settings.accountNum,
        }),
      },
      settings.timeoutMs,
    );
  }

  /** The inquiry's answer as a report; "0003 Invalid Order ID" (no transaction yet) is pending, not an error. */
  function fromInquiry(
    reference: string,
    answer: Record<string, unknown>,
  ): PaymentReport & { found: boolean } {
    const code = text(answer, "responseCode");
    const desc = text(answer, "responseDesc") || EASYPAISA_RESPONSE_CODES[code] || "";
    if (code === "0003") {
      return {
        reference,
        status: "pending",
        amount: null,
        currency: null,
        providerReference: null,
        message: `${NAME}: 0003 ${desc}: no transaction under this order yet.`,
        raw: answer,
        found: false,
      };
    }
    if (code !== "0000") {
      throw new PaymentProviderError(
        `${NAME}: ${code || "(no responseCode)"} ${desc || "no reason given"}`,
        false,
      );
    }
    const orderId = text(answer, "orderId");
    if (orderId && orderId !== reference) {
      throw new PaymentProviderError(`${NAME} answered for order ${orderId}, not ${reference}.`, false);
    }
    const transactionStatus = text(answer, "transactionStatus");
    const amount = easypaisaPaisa(answer.transactionAmount);
    return {
      reference,
      status: statusOf(transactionStatus),
      amount,
      currency: amount === null ? null : "PKR",
      providerReference: text(answer, "transactionId") || null,
      message: `${NAME}: ${statusWords(transactionStatus)} (${code} ${desc})`,
      raw: answer,
      found: true,
    };
  }

  return {
    id: "easypaisa",
    name: NAME,

    async start(request: PaymentRequest): Promise<PaymentStart> {
      if (!REFERENCE.test(request.reference)) {
        throw new PaymentProviderError(`${NAME}: orderRefNum must be 1 to 20 letters and digits.`, false);
      }
      if (request.currency !== "PKR") {
        throw new PaymentProviderError(`${NAME} takes PKR only, not ${request.currency}.`, false);
      }
      const fields: Record<string, string> = {
        storeId: settings.storeId,
        amount: easypaisaAmount(request.amount),
        postBackURL: request.returnUrl,
        orderRefNum: request.reference,
        expiryDate: easypaisaExpiry(request.expiresAt),
        autoRedirect: "1",
        paymentMethod: settings.paymentMethod ?? "MA_PAYMENT_METHOD",
        emailAddr: request.customer.email,
        mobileNum: easypaisaMobile(request.customer.phone),
      };
      const sent = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ""));
      return {
        kind: "form",
        action: `${root}${EASYPAISA_PATHS.index}`,
        fields: { ...sent, merchantHashedReq: easypaisaHash(sent, settings.hashKey) },
      };
    },

    /**
     * The final return (success, status, desc, orderRefNumber) is not signed: it only names the order. The report
     * is the inquiry's; the return's words can only say why an unpaid attempt ended (cancelled rather than failed),
     * never that it was paid.
     */
    async readReturn(callback: IncomingCallback): Promise<PaymentReport> {
      const fields = fieldsOf(callback);
      if (fields.auth_token && !fields.orderRefNumber) {
        throw new PaymentProviderError(
          `${NAME}: this return is the auth_token step; post it on to Confirm.jsf first (easypaisaConfirmForm).`,
          false,
        );
      }
      const reference = fields.orderRefNumber ?? "";
      if (!REFERENCE.test(reference)) {
        throw new PaymentSignatureError(
          `${NAME}: the return carries no order reference (orderRefNumber) to confirm with Easypaisa.`,
        );
      }
      const claim = returnClaim(fields);
      const said = claim
        ? `the browser return said ${fields.status || fields.success}${fields.desc ? ` ${fields.desc}` : ""}`
        : "the browser return said nothing of the outcome";
      const { found, ...report } = fromInquiry(reference, await inquire(reference));
      let status = report.status;
      if (found && status === "failed" && claim === "cancelled") status = "cancelled";
      if (!found && (claim === "failed" || claim === "cancelled")) status = claim;
      return {
        ...report,
        status,
        message: `${report.message}; ${said}`,
        raw: { return: fields, inquiry: report.raw },
      };
    },

    /**
     * The IPN carries only `url`, Easypay's own order-status link. It is believed only when it points at the
     * configured Easypay base, under this merchant's account number, and the detail is then fetched from there.
     */
    async readNotification(callback: IncomingCallback): Promise<PaymentReport> {
      const link = fieldsOf(callback).url;
      if (!link) throw new PaymentSignatureError(`${NAME}: the notification carries no url.`);
      let url: URL;
      try {
        url = new URL(link);
      } catch {
        throw new PaymentSignatureError(`${NAME}: the notification's url is not a URL.`);
      }
      const prefix = `${new URL(root).pathname.replace(/\/+$/, "")}${EASYPAISA_PATHS.orderStatus}/`;
      const [account, reference, ...rest] = url.pathname.startsWith(prefix)
        ? url.pathname.slice(prefix.length).split("/")
        : [];
      if (
        url.origin !== origin ||
        url.search ||
        rest.length > 0 ||
        account !== settings.accountNum ||
        !REFERENCE.test(reference ?? "")
      ) {
        throw new PaymentSignatureError(
          `${NAME}: the notification's url is not Easypaisa's order-status link for this account.`,
        );
      }
      const detail = await callEasypaisa(
        url.href,
        { method: "GET", headers: { accept: "application/json" } },
        settings.timeoutMs,
      );
      if (text(detail, "order_id") !== reference) {
        throw new PaymentSignatureError(`${NAME}: the order-status answer is for another order.`);
      }
      if (text(detail, "store_id") && text(detail, "store_id") !== settings.storeId) {
        throw new PaymentSignatureError(`${NAME}: the order-status answer is for another store.`);
      }
      const transactionStatus = text(detail, "transaction_status");
      const amount = easypaisaPaisa(detail.transaction_amount);
      const method = text(detail, "payment_method");
      return {
        reference: reference as string,
        status: statusOf(transactionStatus),
        amount,
        currency: amount === null ? null : "PKR",
        providerReference: text(detail, "transaction_id") || null,
        message: `${NAME}: ${statusWords(transactionStatus)}${method ? ` (${method})` : ""}`,
        raw: { url: url.href, ...detail },
      };
    },

    async query(reference: string): Promise<PaymentReport> {
      const { found: _found, ...report } = fromInquiry(reference, await inquire(reference));
      return report;
    },

    async refund(_request: RefundRequest): Promise<RefundResult> {
      throw new PaymentProviderError(EASYPAISA_REFUND_MESSAGE, false);
    },
  };
}
