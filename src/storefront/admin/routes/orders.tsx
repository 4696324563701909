import type { ReactNode } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import type { AdminOrderList } from "../../../shared/contracts/admin-orders.ts";
import { formatRupees } from "../../../shared/money.ts";
import { ORDER_STATUSES } from "../../../shared/order-status.ts";
import {
  PAYMENT_METHOD_NAMES,
  PAYMENT_METHODS,
  PAYMENT_STATUS_NAMES,
  PAYMENT_STATUSES,
} from "../../../shared/payment.ts";
import { apiContext } from "../../lib/api.server.ts";
import { formatDateTime } from "../../ui/format.ts";
import { firstErrors } from "../../ui/forms/api-errors.ts";
import { StatusBadge } from "../../ui/status-badge.tsx";
import { answerOrThrow } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { listPageHref } from "../list-links.ts";
import { orderPath, STATUS_NAMES } from "../orders/order-labels.ts";
import { OrderListPages } from "../orders/order-list-pages.tsx";
import { PaymentBadge, RefundDueFlag } from "../orders/order-payment-card.tsx";
import { RiskFlags } from "../orders/order-risk-card.tsx";
import ordersStyles from "../styles/orders.css?url";
import type { Route } from "./+types/orders";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];

export const meta: Route.MetaFunction = () => adminMeta("Orders");

const FILTERS = ["q", "status", "payment", "method", "review", "from", "to"] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/**
 * The filters are the page's address (a GET form), so a filtered list can be bookmarked, shared and paged
 * through; the API checks them, and a value it refuses is shown at its field above an empty list.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const filters = Object.fromEntries(
    FILTERS.map((name) => [name, url.searchParams.get(name)?.trim() ?? ""]),
  ) as Filters;
  const page = url.searchParams.get("page") ?? "";
  const answer = await context.get(apiContext).call("adminListOrders", { query: { ...filters, page } });
  const href = url.pathname + url.search;
  if (!answer.ok && answer.status === 422) {
    return data({ filters, href, orders: null, errors: firstErrors(answer.data.errors) }, { status: 422 });
  }
  return { filters, href, orders: answerOrThrow(answer), errors: {} as Record<string, string> };
}

/** The API's CSV of every order these filters keep (the browser downloads it with the session cookie). */
function exportHref(filters: Filters): string {
  const query = new URLSearchParams(
    FILTERS.flatMap((name) => (filters[name] ? [[name, filters[name]]] : [])),
  );
  const text = query.toString();
  return `/api/admin/orders.csv${text ? `?${text}` : ""}`;
}

const hasFilters = (filters: Filters) => FILTERS.some((name) => filters[name] !== "");

/** "42 orders", "More than 10,000 orders", "3 orders matching “ayesha”": one sentence for the caption. */
function caption(meta: AdminOrderList["meta"], filters: Filters): string {
  const count = meta.total_capped
    ? `More than ${meta.total.toLocaleString("en-US")} orders`
    : `${meta.total.toLocaleString("en-US")} ${meta.total === 1 ? "order" : "orders"}`;
  return filters.q ? `${count} matching “${filters.q}”` : count;
}

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { filters, href, orders, errors } = loaderData;
  const url = new URL(href, "http://admin.invalid");
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin/orders";
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">Orders</h1>
        <div className="admin-page__head-actions">
          <Link to="/admin/orders/new" className="button button--small">
            Enter an order
          </Link>
          <Link to="/admin/shipping" className="button button--small button--outline">
            Ship orders
          </Link>
          <Link to="/admin/orders?review=1" className="button button--small button--outline">
            Needs review
          </Link>
          <a className="button button--small button--outline" href={exportHref(filters)} download>
            Export CSV
          </a>
          <Link to="/admin/blocklist" className="button button--small button--outline">
            Blocklist and confirmation
          </Link>
        </div>
      </div>

      <Form
        method="get"
        className="admin-card admin-filters admin-orders-filters"
        role="search"
        aria-label="Filter orders"
      >
        <FilterField name="q" label="Order number, email or phone" error={errors.q}>
          {(control) => (
            <input {...control} type="search" defaultValue={filters.q} maxLength={100} autoComplete="off" />
          )}
        </FilterField>
        <FilterField name="status" label="Status" error={errors.status}>
          {(control) => (
            <select {...control} defaultValue={filters.status}>
              <option value="">All statuses</option>
              {ORDER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_NAMES[status]}
                </option>
              ))}
            </select>
          )}
        </FilterField>
        <FilterField name="payment" label="Payment" error={errors.payment}>
          {(control) => (
            <select {...control} defaultValue={filters.payment}>
              <option value="">All</option>
              {PAYMENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {PAYMENT_STATUS_NAMES[status]}
                </option>
              ))}
            </select>
          )}
        </FilterField>
        <FilterField name="method" label="Paid with" error={errors.method}>
          {(control) => (
            <select {...control} defaultValue={filters.method}>
              <option value="">All</option>
              {PAYMENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {PAYMENT_METHOD_NAMES[method]}
                </option>
              ))}
            </select>
          )}
        </FilterField>
        <FilterField name="review" label="Show" error={errors.review}>
          {(control) => (
            <select {...control} defaultValue={filters.review}>
              <option value="">All orders</option>
              <option value="1">Needs review (unconfirmed or flagged)</option>
            </select>
          )}
        </FilterField>
        <FilterField name="from" label="Placed from" error={errors.from}>
          {(control) => <input {...control} type="date" defaultValue={filters.from} />}
        </FilterField>
        <FilterField name="to" label="Placed to" error={errors.to}>
          {(control) => <input {...control} type="date" defaultValue={filters.to} />}
        </FilterField>
        <div className="admin-orders-filters__actions">
          <button type="submit" className="button" disabled={loading}>
            {loading ? "Filtering..." : "Filter"}
          </button>
          {hasFilters(filters) && (
            <Link to="/admin/orders" className="button button--outline">
              Clear
            </Link>
          )}
        </div>
      </Form>

      <section className="admin-card" aria-labelledby="orders-results-title" aria-busy={loading}>
        <h2 id="orders-results-title" className="visually-hidden">
          Results
        </h2>
        {orders === null && (
          <p className="form-note form-note--error" role="alert">
            Please correct the filters above.
          </p>
        )}
        {orders && orders.data.length > 0 && (
          <>
            <OrdersTable orders={orders} caption={caption(orders.meta, filters)} />
            <OrderListPages
              label="Pages of orders"
              meta={orders.meta}
              hrefFor={(page) => listPageHref(url, page)}
            />
          </>
        )}
        {orders && orders.data.length === 0 && (
          <p className="admin-empty">
            {orders.meta.current_page > 1
              ? "There are no orders on this page."
              : hasFilters(filters)
                ? "No order matches these filters."
                : "No order has been placed yet."}
          </p>
        )}
      </section>
    </div>
  );
}

/** What every filter's control carries: its name and id, and its error tied to it for screen readers. */
interface FilterControl {
  id: string;
  name: string;
  className: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

function FilterField({
  name,
  label,
  error,
  children,
}: {
  name: (typeof FILTERS)[number];
  label: string;
  error: string | undefined;
  children: (control: FilterControl) => ReactNode;
}) {
  const id = `orders-${name}`;
  return (
    <div className={`field${error ? " field--invalid" : ""}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        name,
        className: "field__input",
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? `${id}-error` : undefined,
      })}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The orders as a table; below 640 px each row becomes a card, its cells labelled from `data-label`, so the
 * list reads on a phone without scrolling sideways.
 */
function OrdersTable({ orders, caption }: { orders: AdminOrderList; caption: string }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--cards admin-orders-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Placed</th>
            <th scope="col">Customer</th>
            <th scope="col" className="admin-num">
              Items
            </th>
            <th scope="col" className="admin-num">
              Total
            </th>
            <th scope="col">Status and payment</th>
          </tr>
        </thead>
        <tbody>
          {orders.data.map((order) => (
            <tr key={order.number} data-testid="admin-order-row">
              <th scope="row" data-label="Order">
                <Link to={orderPath(order.number)} className="order-number">
                  {order.number}
                </Link>
              </th>
              <td data-label="Placed">
                <time dateTime={order.created_at}>{formatDateTime(order.created_at)}</time>
              </td>
              <td data-label="Customer" className="admin-wrap">
                <span className="admin-orders-table__name">{order.customer_name}</span>
                <span className="admin-orders-table__contact">{order.email}</span>
                <span className="admin-orders-table__contact">{order.phone}</span>
                {!order.registered && <span className="admin-orders-table__guest">Guest</span>}
              </td>
              <td data-label="Items" className="admin-num">
                {order.item_count}
              </td>
              <td data-label="Total" className="admin-num">
                {formatRupees(order.total)}
              </td>
              <td data-label="Status">
                <div className="admin-orders-table__states">
                  <StatusBadge status={order.status} />
                  <span className="admin-orders-table__payment">
                    <PaymentBadge status={order.payment_status} />
                    {order.payment_flag === "refund_due" && <RefundDueFlag compact />}
                  </span>
                  <span className="admin-orders-table__method">
                    {PAYMENT_METHOD_NAMES[order.payment_method]}
                  </span>
                  <RiskFlags flags={order.flags} compact />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
