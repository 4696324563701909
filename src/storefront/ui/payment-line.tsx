import { Link } from "react-router";
import type { Order } from "../../shared/contracts/checkout.ts";
import { isPaymentMethod, PAYMENT_METHOD_NAMES, type PaymentMethod } from "../../shared/payment.ts";

/** How an order is paid and where that stands, in a few words: "Paid with JazzCash", "Waiting for payment". */
export function paymentSummary(order: Pick<Order, "payment_method" | "payment_status" | "status">): {
  text: string;
  /** The order still waits for its money: the payment page can take it. */
  payable: boolean;
} {
  const method: PaymentMethod =
    order.payment_method && isPaymentMethod(order.payment_method) ? order.payment_method : "cod";
  const status = order.payment_status ?? "unpaid";
  const name = PAYMENT_METHOD_NAMES[method];
  const by =
    method === "safepay"
      ? "by debit or credit card"
      : method === "bank_transfer"
        ? "by bank transfer"
        : method === "cod"
          ? "on delivery"
          : `with ${name}`;
  if (status === "paid")
    return { text: method === "cod" ? "Paid in cash on delivery" : `Paid ${by}`, payable: false };
  if (status === "refunded") return { text: `Refunded (paid ${by})`, payable: false };
  if (status === "partly_refunded") return { text: `Partly refunded (paid ${by})`, payable: false };
  if (method === "cod") return { text: "Payment on delivery", payable: false };
  const waiting = order.status === "awaiting_payment";
  if (!waiting) return { text: `Not paid (${name})`, payable: false };
  if (status === "failed") return { text: `Payment failed (${name})`, payable: true };
  return { text: `Waiting for payment ${by}`, payable: true };
}

/** The order's payment on the pages a shopper sees it (confirmation, lookup, account), with a way to pay it. */
export function PaymentLine({ order }: { order: Order }) {
  const { text, payable } = paymentSummary(order);
  return (
    <p className="payment-line" data-testid="payment-line">
      <span className="payment-line__label">Payment</span> <strong>{text}</strong>
      {payable && (
        <>
          {" "}
          <Link
            to={`/order-payment?order=${encodeURIComponent(order.number)}`}
            className="payment-line__link"
          >
            {order.payment_method === "bank_transfer" ? "See how to pay" : "Pay now"}
          </Link>
        </>
      )}
    </p>
  );
}
