import { data, Link, redirect } from "react-router";
import type { AdminReturnView } from "../../../shared/contracts/returns.ts";
import { formatRupees } from "../../../shared/money.ts";
import {
  PAYMENT_METHOD_NAMES,
  PAYMENT_STATUS_NAMES,
  type PaymentMethod,
  type PaymentStatus,
} from "../../../shared/payment.ts";
import { RETURN_CONDITION_NAMES, RETURN_METHOD_NAMES, returnStatusName } from "../../../shared/returns.ts";
import { apiContext } from "../../lib/api.server.ts";
import { formatDateTime } from "../../ui/format.ts";
import { failureStatus, firstErrors, formText } from "../../ui/forms/api-errors.ts";
import { FormAlert } from "../../ui/forms/field.tsx";
import { readForm } from "../../ui/forms/read-form.server.ts";
import { reloadAfterSubmission, submissionMessage, submitOrFail } from "../../ui/forms/submission.ts";
import { useSubmitting } from "../../ui/forms/use-submitting.ts";
import { ChevronLeftIcon } from "../../ui/icons.tsx";
import { StatusBadge } from "../../ui/status-badge.tsx";
import { answerOrThrow } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { orderPath } from "../orders/order-labels.ts";
import { actionBody } from "../returns/return-action-body.ts";
import { type ReturnActionFailure, ReturnActionForms } from "../returns/return-action-forms.tsx";
import {
  isReturnAction,
  RETURN_DONE,
  RETURN_NOT_SAVED,
  RETURNS_PATH,
  returnBadgeClass,
  returnPath,
  returnPhotoHref,
} from "../returns/return-labels.ts";
import ordersStyles from "../styles/orders.css?url";
import returnsStyles from "../styles/returns.css?url";
import type { Route } from "./+types/return";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: ordersStyles },
  { rel: "stylesheet", href: returnsStyles },
];

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Return ${loaderData.view.number}` : "Return");

/** The return; the couriers only when it may still be approved (a pickup chooses one). */
export async function loader({ context, params, url }: Route.LoaderArgs) {
  const api = context.get(apiContext);
  const view = answerOrThrow(await api.call("adminGetReturn", { params: { id: params.id } }));
  const couriers = view.actions.includes("approve")
    ? answerOrThrow(await api.call("adminCouriers")).data
    : [];
  const done = url.searchParams.get("done");
  return { view, couriers, done: isReturnAction(done) ? RETURN_DONE[done] : null };
}

/** Every text the form sent, so a refused step shows it again (the conditions' radios included). */
const sentValues = (form: FormData): Record<string, string> =>
  Object.fromEntries(
    [...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );

/**
 * One step on the return. Done, the page is loaded afresh (303) and says so, so reloading it cannot send the
 * step twice; refused, the API's words are shown at their fields (422) or above the forms (409: someone else
 * moved it; 502: the courier did not answer), with what was typed kept.
 */
export async function action({ context, params, request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = formText(form, "intent");
  const body = actionBody(intent, form);
  if (!body || !isReturnAction(intent)) {
    throw data({ message: "Choose what to do with the return." }, { status: 400 });
  }
  const answer = await context.get(apiContext).call("adminUpdateReturn", { params: { id: params.id }, body });
  if (answer.ok) return redirect(`${returnPath(answer.data.id)}?done=${intent}`, 303);
  if (answer.status === 404) throw data({ message: answer.data.message }, { status: 404 });
  const errors = firstErrors(answer.data.errors);
  const failure: ReturnActionFailure = {
    action: intent,
    message:
      Object.keys(errors).length > 0
        ? "Please correct what is marked below."
        : answer.data.message || RETURN_NOT_SAVED,
    errors,
    values: sentValues(form),
  };
  return data(failure, { status: failureStatus(answer.status) });
}

/** A step that gets no answer from the shop keeps the page and what was typed, and says why. */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return submitOrFail(request, serverAction, (failure, form): ReturnActionFailure => {
    const intent = formText(form, "intent");
    return {
      action: isReturnAction(intent) ? intent : "approve",
      message: submissionMessage(failure, RETURN_NOT_SAVED),
      errors: {},
      values: sentValues(form),
    };
  });
}

/** A refused step reloads the return, so the page shows where someone else's step left it. */
export const shouldRevalidate = reloadAfterSubmission;

export default function AdminReturn({ loaderData, actionData }: Route.ComponentProps) {
  const { view, couriers, done } = loaderData;
  const submitting = useSubmitting();
  const failure = actionData ?? undefined;

  return (
    <div className="admin-page admin-order admin-return">
      <Link to={RETURNS_PATH} className="back-link">
        <ChevronLeftIcon size={16} /> All returns
      </Link>
      <div className="admin-page__head">
        <div>
          <h1 className="admin-page__title">
            Return <span className="order-number">{view.number}</span>
          </h1>
          <p className="admin-page__lead">
            Asked on <time dateTime={view.created_at}>{formatDateTime(view.created_at)}</time> ·{" "}
            {view.resolution_name} · {formatRupees(view.amount)}
          </p>
        </div>
        <span className={returnBadgeClass(view.status, view.outcome)}>
          {returnStatusName(view.status, view.outcome)}
        </span>
      </div>

      {done && <FormAlert kind="success">{done}</FormAlert>}
      {failure?.message && (
        <FormAlert kind="error" title="The return was not changed">
          {failure.message}
        </FormAlert>
      )}

      <div className="admin-order__grid">
        <div className="admin-order__main">
          <ReturnRequestCard view={view} />
          <ReturnItemsCard view={view} />
          {view.photo_ids.length > 0 && <ReturnPhotosCard view={view} />}
          <ReturnResultCard view={view} />
          <ReturnTimelineCard view={view} />
        </div>
        <div className="admin-order__side">
          {view.actions.length > 0 && (
            <section className="admin-card admin-order-actions" aria-labelledby="return-next-title">
              <h2 className="admin-card__title" id="return-next-title">
                Next step
              </h2>
              <ReturnActionForms view={view} couriers={couriers} failure={failure} submitting={submitting} />
            </section>
          )}
          <ReturnOrderCard view={view} />
        </div>
      </div>
    </div>
  );
}

function ReturnRequestCard({ view }: { view: AdminReturnView }) {
  return (
    <section className="admin-card" aria-labelledby="return-request-title">
      <h2 className="admin-card__title" id="return-request-title">
        The request
      </h2>
      <dl className="admin-dl">
        <dt>Reason</dt>
        <dd>{view.reason_name}</dd>
        {view.reason_text && (
          <>
            <dt>Details</dt>
            <dd className="admin-order__notes">{view.reason_text}</dd>
          </>
        )}
        <dt>Wants</dt>
        <dd>{view.resolution_name}</dd>
        <dt>Amount</dt>
        <dd>{formatRupees(view.amount)}</dd>
        {view.method && (
          <>
            <dt>Comes back</dt>
            <dd>{RETURN_METHOD_NAMES[view.method]}</dd>
          </>
        )}
        {view.courier_name && (
          <>
            <dt>Courier</dt>
            <dd>{view.courier_name}</dd>
          </>
        )}
        {view.consignment_number && (
          <>
            <dt>Consignment</dt>
            <dd>
              {view.tracking_url ? (
                <a href={view.tracking_url} target="_blank" rel="noreferrer noopener">
                  {view.consignment_number}
                </a>
              ) : (
                view.consignment_number
              )}
            </dd>
          </>
        )}
        {view.send_to && (
          <>
            <dt>Sent to</dt>
            <dd>{view.send_to}</dd>
          </>
        )}
        {view.staff_note && (
          <>
            <dt>Shop's note</dt>
            <dd className="admin-order__notes">{view.staff_note}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** The items: what came back, what the customer wants instead, and the condition recorded on arrival. */
function ReturnItemsCard({ view }: { view: AdminReturnView }) {
  const exchange = view.resolution === "exchange";
  return (
    <section className="admin-card" aria-labelledby="return-items-title">
      <h2 className="admin-card__title" id="return-items-title">
        Items
      </h2>
      <div className="admin-table-wrap">
        <table className="admin-table admin-table--cards admin-order-lines">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="admin-num">
                Qty
              </th>
              <th scope="col" className="admin-num">
                Amount
              </th>
              {exchange && <th scope="col">Instead</th>}
              <th scope="col">Condition</th>
            </tr>
          </thead>
          <tbody>
            {view.items.map((item) => (
              <tr key={item.order_item_id} data-testid="return-item">
                <th scope="row">
                  <Link to={`/product/${item.product_slug}`}>{item.product_name}</Link>
                  <span className="admin-order-lines__variant">
                    {item.color_name}, {item.size_name}
                  </span>
                </th>
                <td data-label="Qty" className="admin-num">
                  {item.quantity}
                </td>
                <td data-label="Amount" className="admin-num">
                  {formatRupees(item.amount)}
                </td>
                {exchange && (
                  <td data-label="Instead">
                    {item.exchange ? `${item.exchange.color_name}, ${item.exchange.size_name}` : "—"}
                  </td>
                )}
                <td data-label="Condition">
                  {item.condition ? RETURN_CONDITION_NAMES[item.condition] : "Not received yet"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ReturnPhotosCard({ view }: { view: AdminReturnView }) {
  return (
    <section className="admin-card" aria-labelledby="return-photos-title">
      <h2 className="admin-card__title" id="return-photos-title">
        Photos from the customer
      </h2>
      <ul className="admin-return__photos">
        {view.photo_ids.map((photo, index) => (
          <li key={photo}>
            <a href={returnPhotoHref(view.id, photo)} target="_blank" rel="noopener">
              <img
                src={returnPhotoHref(view.id, photo)}
                alt={`From the customer, ${index + 1} of ${view.photo_ids.length}`}
                width={120}
                height={120}
                loading="lazy"
              />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What settling made: the refund, the replacement order, the store-credit code. */
function ReturnResultCard({ view }: { view: AdminReturnView }) {
  if (!view.refund && !view.replacement_order_number && !view.credit) return null;
  return (
    <section className="admin-card" aria-labelledby="return-result-title">
      <h2 className="admin-card__title" id="return-result-title">
        Settled
      </h2>
      <dl className="admin-dl">
        {view.refund && (
          <>
            <dt>Refunded</dt>
            <dd>
              {formatRupees(view.refund.amount)}
              {view.refund.reference && <> · reference {view.refund.reference}</>}
            </dd>
          </>
        )}
        {view.replacement_order_number && (
          <>
            <dt>Replacement order</dt>
            <dd>
              <Link to={orderPath(view.replacement_order_number)} className="order-number">
                {view.replacement_order_number}
              </Link>
            </dd>
          </>
        )}
        {view.credit && (
          <>
            <dt>Store credit</dt>
            <dd>
              <span className="order-number">{view.credit.code}</span> · {formatRupees(view.credit.balance)}{" "}
              left
            </dd>
          </>
        )}
      </dl>
    </section>
  );
}

/** Who did what, oldest first: each step's message is what the customer was sent. */
function ReturnTimelineCard({ view }: { view: AdminReturnView }) {
  return (
    <section className="admin-card" aria-labelledby="return-timeline-title">
      <h2 className="admin-card__title" id="return-timeline-title">
        Timeline
      </h2>
      <ol className="admin-history">
        {view.events.map((event) => (
          <li
            key={`${event.created_at}-${event.status}-${event.message}`}
            className="admin-history__entry"
            data-testid="return-event"
          >
            <p className="admin-history__what">{event.status}</p>
            <p className="admin-history__meta">
              <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
              {event.actor_email ? <> · {event.actor_email}</> : <> · the customer</>}
            </p>
            {event.message && <p className="admin-history__note">{event.message}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}

function ReturnOrderCard({ view }: { view: AdminReturnView }) {
  const { order } = view;
  return (
    <section className="admin-card" aria-labelledby="return-order-title">
      <h2 className="admin-card__title" id="return-order-title">
        Order and customer
      </h2>
      <dl className="admin-dl">
        <dt>Order</dt>
        <dd>
          <Link to={orderPath(order.number)} className="order-number">
            {order.number}
          </Link>
        </dd>
        <dt>Status</dt>
        <dd>
          <StatusBadge status={order.status} />
        </dd>
        <dt>Payment</dt>
        <dd>
          {PAYMENT_METHOD_NAMES[order.payment_method as PaymentMethod] ?? order.payment_method} ·{" "}
          {PAYMENT_STATUS_NAMES[order.payment_status as PaymentStatus] ?? order.payment_status}
        </dd>
        <dt>Customer</dt>
        <dd>{order.customer}</dd>
        <dt>Email</dt>
        <dd>
          <a href={`mailto:${order.email}`}>{order.email}</a>
        </dd>
        <dt>Phone</dt>
        <dd>
          <a href={`tel:${order.phone.replace(/[^\d+]/g, "")}`}>{order.phone}</a>
        </dd>
        <dt>City</dt>
        <dd>{order.city}</dd>
      </dl>
    </section>
  );
}
