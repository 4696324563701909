import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { dayLabel, SalesChart } from "./sales-chart.tsx";

const days = Array.from({ length: 30 }, (_, index) => ({
  date: `2026-03-${String(index + 1).padStart(2, "0")}`,
  orders: index === 10 ? 3 : 0,
  sales: index === 10 ? 12_345.5 : 0,
}));

describe("the dashboard's sales chart", () => {
  afterEach(cleanup);

  it("is one described image, with a bar and a tooltip per day", () => {
    const { container } = render(<SalesChart days={days} />);
    const chart = screen.getByRole("img", { name: /Daily sales, last 30 days/ });
    const [, descriptionId] = chart.getAttribute("aria-labelledby")?.split(" ") ?? [];
    expect(document.getElementById(descriptionId!)?.textContent).toMatch(
      /From 1 Mar to 30 Mar: Rs\. 12,345\.50 in all; the best day was 11 Mar with Rs\. 12,345\.50\./,
    );
    const bars = container.querySelectorAll("rect.sales-chart__bar");
    expect(bars).toHaveLength(30);
    expect(bars[10]?.querySelector("title")?.textContent).toBe("11 Mar: Rs. 12,345.50, 3 orders");
    expect(Number(bars[10]?.getAttribute("height"))).toBeGreaterThan(0);
    expect(Number(bars[0]?.getAttribute("height"))).toBe(0);
  });

  it("gives every day's figures as a table too, newest first", () => {
    render(<SalesChart days={days} />);
    const table = screen.getByRole("table", { name: "Orders and sales for each of the last 30 days" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(31);
    expect(within(rows[1]!).getByRole("rowheader").textContent).toBe("30 Mar");
    expect(
      within(rows[20]!)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    ).toEqual(["3", "Rs. 12,345.50"]);
  });

  it("draws an empty month without dividing by zero", () => {
    const { container } = render(<SalesChart days={days.map((day) => ({ ...day, orders: 0, sales: 0 }))} />);
    for (const bar of container.querySelectorAll("rect")) expect(bar.getAttribute("y")).not.toBe("NaN");
    expect(dayLabel("2026-02-10")).toBe("10 Feb");
  });
});
