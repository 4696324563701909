import type { Tracking } from "../../../shared/contracts/tracking.ts";
import { formatDateTime } from "../../ui/format.ts";
import { StatusBadge } from "../../ui/status-badge.tsx";

/**
 * Where an order stands for the shopper: its status, the courier's consignment with the courier's own tracking
 * link, and the timeline (newest first, as people read a parcel's journey). The /track page and the account's
 * order page (`inOrder`) show it.
 */
export function TrackingPanel({ tracking, inOrder = false }: { tracking: Tracking; inOrder?: boolean }) {
  const { shipment } = tracking;
  return (
    <section className="tracking" aria-labelledby={`tracking-${tracking.number}`} data-testid="tracking">
      <div className="tracking__head">
        {/* On the order's own page the order's heading and status are above it already. */}
        <h2 className="tracking__title" id={`tracking-${tracking.number}`}>
          {inOrder ? (
            "Tracking"
          ) : (
            <>
              Order <span className="order-number">{tracking.number}</span>
            </>
          )}
        </h2>
        {!inOrder && <StatusBadge status={tracking.status} />}
      </div>
      {shipment ? (
        <dl className="tracking__parcel">
          <div>
            <dt>Courier</dt>
            <dd>{shipment.courier}</dd>
          </div>
          <div>
            <dt>Tracking number</dt>
            <dd>
              {shipment.tracking_url ? (
                <a
                  href={shipment.tracking_url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="order-number"
                >
                  {shipment.consignment_number}
                </a>
              ) : (
                <span className="order-number">{shipment.consignment_number}</span>
              )}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="tracking__note">
          {tracking.status === "cancelled"
            ? "This order was cancelled."
            : "Not with a courier yet: we send the courier's tracking number by message and email when it ships."}
        </p>
      )}
      <ol className="tracking__timeline">
        {tracking.timeline.toReversed().map((event) => (
          <li key={`${event.at}-${event.title}`} className="tracking__event">
            <p className="tracking__what">{event.title}</p>
            <p className="tracking__when">
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>
              {event.detail && <> · {event.detail}</>}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
