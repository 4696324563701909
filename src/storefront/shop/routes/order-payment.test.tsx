import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { PaymentView } from "../../../shared/contracts/payments.ts";
import { type ApiResponse, fakeApi, ok, refused } from "../../testing/fake-api.ts";
import * as route from "./order-payment.tsx";

afterEach(cleanup);

const NUMBER = "BT-261129-ABCDE";

function view(overrides: Partial<PaymentView> = {}): PaymentView {
  return {
    number: NUMBER,
    order_status: "awaiting_payment",
    method: "jazzcash",
    method_name: "JazzCash",
    status: "pending",
    total: 2700,
    paid: 0,
    refunded: 0,
    due_by: "2026-11-29T04:00:00.000Z",
    can_pay: true,
    can_switch_to_cod: true,
    methods: ["cod", "jazzcash", "easypaisa", "safepay"],
    bank: null,
    proofs: 0,
    can_upload_proof: false,
    attempts: [],
    refunds: [],
    ...overrides,
  };
}

function OrderPlaced() {
  return <h1>Order placed</h1>;
}

/** The page with its real loader and actions over a fake API answering the order's payment with `answer`. */
function renderPage(answer: () => ApiResponse, handlers: Record<string, () => ApiResponse> = {}) {
  const fake = fakeApi({ [`GET /orders/${NUMBER}/payment`]: answer, ...handlers });
  const Stub = createRoutesStub(
    [
      {
        id: "root",
        path: "/",
        Component: Outlet,
        children: [
          {
            id: "order-payment",
            path: "order-payment",
            Component: route.default as any,
            loader: route.loader as any,
            action: (args: any) =>
              route.clientAction({ ...args, serverAction: () => (route.action as any)(args) } as any),
          },
          { id: "order-success", path: "order-success", Component: OrderPlaced },
        ],
      },
    ],
    fake.context,
  );
  render(<Stub initialEntries={[`/order-payment?order=${NUMBER}`]} />);
  return fake;
}

describe("the order payment page", () => {
  it("offers to pay with the order's method, another way, or on delivery instead", async () => {
    renderPage(() => ok(view()));
    const pay = await screen.findByRole("button", { name: "Pay Rs. 2,700.00 with JazzCash" });
    expect(pay.closest("form")?.getAttribute("action")).toBe("/order-payment/start");
    expect(screen.getByRole("group", { name: "Pay another way" }).textContent).toContain(
      "Pay by debit or credit card",
    );
    expect(screen.getByRole("button", { name: "Pay with Easypaisa" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Pay on delivery instead" })).toBeTruthy();
    expect(screen.getByTestId("payment-status").textContent).toBe("Waiting for payment");
    expect(screen.getByText(/29 Nov 2026, 09:00/)).toBeTruthy();
  });

  it("waits for the provider's word after a return, and checks again", async () => {
    const attempt = {
      provider: "jazzcash",
      reference: "T1",
      amount: 2700,
      status: "started",
      created_at: "",
    };
    const fake = renderPage(() => ok(view({ attempts: [attempt] })), {
      [`POST /orders/${NUMBER}/payment/check`]: () => ok(view({ attempts: [attempt] })),
    });
    expect(await screen.findByText("We are waiting for JazzCash to confirm your payment.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Check again" }));
    await screen.findByRole("button", { name: "Check again" });
    expect(fake.calls.some((call) => call.path === `/orders/${NUMBER}/payment/check`)).toBe(true);
  });

  it("says a failed payment did not go through and offers the ways on", async () => {
    renderPage(() => ok(view({ status: "failed" })));
    expect(await screen.findByText("Your payment did not go through.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again: Pay Rs. 2,700.00 with JazzCash" })).toBeTruthy();
  });

  it("pays on delivery instead without retyping anything, then shows the confirmation", async () => {
    const fake = renderPage(() => ok(view({ status: "failed" })), {
      [`POST /orders/${NUMBER}/payment/cod`]: () =>
        ok(view({ method: "cod", status: "unpaid", order_status: "awaiting_confirmation" })),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Pay on delivery instead" }));
    expect(await screen.findByRole("heading", { name: "Order placed" })).toBeTruthy();
    expect(fake.calls.find((call) => call.path.endsWith("/payment/cod"))?.body).toEqual({ token: "" });
  });

  it("shows a refused switch's reason and keeps the page", async () => {
    renderPage(() => ok(view({ status: "failed" })), {
      [`POST /orders/${NUMBER}/payment/cod`]: () =>
        refused(409, { message: "This order is not waiting for a payment." }),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Pay on delivery instead" }));
    expect(await screen.findByText("This order is not waiting for a payment.")).toBeTruthy();
  });

  it("gives a bank transfer's details and the proof's form", async () => {
    renderPage(() =>
      ok(
        view({
          method: "bank_transfer",
          method_name: "Bank transfer or Raast",
          can_pay: false,
          can_upload_proof: true,
          bank: {
            account_title: "Bags & Threads",
            bank_name: "Simulated Bank",
            iban: "PK36SCBL0000001123456702",
            raast_id: "03001234567",
            reference: NUMBER,
          },
        }),
      ),
    );
    const bank = await screen.findByTestId("bank-transfer");
    expect(bank.textContent).toContain("PK36SCBL0000001123456702");
    expect(bank.textContent).toContain("03001234567");
    expect(bank.textContent).toContain("(Pakistan time)");
    expect(screen.getByLabelText(/Proof of your transfer/)).toBeTruthy();
  });

  it("says an order whose time to pay passed was cancelled", async () => {
    renderPage(() => ok(view({ order_status: "cancelled", status: "failed", can_pay: false })));
    expect(await screen.findByRole("heading", { name: "This order was cancelled" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to the shop" }).getAttribute("href")).toBe("/shop");
  });

  it("says so, and never breaks, when the API fails or answers with a page", async () => {
    renderPage(() => refused(502, "<html>Bad Gateway</html>"));
    expect(await screen.findByText(/could not load this order's payment/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Try again" })).toBeTruthy();
  });
});
