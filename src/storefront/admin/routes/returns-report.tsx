import { Form, Link } from "react-router";
import type { ReturnReport } from "../../../shared/contracts/returns.ts";
import { formatRupees } from "../../../shared/money.ts";
import { apiContext } from "../../lib/api.server.ts";
import { formatDate } from "../../ui/format.ts";
import { ChevronLeftIcon } from "../../ui/icons.tsx";
import { answerOrThrow } from "../admin-data.server.ts";
import { adminMeta } from "../admin-meta.ts";
import {
  DEFAULT_REPORT_MONTHS,
  monthName,
  percent,
  REPORT_MONTHS,
  RETURNS_PATH,
  WRONG_SIZE_ALERT_RATE,
} from "../returns/return-labels.ts";
import ordersStyles from "../styles/orders.css?url";
import returnsStyles from "../styles/returns.css?url";
import type { Route } from "./+types/returns-report";

export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: ordersStyles },
  { rel: "stylesheet", href: returnsStyles },
];

export const meta: Route.MetaFunction = () => adminMeta("Returns report");

/** `?months=` among the offered spans; anything else is the default year. */
function monthsOf(value: string | null): number {
  return REPORT_MONTHS.find((months) => String(months) === value) ?? DEFAULT_REPORT_MONTHS;
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const months = monthsOf(url.searchParams.get("months"));
  const report = answerOrThrow(
    await context.get(apiContext).call("adminReturnReport", { query: { months } }),
  );
  return { months, report };
}

export default function AdminReturnsReport({ loaderData }: Route.ComponentProps) {
  const { months, report } = loaderData;
  return (
    <div className="admin-page">
      <Link to={RETURNS_PATH} className="back-link">
        <ChevronLeftIcon size={16} /> All returns
      </Link>
      <div className="admin-page__head">
        <div>
          <h1 className="admin-page__title">Returns report</h1>
          <p className="admin-page__lead">
            Since <time dateTime={report.since}>{formatDate(report.since)}</time>. Rejected requests are not
            counted.
          </p>
        </div>
        <Form
          method="get"
          className="admin-filters admin-returns-report__span"
          aria-label="Months the report covers"
        >
          <div className="field">
            <label className="field__label" htmlFor="report-months">
              Period
            </label>
            <select id="report-months" name="months" className="field__input" defaultValue={months}>
              {REPORT_MONTHS.map((each) => (
                <option key={each} value={each}>
                  Last {each} months
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--outline">
            Show
          </button>
        </Form>
      </div>
      <ByProduct report={report} />
      <div className="admin-grid admin-grid--two">
        <ByReason report={report} />
        <RefundedByMonth report={report} />
      </div>
    </div>
  );
}

/**
 * Return rates by product, most returned first. A product many send back for the wrong size is marked: its size
 * chart probably misleads.
 */
function ByProduct({ report }: { report: ReturnReport }) {
  return (
    <section className="admin-card" aria-labelledby="report-products-title">
      <h2 className="admin-card__title" id="report-products-title">
        Return rate by product
      </h2>
      {report.by_product.length === 0 ? (
        <p className="admin-empty">No product has been returned in this period.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--cards admin-returns-report__products">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col" className="admin-num">
                  Sold
                </th>
                <th scope="col" className="admin-num">
                  Returned
                </th>
                <th scope="col" className="admin-num">
                  Rate
                </th>
                <th scope="col" className="admin-num">
                  Wrong size
                </th>
                <th scope="col" className="admin-num">
                  Wrong size rate
                </th>
              </tr>
            </thead>
            <tbody>
              {report.by_product.map((row) => {
                const sizeChart = row.wrong_size > 0 && row.wrong_size_rate >= WRONG_SIZE_ALERT_RATE;
                return (
                  <tr key={row.product_id} data-testid="report-product">
                    <th scope="row">
                      {row.product_slug ? (
                        <Link to={`/product/${row.product_slug}`}>{row.product_name}</Link>
                      ) : (
                        row.product_name
                      )}
                      {sizeChart && (
                        <span className="admin-badge admin-badge--warning admin-returns-report__flag">
                          Check the size chart
                        </span>
                      )}
                    </th>
                    <td data-label="Sold" className="admin-num">
                      {row.sold.toLocaleString("en-US")}
                    </td>
                    <td data-label="Returned" className="admin-num">
                      {row.returned.toLocaleString("en-US")}
                    </td>
                    <td data-label="Rate" className="admin-num">
                      {percent(row.return_rate)}
                    </td>
                    <td data-label="Wrong size" className="admin-num">
                      {row.wrong_size.toLocaleString("en-US")}
                    </td>
                    <td
                      data-label="Wrong size rate"
                      className={`admin-num${sizeChart ? " admin-returns-report__high" : ""}`}
                    >
                      {percent(row.wrong_size_rate)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function ByReason({ report }: { report: ReturnReport }) {
  return (
    <section className="admin-card" aria-labelledby="report-reasons-title">
      <h2 className="admin-card__title" id="report-reasons-title">
        Items by reason
      </h2>
      {report.by_reason.length === 0 ? (
        <p className="admin-empty">No item has been returned in this period.</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Reason</th>
              <th scope="col" className="admin-num">
                Items
              </th>
            </tr>
          </thead>
          <tbody>
            {report.by_reason.map((row) => (
              <tr key={row.reason}>
                <th scope="row">{row.name}</th>
                <td className="admin-num">{row.items.toLocaleString("en-US")}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function RefundedByMonth({ report }: { report: ReturnReport }) {
  return (
    <section className="admin-card" aria-labelledby="report-refunded-title">
      <h2 className="admin-card__title" id="report-refunded-title">
        Money refunded by month
      </h2>
      {report.refunded_by_month.length === 0 ? (
        <p className="admin-empty">Nothing has been refunded for a return in this period.</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col" className="admin-num">
                Returns
              </th>
              <th scope="col" className="admin-num">
                Refunded
              </th>
            </tr>
          </thead>
          <tbody>
            {report.refunded_by_month.map((row) => (
              <tr key={row.month}>
                <th scope="row">{monthName(row.month)}</th>
                <td className="admin-num">{row.returns.toLocaleString("en-US")}</td>
                <td className="admin-num">{formatRupees(row.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
