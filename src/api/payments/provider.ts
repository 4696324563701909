/**
 * What the shop asks of an online payment provider (docs/decisions/0053-online-payments.md). One adapter per
 * provider (jazzcash.ts, easypaisa.ts, safepay.ts), each following the provider's published protocol, each with a
 * simulator beside it (simulators/) that speaks the same protocol with test credentials.
 *
 * Adapters check signatures and read the provider's fields; they decide nothing about orders. The payments
 * service checks that what a provider reports matches the attempt it started (reference, amount, currency PKR)
 * and moves the order, exactly once.
 *
 * Money is in paisa everywhere here; adapters convert to what the provider's protocol wants (JazzCash's
 * pp_Amount is already in paisa, Easypaisa's amount is rupees with one decimal, Safepay's is rupees…).
 */

/** The online methods. Cash on delivery and bank transfer are not providers: the shop handles them itself. */
export const ONLINE_PROVIDERS = ["jazzcash", "easypaisa", "safepay"] as const;
export type ProviderId = (typeof ONLINE_PROVIDERS)[number];

/** One attempt to pay one order, as the shop starts it. */
export interface PaymentRequest {
  /**
   * The attempt's reference, unique per attempt, [A-Za-z0-9] only, at most 20 characters (JazzCash's
   * pp_TxnRefNo and Easypaisa's orderRefNum are that short). The provider echoes it back; the shop finds the
   * attempt by it.
   */
  reference: string;
  orderNumber: string;
  /** Paisa, > 0. */
  amount: number;
  currency: "PKR";
  /** A short description for the provider's page ("Order 10234 at Bags & Co."). */
  description: string;
  customer: { name: string; email: string /** E.164, +923001234567. */; phone: string };
  /** Where the provider sends the shopper's browser back (GET or POST, per the provider's protocol). */
  returnUrl: string;
  /** Where the provider posts its server-to-server notification (IPN / webhook). */
  notifyUrl: string;
  /** When the shop stops holding the order's stock; providers that take an expiry get it. */
  expiresAt: Date;
}

/** How the shopper's browser is sent to the provider's hosted page. */
export type PaymentStart =
  | { kind: "redirect"; url: string }
  /** An HTML form auto-posted to `action` (JazzCash's page redirection, Easypaisa's hosted checkout). */
  | { kind: "form"; action: string; fields: Record<string, string> };

/** What a provider says about one attempt, once its signature has been checked. */
export interface PaymentReport {
  /** The shop's attempt reference, as the provider echoed it. */
  reference: string;
  status: "paid" | "failed" | "cancelled" | "pending";
  /** Paisa, as the provider reports it; null when the message carries no amount. */
  amount: number | null;
  /** As the provider reports it ("PKR"); null when the message carries none. */
  currency: string | null;
  /** The provider's own transaction id, for support and refunds; null when not given. */
  providerReference: string | null;
  /** The provider's words (response code and message), for the order's payment history. */
  message: string;
  /** Every field received, kept for support (never shown to shoppers). */
  raw: Record<string, unknown>;
}

/** An HTTP request as it reached the shop: the adapter checks and reads it. */
export interface IncomingCallback {
  method: string;
  headers: Record<string, string | undefined>;
  /** The query string's fields. */
  query: Record<string, string>;
  /** The body exactly as received (signatures are over the bytes). */
  rawBody: string;
  contentType: string | undefined;
}

export interface RefundRequest {
  /** The shop's attempt reference the payment was made under. */
  reference: string;
  providerReference: string | null;
  /** Paisa, > 0, at most what is left of the payment (the shop has checked). */
  amount: number;
  /** Paisa, the payment's whole amount (some providers want both). */
  paymentAmount: number;
  /** The shop's refund id, unique, for idempotency where the provider takes one. */
  refundReference: string;
  reason: string;
}

export interface RefundResult {
  /** The provider's id for the refund, or the shop's when the provider gives none. */
  providerReference: string;
  raw: Record<string, unknown>;
}

export interface PaymentProvider {
  id: ProviderId;
  /** How the checkout names it ("JazzCash", "Easypaisa", "Debit or credit card"). */
  name: string;
  /** Sends the shopper to the provider: a signed redirect or form. */
  start(request: PaymentRequest): Promise<PaymentStart>;
  /**
   * Reads the shopper's return from the provider's page (query and/or posted form). Throws
   * `PaymentSignatureError` when the signature does not verify; never trusts an unsigned field.
   * Safepay's return only proves the tracker: the adapter asks the provider (query) when it must.
   */
  readReturn(callback: IncomingCallback): Promise<PaymentReport>;
  /** Reads the provider's server-to-server notification. Throws `PaymentSignatureError` when it does not verify. */
  readNotification(callback: IncomingCallback): Promise<PaymentReport>;
  /** What the body of the HTTP answer to a notification must be, when the provider documents one. */
  notificationAnswer?(report: PaymentReport | null): { status: number; contentType: string; body: string };
  /** Asks the provider where an attempt stands (status inquiry API). */
  query(reference: string, providerReference: string | null): Promise<PaymentReport>;
  /** Refunds all or part of a paid attempt. Throws `PaymentProviderError` on a refusal or an unclear answer. */
  refund(request: RefundRequest): Promise<RefundResult>;
}

/** A callback whose signature does not verify (or is missing): refused and logged, changes nothing. */
export class PaymentSignatureError extends Error {
  override name = "PaymentSignatureError";
}

/**
 * A provider call that did not give a clear answer (`unsure`: timeout, network, 5xx, HTML: it may have been done)
 * or gave a clear refusal (`unsure` false). The message is the provider's words, prefixed with its name.
 */
export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
  readonly unsure: boolean;
  constructor(message: string, unsure: boolean) {
    super(message);
    this.unsure = unsure;
  }
}
