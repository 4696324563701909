import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { ProductDetail, ProductSizeChart } from "../../../shared/contracts/product-details.ts";
import { ProductTabs } from "./product-tabs.tsx";
import { SizeChartButton } from "./size-chart.tsx";

afterEach(cleanup);

const DETAILS: ProductDetail[] = [
  { label: "Fabric", value: "Lawn" },
  { label: "Fit", value: "Regular" },
  { label: "Care", value: "Hand wash cold" },
];

/** The product page's view of a chart: two rows, so both row headers can be read. */
const CHART: NonNullable<ProductSizeChart> = {
  title: "Kurta sizes",
  note: "Measurements in inches",
  columns: ["Size", "Chest", "Length"],
  rows: [
    ["S", "38", "40"],
    ["M", "40", "41"],
  ],
  source: "category",
};

function renderTabs(details?: ProductDetail[], finalSale = false) {
  render(
    <ProductTabs
      title="Lawn Kurta"
      reviewCount={0}
      finalSale={finalSale}
      details={details}
      active="description"
      onSelect={() => {}}
      hrefFor={(tab) => `/product/lawn-kurta?tab=${tab}`}
      reviews={null}
    />,
  );
  return screen.getByRole("tabpanel", { name: "Description" });
}

describe("the product page's description tab", () => {
  it("lists the product's details as terms and values, without the placeholder text", () => {
    const panel = renderTabs(DETAILS);
    const terms = within(panel)
      .getAllByRole("term")
      .map((term) => term.textContent);
    const values = within(panel)
      .getAllByRole("definition")
      .map((value) => value.textContent);
    expect(terms).toEqual(["Fabric", "Fit", "Care"]);
    expect(values).toEqual(["Lawn", "Regular", "Hand wash cold"]);
    expect(panel.textContent).not.toContain("made in small batches");
    expect(panel.textContent).not.toContain("Reinforced stitching");
    expect(panel.textContent).toContain("30 days free return");
  });

  it("shows the placeholder text only for a product with no details", () => {
    const panel = renderTabs([]);
    expect(panel.textContent).toContain("Lawn Kurta is made in small batches in Lahore");
    expect(panel.textContent).toContain("Reinforced stitching at every stress point");
    expect(within(panel).queryAllByRole("term")).toEqual([]);
  });

  it("keeps the final-sale notice beside the details", () => {
    const panel = renderTabs(DETAILS, true);
    expect(panel.textContent).toContain("Final sale: this item cannot be returned.");
  });
});

describe("the size chart button", () => {
  it("opens the chart from a button, shows its note and table, and closes with Escape", async () => {
    render(<SizeChartButton chart={CHART} />);
    const button = screen.getByText("Size chart");
    expect(button.tagName).toBe("SUMMARY");
    const details = button.closest("details")!;
    expect(details.open).toBe(false);
    await userEvent.click(button);
    expect(details.open).toBe(true);
    const table = screen.getByRole("table", { name: "Kurta sizes" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((cell) => cell.textContent),
    ).toEqual(["Size", "Chest", "Length"]);
    expect(
      within(table)
        .getAllByRole("rowheader")
        .map((cell) => cell.textContent),
    ).toEqual(["S", "M"]);
    expect(screen.getByText("Measurements in inches")).toBeTruthy();
    expect(screen.getByRole("region", { name: "Kurta sizes" })).toBeTruthy();
    await userEvent.keyboard("{Escape}");
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(button);
  });

  it('names a chart without a title "Size chart"', () => {
    render(<SizeChartButton chart={{ ...CHART, title: "" }} />);
    expect(screen.getByRole("table", { name: "Size chart", hidden: true })).toBeTruthy();
  });
});
