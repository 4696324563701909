import { Link } from "react-router";
import type { ReturnView } from "../../../shared/contracts/returns.ts";
import { formatRupees } from "../../../shared/money.ts";
import { RETURN_METHOD_NAMES } from "../../../shared/returns.ts";
import { formatDateTime } from "../../ui/format.ts";

/** A return's badge: waiting (the default), moving (the info colour), done, or rejected. */
function ReturnStatus({ ret }: { ret: Pick<ReturnView, "status" | "outcome" | "status_name"> }) {
  const tone =
    ret.outcome === "rejected"
      ? " status-badge--cancelled"
      : ret.status === "closed"
        ? " status-badge--delivered"
        : ret.status === "requested"
          ? ""
          : " status-badge--processing";
  return <span className={`status-badge return-status${tone}`}>{ret.status_name}</span>;
}

/**
 * An order's returns as its shopper follows them (decision 0054): each with where it stands, what was asked,
 * its items and amount, what to do next, and its timeline.
 */
export function ReturnHistory({ returns, signedIn }: { returns: ReturnView[]; signedIn: boolean }) {
  return (
    <ul className="return-list">
      {returns.map((ret) => (
        <li key={ret.id} className="return-card" data-testid="return-card">
          <div className="return-card__head">
            <h3 className="return-card__title">
              Return <span className="order-number">{ret.number}</span>
            </h3>
            <ReturnStatus ret={ret} />
          </div>
          <dl className="payment-facts">
            <div>
              <dt>Asked for</dt>
              <dd>{ret.resolution_name}</dd>
            </div>
            <div>
              <dt>Reason</dt>
              <dd>{ret.reason_text ? `${ret.reason_name}: ${ret.reason_text}` : ret.reason_name}</dd>
            </div>
            <div>
              <dt>Amount</dt>
              <dd>{formatRupees(ret.amount)}</dd>
            </div>
          </dl>
          <ul className="return-card__items">
            {ret.items.map((item) => (
              <li key={item.order_item_id}>
                {item.quantity} × {item.product_name} ({item.color_name} / {item.size_name})
                {item.exchange && ` for ${item.exchange.color_name} / ${item.exchange.size_name}`}
              </li>
            ))}
          </ul>
          <NextSteps ret={ret} signedIn={signedIn} />
          <ol className="return-timeline" aria-label={`Timeline of ${ret.number}`}>
            {ret.timeline.map((event) => (
              <li key={`${event.created_at}-${event.status}`}>
                <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time>
                <span>{event.message}</span>
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ul>
  );
}

/** What the shopper does or gets next: where to send the parcel, the pickup, the credit code, the new order. */
function NextSteps({ ret, signedIn }: { ret: ReturnView; signedIn: boolean }) {
  const open = ret.status === "approved" || ret.status === "in_transit";
  const steps = [
    open && ret.send_to && ret.method && (
      <p key="send">
        {ret.method === "in_store" ? "Bring it to" : "Send it to"}: <strong>{ret.send_to}</strong>
      </p>
    ),
    open && ret.method === "pickup" && (
      <p key="pickup">
        {RETURN_METHOD_NAMES.pickup}
        {ret.courier_name && ` by ${ret.courier_name}`}
        {ret.consignment_number && (
          <>
            , consignment <span className="order-number">{ret.consignment_number}</span>
          </>
        )}
        {ret.tracking_url && (
          <>
            {" "}
            <a href={ret.tracking_url} target="_blank" rel="noopener noreferrer">
              Track the pickup
            </a>
          </>
        )}
      </p>
    ),
    ret.refund && (
      <p key="refund">
        Refunded {formatRupees(ret.refund.amount)}
        {ret.refund.reference && ` (reference ${ret.refund.reference})`}
      </p>
    ),
    ret.credit && (
      <p key="credit">
        Your store credit code: <strong className="order-number">{ret.credit.code}</strong> (
        {formatRupees(ret.credit.balance)} left to spend)
      </p>
    ),
    ret.replacement_order_number && (
      <p key="replacement">
        Your replacement order:{" "}
        {signedIn ? (
          <Link
            to={`/account/orders/${encodeURIComponent(ret.replacement_order_number)}`}
            className="order-number"
          >
            {ret.replacement_order_number}
          </Link>
        ) : (
          <span className="order-number">{ret.replacement_order_number}</span>
        )}
      </p>
    ),
  ].filter(Boolean);
  return steps.length > 0 ? <div className="return-card__next">{steps}</div> : null;
}

/** The account order page's short block: each return's number and where it stands. */
export function ReturnsSummary({
  returns,
}: {
  returns: Pick<ReturnView, "id" | "number" | "status" | "outcome" | "status_name">[];
}) {
  return (
    <ul className="return-summary">
      {returns.map((ret) => (
        <li key={ret.id}>
          <span className="order-number">{ret.number}</span>
          <ReturnStatus ret={ret} />
        </li>
      ))}
    </ul>
  );
}
