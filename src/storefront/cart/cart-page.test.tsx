import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import * as cartRoute from "../routes/cart.tsx";
import { type ApiResponse, cartLine, cartOf, deferred, fakeApi, ok, refused } from "../testing/fake-api.ts";
import { ToastProvider } from "../ui/toast.tsx";

afterEach(cleanup);

function WithToasts() {
  return (
    <ToastProvider>
      <Outlet />
    </ToastProvider>
  );
}

/** The cart page with its real loader and action, talking to a fake API that holds the cart. */
function renderCart(initial = cartLine({ quantity: 2, stock: 3 })) {
  let line = initial;
  const updates: { resolve: (answer: ApiResponse) => void; body: any }[] = [];
  const removals: { resolve: (answer: ApiResponse) => void }[] = [];
  const fake = fakeApi({
    "GET /cart": () => ok(cartOf(line ? [line] : [])),
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
    /** What the server holds from now on (the next GET /cart answers with it). */
    serverHas(next: typeof line | null) {
      line = next as typeof line;
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
    expect(screen.getByRole("link", { name: "Proceed to Checkout" }).getAttribute("href")).toBe("/checkout");
  });

  it("raises the quantity at once, keeps it when the server agrees, and stops at the stock", async () => {
    const cart = renderCart();
    await waitFor(() => expect(quantity()).toHaveProperty("value", "2"));

    await userEvent.click(plus());
    // Shown before the server has answered.
    await waitFor(() => expect(quantity()).toHaveProperty("value", "3"));
    expect(screen.getByTestId("cart-line-subtotal").textContent).toBe("Rs. 3,750.00");
    await waitFor(() => expect(cart.updates).toHaveLength(1));
    expect(cart.updates[0]?.body).toEqual({ product_id: 1, quantity: 3, variation_id: 11 });

    cart.serverHas(cartLine({ quantity: 3, stock: 3 }));
    cart.updates[0]?.resolve(
      ok({ message: "Your cart has been updated.", ...cartOf([cartLine({ quantity: 3 })]) }),
    );
    await waitFor(() => expect(screen.getByTestId("cart-grand-total").textContent).toBe("Rs. 3,750.00"));
    expect(quantity()).toHaveProperty("value", "3");
    // Three is all there is.
    expect(plus()).toHaveProperty("disabled", true);
  });

  it("rolls back to the server's quantity with the server's message when the change is refused", async () => {
    const cart = renderCart(cartLine({ quantity: 2, stock: 9 }));
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
    const cart = renderCart(cartLine({ quantity: 2, stock: 9 }));
    await waitFor(() => expect(quantity()).toHaveProperty("value", "2"));

    await userEvent.click(minus());
    await waitFor(() => expect(quantity()).toHaveProperty("value", "1"));
    await waitFor(() => expect(cart.updates).toHaveLength(1));
    cart.updates[0]?.resolve(refused(500, {}));

    expect(await screen.findByText("Something went wrong")).toBeTruthy();
    await waitFor(() => expect(quantity()).toHaveProperty("value", "2"));
  });

  it("only lowers the quantity while it is above 1", async () => {
    renderCart(cartLine({ quantity: 1, stock: 4 }));
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
    cart.serverHas(null);
    cart.removals[0]?.resolve(ok({ message: "Item Removed From Cart Successfully!", ...cartOf([]) }));

    expect(await screen.findByText("Item Removed From Cart Successfully!")).toBeTruthy();
    expect(await screen.findByText("No items found in cart")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Shop Now" }).getAttribute("href")).toBe("/shop");
    expect(screen.queryByRole("link", { name: "Proceed to Checkout" })).toBeNull();
  });
});
