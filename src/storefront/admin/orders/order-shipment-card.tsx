import { Link } from "react-router";
import type { AdminOrder } from "../../../shared/contracts/admin-orders.ts";
import { formatDateTime, statusLabel } from "../../ui/format.ts";
import { StatusBadge } from "../../ui/status-badge.tsx";

/** Where the booking screen opens with this order alone, ticked. */
export const bookingPath = (number: string) => `/admin/shipping?orders=${encodeURIComponent(number)}`;

/**
 * The order's parcel: the courier, its consignment and tracking page, where it stands and what the courier has
 * reported. An order being processed and not booked yet offers the booking screen instead.
 */
export function OrderShipmentCard({ order }: { order: AdminOrder }) {
  const { shipment } = order;
  const bookable = order.status === "processing" && (!shipment || shipment.status === "booking");
  if (!shipment && !bookable) return null;
  return (
    <section className="admin-card admin-order-shipment" aria-labelledby="order-shipment-title">
      <h2 className="admin-card__title" id="order-shipment-title">
        Shipment
      </h2>
      {shipment ? (
        <dl className="admin-dl">
          <dt>Courier</dt>
          <dd>{shipment.courier_name}</dd>
          <dt>Consignment</dt>
          <dd className="order-number" data-testid="shipment-consignment">
            {shipment.consignment_number ?? "Waiting for the courier's answer"}
          </dd>
          {shipment.tracking_url && (
            <>
              <dt>Tracking</dt>
              <dd>
                <a href={shipment.tracking_url} target="_blank" rel="noopener noreferrer">
                  Track the parcel
                </a>
              </dd>
            </>
          )}
          <dt>Status</dt>
          <dd>
            <StatusBadge status={shipment.status} />
          </dd>
          {shipment.booked_at && (
            <>
              <dt>Booked</dt>
              <dd>
                <time dateTime={shipment.booked_at}>{formatDateTime(shipment.booked_at)}</time>
              </dd>
            </>
          )}
          {shipment.last_error && (
            <>
              <dt>Last problem</dt>
              <dd className="admin-wrap">{shipment.last_error}</dd>
            </>
          )}
        </dl>
      ) : (
        <p className="admin-page__lead">Not booked with a courier yet.</p>
      )}
      {shipment && shipment.events.length > 0 && (
        <>
          <h3 className="admin-order__subtitle">The courier's news</h3>
          <ol className="admin-history">
            {shipment.events.map((event) => (
              <li key={`${event.at}-${event.courier_status}`} className="admin-history__entry">
                <p className="admin-history__what">{statusLabel(event.status)}</p>
                <p className="admin-history__meta">
                  <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                  {event.location && <> · {event.location}</>}
                </p>
                {event.description && <p className="admin-history__note">{event.description}</p>}
              </li>
            ))}
          </ol>
        </>
      )}
      {bookable && (
        <p>
          <Link to={bookingPath(order.number)} className="button button--small">
            Book with a courier
          </Link>
        </p>
      )}
    </section>
  );
}
