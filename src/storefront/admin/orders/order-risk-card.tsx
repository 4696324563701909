import type { AdminOrder } from "../../../shared/contracts/admin-orders.ts";
import { RISK_FLAG_NAMES, type RiskFlag } from "../../../shared/order-risk.ts";

/** The order's risk flags as chips (the card's and the list's). */
export function RiskFlags({ flags, compact = false }: { flags: readonly RiskFlag[]; compact?: boolean }) {
  if (flags.length === 0) return null;
  return (
    <ul className={`risk-flags${compact ? " risk-flags--list" : ""}`} aria-label="Risk flags">
      {flags.map((flag) => (
        <li key={flag} className="risk-flag">
          {RISK_FLAG_NAMES[flag]}
        </li>
      ))}
    </ul>
  );
}

const times = (count: number) => (count === 1 ? "1 order" : `${count} orders`);

/**
 * What a cash-on-delivery order's history says about it (docs/decisions/0042): a phone that refused parcels before,
 * several orders in a day, a first order, a high value. Staff read it before calling or booking a courier.
 */
export function OrderRiskCard({ order }: { order: AdminOrder }) {
  const { risk } = order;
  return (
    <section className="admin-card" aria-labelledby="order-risk-title">
      <h2 className="admin-card__title" id="order-risk-title">
        Risk
      </h2>
      {risk.flags.length === 0 ? (
        <p className="admin-order-risk__calm">No warning signs.</p>
      ) : (
        <RiskFlags flags={risk.flags} />
      )}
      <dl className="admin-dl">
        <dt>This phone</dt>
        <dd>
          {risk.phone_refused === 0 && risk.phone_delivered === 0
            ? "No other orders delivered or refused"
            : `${times(risk.phone_delivered)} delivered, ${times(risk.phone_refused)} refused`}
        </dd>
        {risk.customer_refused !== null && (
          <>
            <dt>This account</dt>
            <dd>
              {risk.customer_refused === 0 ? "No refused parcels" : `${times(risk.customer_refused)} refused`}
            </dd>
          </>
        )}
        <dt>Last 24 hours</dt>
        <dd>
          {risk.recent_orders === 0
            ? "No other order from this phone or address"
            : `${times(risk.recent_orders)} more from this phone or address`}
        </dd>
        <dt>Customer</dt>
        <dd>{risk.first_order ? "First order" : "Has ordered before"}</dd>
      </dl>
    </section>
  );
}
