import type { OrderHistoryEntry } from "../../../shared/contracts/admin-orders.ts";
import { formatDateTime } from "../../ui/format.ts";
import { STATUS_NAMES } from "./order-labels.ts";

/** The order's life, oldest first: placed, then every change with who made it, when and their note. */
export function OrderHistory({ history }: { history: OrderHistoryEntry[] }) {
  return (
    <ol className="admin-history">
      {history.map((entry) => (
        <li key={`${entry.at}-${entry.to}`} className="admin-history__entry">
          <p className="admin-history__what">
            {entry.from === null ? (
              "Placed by the customer"
            ) : (
              <>
                {STATUS_NAMES[entry.from]} <span aria-hidden="true">→</span>
                <span className="visually-hidden"> to </span> {STATUS_NAMES[entry.to]}
              </>
            )}
          </p>
          <p className="admin-history__meta">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            {entry.actor && <> · {entry.actor}</>}
          </p>
          {entry.note && <p className="admin-history__note">{entry.note}</p>}
        </li>
      ))}
    </ol>
  );
}
