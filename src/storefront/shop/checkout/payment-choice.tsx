import type { OfferedPaymentMethod } from "../../../shared/contracts/payments.ts";
import type { PaymentMethod } from "../../../shared/payment.ts";

/** One line under each way to pay, saying what happens after "Place Order". */
export const PAYMENT_METHOD_HINTS: Record<PaymentMethod, string> = {
  cod: "Pay the courier in cash when your order arrives. Nothing is charged online.",
  jazzcash: "Pay from your JazzCash account on JazzCash's own page.",
  easypaisa: "Pay from your Easypaisa account on Easypaisa's own page.",
  safepay: "Visa, Mastercard or UnionPay, on Safepay's secure page.",
  bank_transfer: "Send the total to our bank account or Raast ID; we pack your order once it arrives.",
};

/**
 * The checkout's "Payment" choice: the ways the shop offers now, cash on delivery first and chosen unless the
 * shopper chose another. With cash on delivery alone there is nothing to choose, and the checkout shows the
 * spec's one sentence instead (see CheckoutForm).
 */
export function PaymentChoice({
  methods,
  chosen,
}: {
  methods: readonly OfferedPaymentMethod[];
  chosen: string | undefined;
}) {
  const selected = methods.some((method) => method.id === chosen) ? chosen : methods[0]?.id;
  return (
    <fieldset className="payment-choice" data-testid="payment-choice">
      <legend className="payment-choice__title">Payment</legend>
      {methods.map((method) => (
        <label key={method.id} className="payment-choice__option">
          <input
            type="radio"
            name="payment_method"
            value={method.id}
            defaultChecked={method.id === selected}
            className="payment-choice__radio"
          />
          <span className="payment-choice__text">
            <span className="payment-choice__name">{method.name}</span>
            <span className="payment-choice__hint">{PAYMENT_METHOD_HINTS[method.id]}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
