import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { Cart } from "../../../shared/contracts/cart.ts";
import {
  type ApiResponse,
  cartLine,
  cartOf,
  deferred,
  EMPTY_CART,
  fakeApi,
  ok,
  refused,
} from "../../testing/fake-api.ts";
import { ToastProvider } from "../../ui/toast.tsx";
import * as cartRoute from "../routes/cart.tsx";

afterEach(cleanup);

function WithToasts() {
  return (
    <ToastProvider>
      <Outlet />
    </ToastProvider>
  );
}

/** The cart holding the tote at a quantity, with the figures the API sends for it (literals: nothing computed). */
function totes(quantity: 1 | 2 | 3, stock: number): Cart {
  const subtotal = { 1: 1250, 2: 2500, 3: 3750 }[quantity];
  const total = { 1: 1450, 2: 2700, 3: 3950 }[quantity];
  return cartOf([cartLine({ quantity, stock, total: subtotal })], { subtotal, total });
}

/** The cart page with its real loader and action, talking to a fake API that holds the cart. */
function renderCart(initial = totes(2, 3)) {
  let cart = initial;
  let apiDown = false;
  const updates: { resolve: (answer: ApiResponse) => void; body: any }[] = [];
  const removals: { resolve: (answer: ApiResponse) => void }[] = [];
  const fake = fakeApi({
    "GET /cart": () => (apiDown ? refused(503, { message: "" }) : ok(cart)),
    "POST /update-cart": (body: any) => {
      const answer = deferred<ApiResponse>();
      updates.push({ resolve: answer.resolve, body });
      return answer.promise;
    },
    "POST /cart/remove": () => {
      const answer = deferred<ApiResponse>();
      removals.push({ resolve: answer.resolve });
      return answer.promise;
    },
  });
  const Stub = createRoutesStub(
    [
      {
        id: "root",
        path: "/",
        Component: WithToasts,
        children: [
          {
            id: "cart",
            path: "cart",
            Component: cartRoute.default as any,
            loader: cartRoute.loader as any,
            action: cartRoute.action as any,
            shouldRevalidate: cartRoute.shouldRevalidate,
          },
        ],
      },
    ],
    fake.context,
  );
  render(<Stub initialEntries={["/cart"]} />);
  return {
    updates,
    removals,
    calls: fake.calls,
    /** From now on the API cannot read the cart (503 with no message). */
    goDown() {
      apiDown = true;
    },
    /** What the server holds from now on (the next GET /cart answers with it). */
    serverHas(next: Cart) {
      cart = next;
    },
  };
}

const quantity = () => screen.getByTestId("cart-qty");
const plus = () => screen.getByRole("button", { name: "Increase quantity of Saddle Leather Tote" });
const minus = () => screen.getByRole("button", { name: "Decrease quantity of Saddle Leather Tote" });

describe("cart page", () => {
  it("shows the lines, the line subtotal and the API's totals", async () => {
    renderCart();
    expect(await screen.findByRole("heading", { name: "Your cart items" })).toBeTruthy();
    await waitFor(() => expect(quantity()).toHaveProperty("value", "2"));
    const row = screen.getByTestId("cart-row");
    expect(within(row).getByRole("link", { name: "Saddle Leather Tote" }).getAttribute("href")).toBe(
      "/product/saddle-leather-tote",
    );
    expect(within(row).getByText("Colour: Tan")).toBeTruthy();
    expect(within(row).getByText("Size: One Size")).toBeTruthy();
    expect(screen.getByTestId("cart-line-subtotal").textContent).toBe("Rs. 2,500.00");
    expect(screen.getByTestId("cart-grand-total").textContent).toBe("Rs. 2,500.00");
    expect(screen.getByTestId("cart-total-products").textContent).toBe("2");
    expect(screen.getByText("Shipping of Rs. 200 is added at checkout.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Proceed to Checkout" }).getAttribute("href")).toBe("/checkout");
  });

  it("prints the API's figures as they are, computing none of its own", async () => {
    // Deliberately inconsistent figures: any arithmetic on the page would show.
    const line = cartLine({ quantity: 2, price: 1250, total: 2400 });
    renderCart(cartOf([line], { subtotal: 2399, delivery_charges: 250.5, total: 2649.5 }));
    await waitFor(() => expect(screen.getByTestId("cart-line-subtotal").textContent).toBe("Rs. 2,400.00"));
    expect(screen.getByTestId("cart-grand-total").textContent).toBe("Rs. 2,399.00");
    expect(screen.getByText("Shipping of Rs. 250.50 is added at checkout.")).toBeTruthy();
  });

  it("raises the quantity at once, keeps it when the server agrees, and stops at the stock", async () => {
    const cart = renderCart();
    await waitFor(() => expect(quantity()).toHaveProperty("value", "2"));

    await userEvent.click(plus());
    // The quantity shows before the server has answered; the money waits for it, marked busy.
    await waitFor(() => expect(quantity()).toHaveProperty("value", "3"));
    const subtotal = screen.getByTestId("cart-line-subtotal");
    expect(subtotal.textContent).toBe("Rs. 2,500.00");
    expect(subtotal.getAttribute("aria-busy")).toBe("true");
    expect(screen.getByRole("complementary", { name: "Cart Total" }).getAttribute("aria-busy")).toBe("true");
    await waitFor(() => expect(cart.updates).toHaveLength(1));
    expect(cart.updates[0]?.body).toEqual({ product_id: 1, quantity: 3, variation_id: 11 });

    cart.serverHas(totes(3, 3));
    cart.updates[0]?.resolve(ok({ message: "Your cart has been updated.", ...totes(3, 3) }));
    await waitFor(() => expect(screen.getByTestId("cart-grand-total").textContent).toBe("Rs. 3,750.00"));
    expect(screen.getByTestId("cart-line-subtotal").textContent).toBe("Rs. 3,750.00");
    expect(screen.getByTestId("cart-line-subtotal").getAttribute("aria-busy")).toBe("false");
    expect(quantity()).toHaveProperty("value", "3");
    // Three is all there is.
    expect(plus()).toHaveProperty("disabled", true);
  });

  it("rolls back to the server's quantity with the server's message when the change is refused", async () => {
    const cart = renderCart(totes(2, 9));
    await waitFor(() => expect(quantity()).toHaveProperty("value", "2"));

    await userEvent.click(plus());
    await waitFor(() => expect(quantity()).toHaveProperty("value", "3"));
    await waitFor(() => expect(cart.updates).toHaveLength(1));
    cart.updates[0]?.resolve(refused(409, { message: "Sorry, only 2 left in stock." }));

    expect(await screen.findByText("Sorry, only 2 left in stock.")).toBeTruthy();
    await waitFor(() => expect(quantity()).toHaveProperty("value", "2"));
    expect(screen.getByTestId("cart-line-subtotal").textContent).toBe("Rs. 2,500.00");
  });

  it("says 'Something went wrong' when a refusal carries no message", async () => {
    const cart = renderCart(totes(2, 9));
    await waitFor(() => expect(quantity()).toHaveProperty("value", "2"));

    await userEvent.click(minus());
    await waitFor(() => expect(quantity()).toHaveProperty("value", "1"));
    await waitFor(() => expect(cart.updates).toHaveLength(1));
    cart.updates[0]?.resolve(refused(500, {}));

    expect(await screen.findByText("Something went wrong")).toBeTruthy();
    await waitFor(() => expect(quantity()).toHaveProperty("value", "2"));
  });

  it("keeps the lines when the API is down: the change rolls back with 'Something went wrong' and no reload", async () => {
    const cart = renderCart(totes(2, 9));
    await waitFor(() => expect(quantity()).toHaveProperty("value", "2"));

    await userEvent.click(plus());
    await waitFor(() => expect(cart.updates).toHaveLength(1));
    cart.goDown();
    cart.updates[0]?.resolve(refused(503, { message: "" }));

    expect(await screen.findByText("Something went wrong")).toBeTruthy();
    await waitFor(() => expect(quantity()).toHaveProperty("value", "2"));
    expect(screen.getByTestId("cart-grand-total").textContent).toBe("Rs. 2,500.00");
    expect(screen.queryByText("No items found in cart")).toBeNull();
    expect(cart.calls.filter((call) => call.path === "/cart")).toHaveLength(1);
  });

  it("only lowers the quantity while it is above 1", async () => {
    renderCart(totes(1, 4));
    await waitFor(() => expect(quantity()).toHaveProperty("value", "1"));
    expect(minus()).toHaveProperty("disabled", true);
    expect(plus()).toHaveProperty("disabled", false);
  });

  it("removes a line with the spec's toast and then shows the empty cart", async () => {
    const cart = renderCart();
    await waitFor(() => expect(quantity()).toHaveProperty("value", "2"));

    await userEvent.click(screen.getByRole("button", { name: "Remove Saddle Leather Tote" }));
    // The line leaves at once.
    await waitFor(() => expect(screen.queryByTestId("cart-row")).toBeNull());
    await waitFor(() => expect(cart.removals).toHaveLength(1));
    cart.serverHas(EMPTY_CART);
    cart.removals[0]?.resolve(ok({ message: "Item Removed From Cart Successfully!", ...EMPTY_CART }));

    expect(await screen.findByText("Item Removed From Cart Successfully!")).toBeTruthy();
    expect(await screen.findByText("No items found in cart")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Shop Now" }).getAttribute("href")).toBe("/shop");
    expect(screen.queryByRole("link", { name: "Proceed to Checkout" })).toBeNull();
  });
});
