import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { CategoryLinks } from "./category-links.tsx";

afterEach(cleanup);

describe("the shop's category menu", () => {
  it("lists subcategories under their parent, in the order the API gives", () => {
    render(
      <MemoryRouter>
        <CategoryLinks
          className="main-nav__sub"
          categories={[
            { id: 1, name: "Bags", slug: "bags", parent_id: null },
            { id: 4, name: "Evening Bags", slug: "evening-bags", parent_id: 1 },
            { id: 5, name: "Clutches", slug: "clutches", parent_id: 4 },
            { id: 2, name: "Shirts", slug: "shirts", parent_id: null },
          ]}
        />
      </MemoryRouter>,
    );
    const top = screen.getAllByRole("list")[0]!;
    const topItems = within(top)
      .getAllByRole("listitem")
      .filter((item) => item.parentElement === top);
    expect(topItems.map((item) => item.firstElementChild?.textContent)).toEqual(["Bags", "Shirts"]);
    const evening = screen.getByRole("link", { name: "Evening Bags" });
    expect(evening.getAttribute("href")).toBe("/shop/evening-bags");
    expect(within(topItems[0]!).getByRole("link", { name: "Clutches" })).toBeTruthy();
    expect(within(topItems[1]!).queryByRole("link", { name: "Evening Bags" })).toBeNull();
  });

  it("shows nothing without categories", () => {
    const { container } = render(
      <MemoryRouter>
        <CategoryLinks className="main-nav__sub" categories={[]} />
      </MemoryRouter>,
    );
    expect(container.innerHTML).toBe("");
  });
});
