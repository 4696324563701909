import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { createRoutesStub, useLocation, useParams } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { type FilterLists, FilterPanel } from "./filter-panel.tsx";
import { SortSelect } from "./sort-select.tsx";

afterEach(cleanup);

const LISTS: FilterLists = {
  categories: [
    { id: 1, name: "Handbags", slug: "handbags", parent_id: null },
    { id: 7, name: "Kurtas", slug: "kurtas", parent_id: null },
  ],
  colors: [
    { id: 1, title: "Black" },
    { id: 8, title: "Teal" },
  ],
  sizes: [
    { id: 3, size: "Medium" },
    { id: 7, size: "M" },
  ],
  tags: [{ id: 2, name: "Cotton" }],
};

function Shop() {
  const location = useLocation();
  const { category } = useParams();
  const query = new URLSearchParams(location.search);
  const [open, setOpen] = useState(true);
  return (
    <>
      <output data-testid="url">{location.pathname + location.search}</output>
      <SortSelect category={category} query={query} />
      <FilterPanel
        open={open}
        onClose={() => setOpen(false)}
        category={category}
        query={query}
        lists={LISTS}
      />
    </>
  );
}

function NoFallback() {
  return null;
}

function renderShop(url: string) {
  const Stub = createRoutesStub([{ path: "/shop/:category?", Component: Shop, HydrateFallback: NoFallback }]);
  render(<Stub initialEntries={[url]} />);
  return screen.getByRole("dialog", { name: "Filter products" });
}

const url = () => screen.getByTestId("url").textContent;

describe("shop filters write the URL", () => {
  it("a colour choice keeps the other filters and starts again at page 1", async () => {
    const panel = renderShop("/shop/kurtas?size=7&page=3");
    await userEvent.click(
      within(within(panel).getByRole("region", { name: "Colour" })).getByRole("link", { name: "Teal" }),
    );
    expect(url()).toBe("/shop/kurtas?color=8&size=7");
  });

  it("'All' removes the filter", async () => {
    const panel = renderShop("/shop?color=8&tag=2&page=2");
    const tags = within(panel).getByRole("region", { name: "Tags" });
    expect(within(tags).getByRole("link", { name: "Cotton" }).getAttribute("aria-current")).toBe("true");
    await userEvent.click(within(tags).getByRole("link", { name: "All" }));
    expect(url()).toBe("/shop?color=8");
  });

  it("a category is the path; other filters stay and the page resets", async () => {
    const panel = renderShop("/shop?color=8&page=2");
    const categories = within(panel).getByRole("region", { name: "Categories" });
    await userEvent.click(within(categories).getByRole("link", { name: "Kurtas" }));
    expect(url()).toBe("/shop/kurtas?color=8");
    await userEvent.click(within(categories).getByRole("link", { name: "All" }));
    expect(url()).toBe("/shop?color=8");
  });

  it("the search box submits search= and keeps the other filters", async () => {
    const panel = renderShop("/shop/kurtas?color=8&page=4");
    await userEvent.type(within(panel).getByRole("searchbox", { name: "Search products" }), "lawn{Enter}");
    expect(url()).toBe("/shop/kurtas?color=8&search=lawn");
  });

  it("the sort dropdown navigates at once, back to page 1, and leaves 'Default' out of the URL", async () => {
    renderShop("/shop/kurtas?color=8&page=2");
    await userEvent.selectOptions(screen.getByLabelText("Sort by"), "Price - High to Low");
    expect(url()).toBe("/shop/kurtas?color=8&sort=high2low");
    await userEvent.selectOptions(screen.getByLabelText("Sort by"), "Default");
    expect(url()).toBe("/shop/kurtas?color=8");
  });
});
