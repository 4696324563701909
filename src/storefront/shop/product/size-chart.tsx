import { type KeyboardEvent, useId, useRef } from "react";
import type { ProductSizeChart } from "../../../shared/contracts/product-details.ts";

/**
 * The "Size chart" button beside the size choice and the chart it opens: a native disclosure (`<details>`), so it
 * opens before the page's JavaScript has loaded and without it, and a screen reader announces it as a button
 * that expands. Escape closes it again. A wide table scrolls sideways inside its own box at 390 px.
 */
export function SizeChartButton({ chart }: { chart: NonNullable<ProductSizeChart> }) {
  const details = useRef<HTMLDetailsElement>(null);
  const captionId = useId();
  const title = chart.title || "Size chart";

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !details.current?.open) return;
    details.current.open = false;
    details.current.querySelector("summary")?.focus();
  };

  return (
    <details className="size-chart" ref={details} onKeyDown={onKeyDown}>
      <summary className="size-chart__button">Size chart</summary>
      <div className="size-chart__panel">
        {chart.note && <p className="size-chart__note">{chart.note}</p>}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it. */}
        <section className="size-chart__scroll" aria-labelledby={captionId} tabIndex={0}>
          <table className="size-chart__table">
            <caption id={captionId}>{title}</caption>
            <thead>
              <tr>
                {chart.columns.map((heading, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: headings may repeat; their place is their identity.
                  <th key={index} scope="col">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {chart.rows.map((row, rowIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; the chart is read-only here.
                <tr key={rowIndex}>
                  {row.map((cell, index) =>
                    index === 0 ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a cell's place is its identity.
                      <th key={index} scope="row">
                        {cell}
                      </th>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a cell's place is its identity.
                      <td key={index}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>
    </details>
  );
}
