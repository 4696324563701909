import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Outlet, type RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { Cart } from "../../../shared/contracts/cart.ts";
import { COUPON_MESSAGES } from "../../../shared/contracts/coupons.ts";
import { cartLine, cartOf, fakeApi, ok, refused } from "../../testing/fake-api.ts";
import { ToastProvider } from "../../ui/toast.tsx";
import * as cartRoute from "../routes/cart.tsx";
import * as checkoutRoute from "../routes/checkout.tsx";

afterEach(cleanup);

const line = cartLine({ quantity: 2, price: 1250, total: 2500 });
const plain = cartOf([line], { subtotal: 2500, total: 2700 });
const discounted = cartOf([line], {
  subtotal: 2500,
  discount: 250,
  total: 2450,
  coupon: { code: "SAVE10", description: "10% off" },
});

/** A fake API holding a cart: SAVE10 applies, any other code is refused with the API's 422. */
function couponApi(initial: Cart) {
  let cart = initial;
  return fakeApi({
    "GET /cart": () => ok(cart),
    "GET /user": () => refused(401, { message: "Unauthenticated." }),
    "POST /cart/coupon": (body: any) => {
      if (String(body.code).toUpperCase() !== "SAVE10") {
        return refused(422, {
          message: COUPON_MESSAGES.notValid,
          errors: { code: [COUPON_MESSAGES.notValid] },
        });
      }
      cart = discounted;
      return ok({ ...cart, message: COUPON_MESSAGES.applied("SAVE10") });
    },
    "POST /cart/coupon/remove": () => {
      cart = plain;
      return ok({ ...cart, message: COUPON_MESSAGES.removed });
    },
  });
}

type Fake = ReturnType<typeof couponApi>;

function WithToasts() {
  return (
    <ToastProvider>
      <Outlet />
    </ToastProvider>
  );
}

function renderRoute(fake: Fake, path: "cart" | "checkout") {
  const route = path === "cart" ? cartRoute : checkoutRoute;
  const Stub = createRoutesStub(
    [
      {
        id: "root",
        path: "/",
        Component: WithToasts,
        children: [
          {
            id: path,
            path,
            Component: route.default as any,
            loader: route.loader as any,
            action: route.action as any,
            shouldRevalidate: route.shouldRevalidate as any,
          },
        ],
      },
    ],
    fake.context,
  );
  render(<Stub initialEntries={[`/${path}`]} />);
}

const couponCalls = (fake: Fake) => fake.calls.filter((call) => call.path.startsWith("/cart/coupon"));

describe("a discount code on the cart page", () => {
  it("refused: the API's sentence shows at the field, which keeps what was typed", async () => {
    const fake = couponApi(plain);
    renderRoute(fake, "cart");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Discount code"), "NOPE");
    await user.click(screen.getByRole("button", { name: "Apply" }));

    const field = screen.getByLabelText("Discount code");
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("This code is not valid.").id).toBe(field.getAttribute("aria-describedby"));
    expect(field).toHaveProperty("value", "NOPE");
    expect(screen.getByTestId("cart-grand-total").textContent).toBe("Rs. 2,500.00");
    expect(couponCalls(fake)).toMatchObject([{ path: "/cart/coupon", body: { code: "NOPE" } }]);
  });

  it("applied: the Discount line names it, the total is the API's; Remove takes it off", async () => {
    const fake = couponApi(plain);
    renderRoute(fake, "cart");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Discount code"), "save10");
    await user.click(screen.getByRole("button", { name: "Apply" }));

    const discount = await screen.findByTestId("summary-discount");
    expect(discount.textContent).toBe("Discount (SAVE10)RemoveRs. 250.00");
    expect(screen.getByTestId("cart-grand-total").textContent).toBe("Rs. 2,450.00");
    expect(screen.getByTestId("coupon-applied").textContent).toBe("Code SAVE10 applied. 10% off");

    await user.click(within(discount).getByRole("button", { name: "Remove code SAVE10" }));
    expect(await screen.findByText(COUPON_MESSAGES.removed)).toBeTruthy();
    expect(screen.queryByTestId("summary-discount")).toBeNull();
    expect(screen.getByTestId("cart-grand-total").textContent).toBe("Rs. 2,500.00");
    expect(couponCalls(fake).map((call) => call.path)).toEqual(["/cart/coupon", "/cart/coupon/remove"]);
  });

  it("says why a code the cart held was dropped", async () => {
    const dropped = { ...plain, coupon_message: COUPON_MESSAGES.dropped("SAVE10", COUPON_MESSAGES.expired) };
    renderRoute(couponApi(dropped), "cart");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Code SAVE10 was removed: This code has expired.",
    );
  });
});

describe("a discount code at checkout", () => {
  it("applies without touching what was typed in the form, and shows a refusal at the field", async () => {
    const fake = couponApi(plain);
    renderRoute(fake, "checkout");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Email"), "ali@example.pk");
    await user.type(screen.getByLabelText("City"), "Lahore");

    await user.type(screen.getByLabelText("Discount code"), "WRONG");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect(await screen.findByText("This code is not valid.")).toBeTruthy();
    expect(screen.getByLabelText("Discount code")).toHaveProperty("value", "WRONG");

    await user.clear(screen.getByLabelText("Discount code"));
    await user.type(screen.getByLabelText("Discount code"), "SAVE10");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    expect((await screen.findByTestId("summary-discount")).textContent).toBe(
      "Discount (SAVE10)RemoveRs. 250.00",
    );
    expect(screen.getByTestId("checkout-total").textContent).toBe("Rs. 2,450.00");
    expect(screen.getByLabelText("Email")).toHaveProperty("value", "ali@example.pk");
    expect(screen.getByLabelText("City")).toHaveProperty("value", "Lahore");
    // Only the code went to the API; no order was attempted, and no field complained.
    expect(fake.calls.some((call) => call.path === "/checkout")).toBe(false);
    expect(couponCalls(fake).at(-1)).toMatchObject({ body: { code: "SAVE10" } });
    expect(screen.queryByText("Email is required.")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Remove code SAVE10" }));
    await waitFor(() => expect(screen.getByTestId("summary-discount").textContent).toBe("DiscountRs. 0.00"));
    expect(screen.getByLabelText("Email")).toHaveProperty("value", "ali@example.pk");
  });

  it("Enter in the code's field applies the code; Enter anywhere else still places the order", async () => {
    const fake = couponApi(plain);
    renderRoute(fake, "checkout");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Email"), "ali@example.pk{Enter}");
    // The order was tried (and stopped by the form's own checks), no code was sent.
    expect(await screen.findByText("Phone is required.")).toBeTruthy();
    expect(couponCalls(fake)).toEqual([]);

    await user.type(screen.getByLabelText("Discount code"), "SAVE10{Enter}");
    expect((await screen.findByTestId("summary-discount")).textContent).toBe(
      "Discount (SAVE10)RemoveRs. 250.00",
    );
    expect(couponCalls(fake)).toHaveLength(1);
    expect(fake.calls.some((call) => call.path === "/checkout")).toBe(false);
  });

  it("says why a code the cart held was dropped", async () => {
    const dropped = { ...plain, coupon_message: COUPON_MESSAGES.dropped("SAVE10", COUPON_MESSAGES.usedUp) };
    renderRoute(couponApi(dropped), "checkout");
    expect((await screen.findByRole("alert")).textContent).toBe(
      "Code SAVE10 was removed: This code has been used up.",
    );
  });
});

/** The actions as a post without JavaScript reaches them: the page comes back with the outcome. */
describe("the actions without JavaScript", () => {
  function post(fake: Fake, route: { action: unknown }, path: string, fields: Record<string, string>) {
    const request = new Request(`http://shop.test${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
    });
    return (route.action as (args: unknown) => Promise<{ data: unknown; init: { status: number } | null }>)({
      context: fake.context as RouterContextProvider,
      request,
      params: {},
    });
  }

  it("checkout gives back everything typed with the code's outcome, and places no order", async () => {
    const fake = couponApi(plain);
    const result = await post(fake, checkoutRoute, "/checkout", {
      intent: "apply-coupon",
      code: "NOPE",
      email: "ali@example.pk",
      city: "Lahore",
      notes: "Ring twice",
    });
    expect(result.init?.status).toBe(422);
    expect(result.data).toMatchObject({
      formError: "",
      errors: {},
      values: { email: "ali@example.pk", city: "Lahore", notes: "Ring twice" },
      coupon: { ok: false, message: "This code is not valid.", code: "NOPE" },
    });
    expect(fake.calls.some((call) => call.path === "/checkout")).toBe(false);
  });

  it("the cart answers the code's outcome with the code as typed", async () => {
    const fake = couponApi(plain);
    const applied = await post(fake, cartRoute, "/cart", { intent: "apply-coupon", code: "save10" });
    expect(applied.data).toEqual({
      intent: "apply-coupon",
      ok: true,
      message: "Code SAVE10 applied.",
      code: "save10",
    });
    const removed = await post(fake, cartRoute, "/cart", { intent: "remove-coupon" });
    expect(removed.data).toMatchObject({
      intent: "remove-coupon",
      ok: true,
      message: COUPON_MESSAGES.removed,
    });
  });
});
