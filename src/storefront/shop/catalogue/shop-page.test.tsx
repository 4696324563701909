import { cleanup, render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import {
  createRoutesStub,
  isRouteErrorResponse,
  type LoaderFunction,
  Outlet,
  RouterContextProvider,
  useRouteError,
} from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ProductCard, ProductList } from "../../../shared/contracts/catalogue.ts";
import { apiContext, siteContext } from "../../lib/api.server.ts";
import { fakeApiClient } from "../../testing/fake-api.ts";
import { ToastProvider } from "../../ui/toast.tsx";
import { shopperData } from "../layout/shopper-data.ts";
import Shop, { loader } from "../routes/shop.tsx";

afterEach(cleanup);

const CATEGORIES = [{ id: 1, name: "Kurtas", slug: "kurtas" }];

function card(id: number): ProductCard {
  return {
    id,
    slug: `kurta-${id}`,
    title: `Kurta ${id}`,
    image: null,
    back_image: null,
    price: 1000,
    discount_price: null,
    discount: 0,
    new_arrival: false,
    rating: 0,
    reviews: 0,
  };
}

/** 20 products on 2 pages; `page` is the page the API answers. */
function listing(page: number): ProductList {
  const data = page <= 2 ? Array.from({ length: page === 1 ? 12 : 8 }, (_, index) => card(index + 1)) : [];
  return {
    data,
    meta: {
      from: data.length ? (page - 1) * 12 + 1 : 0,
      to: data.length ? (page - 1) * 12 + data.length : 0,
      total: 20,
      per_page: 12,
      current_page: page,
      last_page: 2,
    },
  };
}

function RootError() {
  const error = useRouteError();
  return <p>error {isRouteErrorResponse(error) ? error.status : "unknown"}</p>;
}

function RootLayout() {
  return (
    <ToastProvider>
      <Outlet />
    </ToastProvider>
  );
}

const NoFallback = () => null;

function renderShop(
  url: string,
  products: { page?: number; empty?: boolean; meta?: Record<string, unknown> } = {},
) {
  const apiCalls: string[] = [];
  const { api } = fakeApiClient((_method, path) => {
    apiCalls.push(path);
    if (path === "/categories") return { ok: true, status: 200, data: CATEGORIES };
    if (path === "/colors" || path === "/sizes" || path === "/tags")
      return { ok: true, status: 200, data: [] };
    if (path === "/products") {
      const list = products.empty
        ? { data: [], meta: { ...listing(1).meta, from: 0, to: 0, total: 0, last_page: 1 } }
        : listing(products.page ?? 1);
      return { ok: true, status: 200, data: { ...list, meta: { ...list.meta, ...products.meta } } };
    }
    return { ok: false, status: 404, data: { message: "Not found." } };
  });
  const context = new RouterContextProvider();
  context.set(apiContext, api);
  context.set(siteContext, { publicUrl: "https://shop.example.pk" });
  const Stub = createRoutesStub(
    [
      {
        id: "root",
        path: "/",
        loader: () => ({
          categories: CATEGORIES,
          shopper: shopperData(null, null),
          cart: "null",
          notices: [],
        }),
        Component: RootLayout,
        ErrorBoundary: RootError,
        HydrateFallback: NoFallback,
        children: [
          {
            path: "shop/:category?",
            Component: Shop as ComponentType,
            loader: loader as unknown as LoaderFunction,
          },
        ],
      },
    ],
    context,
  );
  render(<Stub initialEntries={[url]} />);
  return { apiCalls };
}

describe("shop page: dead ends", () => {
  it("answers a category nobody sells with a 404", async () => {
    renderShop("/shop/no-such-category");
    expect(await screen.findByText("error 404")).toBeTruthy();
  });

  it("shows a known category's products", async () => {
    renderShop("/shop/kurtas");
    expect(await screen.findByRole("heading", { level: 1, name: "Kurtas" })).toBeTruthy();
    expect(await screen.findByText("Kurta 1")).toBeTruthy();
  });

  it("past the last page says 'No Products Found' and links to the first page with the same filters", async () => {
    renderShop("/shop/kurtas?sort=low2high&color=3&page=99", { page: 99 });
    expect(await screen.findByRole("heading", { name: "No Products Found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the first page" }).getAttribute("href")).toBe(
      "/shop/kurtas?color=3&sort=low2high",
    );
  });

  it("treats a page number too large for the API as past the last page, not as page 1", async () => {
    // The storefront asks for the largest page the API takes, which is past the end of any catalogue.
    const { apiCalls } = renderShop("/shop?page=99999999999", { page: 2147483647 });
    expect(await screen.findByRole("heading", { name: "No Products Found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to the first page" }).getAttribute("href")).toBe("/shop");
    expect(screen.queryByText("Kurta 1")).toBeNull();
    expect(apiCalls).toContain("/products");
  });

  it("an empty filter result keeps the spec's 'Shop Now' link to /shop", async () => {
    renderShop("/shop?search=zzz", { empty: true });
    expect(await screen.findByRole("heading", { name: "No Products Found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Shop Now" }).getAttribute("href")).toBe("/shop");
  });
});

describe("shop page: search results", () => {
  it("says what was searched and how many products were found", async () => {
    renderShop("/shop?search=%20black%20bag%20");
    expect(await screen.findByRole("heading", { name: "Results for “black bag”" })).toBeTruthy();
    expect(screen.getByText("20 products")).toBeTruthy();
  });

  it("shows '500+' when a search finds more products than it answers", async () => {
    renderShop("/shop?search=bag", { meta: { total: 500, total_capped: true, last_page: 42 } });
    expect(await screen.findByText("500+ products")).toBeTruthy();
    expect(screen.getByText("Showing 1 to 12 of 500+ results")).toBeTruthy();
    expect(screen.getByText("Showing 1 to 12 of 500+ records")).toBeTruthy();
  });

  it("past the last page of a capped search says how many a search shows", async () => {
    renderShop("/shop?search=bag&page=50", {
      page: 50,
      meta: { total: 500, total_capped: true, last_page: 42 },
    });
    expect(await screen.findByRole("heading", { name: "No Products Found" })).toBeTruthy();
    expect(
      screen.getByText("There is no page 50 here: a search shows at most 500 products, on 42 pages."),
    ).toBeTruthy();
  });

  it("shows '10,000+' when a listing has more products than it pages through", async () => {
    renderShop("/shop", { meta: { total: 10_000, total_capped: true, last_page: 834 } });
    expect(await screen.findByText("Showing 1 to 12 of 10,000+ results")).toBeTruthy();
  });

  it("past the last page of a capped listing says how many the shop shows", async () => {
    renderShop("/shop?sort=low2high&page=900", {
      page: 900,
      meta: { total: 10_000, total_capped: true, last_page: 834 },
    });
    expect(await screen.findByRole("heading", { name: "No Products Found" })).toBeTruthy();
    expect(
      screen.getByText("There is no page 900 here: the shop shows at most 10,000 products, on 834 pages."),
    ).toBeTruthy();
  });

  it("says nothing of a search when there is none", async () => {
    renderShop("/shop");
    expect(await screen.findByText("Kurta 1")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: /Results for/ })).toBeNull();
  });

  it("offers the API's 'did you mean' spellings as links, keeping the other filters", async () => {
    renderShop("/shop/kurtas?search=kurtaa&color=3&page=2", {
      empty: true,
      meta: { suggestions: ["kurta", "KURTAA", "", 7, "kurti"] },
    });
    expect(await screen.findByRole("heading", { name: "No Products Found" })).toBeTruthy();
    const didYouMean = screen.getByText(/Did you mean:/);
    const links = [...didYouMean.querySelectorAll("a")].map((link) => [
      link.textContent,
      link.getAttribute("href"),
    ]);
    expect(links).toEqual([
      ["kurta", "/shop/kurtas?search=kurta&color=3"],
      ["kurti", "/shop/kurtas?search=kurti&color=3"],
    ]);
    expect(screen.getByRole("link", { name: "Shop Now" }).getAttribute("href")).toBe("/shop");
  });

  it("shows no 'did you mean' when the API sends none or something malformed", async () => {
    renderShop("/shop?search=zzz", { empty: true, meta: { suggestions: "zz" } });
    expect(await screen.findByRole("heading", { name: "No Products Found" })).toBeTruthy();
    expect(screen.queryByText(/Did you mean/)).toBeNull();
  });
});
