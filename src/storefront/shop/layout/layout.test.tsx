import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import { createRoutesStub, Link } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { Cart } from "../../../shared/contracts/cart.ts";
import { SHOP_DETAILS_DEFAULTS } from "../../../shared/contracts/shop-details.ts";
import App from "../../root.tsx";
import { EMPTY_CART } from "../../testing/fake-api.ts";
import { cartData } from "./cart-data.ts";
import type { LayoutData } from "./layout-data.ts";
import { shopperData } from "./shopper-data.ts";

afterEach(cleanup);

const CART: Cart = {
  quantity: 3,
  total: 3497,
  cart: [
    {
      id: 1,
      name: "City Tote",
      price: 999,
      quantity: 3,
      total: 2997,
      attributes: {
        slug: "city-tote",
        image: null,
        color_name: "Tan",
        color_code: "#c19a6b",
        size_name: "One Size",
        variation_id: 21,
        product_id: 7,
        stock: 5,
      },
    },
  ],
  summary: {
    subtotal: 3497,
    discount: 0,
    delivery_charges: 200,
    cod_fee: 0,
    delivery_note: "",
    coupon: null,
    total: 3697,
  },
  coupon_message: null,
};

function Page() {
  return <Link to="/other">Somewhere else</Link>;
}

function Other() {
  return <h1>Other page</h1>;
}

function NoFallback() {
  return null;
}

function renderLayout(data: LayoutData, url = "/") {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: App as ComponentType,
      HydrateFallback: NoFallback,
      loader: () => data,
      children: [
        { index: true, Component: Page },
        { path: "other", Component: Other },
        { path: "bare", Component: Other, handle: { showHeader: false, showFooter: false } },
      ],
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}

const guest: LayoutData = {
  categories: [{ id: 1, name: "Totes", slug: "totes", parent_id: null }],
  cart: cartData(EMPTY_CART),
  shopper: shopperData(null, { count: 0, product_ids: [] }),
  shop: SHOP_DETAILS_DEFAULTS,
};

describe("shared layout", () => {
  it("shows the shop's details in the header, the footer and the phone menu (decision 0066)", async () => {
    renderLayout({
      ...guest,
      shop: {
        ...SHOP_DETAILS_DEFAULTS,
        name: "Threads & Co",
        phone: "0300 7654321",
        whatsapp: "0301 1112223",
        address: "22 Bosan Road",
        city: "Multan",
        social: { ...SHOP_DETAILS_DEFAULTS.social, x: "", tiktok: "https://www.tiktok.com/@threadsco" },
      },
    });
    const phone = await screen.findAllByRole("link", { name: "0300 7654321" });
    expect(phone.map((link) => link.getAttribute("href"))).toEqual(
      Array(phone.length).fill("tel:+923007654321"),
    );
    expect(phone.length).toBeGreaterThanOrEqual(2);
    expect(screen.getByRole("link", { name: "Threads & Co, home" })).toBeTruthy();
    const footer = screen.getByRole("contentinfo");
    expect(footer.textContent).toContain("22 Bosan Road, Multan, Pakistan");
    expect(footer.textContent).toContain("© 2022 Threads & Co.");
    expect(within(footer).getByRole("link", { name: "WhatsApp 0301 1112223" }).getAttribute("href")).toBe(
      "https://wa.me/923011112223",
    );
    expect(
      within(footer).getByRole("link", { name: "TikTok (opens in a new tab)" }).getAttribute("href"),
    ).toBe("https://www.tiktok.com/@threadsco");
    expect(within(footer).queryByRole("link", { name: "X (opens in a new tab)" })).toBeNull();
  });

  it("shows the offer, the account menu for a guest, the wishlist and an empty mini cart", async () => {
    renderLayout(guest);
    expect(await screen.findByText("Free delivery on orders over $200")).toBeTruthy();
    const account = screen.getByLabelText("Account").closest("details")!;
    expect(within(account).getByRole("link", { name: "Login" }).getAttribute("href")).toBe("/user-login");
    expect(within(account).getByRole("link", { name: "Register" }).getAttribute("href")).toBe(
      "/user-register",
    );
    expect(within(account).getByRole("link", { name: "My account" }).getAttribute("href")).toBe(
      "/my-account",
    );
    expect(within(account).queryByRole("button", { name: "Logout" })).toBeNull();
    expect(screen.getByRole("link", { name: "Wishlist, 0 items" })).toBeTruthy();
    const miniCart = screen.getByTestId("mini-cart");
    expect(miniCart.textContent).toContain("No items added to cart");
    expect(within(miniCart).queryByRole("link", { name: "Checkout" })).toBeNull();
    expect(screen.getByRole("contentinfo").textContent).toContain("© 2022");
  });

  it("counts the saved products on the wishlist link, and shows no count when they could not be read", async () => {
    renderLayout({ ...guest, shopper: shopperData(null, { count: 2, product_ids: [9, 4] }) });
    const link = await screen.findByRole("link", { name: "Wishlist, 2 items" });
    expect(link.getAttribute("href")).toBe("/wishlist");
    expect(screen.getByTestId("wishlist-count").textContent).toBe("2");
    cleanup();
    renderLayout({ ...guest, shopper: shopperData(null, null) });
    expect(await screen.findByText("Free delivery on orders over $200")).toBeTruthy();
    expect(screen.queryByRole("link", { name: /^Wishlist, / })).toBeNull();
    expect(screen.queryByTestId("wishlist-count")).toBeNull();
  });

  it("lists the cart's lines with the API's figures and offers view cart and checkout", async () => {
    renderLayout({ ...guest, cart: cartData(CART) });
    expect((await screen.findByTestId("cart-count")).textContent).toBe("3");
    const miniCart = screen.getByTestId("mini-cart");
    expect(within(miniCart).getByRole("link", { name: "City Tote" }).getAttribute("href")).toBe(
      "/product/city-tote",
    );
    expect(miniCart.textContent).toContain("Tan / One Size");
    expect(miniCart.textContent).toContain("3 × Rs. 999.00");
    // The total is the API's own (3497), not a sum worked out in the browser (2997).
    expect(miniCart.textContent).toContain("Rs. 3,497.00");
    expect(within(miniCart).getByRole("link", { name: "View cart" }).getAttribute("href")).toBe("/cart");
    expect(within(miniCart).getByRole("link", { name: "Checkout" }).getAttribute("href")).toBe("/checkout");
  });

  it("offers Logout (a POST to /logout) to a signed-in shopper", async () => {
    const user = {
      id: 1,
      first_name: "Sana",
      last_name: "Malik",
      name: "Sana Malik",
      email: "sana@example.com",
      phone: null,
      image: null,
      created_at: "2026-01-01T00:00:00.000Z",
    };
    renderLayout({ ...guest, shopper: shopperData(user, { count: 0, product_ids: [] }) });
    const logout = await screen.findByRole("button", { name: "Logout" });
    const form = logout.closest("form")!;
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/logout");
    expect(screen.queryByRole("link", { name: "Login" })).toBeNull();
  });

  it("opens the mobile menu, closes it with its close button, and closes it on any route change", async () => {
    renderLayout(guest);
    await userEvent.click(await screen.findByRole("button", { name: "Open menu" }));
    const menu = screen.getByRole("dialog", { name: "Menu" });
    expect(menu.closest(".offcanvas")!.className).toContain("is-open");
    expect(
      within(menu)
        .getByRole("searchbox", { name: "Search products" })
        .closest("form")!
        .getAttribute("action"),
    ).toBe("/shop");
    await userEvent.click(within(menu).getByRole("button", { name: "Close menu" }));
    expect(menu.closest(".offcanvas")!.className).not.toContain("is-open");

    await userEvent.click(screen.getByRole("button", { name: "Open menu" }));
    expect(menu.closest(".offcanvas")!.className).toContain("is-open");
    await userEvent.click(screen.getByRole("link", { name: "Somewhere else" }));
    expect(await screen.findByRole("heading", { name: "Other page" })).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Menu" }).closest(".offcanvas")!.className).not.toContain(
      "is-open",
    );
  });

  it("closes the mini cart when its overlay is clicked", async () => {
    renderLayout({ ...guest, cart: cartData(CART) });
    const summary = await screen.findByLabelText("Cart, 3 items");
    await userEvent.click(summary);
    expect(summary.closest("details")!.open).toBe(true);
    await userEvent.click(screen.getByTestId("dropdown-overlay"));
    expect(summary.closest("details")!.open).toBe(false);
  });

  it("lets a route hide the header and footer", async () => {
    renderLayout(guest, "/bare");
    expect(await screen.findByRole("heading", { name: "Other page" })).toBeTruthy();
    expect(screen.queryByRole("banner")).toBeNull();
    expect(screen.queryByRole("contentinfo")).toBeNull();
  });
});
