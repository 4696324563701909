import { Link } from "react-router";
import type { AdminReturnList } from "../../../shared/contracts/returns.ts";
import { formatRupees } from "../../../shared/money.ts";
import {
  RETURN_FILTERS,
  RETURN_RESOLUTION_NAMES,
  type ReturnFilter,
  returnStatusName,
} from "../../../shared/returns.ts";
import { apiContext } from "../../lib/api.server.ts";
import { formatDate } from "../../ui/format.ts";
import { PageSteps, pageSteps } from "../../ui/pagination.tsx";
import { answerOrThrow, pageParam } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import { orderPath } from "../orders/order-labels.ts";
import {
  RETURN_FILTER_NAMES,
  RETURNS_PATH,
  RETURNS_REPORT_PATH,
  returnBadgeClass,
  returnFilterOf,
  returnPath,
} from "../returns/return-labels.ts";
import ordersStyles from "../styles/orders.css?url";
import returnsStyles from "../styles/returns.css?url";
import type { Route } from "./+types/returns";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: ordersStyles },
  { rel: "stylesheet", href: returnsStyles },
];

export const meta: Route.MetaFunction = () => adminMeta("Returns");

/** One tab's returns (all of them without `?status=`), newest first, 25 a page. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const filter = returnFilterOf(url.searchParams.get("status"));
  const page = pageParam(url);
  const list = answerOrThrow(
    await context.get(apiContext).call("adminListReturns", { query: { status: filter, page } }),
  );
  return { filter, list };
}

/** The list's address for a tab and page: the tab alone on its first page. */
function listHref(filter: ReturnFilter | "", page = 1): string {
  const query = new URLSearchParams();
  if (filter) query.set("status", filter);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `${RETURNS_PATH}?${text}` : RETURNS_PATH;
}

export default function AdminReturns({ loaderData }: Route.ComponentProps) {
  const { filter, list } = loaderData;
  const { meta } = list;
  const all = RETURN_FILTERS.reduce((sum, each) => sum + (list.counts[each] ?? 0), 0);
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">Returns</h1>
        <div className="admin-page__head-actions">
          <Link to={RETURNS_REPORT_PATH} className="button button--small button--outline">
            Returns report
          </Link>
        </div>
      </div>
      <p className="admin-page__lead">
        Return and exchange requests from customers. Approve or reject the new ones, record each item's
        condition when the parcel arrives, then settle it: a refund, the new size or colour, or store credit.
      </p>
      <nav className="admin-tabs" aria-label="Returns by status">
        <Link
          to={listHref("")}
          className="admin-tabs__link"
          aria-current={filter === "" ? "page" : undefined}
        >
          All ({all})
        </Link>
        {RETURN_FILTERS.map((each) => (
          <Link
            key={each}
            to={listHref(each)}
            className="admin-tabs__link"
            aria-current={each === filter ? "page" : undefined}
          >
            {RETURN_FILTER_NAMES[each]} ({list.counts[each] ?? 0})
          </Link>
        ))}
      </nav>
      <section className="admin-card" aria-labelledby="returns-results-title">
        <h2 id="returns-results-title" className="visually-hidden">
          Results
        </h2>
        {list.data.length === 0 ? (
          <p className="admin-empty">
            {meta.current_page > 1
              ? "There are no returns on this page."
              : filter
                ? `No return is ${RETURN_FILTER_NAMES[filter].toLowerCase()}.`
                : "No customer has asked for a return yet."}
          </p>
        ) : (
          <ReturnsTable list={list} />
        )}
        {meta.last_page > 1 && (
          <PageSteps
            label="Pages of returns"
            summary={`Showing ${meta.from}–${meta.to} of ${meta.total} · Page ${meta.current_page} of ${meta.last_page}`}
            steps={pageSteps(meta.current_page, meta.last_page)}
            hrefFor={(page) => listHref(filter, page)}
          />
        )}
      </section>
    </div>
  );
}

/** Like the order list: a table, and below 640 px a card per return, its cells labelled from `data-label`. */
function ReturnsTable({ list }: { list: AdminReturnList }) {
  const total = list.meta.total;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--cards admin-orders-table admin-returns-table">
        <caption>
          {total.toLocaleString("en-US")} {total === 1 ? "return" : "returns"}
        </caption>
        <thead>
          <tr>
            <th scope="col">Return and order</th>
            <th scope="col">Customer</th>
            <th scope="col">Status</th>
            <th scope="col">Wants, and why</th>
            <th scope="col" className="admin-num">
              Items
            </th>
            <th scope="col" className="admin-num">
              Amount
            </th>
            <th scope="col">Asked</th>
          </tr>
        </thead>
        <tbody>
          {list.data.map((row) => (
            <tr key={row.id} data-testid="admin-return-row">
              <th scope="row" data-label="Return">
                {/* The order under its return, one child, so the row fits 1280 px and the phone's card. */}
                <span>
                  <Link to={returnPath(row.id)} className="order-number">
                    {row.number}
                  </Link>
                  <span className="admin-sub">
                    Order{" "}
                    <Link to={orderPath(row.order_number)} className="order-number">
                      {row.order_number}
                    </Link>
                  </span>
                </span>
              </th>
              <td data-label="Customer" className="admin-wrap">
                {row.customer}
              </td>
              <td data-label="Status">
                <span className={returnBadgeClass(row.status, row.outcome)}>
                  {returnStatusName(row.status, row.outcome)}
                </span>
              </td>
              <td data-label="Wants">
                {/* One child, so the phone's card keeps the reason under what they want. */}
                <span>
                  {RETURN_RESOLUTION_NAMES[row.resolution]}
                  <span className="admin-sub">{row.reason_name}</span>
                </span>
              </td>
              <td data-label="Items" className="admin-num">
                {row.items}
              </td>
              <td data-label="Amount" className="admin-num">
                {formatRupees(row.amount)}
              </td>
              <td data-label="Asked">
                <time dateTime={row.created_at}>{formatDate(row.created_at)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
