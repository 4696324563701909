import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { Cart } from "../../../shared/contracts/cart.ts";
import type { Order } from "../../../shared/contracts/checkout.ts";
import { cartLine, cartOf } from "../../testing/fake-api.ts";
import { OrderTotals } from "../../ui/order-details.tsx";
import { CartTotals } from "../cart/cart-totals.tsx";
import { OrderSummary } from "../checkout/order-summary.tsx";
import { MiniCart } from "../layout/mini-cart.tsx";

afterEach(cleanup);

const line = cartLine({ quantity: 2, price: 1250, total: 2500 });
const plain = cartOf([line], { subtotal: 2500, total: 2700 });
const withCode = cartOf([line], {
  subtotal: 2500,
  discount: 250,
  total: 2450,
  coupon: { code: "SAVE10", description: "10% off" },
});
const withFee = cartOf([line], { subtotal: 2500, cod_fee: 150, total: 2850 });
const withNote = cartOf([line], {
  subtotal: 6000,
  delivery_charges: 0,
  delivery_note: "Free delivery on orders of Rs. 5,000 or more",
  total: 6000,
});

/** The label and amount of each line of a summary list, in order. */
function rows(list: HTMLElement) {
  return [...list.querySelectorAll(":scope > div")].map((row) => [
    row.querySelector("dt")?.textContent,
    row.querySelector("dd")?.textContent,
  ]);
}

function renderInRouter(element: () => React.ReactNode) {
  const Stub = createRoutesStub([{ path: "/", Component: element }]);
  render(<Stub initialEntries={["/"]} />);
}

describe("the checkout summary's figures", () => {
  const summaryOf = (cart: Cart) => {
    render(
      <OrderSummary
        lines={cart.cart}
        figures={cart.summary}
        remove={<button type="button">Remove</button>}
      />,
    );
    return screen.getByRole("complementary").querySelector("dl") as HTMLElement;
  };

  it("without a code, a fee or a note: the spec's four lines, as before", () => {
    expect(rows(summaryOf(plain))).toEqual([
      ["Sub Total", "Rs. 2,500.00"],
      ["Discount", "Rs. 0.00"],
      ["Shipping", "Rs. 200"],
      ["Total", "Rs. 2,700.00"],
    ]);
    expect(screen.queryByRole("button", { name: "Remove" })).toBeNull();
    expect(screen.queryByTestId("delivery-note")).toBeNull();
  });

  it("names the applied code on the Discount line, with its Remove", () => {
    const list = summaryOf(withCode);
    expect(rows(list)[1]).toEqual(["Discount (SAVE10)Remove", "Rs. 250.00"]);
    expect(within(list).getByRole("button", { name: "Remove" })).toBeTruthy();
    expect(screen.getByTestId("checkout-total").textContent).toBe("Rs. 2,450.00");
  });

  it("shows the cash-on-delivery fee as its own line", () => {
    expect(rows(summaryOf(withFee))).toEqual([
      ["Sub Total", "Rs. 2,500.00"],
      ["Discount", "Rs. 0.00"],
      ["Shipping", "Rs. 200"],
      ["Cash on delivery fee", "Rs. 150.00"],
      ["Total", "Rs. 2,850.00"],
    ]);
  });

  it("puts the delivery note under Shipping", () => {
    summaryOf(withNote);
    expect(screen.getByTestId("delivery-note").textContent).toBe(
      "Free delivery on orders of Rs. 5,000 or more",
    );
    expect(screen.getByTestId("delivery-note").closest("div")?.querySelector("dt")?.textContent).toBe(
      "Shipping",
    );
  });
});

describe("the cart's total box", () => {
  const boxOf = (cart: Cart) => {
    renderInRouter(() => <CartTotals cart={cart} syncing={false} outcome={undefined} />);
    return screen.getByRole("complementary").querySelector("dl") as HTMLElement;
  };

  it("without a code or a fee is the spec's box, with the delivery note beside the shipping note", () => {
    expect(rows(boxOf(withNote))).toEqual([
      ["Total products", "2"],
      ["Grand Total", "Rs. 6,000.00"],
    ]);
    expect(screen.getByText(/Shipping of Rs\. 0 is added at checkout\./)).toBeTruthy();
    expect(screen.getByTestId("delivery-note").textContent).toBe(
      "Free delivery on orders of Rs. 5,000 or more",
    );
    expect(screen.getByLabelText("Discount code")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Apply" })).toBeTruthy();
  });

  it("with a code shows the checkout's figures and the total the API gives with them", () => {
    expect(rows(boxOf(withCode))).toEqual([
      ["Total products", "2"],
      ["Sub Total", "Rs. 2,500.00"],
      ["Discount (SAVE10)Remove", "Rs. 250.00"],
      ["Shipping", "Rs. 200"],
      ["Grand Total", "Rs. 2,450.00"],
    ]);
    expect(screen.queryByText(/is added at checkout/)).toBeNull();
    expect(screen.queryByLabelText("Discount code")).toBeNull();
    expect(screen.getByTestId("coupon-applied").textContent).toBe("Code SAVE10 applied. 10% off");
  });

  it("with a cash-on-delivery fee shows it as its own line", () => {
    expect(rows(boxOf(withFee))).toContainEqual(["Cash on delivery fee", "Rs. 150.00"]);
    expect(screen.getByTestId("cart-grand-total").textContent).toBe("Rs. 2,850.00");
  });
});

describe("the mini cart", () => {
  it("shows the code and what it takes off, and nothing of the kind without one", () => {
    renderInRouter(() => <MiniCart cart={withCode} open onToggle={() => {}} />);
    expect(screen.getByTestId("mini-cart-discount").textContent).toBe("Discount (SAVE10)Rs. 250.00");
    cleanup();
    renderInRouter(() => <MiniCart cart={plain} open onToggle={() => {}} />);
    expect(screen.queryByTestId("mini-cart-discount")).toBeNull();
  });
});

describe("an order's totals", () => {
  const order = (figures: Partial<Order>) =>
    ({
      subtotal: 2500,
      discount: 0,
      delivery_charges: 200,
      cod_fee: 0,
      coupon_code: null,
      total: 2700,
      ...figures,
    }) as Order;

  it("are the four lines as before without a code or a fee", () => {
    render(<OrderTotals order={order({})} />);
    expect(rows(screen.getByTestId("order-totals"))).toEqual([
      ["Sub Total", "Rs. 2,500.00"],
      ["Discount", "Rs. 0.00"],
      ["Shipping", "Rs. 200.00"],
      ["Total", "Rs. 2,700.00"],
    ]);
  });

  it("name the code and show the fee", () => {
    render(
      <OrderTotals order={order({ discount: 250, coupon_code: "SAVE10", cod_fee: 150, total: 2600 })} />,
    );
    expect(rows(screen.getByTestId("order-totals"))).toEqual([
      ["Sub Total", "Rs. 2,500.00"],
      ["Discount (SAVE10)", "Rs. 250.00"],
      ["Shipping", "Rs. 200.00"],
      ["Cash on delivery fee", "Rs. 150.00"],
      ["Total", "Rs. 2,600.00"],
    ]);
  });
});
