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
 * JazzCash's payment gateway, "HTTP POST (Page Redirection)", as built here (docs/decisions/0050-jazzcash.md).
 *
 * Sources (the gateway's own documentation first, then integrations where it is silent):
 * - JazzCash sandbox documentation, https://sandbox.jazzcash.com.pk/SandboxDocumentation/ (features.html: "Hashing
 *   Scheme", "IPN Web Hook"; ApiReferences.html; Resources.html: the response codes), mirrored in the repository
 *   alihamasdev/jazzcash-docs (content/docs/features/hashing-scheme.mdx, ipn-web-hook.mdx, http-post.mdx,
 *   api/response-codes.mdx, openapi.json: RefundMobileAccountRequest, RefundCardRequest).
 * - "Payment Gateway Integration Guide for Merchants v4.2",
 *   https://payments.jazzcash.com.pk/SandboxDocumentation/Content/documentation/Payment%20Gateway%20Integration%20Guide%20for%20Merchants-v4.2.pdf
 *   (page-redirection fields, amounts in paisa, Pakistan time), as integrators quote it.
 * - The endpoints the integrations in production call (the guide's REST paths): a live merchant's runbook
 *   (`/ApplicationAPI/API/PaymentInquiry/Inquire`, `/ApplicationAPI/API/Purchase/domwalletrefundtransaction`),
 *   and merchants' configurations naming `/ApplicationAPI/API/authorize/Refund` for cards and
 *   `/CustomerPortal/transactionmanagement/merchantform/` for the hosted page.
 *
 * The protocol:
 * - start: an HTML form auto-posted to `{url}/CustomerPortal/transactionmanagement/merchantform/` with pp_Version
 *   1.1, pp_TxnType (MWALLET by default), pp_Language EN, pp_MerchantID, pp_SubMerchantID, pp_Password,
 *   pp_TxnRefNo (our reference), pp_Amount (paisa, no decimals), pp_TxnCurrency PKR, pp_TxnDateTime and
 *   pp_TxnExpiryDateTime (yyyyMMddHHmmss, Pakistan time), pp_BillReference, pp_Description, pp_ReturnURL,
 *   ppmpf_1..5 (ppmpf_1: the shopper's mobile number, 03xxxxxxxxx) and pp_SecureHash.
 * - pp_SecureHash: HMAC-SHA256 keyed with the integrity salt (UTF-8) over the salt followed by the values of every
 *   non-empty field whose name begins with "pp" (pp_SecureHash itself left out), ordered by field name in ASCII
 *   order, each preceded by "&"; hex, sent upper-case, compared without regard to case.
 * - The return: JazzCash posts the response fields (pp_ResponseCode, pp_ResponseMessage, pp_TxnRefNo, pp_Amount,
 *   pp_TxnCurrency, pp_RetreivalReferenceNo [sic], …, pp_SecureHash) to pp_ReturnURL from the shopper's browser.
 * - The IPN: the same fields posted to the IPN URL configured in JazzCash's merchant portal (the request cannot
 *   carry it); the merchant answers { pp_ResponseCode, pp_ResponseMessage, pp_SecureHash }, "000" when received.
 * - Status inquiry: POST JSON { pp_TxnRefNo, pp_MerchantID, pp_Password, pp_SecureHash } to
 *   `/ApplicationAPI/API/PaymentInquiry/Inquire`: pp_ResponseCode "000" is the inquiry's own success, the
 *   payment's is pp_PaymentResponseCode / pp_PaymentResponseMessage / pp_Status.
 * - Refund: POST JSON { pp_TxnRefNo, pp_Amount, pp_TxnCurrency, pp_MerchantID, pp_Password, pp_SecureHash } to
 *   `/ApplicationAPI/API/authorize/Refund` (cards, MPAY), plus pp_MerchantMPIN to
 *   `/ApplicationAPI/API/Purchase/domwalletrefundtransaction` (mobile accounts, MWALLET). Answers
 *   { pp_ResponseCode, pp_ResponseMessage, pp_SecureHash }. JazzCash takes no refund id: see the decision record.
 */

const NAME = "JazzCash";

export interface JazzCashSettings {
  merchantId: string;
  password: string;
  /** The "integrity salt": the HMAC key of every pp_SecureHash. */
  integritySalt: string;
  /** The base of the hosted page and the APIs: https://payments.jazzcash.com.pk, https://sandbox.jazzcash.com.pk. */
  url: string;
  timeoutMs: number;
  /** What the hosted page takes: "MWALLET" (a JazzCash mobile account, the default) or "MPAY" (a card). */
  txnType?: "MWALLET" | "MPAY";
  /** The merchant's 4-digit MPIN, which JazzCash's mobile-account refund API requires (JAZZCASH_MERCHANT_MPIN). */
  merchantMpin?: string;
}

export const JAZZCASH_PATHS = {
  hostedPage: "/CustomerPortal/transactionmanagement/merchantform/",
  inquiry: "/ApplicationAPI/API/PaymentInquiry/Inquire",
  walletRefund: "/ApplicationAPI/API/Purchase/domwalletrefundtransaction",
  cardRefund: "/ApplicationAPI/API/authorize/Refund",
} as const;

/**
 * JazzCash's response codes → the shop's statuses (Resources.html, "Status to be mapped by merchant"). 000 and 121
 * are "Completed"; 124 (a voucher waiting to be paid over the counter), 157 (pending, mobile accounts and cards)
 * and 210 (authorization pending) are pending; 112 (cancelled by the user) and 410/412 (aborted) are cancelled;
 * every other documented code is a failure. A code the table does not know stays pending: the shop asks again
 * (query) rather than failing a payment that may have been taken.
 */
const PAID_CODES = new Set(["000", "121", "131"]);
const PENDING_CODES = new Set(["124", "157", "200", "210"]);
const CANCELLED_CODES = new Set(["112", "410", "412"]);
const FAILED_CODES = new Set(
  (
    "001 002 003 004 014 015 016 024 055 058 059 060 062 063 066 067 095 101 102 103 104 105 106 107 108 109 " +
    "110 111 113 115 116 117 118 119 120 122 125 126 127 128 129 132 134 135 199 401 402 403 404 405 406 407 " +
    "408 409 411 414 415 416 417 419 421 422 423 424 425 426 429 430 431 432 433 434 435 436 437 438 439 440 " +
    "441 442 443 444 446 448 449 450 451 452 453 454 455 999"
  ).split(" "),
);
/** Codes that say JazzCash could not tell (a host down, a timeout, a system error): an API call may have been done. */
const UNSURE_CODES = new Set(["055", "058", "062", "134", "199", "401", "403", "406", "407", "999"]);

export function jazzcashStatus(code: string): PaymentReport["status"] {
  if (PAID_CODES.has(code)) return "paid";
  if (CANCELLED_CODES.has(code)) return "cancelled";
  if (FAILED_CODES.has(code)) return "failed";
  return "pending";
}

/** The text JazzCash signs: the salt, then "&" and each non-empty pp… value, ordered by field name (ASCII). */
export function jazzcashHashInput(fields: Record<string, string>, integritySalt: string): string {
  const names = Object.keys(fields)
    .filter((name) => /^pp/i.test(name) && name.toLowerCase() !== "pp_securehash" && fields[name] !== "")
    .sort();
  return [integritySalt, ...names.map((name) => fields[name])].join("&");
}

/** pp_SecureHash: HMAC-SHA256 of `jazzcashHashInput` keyed with the integrity salt, upper-case hex. */
export function jazzcashSecureHash(fields: Record<string, string>, integritySalt: string): string {
  return createHmac("sha256", Buffer.from(integritySalt, "utf8"))
    .update(Buffer.from(jazzcashHashInput(fields, integritySalt), "utf8"))
    .digest("hex")
    .toUpperCase();
}

/** Whether `fields` carry a pp_SecureHash that matches them (constant time, any case). */
export function jazzcashHashMatches(fields: Record<string, string>, integritySalt: string): boolean {
  const given = (fields.pp_SecureHash ?? "").toUpperCase();
  if (!/^[0-9A-F]{64}$/.test(given)) return false;
  return timingSafeEqual(
    Buffer.from(given, "ascii"),
    Buffer.from(jazzcashSecureHash(fields, integritySalt), "ascii"),
  );
}

/** yyyyMMddHHmmss in Pakistan time (UTC+5, no daylight saving), as JazzCash wants every date. */
export function pakistanDateTime(date: Date): string {
  return new Date(date.getTime() + 5 * 3_600_000).toISOString().slice(0, 19).replace(/[-T:]/g, "");
}

/** JazzCash refuses these characters in pp_Description (ApiReferences: <>\*=%/:'|"{}); non-ASCII is left out too. */
function description(text: string): string {
  return text
    .replace(/[<>\\*=%/:'|"{}]/g, " ")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200);
}

/** +923001234567 → 03001234567, the form JazzCash's page prefills the mobile account from. */
function localMobile(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return digits.startsWith("92") ? `0${digits.slice(2)}` : digits;
}

/** The fields of a callback: its body (a form or a JSON object), or its query when the body is empty. */
function callbackFields(callback: IncomingCallback): Record<string, string> {
  const body = callback.rawBody.trim();
  if (!body) return { ...callback.query };
  if (callback.contentType?.includes("json") || body.startsWith("{")) {
    try {
      const value = JSON.parse(body) as unknown;
      if (value && typeof value === "object" && !Array.isArray(value)) {
        return Object.fromEntries(
          Object.entries(value as Record<string, unknown>).map(([key, field]) => [
            key,
            field === null || field === undefined ? "" : String(field),
          ]),
        );
      }
    } catch {
      // Not JSON after all: read it as a form below.
    }
  }
  return Object.fromEntries(new URLSearchParams(body));
}

/** The first words of an answer that is not the JSON JazzCash documents (an HTML error page, say). */

function textFields(value: unknown): Record<string, string> {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, field]) => [
      key,
      field === null || field === undefined ? "" : String(field),
    ]),
  );
}

const words = (code: string, message: string) => [code, message].filter(Boolean).join(" ") || "no answer";

export function jazzcashProvider(settings: JazzCashSettings): PaymentProvider {
  const base = settings.url.replace(/\/+$/, "");
  const txnType = settings.txnType ?? "MWALLET";
  const sign = (fields: Record<string, string>) => ({
    ...fields,
    pp_SecureHash: jazzcashSecureHash(fields, settings.integritySalt),
  });

  /**
   * One JSON call to a JazzCash API with a timeout. A timeout, a network failure, a 5xx, an answer that is not a
   * JSON object, or one whose pp_SecureHash does not verify throws an unsure error; the answer's fields otherwise.
   */
  async function call(path: string, fields: Record<string, string>): Promise<Record<string, string>> {
    const { status, body, text } = await callJson({
      service: NAME,
      url: `${base}${path}`,
      init: {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(sign(fields)),
      },
      timeoutMs: settings.timeoutMs,
      fail: (message, unsure) => new PaymentProviderError(message, unsure),
    });
    const answer = textFields(body);
    if (!answer.pp_ResponseCode) {
      throw new PaymentProviderError(
        `${NAME} answered ${status} without a response code: ${gist(text)}`,
        true,
      );
    }
    if (answer.pp_SecureHash && !jazzcashHashMatches(answer, settings.integritySalt)) {
      throw new PaymentProviderError(
        `${NAME}'s answer (${words(answer.pp_ResponseCode, answer.pp_ResponseMessage ?? "")}) carries a pp_SecureHash that does not verify.`,
        true,
      );
    }
    return answer;
  }

  function refusal(answer: Record<string, string>): PaymentProviderError {
    const code = answer.pp_ResponseCode ?? "";
    return new PaymentProviderError(
      `${NAME}: ${words(code, answer.pp_ResponseMessage ?? "")}`,
      UNSURE_CODES.has(code),
    );
  }

  /** Reads a signed return or IPN: the hash first, then the fields. */
  function report(callback: IncomingCallback, what: string): PaymentReport {
    const fields = callbackFields(callback);
    if (!fields.pp_SecureHash)
      throw new PaymentSignatureError(`${NAME}: the ${what} carries no pp_SecureHash.`);
    if (!jazzcashHashMatches(fields, settings.integritySalt)) {
      throw new PaymentSignatureError(`${NAME}: the ${what}'s pp_SecureHash does not match its fields.`);
    }
    const reference = fields.pp_TxnRefNo ?? "";
    if (!reference) throw new PaymentProviderError(`${NAME}: the ${what} carries no pp_TxnRefNo.`, false);
    const code = fields.pp_ResponseCode ?? "";
    const status = jazzcashStatus(code);
    const known = status !== "pending" || PENDING_CODES.has(code);
    const amount = fields.pp_Amount ?? "";
    return {
      reference,
      status,
      amount: /^\d+$/.test(amount) ? Number(amount) : null,
      currency: fields.pp_TxnCurrency || null,
      providerReference: fields.pp_RetreivalReferenceNo || fields.pp_RetrievalReferenceNo || null,
      message:
        `${NAME}: ${words(code, fields.pp_ResponseMessage ?? "")}` +
        (known ? "" : " (a response code the shop does not know: left pending)"),
      raw: fields,
    };
  }

  return {
    id: "jazzcash",
    name: "JazzCash",

    async start(request: PaymentRequest): Promise<PaymentStart> {
      const fields: Record<string, string> = {
        pp_Version: "1.1",
        pp_TxnType: txnType,
        pp_Language: "EN",
        pp_MerchantID: settings.merchantId,
        pp_SubMerchantID: "",
        pp_Password: settings.password,
        pp_TxnRefNo: request.reference,
        pp_Amount: String(Math.round(request.amount)),
        pp_TxnCurrency: request.currency,
        pp_TxnDateTime: pakistanDateTime(new Date()),
        pp_BillReference: request.orderNumber.replace(/[^A-Za-z0-9]/g, "").slice(0, 20) || request.reference,
        pp_Description: description(request.description) || `Order ${request.orderNumber}`,
        pp_TxnExpiryDateTime: pakistanDateTime(request.expiresAt),
        pp_ReturnURL: request.returnUrl,
        ppmpf_1: localMobile(request.customer.phone),
        ppmpf_2: "",
        ppmpf_3: "",
        ppmpf_4: "",
        ppmpf_5: "",
      };
      return { kind: "form", action: `${base}${JAZZCASH_PATHS.hostedPage}`, fields: sign(fields) };
    },

    async readReturn(callback: IncomingCallback): Promise<PaymentReport> {
      return report(callback, "return");
    },

    async readNotification(callback: IncomingCallback): Promise<PaymentReport> {
      return report(callback, "notification");
    },

    notificationAnswer(received: PaymentReport | null) {
      const fields = received
        ? { pp_ResponseCode: "000", pp_ResponseMessage: "IPN received successfully" }
        : { pp_ResponseCode: "115", pp_ResponseMessage: "Invalid hash received." };
      return {
        status: received ? 200 : 400,
        contentType: "application/json",
        body: JSON.stringify(sign(fields)),
      };
    },

    async query(reference: string): Promise<PaymentReport> {
      const answer = await call(JAZZCASH_PATHS.inquiry, {
        pp_TxnRefNo: reference,
        pp_MerchantID: settings.merchantId,
        pp_Password: settings.password,
      });
      if (answer.pp_ResponseCode !== "000") throw refusal(answer);
      const code = answer.pp_PaymentResponseCode ?? "";
      const amount = answer.pp_Amount ?? "";
      let status = jazzcashStatus(code);
      // pp_Status is JazzCash's own verdict; a code the table does not know defers to it.
      if (!code || (status === "pending" && !PENDING_CODES.has(code))) {
        const verdict = (answer.pp_Status ?? "").toLowerCase();
        if (verdict === "completed") status = "paid";
        else if (verdict === "failed") status = "failed";
      }
      return {
        reference: answer.pp_TxnRefNo || reference,
        status,
        amount: /^\d+$/.test(amount) ? Number(amount) : null,
        currency: answer.pp_TxnCurrency || null,
        providerReference: answer.pp_RetrievalReferenceNo || answer.pp_RetreivalReferenceNo || null,
        message: `${NAME}: ${words(code, answer.pp_PaymentResponseMessage ?? "")}${answer.pp_Status ? ` (${answer.pp_Status})` : ""}`,
        raw: answer,
      };
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      const wallet = txnType === "MWALLET";
      if (wallet && !settings.merchantMpin) {
        throw new PaymentProviderError(
          `${NAME}: a mobile-account refund needs the merchant's MPIN (JAZZCASH_MERCHANT_MPIN), which is not set.`,
          false,
        );
      }
      const fields: Record<string, string> = {
        pp_TxnRefNo: request.reference,
        pp_Amount: String(Math.round(request.amount)),
        pp_TxnCurrency: "PKR",
        pp_MerchantID: settings.merchantId,
        pp_Password: settings.password,
        ...(wallet ? { pp_MerchantMPIN: settings.merchantMpin ?? "" } : {}),
      };
      const answer = await call(wallet ? JAZZCASH_PATHS.walletRefund : JAZZCASH_PATHS.cardRefund, fields);
      if (answer.pp_ResponseCode !== "000") throw refusal(answer);
      return {
        providerReference:
          answer.pp_RetrievalReferenceNo || answer.pp_RetreivalReferenceNo || request.refundReference,
        raw: answer,
      };
    },
  };
}
