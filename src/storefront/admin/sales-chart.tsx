import { useId } from "react";
import { formatRupees } from "../../shared/money.ts";

export interface DailySales {
  date: string;
  orders: number;
  sales: number;
}

const WIDTH = 640;
const HEIGHT = 220;
const PLOT = { left: 64, right: 8, top: 12, bottom: 28 };

const dayFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** "10 Feb" for "2026-02-10" (a calendar date, so read as UTC). */
export function dayLabel(date: string): string {
  const parsed = new Date(`${date}T00:00:00.000Z`);
  return Number.isNaN(parsed.getTime()) ? date : dayFormat.format(parsed);
}

/** The axis's top when there were no sales (or very few): Rs. 100, so its middle line is a whole amount. */
const SMALLEST_TOP = 100;

/** A round top for the axis: 1, 2 or 5 times a power of ten, at least the largest value (and at least Rs. 100). */
function axisTop(largest: number): number {
  if (largest <= SMALLEST_TOP) return SMALLEST_TOP;
  const power = 10 ** Math.floor(Math.log10(largest));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= largest) ?? largest;
}

const shortRupees = (rupees: number) =>
  rupees >= 100_000
    ? `${(rupees / 100_000).toFixed(rupees % 100_000 === 0 ? 0 : 1)} lakh`
    : rupees.toLocaleString("en-US");

/**
 * Daily sales as a bar chart drawn on the server (inline SVG, no script): one bar a day, each with its figures as
 * a tooltip, described for screen readers as one image; the same figures follow as a table for anyone who would
 * rather read them.
 */
export function SalesChart({ days }: { days: DailySales[] }) {
  const id = useId();
  const top = axisTop(Math.max(0, ...days.map((day) => day.sales)));
  const total = days.reduce((sum, day) => sum + day.sales, 0);
  const best = days.reduce<DailySales | undefined>(
    (found, day) => (!found || day.sales > found.sales ? day : found),
    undefined,
  );
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(1, days.length);
  const y = (value: number) => PLOT.top + plotHeight - (value / top) * plotHeight;
  const first = days[0];
  const last = days.at(-1);

  return (
    <figure className="sales-chart">
      <div className="sales-chart__scroll">
        <svg
          className="sales-chart__svg"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
        >
          {/* One string: React renders a <title> with several children as an empty one on the server. */}
          <title id={`${id}-title`}>{`Daily sales, last ${days.length} days`}</title>
          <desc id={`${id}-desc`}>
            {first && last ? `From ${dayLabel(first.date)} to ${dayLabel(last.date)}: ` : ""}
            {formatRupees(total)} in all
            {best && best.sales > 0
              ? `; the best day was ${dayLabel(best.date)} with ${formatRupees(best.sales)}`
              : ""}
            . The table below gives every day&apos;s figures.
          </desc>
          {[0, 0.5, 1].map((share) => (
            <g key={share} className="sales-chart__grid">
              <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(top * share)} y2={y(top * share)} />
              <text x={PLOT.left - 8} y={y(top * share) + 4} textAnchor="end">
                {shortRupees(top * share)}
              </text>
            </g>
          ))}
          {days.map((day, index) => {
            const height = PLOT.top + plotHeight - y(day.sales);
            return (
              <rect
                key={day.date}
                className="sales-chart__bar"
                x={PLOT.left + index * slot + slot * 0.15}
                y={y(day.sales)}
                width={slot * 0.7}
                height={Math.max(height, day.sales > 0 ? 1 : 0)}
              >
                <title>
                  {`${dayLabel(day.date)}: ${formatRupees(day.sales)}, ${day.orders} order${day.orders === 1 ? "" : "s"}`}
                </title>
              </rect>
            );
          })}
          {/* A label a week, counted back from today, so the last bar is always named. */}
          {days.map((day, index) =>
            (days.length - 1 - index) % 7 === 0 ? (
              <text
                key={day.date}
                className="sales-chart__day"
                // The last label ends at its bar's edge, so it stays inside the drawing.
                x={PLOT.left + index * slot + (index === days.length - 1 ? slot : slot / 2)}
                y={HEIGHT - 8}
                textAnchor={index === days.length - 1 ? "end" : "middle"}
              >
                {dayLabel(day.date)}
              </text>
            ) : null,
          )}
        </svg>
      </div>
      <details className="sales-chart__figures">
        <summary>Daily figures as a table</summary>
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">
              Orders and sales for each of the last {days.length} days
            </caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="admin-num">
                  Orders
                </th>
                <th scope="col" className="admin-num">
                  Sales
                </th>
              </tr>
            </thead>
            <tbody>
              {[...days].reverse().map((day) => (
                <tr key={day.date}>
                  <th scope="row">{dayLabel(day.date)}</th>
                  <td className="admin-num">{day.orders}</td>
                  <td className="admin-num">{formatRupees(day.sales)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
