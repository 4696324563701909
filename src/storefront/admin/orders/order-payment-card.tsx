import { Form } from "react-router";
import { type AdminPaymentView, PAYMENT_MESSAGES } from "../../../shared/contracts/payments.ts";
import { formatRupees } from "../../../shared/money.ts";
import {
  isOnlineMethod,
  PAYMENT_METHOD_NAMES,
  PAYMENT_STATUS_NAMES,
  type PaymentMethod,
  type PaymentStatus,
} from "../../../shared/payment.ts";
import { formatDateTime, statusLabel } from "../../ui/format.ts";
import { Field, FormAlert } from "../../ui/forms/field.tsx";

/**
 * An order's payment in the back office (docs/decisions/0053-online-payments.md): how it is paid and where that
 * stands, what came in and went back, every attempt and event (the providers' raw fields folded away), the
 * refunds, and the forms that move money: a refund (ticked to confirm its amount first) and, for a bank transfer
 * still awaited, its proofs with "Mark paid" and "Reject". Plain forms: they work without JavaScript.
 */

/** A payment form the API refused (or that got no answer): its message, its fields' errors, what was typed. */
export interface PaymentFailure {
  form: "refund" | "paid" | "rejected";
  message: string;
  errors: Record<string, string>;
  values: Record<string, string>;
}

export const PAYMENT_DONE = {
  refunded: "The refund is made and the customer has been emailed.",
  paid: "The bank transfer is marked paid: the order goes on and the customer has been emailed.",
  rejected: "The bank transfer is rejected. The order still waits for its payment.",
} as const;

const BADGE: Record<PaymentStatus, string> = {
  unpaid: "",
  pending: " admin-badge--warning",
  paid: " admin-badge--success",
  failed: " admin-badge--danger",
  refunded: " admin-badge--info",
  partly_refunded: " admin-badge--info",
};

/** A payment status as a coloured label (the order page's and the list's). */
export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return (
    <span className={`admin-badge payment-badge${BADGE[status]}`} data-payment-status={status}>
      {PAYMENT_STATUS_NAMES[status]}
    </span>
  );
}

/** The flag of money that arrived for an order already cancelled: it must go back. */
export function RefundDueFlag({ compact = false }: { compact?: boolean }) {
  return (
    <span
      className={`admin-badge admin-badge--danger payment-flag${compact ? " payment-flag--compact" : ""}`}
    >
      Refund due
    </span>
  );
}

const SOURCE_NAMES: Record<string, string> = {
  start: "Payment started",
  return: "Customer came back",
  notification: "Provider's notification",
  switch: "Switched to cash on delivery",
  query: "Status check",
  refund: "Refund",
  staff: "Staff",
  proof: "Proof uploaded",
  expiry: "Hold ended",
};

const methodName = (provider: string) =>
  PAYMENT_METHOD_NAMES[provider as PaymentMethod] ?? statusLabel(provider);

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const typeText = (contentType: string) =>
  contentType === "application/pdf" ? "PDF" : (contentType.split("/")[1] ?? contentType).toUpperCase();

/** Rupees as the amount field shows them: "1500", "999.5". */
const rupeesValue = (rupees: number) => String(Math.round(rupees * 100) / 100);

/** The raw fields as sent, indented when they are JSON. */
function rawText(raw: string): string {
  try {
    return JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    return raw;
  }
}

export const proofPath = (number: string, id: number) =>
  `/api/admin/orders/${encodeURIComponent(number)}/payment/proofs/${id}`;

export function OrderPaymentCard({
  payment,
  failure,
  submitting,
}: {
  payment: AdminPaymentView;
  failure: PaymentFailure | undefined;
  submitting: boolean;
}) {
  const left = Math.max(0, Math.round((payment.paid - payment.refunded) * 100) / 100);
  // The API refunds through the provider when it has a refund call (refund_through); otherwise by hand, with the
  // reference of the money sent back (a bank transfer, or the provider's portal: Easypaisa).
  const paidOnline = payment.refund_through !== null;
  const awaitingTransfer =
    payment.method === "bank_transfer" &&
    payment.order_status === "awaiting_payment" &&
    payment.status !== "paid";

  return (
    <section
      className="admin-card admin-order-payment"
      id="order-payment"
      aria-labelledby="order-payment-title"
    >
      <div className="admin-order-payment__head">
        <h2 className="admin-card__title" id="order-payment-title">
          Payment
        </h2>
        <PaymentBadge status={payment.status} />
      </div>

      {payment.flag === "refund_due" && (
        <div className="payment-refund-due" role="note">
          <RefundDueFlag />
          <p>
            Money arrived for this order after it was cancelled. Refund {formatRupees(left)} to the customer.
          </p>
        </div>
      )}

      <dl className="admin-dl admin-order-payment__figures">
        <dt>Method</dt>
        <dd>{payment.method_name}</dd>
        <dt>Order total</dt>
        <dd>{formatRupees(payment.total)}</dd>
        <dt>Paid</dt>
        <dd data-testid="payment-paid">{formatRupees(payment.paid)}</dd>
        <dt>Refunded</dt>
        <dd data-testid="payment-refunded">{formatRupees(payment.refunded)}</dd>
        <dt>Left to refund</dt>
        <dd data-testid="payment-left">{formatRupees(left)}</dd>
        {payment.due_by && (
          <>
            <dt>Stock held until</dt>
            <dd>
              <time dateTime={payment.due_by}>{formatDateTime(payment.due_by)}</time>
            </dd>
          </>
        )}
      </dl>

      {awaitingTransfer && <TransferDecision payment={payment} failure={failure} submitting={submitting} />}

      {left > 0 && (
        <RefundForm
          left={left}
          paidOnline={paidOnline}
          payment={payment}
          failure={failure?.form === "refund" ? failure : undefined}
          submitting={submitting}
        />
      )}

      {payment.refunds.length > 0 && (
        <>
          <h3 className="admin-order__subtitle">Refunds</h3>
          <ul className="payment-list">
            {payment.refunds.map((refund) => (
              <li key={`${refund.created_at}-${refund.reference}`} className="payment-list__item">
                <p className="payment-list__what">
                  <strong>{formatRupees(refund.amount)}</strong>{" "}
                  {refund.via === "provider" ? "through the provider" : "by bank transfer"}
                  {refund.reference && (
                    <>
                      {" "}
                      · ref. <span className="order-number">{refund.reference}</span>
                    </>
                  )}
                </p>
                <p className="admin-history__meta">
                  <time dateTime={refund.created_at}>{formatDateTime(refund.created_at)}</time> ·{" "}
                  {refund.actor_email}
                </p>
                {refund.reason && <p className="admin-history__note">{refund.reason}</p>}
              </li>
            ))}
          </ul>
        </>
      )}

      {payment.attempts.length > 0 && (
        <>
          <h3 className="admin-order__subtitle">Attempts</h3>
          <ul className="payment-list">
            {payment.attempts.map((attempt) => (
              <li key={attempt.reference} className="payment-list__item">
                <p className="payment-list__what">
                  {methodName(attempt.provider)} · {formatRupees(attempt.amount)} ·{" "}
                  <span className="payment-outcome">{statusLabel(attempt.status)}</span>
                </p>
                <p className="admin-history__meta">
                  <time dateTime={attempt.created_at}>{formatDateTime(attempt.created_at)}</time> · ref.{" "}
                  <span className="order-number">{attempt.reference}</span>
                </p>
              </li>
            ))}
          </ul>
        </>
      )}

      <h3 className="admin-order__subtitle">Payment history</h3>
      {payment.events.length === 0 ? (
        <p className="admin-page__lead">Nothing has happened to this payment yet.</p>
      ) : (
        <ol className="admin-history payment-events">
          {payment.events.map((event, index) => (
            // Events are never edited or removed: their place in the list is who they are.
            // biome-ignore lint/suspicious/noArrayIndexKey: an append-only list
            <li key={index} className="admin-history__entry">
              <p className="admin-history__what">
                {SOURCE_NAMES[event.source] ?? statusLabel(event.source)}:{" "}
                <span className="payment-outcome">{statusLabel(event.outcome)}</span>
                {event.amount !== null && <> · {formatRupees(event.amount)}</>}
              </p>
              <p className="admin-history__meta">
                <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
              </p>
              {event.message && <p className="admin-history__note">{event.message}</p>}
              {event.raw && event.raw !== "{}" && (
                <details className="payment-raw">
                  <summary>Fields the provider sent</summary>
                  <pre>{rawText(event.raw)}</pre>
                </details>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p className="field__error" id={`${id}-error`}>
      {error}
    </p>
  );
}

function RefundForm({
  left,
  paidOnline,
  payment,
  failure,
  submitting,
}: {
  left: number;
  paidOnline: boolean;
  payment: AdminPaymentView;
  failure: PaymentFailure | undefined;
  submitting: boolean;
}) {
  const errors = failure?.errors ?? {};
  const values = failure?.values ?? {};
  const paidWith = payment.attempts.findLast((attempt) => attempt.status === "paid");
  return (
    <Form method="post" className="form-stack admin-order-payment__form" aria-labelledby="refund-title">
      <h3 className="admin-order__subtitle" id="refund-title">
        Refund
      </h3>
      <p className="field__hint">
        {paidOnline
          ? `The money goes back through ${payment.refund_through} to what the customer paid with.`
          : paidWith && isOnlineMethod(paidWith.provider)
            ? PAYMENT_MESSAGES.refundInPortal(methodName(paidWith.provider))
            : "Send the money from the shop's bank account first, then record the transfer here with its reference."}
      </p>
      {failure?.message && (
        <FormAlert kind="error" title="The refund was not made">
          {failure.message}
        </FormAlert>
      )}
      <input type="hidden" name="intent" value="refund" />
      <Field
        id="refund-amount"
        name="amount"
        label="Amount (Rs.)"
        type="number"
        inputMode="decimal"
        min="0.01"
        max={rupeesValue(left)}
        step="0.01"
        required
        defaultValue={values.amount ?? rupeesValue(left)}
        hint={`At most ${formatRupees(left)}: what was paid and not refunded yet.`}
        error={errors.amount}
      />
      <div className={`field${errors.reason ? " field--invalid" : ""}`}>
        <label className="field__label" htmlFor="refund-reason">
          Reason
        </label>
        <textarea
          id="refund-reason"
          name="reason"
          className="field__input"
          rows={2}
          maxLength={500}
          required
          defaultValue={values.reason ?? ""}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? "refund-reason-error" : undefined}
        />
        <ErrorText id="refund-reason" error={errors.reason} />
      </div>
      {!paidOnline && (
        <Field
          id="refund-reference"
          name="reference"
          label={
            paidWith && isOnlineMethod(paidWith.provider) ? "Refund reference" : "Bank transfer reference"
          }
          required
          maxLength={100}
          autoComplete="off"
          defaultValue={values.reference ?? ""}
          hint="The reference of the transfer that sends the money back."
          error={errors.reference}
        />
      )}
      <div className={`field field--check${errors.confirm ? " field--invalid" : ""}`}>
        <label className="payment-check" htmlFor="refund-confirm">
          <input
            id="refund-confirm"
            type="checkbox"
            name="confirm"
            value="yes"
            required
            aria-invalid={errors.confirm ? true : undefined}
            aria-describedby={errors.confirm ? "refund-confirm-error" : undefined}
          />{" "}
          I have checked the amount: this money goes back to the customer and cannot be taken back.
        </label>
        <ErrorText id="refund-confirm" error={errors.confirm} />
      </div>
      <div>
        <button type="submit" className="button admin-danger-button--solid" disabled={submitting}>
          Refund
        </button>
      </div>
    </Form>
  );
}

function TransferDecision({
  payment,
  failure,
  submitting,
}: {
  payment: AdminPaymentView;
  failure: PaymentFailure | undefined;
  submitting: boolean;
}) {
  const failed = (form: PaymentFailure["form"]) => (failure?.form === form ? failure : undefined);
  const paid = failed("paid");
  const rejected = failed("rejected");
  return (
    <div className="admin-order-payment__transfer">
      <h3 className="admin-order__subtitle">Bank transfer</h3>
      {payment.proof_files.length === 0 ? (
        <p className="field__hint">
          The customer has not uploaded a proof of the transfer. Check the bank account.
        </p>
      ) : (
        <ul className="payment-proofs" aria-label="Proofs of the transfer">
          {payment.proof_files.map((proof, index) => (
            <li key={proof.id}>
              <a href={proofPath(payment.number, proof.id)} download>
                Proof {index + 1} ({typeText(proof.content_type)}, {sizeText(proof.size)})
              </a>{" "}
              <span className="admin-history__meta">
                <time dateTime={proof.created_at}>{formatDateTime(proof.created_at)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="form-stack admin-order-payment__form">
        <input type="hidden" name="intent" value="paid" />
        {paid?.message && (
          <FormAlert kind="error" title="The transfer was not marked paid">
            {paid.message}
          </FormAlert>
        )}
        <Field
          id="transfer-reference"
          name="reference"
          label="The bank's reference"
          required
          maxLength={100}
          autoComplete="off"
          defaultValue={paid?.values.reference ?? ""}
          hint={`Check that ${formatRupees(payment.total)} reached the shop's account with ${payment.number} as its reference.`}
          error={paid?.errors.reference}
        />
        <div>
          <button type="submit" className="button" disabled={submitting}>
            Mark paid
          </button>
        </div>
      </Form>
      <Form method="post" className="form-stack admin-order-payment__form">
        <input type="hidden" name="intent" value="rejected" />
        {rejected?.message && (
          <FormAlert kind="error" title="The transfer was not rejected">
            {rejected.message}
          </FormAlert>
        )}
        <div className={`field${rejected?.errors.note ? " field--invalid" : ""}`}>
          <label className="field__label" htmlFor="transfer-note">
            Why it is rejected
          </label>
          <textarea
            id="transfer-note"
            name="note"
            className="field__input"
            rows={2}
            maxLength={500}
            required
            defaultValue={rejected?.values.note ?? ""}
            aria-invalid={rejected?.errors.note ? true : undefined}
            aria-describedby={rejected?.errors.note ? "transfer-note-error" : undefined}
          />
          <ErrorText id="transfer-note" error={rejected?.errors.note} />
        </div>
        <div>
          <button type="submit" className="button button--outline admin-danger-button" disabled={submitting}>
            Reject
          </button>
        </div>
      </Form>
    </div>
  );
}
