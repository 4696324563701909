import { Form } from "react-router";
import type { Order } from "../../../shared/contracts/checkout.ts";
import { formatDateTime } from "../../ui/format.ts";
import { Field } from "../../ui/forms/field.tsx";

/**
 * What a shopper whose order awaits confirmation must do, said plainly, with the form to type the code from their
 * message (docs/decisions/0042). It posts to /confirm-order, so it works before or without JavaScript wherever it
 * is shown: the order's success page, the account's order page, the order lookup.
 */
export function ConfirmOrderBox({ order, submitting = false }: { order: Order; submitting?: boolean }) {
  if (order.status !== "awaiting_confirmation") return null;
  return (
    <section
      className="confirm-box"
      aria-labelledby={`confirm-${order.number}`}
      data-testid="confirm-order-box"
    >
      <h2 className="confirm-box__title" id={`confirm-${order.number}`}>
        Please confirm your order
      </h2>
      <p className="confirm-box__lead">
        We have sent a message to <strong>{order.phone}</strong> and an email to{" "}
        <strong>{order.email}</strong> with a link and a 6-digit code. Open the link, or enter the code here.
        {order.confirm_by && (
          <>
            {" "}
            We send your order once it is confirmed; if it is not confirmed by{" "}
            <strong>
              <time dateTime={order.confirm_by}>{formatDateTime(order.confirm_by)}</time>
            </strong>
            , it is cancelled.
          </>
        )}
      </p>
      <Form method="post" action="/confirm-order" className="confirm-box__form">
        <input type="hidden" name="number" value={order.number} />
        <Field
          id={`confirm-code-${order.number}`}
          name="code"
          label="Confirmation code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]{6,7}"
          maxLength={7}
          placeholder="123456"
          required
        />
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? "Confirming..." : "Confirm order"}
        </button>
      </Form>
    </section>
  );
}
