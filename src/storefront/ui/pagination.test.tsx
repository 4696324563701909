import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useLoaderData, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { PageMeta } from "../../shared/contracts/catalogue.ts";
import { shopHref } from "../shop/catalogue/shop-query.ts";
import { withPage } from "./page-query.ts";
import { PageSteps, Pagination, pageSteps } from "./pagination.tsx";

afterEach(cleanup);

function meta(current: number, last: number): PageMeta {
  const from = (current - 1) * 12 + 1;
  return {
    from,
    to: Math.min(current * 12, 60),
    total: 60,
    per_page: 12,
    current_page: current,
    last_page: last,
  };
}

function ShopPage() {
  const pageMeta = useLoaderData<PageMeta>();
  const location = useLocation();
  const query = new URLSearchParams(location.search);
  return (
    <>
      <output data-testid="url">{location.pathname + location.search}</output>
      <Pagination meta={pageMeta} hrefFor={(page) => shopHref("bags", withPage(query, page))} />
    </>
  );
}

function NoFallback() {
  return null;
}

/** The meta the shop's loader answers for `?page=` of a five-page listing. */
function metaFor(request: Request): PageMeta {
  return meta(Number(new URL(request.url).searchParams.get("page") ?? 1), 5);
}

/** Renders the page at `url` once its loader (answering `pageMeta`) has run. */
async function renderAt(url: string, pageMeta: PageMeta | ((request: Request) => PageMeta)) {
  const loader =
    typeof pageMeta === "function"
      ? ({ request }: { request: Request }) => pageMeta(request)
      : () => pageMeta;
  const Stub = createRoutesStub([
    { path: "/shop/:category?", Component: ShopPage, HydrateFallback: NoFallback, loader },
  ]);
  render(<Stub initialEntries={[url]} />);
  await screen.findByTestId("url");
}

describe("Pagination", () => {
  it("is not shown for a single page", async () => {
    await renderAt("/shop/bags", meta(1, 1));
    expect(screen.queryByRole("navigation", { name: "Pagination" })).toBeNull();
  });

  it("offers first, previous, numbered pages, next and last, with the record count", async () => {
    await renderAt("/shop/bags?color=8&page=2", meta(2, 5));
    const nav = screen.getByRole("navigation", { name: "Pagination" });
    expect(nav.textContent).toContain("Showing 13 to 24 of 60 records");
    expect(screen.getByRole("link", { name: "First page" }).getAttribute("href")).toBe("/shop/bags?color=8");
    expect(screen.getByRole("link", { name: "Previous page" }).getAttribute("href")).toBe(
      "/shop/bags?color=8",
    );
    expect(screen.getByRole("link", { name: "Next page" }).getAttribute("href")).toBe(
      "/shop/bags?color=8&page=3",
    );
    expect(screen.getByRole("link", { name: "Last page" }).getAttribute("href")).toBe(
      "/shop/bags?color=8&page=5",
    );
    expect(screen.getByRole("link", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getAllByRole("link", { name: /^Page \d$/ })).toHaveLength(5);
  });

  it("has no first or previous link on the first page, and no next or last link on the last", async () => {
    await renderAt("/shop/bags", meta(1, 5));
    expect(screen.queryByRole("link", { name: "First page" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Previous page" })).toBeNull();
    cleanup();
    await renderAt("/shop/bags?page=5", meta(5, 5));
    expect(screen.queryByRole("link", { name: "Next page" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Last page" })).toBeNull();
  });

  it("navigates to the chosen page, keeping the filters", async () => {
    await renderAt("/shop/bags?color=8", metaFor);
    await userEvent.click(screen.getByRole("link", { name: "Page 3" }));
    // The click starts a navigation: the location changes only once the new page's loader has answered, which
    // on a loaded machine is well after the click resolves. Wait for what the shopper sees: page 3 is current.
    await screen.findByRole("link", { name: "Page 3", current: "page" });
    expect(screen.getByTestId("url").textContent).toBe("/shop/bags?color=8&page=3");
  });
});

describe("PageSteps", () => {
  const labels = (steps: { page: number; label: string }[]) =>
    steps.map((step) => `${step.label} ${step.page}`);

  it("offers previous and next; with ends also first and last when they are not those already", () => {
    // The back office's reviews: previous and next only.
    expect(labels(pageSteps(1, 3))).toEqual(["Next 2"]);
    expect(labels(pageSteps(2, 3))).toEqual(["Previous 1", "Next 3"]);
    expect(labels(pageSteps(3, 3))).toEqual(["Previous 2"]);
    // The back office's products: first and last too.
    expect(labels(pageSteps(1, 5, { ends: true }))).toEqual(["Next 2", "Last 5"]);
    expect(labels(pageSteps(2, 5, { ends: true }))).toEqual(["Previous 1", "Next 3", "Last 5"]);
    expect(labels(pageSteps(3, 5, { ends: true }))).toEqual(["First 1", "Previous 2", "Next 4", "Last 5"]);
    expect(labels(pageSteps(5, 5, { ends: true }))).toEqual(["First 1", "Previous 4"]);
    // The back office's orders: a count that stopped at its limit still offers the next page.
    expect(labels(pageSteps(4, 4, { more: true }))).toEqual(["Previous 3", "Next 5"]);
    expect(labels(pageSteps(1, 1))).toEqual([]);
  });

  it("shows the list's own summary and its steps as links that keep the filters", async () => {
    const Stub = createRoutesStub([
      { path: "/admin/orders", Component: OrdersPages, HydrateFallback: NoFallback },
    ]);
    render(<Stub initialEntries={["/admin/orders?page=2"]} />);
    const nav = await screen.findByRole("navigation", { name: "Pages of orders" });
    expect(nav.querySelector("p")?.textContent).toBe("Page 2 of 3");
    const links = screen.getAllByRole("link");
    expect(
      links.map((link) => [link.textContent, link.getAttribute("href"), link.getAttribute("rel")]),
    ).toEqual([
      ["Previous page", "/admin/orders?status=pending&page=1", "prev"],
      ["Next page", "/admin/orders?status=pending&page=3", "next"],
    ]);
  });
});

function OrdersPages() {
  return (
    <PageSteps
      label="Pages of orders"
      summary="Page 2 of 3"
      steps={pageSteps(2, 3)}
      hrefFor={(page) => `/admin/orders?status=pending&page=${page}`}
    />
  );
}
