import type { ReactNode } from "react";
import { data, Link } from "react-router";
import type { Dashboard, OutcomeRate } from "../../../shared/contracts/admin.ts";
import type { WantedVariant } from "../../../shared/contracts/stock-alerts.ts";
import { formatRupees } from "../../../shared/money.ts";
import { apiContext } from "../../lib/api.server.ts";
import { statusLabel } from "../../ui/format.ts";
import { adminMeta } from "../admin-meta.ts";
import { SalesChart } from "../sales-chart.tsx";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

export async function loader({
  context,
}: Route.LoaderArgs): Promise<Dashboard & { wanted: WantedVariant[] }> {
  const api = context.get(apiContext);
  const [answer, wanted] = await Promise.all([api.call("adminDashboard"), api.call("listWantedVariants")]);
  if (!answer.ok) throw data({ message: answer.data.message }, { status: answer.status });
  if (!wanted.ok) throw data({ message: wanted.data.message }, { status: wanted.status });
  return { ...answer.data, wanted: wanted.data.variants };
}

/** A variant as the dashboard's lists name it: its product (linked to the product's editor), colour and size. */
interface NamedVariant {
  variant_id: number;
  product_id: number;
  product_title: string;
  color_name: string;
  size_name: string;
}

/** A dashboard list of variants, each with one figure (its stock, how many wait for it). */
function VariantTable<Row extends NamedVariant>({
  caption,
  heading,
  rows,
  figure,
}: {
  caption: string;
  heading: string;
  rows: Row[];
  figure: (row: Row) => ReactNode;
}) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Variant</th>
            <th scope="col" className="admin-num">
              {heading}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((variant) => (
            <tr key={variant.variant_id}>
              <th scope="row" className="admin-wrap">
                <Link to={`/admin/products/${variant.product_id}`}>{variant.product_title}</Link>
                <span className="admin-sub">
                  {variant.color_name} / {variant.size_name}
                </span>
              </th>
              <td className="admin-num">{figure(variant)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The sold-out variants shoppers asked to be told about ("Notify me when it's back", decision 0061), most wanted
 * first: what to restock first. Each links to its product's editor.
 */
function MostWanted({ variants }: { variants: WantedVariant[] }) {
  return (
    <section className="admin-card" aria-labelledby="wanted-title">
      <h2 id="wanted-title" className="admin-card__title">
        Most wanted, sold out
      </h2>
      <p className="admin-page__lead">
        {variants.length === 0
          ? "Nobody is waiting for a sold-out size."
          : "Shoppers waiting to be emailed when these are back in stock. Each is told once, soon after you restock."}
      </p>
      {variants.length > 0 && (
        <VariantTable
          caption="Sold-out variants with shoppers waiting"
          heading="Waiting"
          rows={variants}
          figure={(variant) => plural(variant.waiting, "shopper")}
        />
      )}
    </section>
  );
}

const plural = (count: number, word: string) =>
  `${count.toLocaleString("en-US")} ${word}${count === 1 ? "" : "s"}`;

function lowStockSummary({ threshold, total, more, variants }: Dashboard["low_stock"]): string {
  if (total === 0) return `No variant has ${threshold} or fewer in stock.`;
  const count = more ? `More than ${plural(total, "variant")}` : plural(total, "variant");
  const listed = total > variants.length ? `; the ${variants.length} with the fewest are listed` : "";
  return `${count} with ${threshold} or fewer in stock${listed}.`;
}

const rate = (value: number) => `${value.toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;

/** Delivered and refused orders of one grouping (cities or couriers), with the rates; compact enough for a phone. */
function OutcomeTable({ caption, heading, rows }: { caption: string; heading: string; rows: OutcomeRate[] }) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{heading}</th>
            <th scope="col" className="admin-num">
              Delivered
            </th>
            <th scope="col" className="admin-num">
              Refused
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="admin-wrap">
                {row.label}
              </th>
              <td className="admin-num">
                {rate(row.delivery_rate)}
                <span className="admin-sub">{plural(row.delivered, "order")}</span>
              </td>
              <td className="admin-num">
                {rate(row.refused_rate)}
                <span className="admin-sub">{plural(row.refused, "order")}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Outcomes({ outcomes }: { outcomes: Dashboard["outcomes"] }) {
  const { overall } = outcomes;
  return (
    <section className="admin-card" aria-labelledby="outcomes-title">
      <h2 id="outcomes-title" className="admin-card__title">
        Delivered and refused, last 30 days
      </h2>
      {overall ? (
        <>
          <p className="admin-page__lead">
            Of {plural(overall.delivered + overall.refused, "order")} placed in the last 30 days that reached
            the door, {rate(overall.delivery_rate)} were delivered and {rate(overall.refused_rate)} refused.
            Orders still on their way are not counted.
          </p>
          <div className="admin-grid admin-grid--two">
            <OutcomeTable caption="By city" heading="City" rows={outcomes.by_city} />
            <OutcomeTable caption="By courier" heading="Courier" rows={outcomes.by_courier} />
          </div>
        </>
      ) : (
        <p className="admin-page__lead">
          No order placed in the last 30 days has been delivered or refused yet.
        </p>
      )}
    </section>
  );
}

/** Sales by payment method and the money paid, still to come and refunded, over the last 30 days. */
function Payments({ payments }: { payments: Dashboard["payments"] }) {
  const sales = payments.by_method.reduce((sum, method) => sum + method.sales, 0);
  const share = (part: number) => (sales > 0 ? rate(Math.round((part / sales) * 1000) / 10) : "—");
  return (
    <section className="admin-card" aria-labelledby="payments-title">
      <h2 id="payments-title" className="admin-card__title">
        Payments, last 30 days
      </h2>
      <ul className="admin-stats admin-stats--payments">
        <li className="admin-stat">
          <span className="admin-stat__label">Paid</span>
          <strong className="admin-stat__value">{formatRupees(payments.paid)}</strong>
          <span className="admin-stat__note">Money received</span>
        </li>
        <li className="admin-stat">
          <span className="admin-stat__label">Still to come</span>
          <strong className="admin-stat__value">{formatRupees(payments.pending)}</strong>
          <span className="admin-stat__note">Cash to collect, payments waiting</span>
        </li>
        <li className="admin-stat">
          <span className="admin-stat__label">Refunded</span>
          <strong className="admin-stat__value">{formatRupees(payments.refunded)}</strong>
          <span className="admin-stat__note">Money given back</span>
        </li>
      </ul>
      <div className="admin-table-wrap">
        <table className="admin-table">
          <caption>Sales by payment method</caption>
          <thead>
            <tr>
              <th scope="col">Method</th>
              <th scope="col" className="admin-num">
                Sales
              </th>
            </tr>
          </thead>
          <tbody>
            {payments.by_method.map((method) => (
              <tr key={method.method}>
                <th scope="row" className="admin-wrap">
                  <Link to={`/admin/orders?method=${method.method}`}>{method.name}</Link>
                </th>
                <td className="admin-num">
                  {formatRupees(method.sales)}
                  <span className="admin-sub">
                    {plural(method.orders, "order")} · {share(method.sales)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { periods, daily_sales, orders_waiting, outcomes, payments, low_stock, wanted } = loaderData;
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <h1 className="admin-page__title">Dashboard</h1>
        <p className="admin-page__lead">
          Days run midnight to midnight, Pakistan time. Cancelled orders are not counted.
        </p>
      </div>

      <section aria-labelledby="sales-title">
        <h2 id="sales-title" className="visually-hidden">
          Sales and orders
        </h2>
        <ul className="admin-stats">
          {periods.map((period) => (
            <li key={period.key} className="admin-stat">
              <span className="admin-stat__label">{period.label}</span>
              <strong className="admin-stat__value">{formatRupees(period.sales)}</strong>
              <span className="admin-stat__note">{plural(period.orders, "order")}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className="admin-card" aria-labelledby="chart-title">
        <h2 id="chart-title" className="admin-card__title">
          Daily sales, last 30 days
        </h2>
        <SalesChart days={daily_sales} />
      </section>

      <Payments payments={payments} />

      <Outcomes outcomes={outcomes} />

      <div className="admin-grid admin-grid--two">
        <section className="admin-card" aria-labelledby="status-title">
          <h2 id="status-title" className="admin-card__title">
            Orders waiting
          </h2>
          <ul className="admin-status-list">
            {orders_waiting.map(({ status, count }) => (
              <li key={status} className={count > 0 ? "is-waiting" : undefined}>
                <Link to={`/admin/orders?status=${status}`}>
                  <span>{statusLabel(status)}</span>
                  <strong>{count.toLocaleString("en-US")}</strong>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section className="admin-card" aria-labelledby="stock-title">
          <h2 id="stock-title" className="admin-card__title">
            Low stock
          </h2>
          <p className="admin-page__lead">{lowStockSummary(low_stock)}</p>
          {low_stock.variants.length > 0 && (
            <VariantTable
              caption="Variants with the least stock"
              heading="Stock"
              rows={low_stock.variants}
              figure={(variant) =>
                variant.stock === 0 ? (
                  <span className="admin-badge admin-badge--danger">Sold out</span>
                ) : (
                  variant.stock
                )
              }
            />
          )}
        </section>
      </div>

      <MostWanted variants={wanted} />
    </div>
  );
}
