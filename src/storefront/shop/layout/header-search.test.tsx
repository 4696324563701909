import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, type LoaderFunctionArgs, Outlet, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Suggestions } from "../../../shared/contracts/search.ts";
import { HeaderSearch, SUGGEST_DEBOUNCE_MS } from "./header-search.tsx";

const TOTE: Suggestions = {
  query: "tote",
  products: [
    { id: 1, slug: "leather-tote", title: "Leather Tote", image: null, price: 12500, discount_price: 10000 },
    { id: 2, slug: "canvas-tote", title: "Canvas Tote", image: null, price: 2500, discount_price: null },
  ],
  categories: [{ id: 9, name: "Totes", slug: "totes", parent_id: null }],
  total: 7,
  total_capped: false,
};

function Where() {
  const location = useLocation();
  return <p data-testid="url">{location.pathname + location.search}</p>;
}

function Layout() {
  return (
    <>
      <HeaderSearch />
      <Where />
      <Outlet />
    </>
  );
}

const NoFallback = () => null;
const heading = (name: string) => () => <h1>{name}</h1>;
const Home = heading("Home");
const ShopPage = heading("Shop");
const CategoryPage = heading("Category");
const ProductPage = heading("Product");

/** Renders the box on `url`; the suggestions route answers through `answer` (which may wait). */
function renderSearch(answer: (q: string, request: Request) => Promise<Suggestions | null>, url = "/") {
  const requests: Request[] = [];
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: Layout,
      HydrateFallback: NoFallback,
      children: [
        { index: true, Component: Home },
        { path: "shop", Component: ShopPage },
        { path: "shop/:category", Component: CategoryPage },
        { path: "product/:slug", Component: ProductPage },
      ],
    },
    {
      path: "/search-suggestions",
      loader: ({ request }: LoaderFunctionArgs) => {
        requests.push(request);
        return answer(new URL(request.url).searchParams.get("q") ?? "", request);
      },
    },
  ]);
  render(<Stub initialEntries={[url]} />);
  return { requests };
}

const box = () => screen.getByRole("combobox", { name: "Search products" });
const url = () => screen.getByTestId("url").textContent;

afterEach(cleanup);

describe("header search: without JavaScript", () => {
  it("is a GET form to /shop with a search field named 'search'", async () => {
    renderSearch(async () => TOTE);
    const input = await screen.findByRole("combobox", { name: "Search products" });
    const form = input.closest("form")!;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/shop");
    expect(form.getAttribute("role")).toBe("search");
    expect(input.getAttribute("name")).toBe("search");
    expect(input.getAttribute("type")).toBe("search");
    expect(form.querySelector('button[type="submit"]')).toBeTruthy();
  });

  it("keeps the searched term in the box on the results page, and not elsewhere", async () => {
    renderSearch(async () => null, "/shop?search=black%20bag");
    expect(((await screen.findByRole("combobox")) as HTMLInputElement).value).toBe("black bag");
    cleanup();
    renderSearch(async () => null, "/product/x?search=black");
    expect(((await screen.findByRole("combobox")) as HTMLInputElement).value).toBe("");
  });
});

describe("header search: suggestions", () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const user = (delay = 0) => userEvent.setup({ delay, advanceTimers: vi.advanceTimersByTime });

  it("asks only after a pause in typing, and not below 2 characters", async () => {
    const { requests } = renderSearch(async () => TOTE);
    await user().type(await screen.findByRole("combobox"), "t");
    await act(() => vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS * 2));
    expect(requests).toHaveLength(0);
    // Keys 100 ms apart: the wait restarts with each, so nothing is asked while typing.
    await user(100).type(box(), "ote");
    expect(requests).toHaveLength(0);
    // 100 ms after the last key (user-event waited once more after it): still nothing; past 200 ms: one.
    await act(() => vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS - 150));
    expect(requests).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(requests.map((request) => new URL(request.url).searchParams.get("q"))).toEqual(["tote"]);
  });

  it("shows products with price and categories as a listbox, with a count announced", async () => {
    renderSearch(async () => TOTE);
    await user().type(await screen.findByRole("combobox"), "tote");
    await act(() => vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS + 10));
    const listbox = await screen.findByRole("listbox", { name: "Search suggestions" });
    expect(box().getAttribute("aria-expanded")).toBe("true");
    expect(box().getAttribute("aria-controls")).toBe(listbox.id);
    const options = screen.getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual([
      "Leather ToteRs. 10,000.00, was Rs. 12,500.00",
      "Canvas ToteRs. 2,500.00",
      "CategoryTotes",
      "See all 7 results for “tote”",
    ]);
    expect(screen.getByRole("status").textContent).toBe(
      "2 products and 1 category suggested. Use the up and down arrows to choose.",
    );
  });

  it("moves through the options with the arrow keys and opens the highlighted one with Enter", async () => {
    renderSearch(async () => TOTE);
    const typing = user();
    await typing.type(await screen.findByRole("combobox"), "tote");
    await act(() => vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS + 10));
    await screen.findByRole("listbox");
    expect(box().getAttribute("aria-activedescendant")).toBeNull();
    await typing.keyboard("{ArrowDown}{ArrowDown}");
    const active = () => document.getElementById(box().getAttribute("aria-activedescendant") ?? "");
    expect(active()?.textContent).toContain("Canvas Tote");
    expect(active()?.getAttribute("aria-selected")).toBe("true");
    await typing.keyboard("{ArrowUp}{ArrowUp}");
    expect(box().getAttribute("aria-activedescendant")).toBeNull();
    await typing.keyboard("{ArrowUp}");
    expect(active()?.textContent).toContain("See all 7 results");
    await typing.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    expect(await screen.findByRole("heading", { name: "Product" })).toBeTruthy();
    expect(url()).toBe("/product/leather-tote");
  });

  it("Escape closes the list; Enter without a highlighted option submits the search", async () => {
    renderSearch(async () => TOTE);
    const typing = user();
    await typing.type(await screen.findByRole("combobox"), "tote");
    await act(() => vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS + 10));
    await screen.findByRole("listbox");
    await typing.keyboard("{ArrowDown}{Escape}");
    expect(box().getAttribute("aria-expanded")).toBe("false");
    expect(box().getAttribute("aria-activedescendant")).toBeNull();
    expect(screen.queryByRole("listbox")).toBeNull();
    expect((box() as HTMLInputElement).value).toBe("tote");
    await typing.keyboard("{Enter}");
    expect(await screen.findByRole("heading", { name: "Shop" })).toBeTruthy();
    expect(url()).toBe("/shop?search=tote");
  });

  it("cancels a request still under way when the text changes, and never shows a stale answer", async () => {
    const pending = new Map<string, (value: Suggestions) => void>();
    const { requests } = renderSearch((q) => new Promise<Suggestions>((resolve) => pending.set(q, resolve)));
    const typing = user();
    await typing.type(await screen.findByRole("combobox"), "to");
    await act(() => vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS + 10));
    expect(requests).toHaveLength(1);
    await typing.type(box(), "te");
    await act(() => vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS + 10));
    expect(requests).toHaveLength(2);
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(requests[1]!.signal.aborted).toBe(false);
    // The old answer arriving late changes nothing; the new one is shown.
    await act(async () => pending.get("to")!({ ...TOTE, query: "to", products: [TOTE.products[1]!] }));
    expect(screen.queryByRole("listbox")).toBeNull();
    await act(async () => pending.get("tote")!(TOTE));
    expect(await screen.findByRole("option", { name: /Leather Tote/ })).toBeTruthy();
  });

  it("says so when nothing matches", async () => {
    renderSearch(async (q) => ({ query: q, products: [], categories: [], total: 0, total_capped: false }));
    await user().type(await screen.findByRole("combobox"), "zzzz");
    await act(() => vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS + 10));
    expect(await screen.findByText("No products match “zzzz”. Press Enter to search anyway.")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toBe("No suggestions for “zzzz”.");
    expect(screen.queryAllByRole("option")).toHaveLength(0);
  });

  it("says '500+ results' when the search finds more than it answers", async () => {
    renderSearch(async () => ({ ...TOTE, total: 500, total_capped: true }));
    await user().type(await screen.findByRole("combobox"), "tote");
    await act(() => vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS + 10));
    expect(await screen.findByRole("option", { name: "See all 500+ results for “tote”" })).toBeTruthy();
  });

  it("a click on a category suggestion opens the category", async () => {
    renderSearch(async () => TOTE);
    const typing = user();
    await typing.type(await screen.findByRole("combobox"), "tote");
    await act(() => vi.advanceTimersByTimeAsync(SUGGEST_DEBOUNCE_MS + 10));
    await typing.click(await screen.findByRole("option", { name: /Totes/ }));
    expect(await screen.findByRole("heading", { name: "Category" })).toBeTruthy();
    expect(url()).toBe("/shop/totes");
  });
});
