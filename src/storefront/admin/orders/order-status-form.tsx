import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";
import type { AdminOrder } from "../../../shared/contracts/admin-orders.ts";
import type { SettableOrderStatus } from "../../../shared/order-status.ts";
import { formatDateTime, itemCount } from "../../ui/format.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { orderPath, STATUS_ACTIONS, STATUS_NAMES } from "./order-labels.ts";

/** What a refused or failed change shows: the reason, and the note typed, so nothing is lost. */
export interface StatusChangeFailure {
  status: string;
  message: string;
  errors: Record<string, string>;
  note: string;
}

const NOTE_MAX = 500;

function NoteField({
  id,
  error,
  defaultValue,
  hint = "Kept in the order's history for the shop; not sent to the customer.",
}: {
  id: string;
  error?: string | undefined;
  defaultValue: string;
  hint?: string;
}) {
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label className="field__label" htmlFor={id}>
        Note <span className="field__optional">(optional)</span>
      </label>
      <textarea
        id={id}
        name="note"
        className="field__input"
        rows={2}
        maxLength={NOTE_MAX}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : ""].filter(Boolean).join(" ")}
      />
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The order's next steps, as plain forms that work before (or without) JavaScript: only the changes the
 * workflow allows now are offered. Cancelling asks first: "Cancel order" opens `?confirm=cancel`, where the
 * change is confirmed with its consequences spelled out.
 */
export function OrderStatusCard({
  order,
  confirmCancel,
  failure,
  submitting,
}: {
  order: AdminOrder;
  confirmCancel: boolean;
  failure: StatusChangeFailure | undefined;
  submitting: boolean;
}) {
  const forward = order.allowed_statuses.filter((status) => status !== "cancelled");
  const cancellable = order.allowed_statuses.includes("cancelled");
  // Only an order that can still be cancelled is asked about (an old ?confirm=cancel address is ignored).
  const asking = confirmCancel && cancellable;
  const failed = (status: SettableOrderStatus) => (failure?.status === status ? failure : undefined);

  return (
    <section className="admin-card admin-order-actions" aria-labelledby="order-status-title">
      <h2 className="admin-card__title" id="order-status-title">
        Status
      </h2>
      {order.can_confirm ? (
        <p className="admin-page__lead">
          Waiting for the customer to confirm with the link or code we sent
          {order.confirm_by && (
            <>
              {" "}
              by <time dateTime={order.confirm_by}>{formatDateTime(order.confirm_by)}</time>, or it is
              cancelled
            </>
          )}
          . Call them to confirm it here, or cancel it.
        </p>
      ) : order.allowed_statuses.length === 0 ? (
        <p className="admin-page__lead">
          This order is {STATUS_NAMES[order.status].toLowerCase()}; its status can no longer change.
        </p>
      ) : (
        <p className="admin-page__lead">Each change emails the customer, except a parcel coming back.</p>
      )}

      {order.can_confirm && !asking && (
        <Form method="post" className="form-stack admin-order-actions__form">
          <input type="hidden" name="status" value="confirm" />
          <NoteField
            id="note-confirm"
            error={failure?.status === "confirm" ? failure.errors.note : undefined}
            defaultValue={failure?.status === "confirm" ? failure.note : ""}
            hint="How it was confirmed, for the order's history: who you spoke to, when."
          />
          <div>
            <button type="submit" className="button" disabled={submitting}>
              Confirm order (after a call)
            </button>
          </div>
        </Form>
      )}

      {/* While the cancelling is asked about, the other changes step aside. */}
      {!asking &&
        forward.map((status) => (
          <Form method="post" className="form-stack admin-order-actions__form" key={status}>
            <input type="hidden" name="status" value={status} />
            <NoteField
              id={`note-${status}`}
              error={failed(status)?.errors.note}
              defaultValue={failed(status)?.note ?? ""}
            />
            <div>
              <button type="submit" className="button" disabled={submitting}>
                {STATUS_ACTIONS[status]}
              </button>
            </div>
          </Form>
        ))}

      {cancellable && !asking && (
        <p>
          <Link
            to={`${orderPath(order.number)}?confirm=cancel`}
            className="button button--outline admin-danger-button"
            preventScrollReset
          >
            Cancel order…
          </Link>
        </p>
      )}
      {asking && <CancelConfirmation order={order} failure={failed("cancelled")} submitting={submitting} />}
    </section>
  );
}

function CancelConfirmation({
  order,
  failure,
  submitting,
}: {
  order: AdminOrder;
  failure: StatusChangeFailure | undefined;
  submitting: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from the "Cancel order…" link: the question is where the keyboard and screen reader go next.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const pieces = itemCount(order.items);
  return (
    <section className="admin-confirm" aria-labelledby="cancel-title" aria-describedby="cancel-what">
      <h3 className="admin-confirm__title" id="cancel-title" tabIndex={-1} ref={heading}>
        Cancel order {order.number}?
      </h3>
      <p id="cancel-what">
        The {pieces === 1 ? "item goes" : `${pieces} items go`} back into stock and the customer is emailed
        that the order was cancelled. This cannot be undone.
      </p>
      <Form method="post" className="form-stack">
        <input type="hidden" name="status" value="cancelled" />
        <NoteField id="note-cancelled" error={failure?.errors.note} defaultValue={failure?.note ?? ""} />
        <div className="admin-confirm__actions">
          <button type="submit" className="button admin-danger-button--solid" disabled={submitting}>
            Yes, cancel order
          </button>
          <Link to={orderPath(order.number)} className="button button--outline" preventScrollReset>
            Keep the order
          </Link>
        </div>
      </Form>
    </section>
  );
}

/** A change the API refused (or that got no answer): said at the top of the card's page. */
export function StatusChangeAlert({ failure }: { failure: StatusChangeFailure | undefined }) {
  if (!failure?.message) return null;
  return (
    <FormAlert kind="error" title="The status was not changed">
      {failure.message}
    </FormAlert>
  );
}
