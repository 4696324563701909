import { data, Link, redirect } from "react-router";
import { ORDER_CHANNEL_NAMES } from "../../../shared/contracts/admin-orders.ts";
import type { SettableOrderStatus } from "../../../shared/order-status.ts";
import { type ApiClient, apiContext } from "../../lib/api.server.ts";
import { formatDateTime, itemCount } from "../../ui/format.ts";
import { failureStatus, firstErrors, formText } from "../../ui/forms/api-errors.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { reloadAfterSubmission, submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { ChevronLeftIcon } from "../../ui/icons.tsx";
import { OrderTotals, ShippingAddress } from "../../ui/order-details.tsx";
import { StatusBadge } from "../../ui/status-badge.tsx";
import { answerOrThrow } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { loadAuditTrail } from "../audit-trail.server.ts";
import { AuditTrail } from "../audit-trail.tsx";
import { OrderHistory } from "../orders/order-history.tsx";
import { orderPath, STATUS_DONE } from "../orders/order-labels.ts";
import { OrderLinesTable } from "../orders/order-lines-table.tsx";
import {
  OrderPaymentCard,
  PAYMENT_DONE,
  type PaymentFailure,
  RefundDueFlag,
} from "../orders/order-payment-card.tsx";
import { OrderRiskCard } from "../orders/order-risk-card.tsx";
import { OrderShipmentCard } from "../orders/order-shipment-card.tsx";
import {
  OrderStatusCard,
  StatusChangeAlert,
  type StatusChangeFailure,
} from "../orders/order-status-form.tsx";
import ordersStyles from "../styles/orders.css?url";
import type { Route } from "./+types/order";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];

export const meta: Route.MetaFunction = ({ params }) => adminMeta(`Order ${params.number}`);

/** An unknown number is the back office's "Not found" page; any other failure its "Something went wrong". */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const order = answerOrThrow(await api.call("adminGetOrder", { params: { number: params.number } }));
  const [trail, payment] = await Promise.all([
    loadAuditTrail(api, "order", order.number),
    api.call("adminGetOrderPayment", { params: { number: order.number } }),
  ]);
  const paymentDone = url.searchParams.get("payment");
  return {
    order,
    trail,
    payment: answerOrThrow(payment),
    confirmCancel: url.searchParams.get("confirm") === "cancel",
    changed: url.searchParams.get("changed"),
    entered: url.searchParams.get("entered") === "1",
    paymentDone:
      paymentDone && Object.hasOwn(PAYMENT_DONE, paymentDone) ? (paymentDone as PaymentDone) : null,
  };
}

type PaymentDone = keyof typeof PAYMENT_DONE;

const PAYMENT_FORMS = ["refund", "paid", "rejected"] as const;
const isPaymentForm = (intent: string): intent is PaymentFailure["form"] =>
  (PAYMENT_FORMS as readonly string[]).includes(intent);

const PAYMENT_FALLBACK: Record<PaymentFailure["form"], string> = {
  refund: "The refund was not made. Please try again.",
  paid: "The transfer was not marked paid. Please try again.",
  rejected: "The transfer was not rejected. Please try again.",
};

/**
 * A refund or a bank transfer's verdict. The refund must be ticked as checked first (the confirmation step, which
 * works without JavaScript); marking paid needs the bank's reference and rejecting a reason, for the audit log.
 * Done, the page is loaded afresh (303) and says so; refused, the API's messages are shown at their fields (422)
 * or above the form (409, 502), with what was typed kept.
 */
async function paymentAction(api: ApiClient, number: string, form: PaymentFailure["form"], sent: FormData) {
  const values = Object.fromEntries(
    ["amount", "reason", "reference", "note"].map((name) => [name, formText(sent, name).trim()]),
  );
  const refused = (errors: Record<string, string>, message = "", status = 422) =>
    data({ form, message, errors, values } satisfies PaymentFailure, { status });
  if (form === "refund" && formText(sent, "confirm") !== "yes") {
    return refused({ confirm: "Tick the box once you have checked the amount." });
  }
  if (form === "paid" && !values.reference) {
    return refused({ reference: "Enter the bank's reference of the transfer received." });
  }
  if (form === "rejected" && !values.note) {
    return refused({ note: "Say why the transfer is rejected: it is kept in the order's payment history." });
  }
  const params = { number };
  const answer =
    form === "refund"
      ? await api.call("adminRefundOrder", {
          params,
          body: { amount: values.amount, reason: values.reason ?? "", reference: values.reference },
        })
      : await api.call("adminDecideOrderPayment", {
          params,
          body: {
            decision: form,
            reference: form === "paid" ? values.reference : "",
            note: form === "rejected" ? values.note : "",
          },
        });
  if (answer.ok) {
    const done: PaymentDone = form === "refund" ? "refunded" : form;
    return redirect(`${orderPath(answer.data.number)}?payment=${done}`, 303);
  }
  if (answer.status === 404) throw data({ message: answer.data.message }, { status: 404 });
  const errors = firstErrors(answer.data.errors);
  // A field's error is shown at the field; anything else (a race, the provider down) above the form.
  const message = Object.keys(errors).length > 0 ? "" : answer.data.message || PAYMENT_FALLBACK[form];
  return refused(errors, message, failureStatus(answer.status));
}

/**
 * A change of status: done, the page is loaded afresh (303) and says what happened, so reloading it cannot send
 * the change twice; refused, the API's reason is shown and the note typed is kept.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const api = context.get(apiContext);
  const intent = formText(form, "intent");
  if (isPaymentForm(intent)) return paymentAction(api, params.number, intent, form);
  const status = formText(form, "status");
  const note = formText(form, "note");
  // Confirming after a phone call is its own operation (it records who confirmed); every other step a change.
  const answer =
    status === "confirm"
      ? await api.call("adminConfirmOrder", { params: { number: params.number }, body: { note } })
      : await api.call("adminUpdateOrder", {
          params: { number: params.number },
          body: { status: status as SettableOrderStatus, note },
        });
  if (answer.ok) {
    return redirect(`${orderPath(answer.data.number)}?changed=${answer.data.status}`, 303);
  }
  if (answer.status === 404) throw data({ message: answer.data.message }, { status: 404 });
  const failure: StatusChangeFailure = {
    status,
    message: answer.data.message || "The status could not be changed. Please try again.",
    errors: firstErrors(answer.data.errors),
    note,
  };
  return data(failure, { status: failureStatus(answer.status) });
}

/** A change that gets no answer from the shop keeps the page and the note, and says why. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(request, serverAction, (failure, form): StatusChangeFailure | PaymentFailure => {
    const intent = formText(form, "intent");
    if (isPaymentForm(intent)) {
      return {
        form: intent,
        message: submissionMessage(failure, PAYMENT_FALLBACK[intent]),
        errors: {},
        values: Object.fromEntries(
          ["amount", "reason", "reference", "note"].map((name) => [name, formText(form, name)]),
        ),
      };
    }
    return {
      status: formText(form, "status"),
      message: submissionMessage(failure, "The status could not be changed. Please try again."),
      errors: {},
      note: formText(form, "note"),
    };
  });
}

/** A refused change reloads the order, so the page shows where another person's change left it. */
export const shouldRevalidate = reloadAfterSubmission;

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, trail, payment, confirmCancel, changed, paymentDone, entered } = loaderData;
  const submitting = useSubmitting();
  const statusFailure = actionData && "status" in actionData ? actionData : undefined;
  const paymentFailure = actionData && "form" in actionData ? actionData : undefined;
  const pieces = itemCount(order.items);
  const done =
    changed && changed === order.status
      ? changed === "pending"
        ? "The order is confirmed."
        : STATUS_DONE[changed as SettableOrderStatus]
      : null;
  const address = order.shipping_address;

  return (
    <div className="admin-page admin-order">
      <Link to="/admin/orders" className="back-link">
        <ChevronLeftIcon size={16} /> All orders
      </Link>
      <div className="admin-page__head">
        <div>
          <h1 className="admin-page__title">
            Order <span className="order-number">{order.number}</span>
          </h1>
          <p className="admin-page__lead">
            Placed on <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time> · {pieces}{" "}
            {pieces === 1 ? "item" : "items"}
          </p>
          {order.entered_by && (
            // An order taken by phone or message: where, and who entered it.
            <p className="admin-page__lead admin-order__channel">
              Taken by {ORDER_CHANNEL_NAMES[order.channel]}, entered by {order.entered_by}
            </p>
          )}
          {order.replacement_for && (
            // An exchange's replacement (total Rs. 0): the return it settles says why it was sent.
            <p className="admin-page__lead admin-order__replacement">
              Replacement for return{" "}
              <Link to={`/admin/returns/${order.replacement_for.id}`}>
                <span className="order-number">{order.replacement_for.number}</span>
              </Link>
            </p>
          )}
        </div>
        <div className="admin-order__head-actions">
          <StatusBadge status={order.status} />
          <Link to={`${orderPath(order.number)}/print`} className="button button--small button--outline">
            Packing slip
          </Link>
        </div>
      </div>

      {done && (
        <FormAlert kind="success" title={done}>
          The customer has been emailed.
        </FormAlert>
      )}
      {entered && (
        <FormAlert kind="success" title="The order is entered.">
          {order.email
            ? "Its stock is taken and the customer has been emailed and messaged."
            : "Its stock is taken and the customer has been messaged (no email was given)."}
        </FormAlert>
      )}
      {paymentDone && <FormAlert kind="success" title={PAYMENT_DONE[paymentDone]} />}
      {payment.flag === "refund_due" && (
        <div className="form-alert form-alert--error payment-refund-due-alert" role="note">
          <p className="form-alert__title">
            <RefundDueFlag compact /> Money arrived for this cancelled order
          </p>
          <p className="form-alert__message">
            The customer paid after the order was cancelled.{" "}
            <a href="#order-payment">Refund them from the Payment card</a>.
          </p>
        </div>
      )}
      <StatusChangeAlert failure={statusFailure} />

      <div className="admin-order__grid">
        <div className="admin-order__main">
          <OrderPaymentCard payment={payment} failure={paymentFailure} submitting={submitting} />
          <section className="admin-card" aria-labelledby="order-items-title">
            <h2 className="admin-card__title" id="order-items-title">
              Items
            </h2>
            <OrderLinesTable order={order} />
            <OrderTotals order={order} due />
          </section>
          <section className="admin-card" aria-labelledby="order-history-title">
            <h2 className="admin-card__title" id="order-history-title">
              History
            </h2>
            <OrderHistory history={order.history} />
          </section>
          <AuditTrail trail={trail} title="Audit log" />
        </div>
        <div className="admin-order__side">
          <OrderStatusCard
            order={order}
            confirmCancel={confirmCancel}
            failure={statusFailure}
            submitting={submitting}
          />
          <OrderShipmentCard order={order} />
          <OrderRiskCard order={order} />
          <section className="admin-card" aria-labelledby="order-customer-title">
            <h2 className="admin-card__title" id="order-customer-title">
              Customer
            </h2>
            <dl className="admin-dl">
              <dt>Name</dt>
              <dd>
                {order.customer ? (
                  <Link to={`/admin/customers/${order.customer.id}`}>{order.customer.name}</Link>
                ) : (
                  `${address.first_name} ${address.last_name}`
                )}
              </dd>
              <dt>Account</dt>
              <dd>
                {order.customer ? "Registered customer" : order.entered_by ? "No account" : "Guest checkout"}
              </dd>
              <dt>Email</dt>
              <dd>{order.email ? <a href={`mailto:${order.email}`}>{order.email}</a> : "None given"}</dd>
              <dt>Phone</dt>
              <dd>
                <a href={`tel:${order.phone.replace(/[^\d+]/g, "")}`}>{order.phone}</a>
              </dd>
            </dl>
          </section>
          <section className="admin-card" aria-labelledby="order-address-title">
            <h2 className="admin-card__title" id="order-address-title">
              Shipping address
            </h2>
            <ShippingAddress order={order} />
            {order.notes && (
              <>
                <h3 className="admin-order__subtitle">Customer's notes</h3>
                <p className="admin-order__notes">{order.notes}</p>
              </>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
