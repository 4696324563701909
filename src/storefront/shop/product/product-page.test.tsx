import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import {
  type ActionFunction,
  createRoutesStub,
  type LoaderFunction,
  Outlet,
  RouterContextProvider,
  useLocation,
} from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ProductDetail, SizeOption } from "../../../shared/contracts/catalogue.ts";
import { apiContext, siteContext } from "../../lib/api.server.ts";
import { fakeApiClient } from "../../testing/fake-api.ts";
import { ToastProvider } from "../../ui/toast.tsx";
import Product, { action, ErrorBoundary, loader } from "../routes/product.tsx";

afterEach(cleanup);

const BAG: ProductDetail = {
  id: 7,
  slug: "city-tote",
  title: "City Tote",
  image: "/images/products/city-tote/black-front-800.webp",
  back_image: null,
  gallery: [
    "/images/products/city-tote/black-front-800.webp",
    "/images/products/city-tote/tan-front-800.webp",
  ],
  price: 1250,
  discount: 20,
  discount_price: 1000,
  new_arrival: true,
  rating: 4.5,
  reviews: 12,
  short_description: "<p>Roomy <strong>tote</strong>.</p><script>alert(1)</script>",
  colors: [
    { color_id: 1, color_name: "Black", color_code: "#111111", default_variation_id: 11 },
    { color_id: 2, color_name: "Tan", color_code: "#c19a6b", default_variation_id: 21 },
  ],
  default_color_id: 1,
  default_variation_id: 11,
  category: { name: "Totes", slug: "totes" },
  images: [
    {
      id: 70,
      color_id: 1,
      url: "/images/products/city-tote/black-front-800.webp",
      alt: "City Tote in Black, front view",
      position: 0,
    },
    {
      id: 71,
      color_id: 2,
      url: "/images/products/city-tote/tan-front-800.webp",
      alt: "City Tote in Tan, front view",
      position: 1,
    },
  ],
};

/** Its first colour is sold out; its third has no photos of its own, only the product's general one. */
const SATCHEL: ProductDetail = {
  ...BAG,
  id: 8,
  slug: "satchel",
  title: "Satchel",
  final_sale: true,
  price: 1500,
  discount_price: 1200,
  colors: [
    { color_id: 1, color_name: "Black", color_code: "#111111", default_variation_id: 81 },
    { color_id: 2, color_name: "Tan", color_code: "#c19a6b", default_variation_id: 84 },
    { color_id: 3, color_name: "Red", color_code: "#b91c1c", default_variation_id: 85 },
  ],
  default_color_id: 2,
  default_variation_id: 84,
  images: [
    {
      id: 80,
      color_id: 1,
      url: "/images/p/satchel/black-front-800.webp",
      alt: "Satchel in Black",
      position: 0,
    },
    { id: 81, color_id: 2, url: "/images/p/satchel/tan-front-800.webp", alt: "Satchel in Tan", position: 1 },
    {
      id: 82,
      color_id: 2,
      url: "/images/p/satchel/tan-back-800.webp",
      alt: "Satchel in Tan, back",
      position: 2,
    },
    {
      id: 83,
      color_id: null,
      url: "/images/p/satchel/detail-800.webp",
      alt: "Satchel, stitching",
      position: 3,
    },
  ],
};

const SATCHEL_SIZES: Record<number, SizeOption[]> = {
  1: [
    { id: 81, size_name: "Small", price: "1,000.00", regular_price: "1,250.00", stock: 0 },
    { id: 82, size_name: "Large", price: "1,200.00", regular_price: "1,500.00", stock: 0 },
  ],
  2: [
    { id: 83, size_name: "Small", price: "1,000.00", regular_price: "1,250.00", stock: 0 },
    { id: 84, size_name: "Large", price: "1,200.00", regular_price: "1,500.00", stock: 4 },
  ],
  3: [{ id: 85, size_name: "One Size", price: "1,040.00", regular_price: "1,300.00", stock: 2 }],
};

const SIZES: Record<number, SizeOption[]> = {
  1: [
    { id: 11, size_name: "Small", price: "1,000.00", regular_price: "1,250.00", stock: 3 },
    { id: 12, size_name: "Large", price: "1,200.00", regular_price: "1,500.00", stock: 0 },
  ],
  2: [{ id: 21, size_name: "One Size", price: "1,040.00", regular_price: "1,300.00", stock: 5 }],
};

/** A stand-in for the commerce API with the catalogue above; cart adds wait until `finishAdding` is called. */
function fakeApi() {
  const sizeCalls: string[] = [];
  const adds: unknown[] = [];
  let finishAdding: () => void = () => {};
  const { api } = fakeApiClient(async (method, path, body) => {
    if (method === "POST") {
      adds.push({ path, body });
      await new Promise<void>((resolve) => {
        finishAdding = resolve;
      });
      return { ok: true, status: 200, data: { message: "Your item has been added to the cart!" } };
    }
    if (path === "/product/city-tote") return { ok: true, status: 200, data: BAG };
    if (path === "/product/satchel") return { ok: true, status: 200, data: SATCHEL };
    const satchelSizes = path.match(/^\/product-sizes\/8\/(\d+)\/sizes$/);
    if (satchelSizes?.[1]) {
      sizeCalls.push(satchelSizes[1]);
      return { ok: true, status: 200, data: SATCHEL_SIZES[Number(satchelSizes[1])] ?? [] };
    }
    const sizes = path.match(/^\/product-sizes\/7\/(\d+)\/sizes$/);
    if (sizes?.[1]) {
      sizeCalls.push(sizes[1]);
      return { ok: true, status: 200, data: SIZES[Number(sizes[1])] ?? [] };
    }
    return { ok: false, status: 404, data: { message: "No Product Found" } };
  });
  return { api, sizeCalls, adds, finishAdding: () => finishAdding() };
}

function Shell() {
  const location = useLocation();
  return (
    <ToastProvider>
      <output data-testid="url">{location.pathname + location.search}</output>
      <Outlet />
    </ToastProvider>
  );
}

function NoFallback() {
  return null;
}

function renderProduct(url: string) {
  const fake = fakeApi();
  const context = new RouterContextProvider();
  context.set(apiContext, fake.api);
  context.set(siteContext, { publicUrl: "https://shop.example.pk" });
  const Stub = createRoutesStub(
    [
      {
        id: "root",
        path: "/",
        HydrateFallback: NoFallback,
        Component: Shell,
        children: [
          {
            path: "product/:slug",
            Component: Product as ComponentType,
            ErrorBoundary: ErrorBoundary as ComponentType,
            // The stub types params loosely; the route module's functions expect this route's own params.
            loader: loader as unknown as LoaderFunction,
            action: action as unknown as ActionFunction,
          },
        ],
      },
    ],
    context,
  );
  render(<Stub initialEntries={[url]} />);
  return fake;
}

const stock = () => screen.getByTestId("stock").textContent;

describe("product page: variants, quantity and add to cart", () => {
  it("chooses the first colour and its first size, and shows their price and stock", async () => {
    const { sizeCalls } = renderProduct("/product/city-tote");
    expect(await screen.findByRole("heading", { level: 1, name: "City Tote" })).toBeTruthy();
    expect(sizeCalls).toEqual(["1"]);
    expect(screen.getByRole("group", { name: "Colour: Black" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Size: Small" })).toBeTruthy();
    expect(stock()).toBe("In Stock, 3 left.");
    expect(
      screen.getByRole("img", { name: "City Tote in Black, front view" }).getAttribute("srcset"),
    ).toContain("/images/products/city-tote/black-front-400.webp 400w");
    expect(screen.getByText("Rs. 1,000.00")).toBeTruthy();
    expect(screen.getByText("Rs. 1,250.00")).toBeTruthy();
    expect(screen.getByText("- 20%")).toBeTruthy();
    // The description is rendered as sanitized HTML.
    expect(screen.getByText("tote").tagName).toBe("STRONG");
    expect(document.querySelector(".product__description script")).toBeNull();
  });

  it("a size choice sets price and stock; no stock shows 'Out Of Stock' and disables Add To Cart", async () => {
    renderProduct("/product/city-tote");
    await userEvent.click(await screen.findByRole("link", { name: "Large (out of stock)" }));
    await waitFor(() => expect(stock()).toBe("Out Of Stock"));
    expect(screen.getByTestId("url").textContent).toBe("/product/city-tote?color=1&size=12");
    expect(screen.getByText("Rs. 1,200.00")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add To Cart" })).toHaveProperty("disabled", true);
  });

  it("a colour choice reloads that colour's sizes and chooses its first", async () => {
    const { sizeCalls } = renderProduct("/product/city-tote?color=1&size=12");
    await userEvent.click(await screen.findByRole("link", { name: "Tan" }));
    await waitFor(() => expect(stock()).toBe("In Stock, 5 left."));
    expect(sizeCalls).toEqual(["1", "2"]);
    expect(screen.getByTestId("url").textContent).toBe("/product/city-tote?color=2");
    expect(screen.getByRole("group", { name: "Colour: Tan" })).toBeTruthy();
    // The gallery shows that colour's photos, described by their alt text.
    expect(screen.getByRole("img", { name: "City Tote in Tan, front view" })).toBeTruthy();
    expect(screen.queryByRole("img", { name: "City Tote in Black, front view" })).toBeNull();
    // A single size is chosen without being offered as a choice.
    expect(screen.queryByRole("group", { name: /^Size/ })).toBeNull();
    expect(screen.getByText("Rs. 1,040.00")).toBeTruthy();
  });

  it("opens on the first colour and size in stock when the first colour is sold out", async () => {
    const { sizeCalls } = renderProduct("/product/satchel");
    expect(await screen.findByRole("heading", { level: 1, name: "Satchel" })).toBeTruthy();
    expect(sizeCalls).toEqual(["2"]);
    expect(screen.getByRole("group", { name: "Colour: Tan" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Size: Large" })).toBeTruthy();
    expect(stock()).toBe("In Stock, 4 left.");
    // The price the card shows (the API's price and discount_price for this product).
    expect(screen.getByText("Rs. 1,200.00")).toBeTruthy();
    expect(screen.getByText("Rs. 1,500.00")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Add To Cart" })).toHaveProperty("disabled", false);
  });

  it("says a final-sale product cannot be returned, in place of the 30 days promise", async () => {
    renderProduct("/product/satchel");
    expect(await screen.findByText("Final sale: this item cannot be returned.")).toBeTruthy();
    expect(screen.queryByText(/30 days free return/)).toBeNull();
    expect(screen.getByText("Free shipping on all orders")).toBeTruthy();
    cleanup();
    renderProduct("/product/city-tote");
    expect(await screen.findByText("Free shipping on all orders and 30 days free return")).toBeTruthy();
    expect(screen.queryByText(/Final sale/)).toBeNull();
  });

  it("a colour choice opens on that colour's size the API names, even when it is sold out", async () => {
    renderProduct("/product/satchel");
    await userEvent.click(await screen.findByRole("link", { name: "Black" }));
    await waitFor(() => expect(stock()).toBe("Out Of Stock"));
    expect(screen.getByRole("group", { name: "Size: Small" })).toBeTruthy();
  });

  it("the gallery shows only the chosen colour's photos, else the product's general ones", async () => {
    renderProduct("/product/satchel");
    await screen.findByRole("heading", { level: 1, name: "Satchel" });
    const galleryPhotos = () =>
      [...document.querySelectorAll<HTMLImageElement>(".gallery__main img")].map((image) =>
        image.getAttribute("src"),
      );
    expect(galleryPhotos()).toEqual([
      "/images/p/satchel/tan-front-800.webp",
      "/images/p/satchel/tan-back-800.webp",
    ]);
    await userEvent.click(screen.getByRole("link", { name: "Red" }));
    await waitFor(() => expect(stock()).toBe("In Stock, 2 left."));
    expect(galleryPhotos()).toEqual(["/images/p/satchel/detail-800.webp"]);
    expect(screen.getByRole("img", { name: "Satchel, stitching" })).toBeTruthy();
  });

  it("keeps the quantity between 1 and the stock", async () => {
    renderProduct("/product/city-tote");
    const quantity = await screen.findByRole("spinbutton", { name: "Quantity" });
    const less = screen.getByRole("button", { name: "Decrease quantity" });
    const more = screen.getByRole("button", { name: "Increase quantity" });
    expect(quantity).toHaveProperty("value", "1");
    expect(less).toHaveProperty("disabled", true);
    await userEvent.click(more);
    await userEvent.click(more);
    expect(quantity).toHaveProperty("value", "3");
    expect(more).toHaveProperty("disabled", true);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, "9");
    expect(quantity).toHaveProperty("value", "3");
    await userEvent.click(less);
    expect(quantity).toHaveProperty("value", "2");
  });

  it("adds the chosen size and quantity, says 'Adding...' meanwhile, then shows the API's message", async () => {
    const { adds, finishAdding } = renderProduct("/product/city-tote?color=2");
    await userEvent.click(await screen.findByRole("button", { name: "Increase quantity" }));
    await userEvent.click(screen.getByRole("button", { name: "Add To Cart" }));
    const busy = await screen.findByRole("button", { name: "Adding..." });
    expect(busy).toHaveProperty("disabled", true);
    expect(adds).toEqual([{ path: "/cart/add", body: { id: 7, quantity: 2, size: 21 } }]);
    finishAdding();
    expect(await screen.findByText("Your item has been added to the cart!")).toBeTruthy();
    expect(await screen.findByRole("button", { name: "Add To Cart" })).toHaveProperty("disabled", false);
  });

  it("an unknown product shows 'No Product Found'", async () => {
    renderProduct("/product/no-such-thing");
    expect(await screen.findByRole("heading", { name: "No Product Found" })).toBeTruthy();
  });
});
