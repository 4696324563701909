/**
 * How an order is paid (docs/decisions/0053-online-payments.md). Zod-free, so pages may import it.
 *
 * - Cash on delivery stays the default: an order placed without `payment_method` is paid in cash at the door,
 *   and becomes "paid" when staff record its cash as collected.
 * - An online method (JazzCash, Easypaisa, a card through Safepay) places the order "awaiting_payment" with its
 *   stock held; the provider's word moves it on ("pending" for the shop to pack, skipping cash-on-delivery
 *   confirmation) or the hold's end cancels it.
 * - A bank transfer (or Raast) also waits for its money: the shopper sends it with the order number as the
 *   reference and may upload a proof; staff mark it paid or rejected.
 */
export const PAYMENT_METHODS = ["cod", "jazzcash", "easypaisa", "safepay", "bank_transfer"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** The methods paid through a provider's hosted page. */
export const ONLINE_METHODS = [
  "jazzcash",
  "easypaisa",
  "safepay",
] as const satisfies readonly PaymentMethod[];
export type OnlineMethod = (typeof ONLINE_METHODS)[number];

export const PAYMENT_STATUSES = [
  "unpaid",
  "pending",
  "paid",
  "failed",
  "refunded",
  "partly_refunded",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How the checkout and the order pages name each method. */
export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  cod: "Payment on delivery",
  jazzcash: "JazzCash",
  easypaisa: "Easypaisa",
  safepay: "Debit or credit card",
  bank_transfer: "Bank transfer or Raast",
};

export const PAYMENT_STATUS_NAMES: Record<PaymentStatus, string> = {
  unpaid: "Unpaid",
  pending: "Waiting for payment",
  paid: "Paid",
  failed: "Payment failed",
  refunded: "Refunded",
  partly_refunded: "Partly refunded",
};

export function isPaymentMethod(value: string): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly string[]).includes(value);
}

export function isOnlineMethod(value: string): value is OnlineMethod {
  return (ONLINE_METHODS as readonly string[]).includes(value);
}

/** A method whose money comes before the parcel leaves: the order waits for it with its stock held. */
export const isPrepaid = (method: string) => method !== "cod";

/** The payment status once `refunded` of `paid` paisa has gone back. */
export function statusAfterRefund(paid: number, refunded: number): PaymentStatus {
  if (refunded <= 0) return "paid";
  return refunded >= paid ? "refunded" : "partly_refunded";
}
