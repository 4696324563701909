import { Link } from "react-router";
import type { Order } from "../../../shared/contracts/checkout.ts";
import { formatRupees } from "../../../shared/money.ts";
import { formatDate, itemCount } from "../../ui/format.ts";
import { StatusBadge } from "../../ui/status-badge.tsx";

/** The shopper's orders: number, date, status, item count and total, each opening its own page. */
export function OrdersTable({ orders }: { orders: Order[] }) {
  return (
    <div className="orders-table-wrap">
      <table className="orders-table">
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Date</th>
            <th scope="col">Status</th>
            <th scope="col">Items</th>
            <th scope="col">Total</th>
            <th scope="col">
              <span className="visually-hidden">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => {
            const href = `/account/orders/${encodeURIComponent(order.number)}`;
            return (
              <tr key={order.number} data-testid="order-row">
                <th scope="row" data-label="Order">
                  <Link to={href} className="order-number">
                    {order.number}
                  </Link>
                </th>
                <td data-label="Date">
                  <time dateTime={order.created_at}>{formatDate(order.created_at)}</time>
                </td>
                <td data-label="Status">
                  <StatusBadge status={order.status} />
                </td>
                <td data-label="Items">{itemCount(order.items)}</td>
                <td data-label="Total">{formatRupees(order.total)}</td>
                <td className="orders-table__view">
                  <Link
                    to={href}
                    className="button button--small button--outline"
                    aria-label={`View order ${order.number}`}
                  >
                    View
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
