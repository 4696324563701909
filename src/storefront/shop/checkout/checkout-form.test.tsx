import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { Cart } from "../../../shared/contracts/cart.ts";
import { CHECKOUT_MESSAGES } from "../../../shared/contracts/checkout.ts";
import {
  type ApiResponse,
  cartLine,
  cartOf,
  deferred,
  fakeApi,
  ok,
  refused,
} from "../../testing/fake-api.ts";
import * as checkoutRoute from "../routes/checkout.tsx";

afterEach(cleanup);

function OrderPlaced() {
  return <h1>Order placed</h1>;
}

function PayForOrder() {
  return <h1>Pay for your order</h1>;
}

const cart = cartOf([cartLine({ quantity: 2, price: 1250, total: 2500 })], { subtotal: 2500, total: 2700 });

type Answer = () => ApiResponse | Promise<ApiResponse>;

/** The checkout route with its real loader, action and client action, over a fake API. */
function renderCheckout(
  answer: Answer,
  options: {
    offline?: boolean;
    token?: string;
    cart?: Cart;
    downAfterOrder?: boolean;
    methods?: { id: string; name: string }[];
  } = {},
) {
  let ordered = false;
  const fake = fakeApi(
    {
      "GET /cart": () =>
        ordered && options.downAfterOrder ? refused(503, { message: "" }) : ok(options.cart ?? cart),
      "GET /user": () =>
        ok({
          id: 1,
          first_name: "Ayesha",
          last_name: "Khan",
          name: "Ayesha Khan",
          email: "ayesha@example.pk",
          phone: "0300 1234567",
        }),
      ...(options.methods ? { "GET /payment-methods": () => ok({ methods: options.methods }) } : {}),
      "POST /checkout": () => {
        ordered = true;
        return answer();
      },
    },
    options.token ?? null,
  );
  const action = async (args: any) => {
    const serverAction = async () => {
      if (options.offline) throw new TypeError("Failed to fetch");
      return (checkoutRoute.action as any)(args);
    };
    return checkoutRoute.clientAction({ ...args, serverAction } as any);
  };
  const Stub = createRoutesStub(
    [
      {
        id: "root",
        path: "/",
        Component: Outlet,
        children: [
          {
            id: "checkout",
            path: "checkout",
            Component: checkoutRoute.default as any,
            loader: checkoutRoute.loader as any,
            action,
            shouldRevalidate: checkoutRoute.shouldRevalidate as any,
          },
          { id: "order-success", path: "order-success", Component: OrderPlaced },
          { id: "order-payment", path: "order-payment", Component: PayForOrder },
        ],
      },
    ],
    fake.context,
  );
  render(<Stub initialEntries={["/checkout"]} />);
  return fake;
}

const checkoutCalls = <Call extends { path: string }>(calls: Call[]) =>
  calls.filter((call) => call.path === "/checkout");

async function fillRequired() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Email"), "ali@example.pk");
  await user.type(screen.getByLabelText("Phone"), "0300 7654321");
  await user.type(screen.getByLabelText("First Name"), "Ali");
  await user.type(screen.getByLabelText("Last Name"), "Raza");
  await user.type(screen.getByLabelText("Address"), "House 12, Street 4, F-7/2");
  await user.type(screen.getByLabelText("City"), "Islamabad");
  return user;
}

describe("checkout", () => {
  it("shows the summary from the server's figures", async () => {
    renderCheckout(() => ok({}));
    expect(await screen.findByText("Saddle Leather Tote X 2")).toBeTruthy();
    expect(screen.getByText("Rs. 200")).toBeTruthy();
    expect(screen.getByText("Rs. 0.00")).toBeTruthy();
    expect(screen.getByTestId("checkout-total").textContent).toBe("Rs. 2,700.00");
    expect((screen.getByLabelText("Country") as HTMLSelectElement).options).toHaveLength(1);
  });

  it("prints the API's figures as they are and sends back the total it showed", async () => {
    // Deliberately inconsistent figures: any arithmetic on the page would show.
    const odd = cartOf([cartLine({ quantity: 2, price: 1250, total: 2400 })], {
      subtotal: 2399,
      discount: 10,
      delivery_charges: 350,
      total: 2801.5,
    });
    const fake = renderCheckout(() => ok({ order: { number: "BT-261122-ABCDE" } }), { cart: odd });
    expect(await screen.findByText("Rs. 2,400.00")).toBeTruthy();
    expect(screen.getByText("Rs. 2,399.00")).toBeTruthy();
    expect(screen.getByText("Rs. 10.00")).toBeTruthy();
    expect(screen.getByText("Rs. 350")).toBeTruthy();
    expect(screen.getByTestId("checkout-total").textContent).toBe("Rs. 2,801.50");

    const user = await fillRequired();
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    expect(await screen.findByRole("heading", { name: "Order placed" })).toBeTruthy();
    expect(checkoutCalls(fake.calls)[0]).toMatchObject({ body: { total: 2801.5 } });
  });

  it("blocks an empty form with the spec's six messages and sends nothing", async () => {
    const fake = renderCheckout(() => ok({}));
    await userEvent.click(await screen.findByRole("button", { name: "Place Order" }));

    for (const message of [
      "Email is required.",
      "Phone is required.",
      "First name is required.",
      "Last name is required.",
      "Address is required.",
      "City is required.",
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(Object.values(CHECKOUT_MESSAGES)).toHaveLength(6);
    expect(checkoutCalls(fake.calls)).toHaveLength(0);
    // Optional fields stay quiet, and the first missing field takes the focus.
    expect(screen.getByLabelText("Postcode (optional)").getAttribute("aria-invalid")).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText("Email"));
  });

  it("blanks fail, the email must be one valid address, and a fixed field loses its message", async () => {
    const fake = renderCheckout(() => ok({}));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Email"), "ali@example.pk, bilal@example.pk");
    await user.type(screen.getByLabelText("City"), "   ");
    await user.click(screen.getByRole("button", { name: "Place Order" }));

    expect(screen.queryByText("Email is required.")).toBeNull();
    expect(screen.getByText("Email must be a valid email address.")).toBeTruthy();
    expect(screen.getByText("City is required.")).toBeTruthy();
    await user.type(screen.getByLabelText("City"), "Lahore");
    expect(screen.queryByText("City is required.")).toBeNull();
    expect(checkoutCalls(fake.calls)).toHaveLength(0);
  });

  it("sends the spec's payload with the total shown, shows 'Processing...', then goes to the confirmation", async () => {
    const answer = deferred<ApiResponse>();
    const fake = renderCheckout(() => answer.promise);
    await screen.findByRole("button", { name: "Place Order" });
    const user = await fillRequired();
    await user.click(screen.getByRole("button", { name: "Place Order" }));

    const button = await screen.findByRole("button", { name: "Processing..." });
    expect(button).toHaveProperty("disabled", true);
    await waitFor(() => expect(checkoutCalls(fake.calls)).toHaveLength(1));
    expect(checkoutCalls(fake.calls)[0]).toMatchObject({
      method: "POST",
      body: {
        email: "ali@example.pk",
        phone: "0300 7654321",
        shipping_address: {
          country: "Pakistan",
          first_name: "Ali",
          last_name: "Raza",
          address: "House 12, Street 4, F-7/2",
          address_2: "",
          city: "Islamabad",
          postcode: "",
        },
        notes: "",
        total: 2700,
      },
    });

    answer.resolve(ok({ message: "Your order has been placed.", order: { number: "BT-261121-7KQ2M" } }, 201));
    expect(await screen.findByRole("heading", { name: "Order placed" })).toBeTruthy();
  });

  it("joins every 422 message into one line", async () => {
    renderCheckout(() =>
      refused(422, {
        message: "Phone is required.",
        errors: { phone: ["Phone is required."], "shipping_address.city": ["City is required."] },
      }),
    );
    await screen.findByRole("button", { name: "Place Order" });
    const user = await fillRequired();
    await user.click(screen.getByRole("button", { name: "Place Order" }));

    expect((await screen.findByRole("alert")).textContent).toBe("Phone is required. City is required.");
    // Each field shows its own message too (it may render a moment after the banner).
    await waitFor(() => {
      expect(screen.getByLabelText("City").getAttribute("aria-invalid")).toBe("true");
      expect(screen.getByLabelText("Phone").getAttribute("aria-invalid")).toBe("true");
      expect(screen.getByText("City is required.", { selector: ".field__error" })).toBeTruthy();
    });
  });

  it("prefixes any other refusal with 'Something went wrong! '", async () => {
    renderCheckout(() =>
      refused(409, {
        message: "The prices in your cart have changed. Please review your order and place it again.",
      }),
    );
    await screen.findByRole("button", { name: "Place Order" });
    const user = await fillRequired();
    await user.click(screen.getByRole("button", { name: "Place Order" }));

    expect((await screen.findByRole("alert")).textContent).toBe(
      "Something went wrong! The prices in your cart have changed. Please review your order and place it again.",
    );
    expect(screen.getByRole("button", { name: "Place Order" })).toHaveProperty("disabled", false);
  });

  it("shows the order limit's refusal (429) as the form's error, keeping what was typed", async () => {
    renderCheckout(() =>
      refused(429, {
        message: "Too many orders have been placed in a short time. Please try again in 42 minutes.",
      }),
    );
    await screen.findByRole("button", { name: "Place Order" });
    const user = await fillRequired();
    await user.click(screen.getByRole("button", { name: "Place Order" }));

    expect((await screen.findByRole("alert")).textContent).toBe(
      "Something went wrong! Too many orders have been placed in a short time. Please try again in 42 minutes.",
    );
    expect(screen.getByRole("heading", { name: "Checkout" })).toBeTruthy();
    expect((screen.getByLabelText("Phone") as HTMLInputElement).value).toBe("0300 7654321");
    expect(screen.getByRole("button", { name: "Place Order" })).toHaveProperty("disabled", false);
  });

  it("sends the page's Idempotency-Key with the order; a refused attempt reloads the page with a new key", async () => {
    const fake = renderCheckout(() => refused(409, { message: "Sorry, Tote is out of stock." }));
    await screen.findByRole("button", { name: "Place Order" });
    const keyField = () =>
      (document.querySelector('input[name="idempotency_key"]') as HTMLInputElement | null)?.value ?? "";
    const firstKey = keyField();
    expect(firstKey).toMatch(/^[0-9a-f-]{36}$/);
    const user = await fillRequired();
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    await screen.findByRole("alert");
    expect(checkoutCalls(fake.calls)[0]!.headers.get("Idempotency-Key")).toBe(firstKey);

    await waitFor(() => expect(keyField()).not.toBe(firstKey));
    const secondKey = keyField();
    await user.click(screen.getByRole("button", { name: "Place Order" }));
    await waitFor(() => expect(checkoutCalls(fake.calls)).toHaveLength(2));
    expect(checkoutCalls(fake.calls)[1]!.headers.get("Idempotency-Key")).toBe(secondKey);
  });

  it("says so when the server cannot be reached", async () => {
    renderCheckout(() => ok({}), { offline: true });
    await screen.findByRole("button", { name: "Place Order" });
    const user = await fillRequired();
    await user.click(screen.getByRole("button", { name: "Place Order" }));

    expect((await screen.findByRole("alert")).textContent).toBe(
      "Failed to connect to server. Please try again.",
    );
  });

  it("keeps the form as typed when the API is down, without reloading the summary", async () => {
    const fake = renderCheckout(() => refused(503, { message: "" }), { downAfterOrder: true });
    await screen.findByRole("button", { name: "Place Order" });
    const user = await fillRequired();
    await user.click(screen.getByRole("button", { name: "Place Order" }));

    expect((await screen.findByRole("alert")).textContent).toBe("Something went wrong!");
    expect((screen.getByLabelText("City") as HTMLInputElement).value).toBe("Islamabad");
    expect(screen.getByRole("button", { name: "Place Order" })).toHaveProperty("disabled", false);
    expect(fake.calls.filter((call) => call.path === "/cart")).toHaveLength(1);
  });

  it("fills in a signed-in shopper's details", async () => {
    renderCheckout(() => ok({}), { token: "token" });
    expect(await screen.findByDisplayValue("ayesha@example.pk")).toBeTruthy();
    expect((screen.getByLabelText("Phone") as HTMLInputElement).value).toBe("0300 1234567");
    expect((screen.getByLabelText("First Name") as HTMLInputElement).value).toBe("Ayesha");
    expect((screen.getByLabelText("Last Name") as HTMLInputElement).value).toBe("Khan");
  });

  describe("payment", () => {
    const offered = [
      { id: "cod", name: "Payment on delivery" },
      { id: "jazzcash", name: "JazzCash" },
      { id: "safepay", name: "Debit or credit card" },
      { id: "bank_transfer", name: "Bank transfer or Raast" },
    ];

    it("with cash on delivery alone shows the spec's sentence and no choice", async () => {
      renderCheckout(() => ok({}), { methods: [offered[0]!] });
      expect(await screen.findByText(/Payment on delivery: nothing is charged online/)).toBeTruthy();
      expect(screen.queryByRole("radio")).toBeNull();
    });

    it("offers the shop's ways to pay, cash on delivery first and chosen, and sends cash as the spec's payload", async () => {
      const fake = renderCheckout(() => ok({ order: { number: "BT-261122-ABCDE" }, access_token: "t" }), {
        methods: offered,
      });
      const group = await screen.findByRole("group", { name: "Payment" });
      const radios = screen.getAllByRole("radio") as HTMLInputElement[];
      expect(radios.map((radio) => radio.value)).toEqual(["cod", "jazzcash", "safepay", "bank_transfer"]);
      expect(radios[0]!.checked).toBe(true);
      expect(group.textContent).toContain("Nothing is charged online.");
      const user = await fillRequired();
      await user.click(screen.getByRole("button", { name: "Place Order" }));
      expect(await screen.findByRole("heading", { name: "Order placed" })).toBeTruthy();
      expect(checkoutCalls(fake.calls)[0]!.body).not.toHaveProperty("payment_method");
    });

    it("sends a prepaid choice and goes on to the order's payment page", async () => {
      const fake = renderCheckout(
        () =>
          ok(
            {
              order: { number: "BT-261122-ABCDE" },
              access_token: "a".repeat(40),
              payment: {
                method: "jazzcash",
                status: "pending",
                due_by: null,
                pay_url: "https://shop.example.pk/order-payment?order=BT-261122-ABCDE",
              },
            },
            201,
          ),
        { methods: offered },
      );
      await screen.findByRole("group", { name: "Payment" });
      const user = await fillRequired();
      await user.click(screen.getByLabelText(/JazzCash/));
      await user.click(screen.getByRole("button", { name: "Place Order" }));
      expect(await screen.findByRole("heading", { name: "Pay for your order" })).toBeTruthy();
      expect(checkoutCalls(fake.calls)[0]).toMatchObject({ body: { payment_method: "jazzcash" } });
    });
  });
});
