import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { OrderReturns, ReturnView } from "../../../shared/contracts/returns.ts";
import { RETURN_MESSAGES } from "../../../shared/returns.ts";
import { type ApiResponse, fakeApi, ok, refused } from "../../testing/fake-api.ts";
import { ReturnRequestForm } from "../returns/return-request-form.tsx";
import * as route from "./order-returns.tsx";

afterEach(cleanup);

const NUMBER = "BT-261129-ABCDE";
const TOKEN = "guest-token-abcdefghijklmnopqrstuvwxyz0123456";
const LONG_NAME = "Hand-embroidered Multani khussa with mirror work and a very long name indeed";

function overview(overrides: Partial<OrderReturns> = {}): OrderReturns {
  return {
    order_number: NUMBER,
    returns: [],
    can_request: true,
    refusal: null,
    window_ends_at: "2026-12-28T10:00:00.000Z",
    items: [
      {
        order_item_id: 1,
        product_name: LONG_NAME,
        product_slug: "khussa",
        color_name: "Maroon",
        size_name: "38",
        bought: 2,
        returnable: 2,
        final_sale: false,
        unit_amount: 2450,
        exchange_options: [
          { variant_id: 11, color_name: "Maroon", size_name: "39", in_stock: true },
          { variant_id: 12, color_name: "Maroon", size_name: "40", in_stock: false },
        ],
      },
      {
        order_item_id: 2,
        product_name: "Lawn dupatta",
        product_slug: "dupatta",
        color_name: "Sky",
        size_name: "One size",
        bought: 1,
        returnable: 0,
        final_sale: true,
        unit_amount: 900,
        exchange_options: [],
      },
    ],
    ...overrides,
  };
}

function aReturn(overrides: Partial<ReturnView> = {}): ReturnView {
  return {
    id: 7,
    number: "RT-000007",
    order_number: NUMBER,
    status: "in_transit",
    status_name: "In transit",
    outcome: null,
    resolution: "refund",
    resolution_name: "Money back",
    reason: "damaged",
    reason_name: "Damaged or faulty",
    reason_text: "The sole came off.",
    method: "pickup",
    courier_name: "Leopards",
    consignment_number: "LE7788",
    tracking_url: "https://leopards.example/track/LE7788",
    send_to: null,
    staff_note: "",
    amount: 2450,
    items: [
      {
        id: 1,
        order_item_id: 1,
        product_name: LONG_NAME,
        product_slug: "khussa",
        color_name: "Maroon",
        size_name: "38",
        quantity: 1,
        amount: 2450,
        exchange: null,
        condition: null,
      },
    ],
    photos: 1,
    refund: null,
    replacement_order_number: null,
    credit: null,
    timeline: [
      { status: "requested", message: "We have your request.", created_at: "2026-12-01T06:00:00.000Z" },
      { status: "in_transit", message: "Leopards will collect it.", created_at: "2026-12-02T06:00:00.000Z" },
    ],
    created_at: "2026-12-01T06:00:00.000Z",
    updated_at: "2026-12-02T06:00:00.000Z",
    ...overrides,
  };
}

/** A refused request's answer, as the action gives it back. */
const REFUSED = {
  message: "",
  errors: {
    reason_text: RETURN_MESSAGES.reasonText,
    items: RETURN_MESSAGES.exchangeMissing(LONG_NAME),
    photos: "The request is too large: send at most 3 photos of 5 MB each.",
  },
  values: {
    items: { quantity_1: "2", exchange_1: "11" },
    reason: "other",
    reason_text: "Loose",
    resolution: "exchange",
  },
};

/** The form as a refused request shows it again. */
function RefusedForm() {
  return <ReturnRequestForm items={overview().items} result={REFUSED} />;
}

/**
 * The page with its real loader over a fake API. (Its form's submissions are tested in order-returns.server.test.ts
 * and e2e: jsdom's File cannot travel in Node's multipart bodies.)
 */
function renderPage(list: () => ApiResponse) {
  const fake = fakeApi({ [`GET /orders/${NUMBER}/returns`]: list });
  const Stub = createRoutesStub(
    [
      {
        id: "root",
        path: "/",
        Component: Outlet,
        children: [
          {
            id: "order-returns",
            path: "order-returns",
            Component: route.default as any,
            loader: route.loader as any,
          },
        ],
      },
    ],
    fake.context,
  );
  render(<Stub initialEntries={[`/order-returns?order=${NUMBER}&token=${TOKEN}`]} />);
  return fake;
}

describe("the return page", () => {
  it("offers each item's quantity, says which cannot be returned, and until when", async () => {
    renderPage(() => ok(overview()));
    expect(await screen.findByText("Return by 28 December 2026")).toBeTruthy();
    const quantity = screen.getByLabelText(`Quantity of ${LONG_NAME} to return`) as HTMLSelectElement;
    expect([...quantity.options].map((option) => option.value)).toEqual(["0", "1", "2"]);
    expect(quantity.value).toBe("0");
    expect((screen.getByLabelText("Quantity of Lawn dupatta to return") as HTMLSelectElement).disabled).toBe(
      true,
    );
    expect(screen.getByText("Final sale: cannot be returned")).toBeTruthy();
    const exchange = screen.getByLabelText(/For an exchange.*of Hand-embroidered/) as HTMLSelectElement;
    expect([...exchange.options].map((option) => [option.textContent, option.disabled])).toEqual([
      ["Choose a size or colour", false],
      ["Maroon / 39", false],
      ["Maroon / 40 (sold out)", true],
    ]);
    const photos = screen.getByLabelText(/^Photos/) as HTMLInputElement;
    expect(photos.multiple).toBe(true);
    expect(photos.accept).toBe("image/jpeg,image/png,image/webp");
    expect(screen.getByText(/Up to 3 photos, JPEG, PNG or WebP, at most 5 MB each/)).toBeTruthy();
  });

  it("shows the API's refusal at its fields and keeps every choice (a refused request without JavaScript)", async () => {
    const Stub = createRoutesStub([{ path: "/", Component: RefusedForm }]);
    render(<Stub />);
    expect(await screen.findByText(RETURN_MESSAGES.reasonText)).toBeTruthy();
    expect(screen.getByText(RETURN_MESSAGES.exchangeMissing(LONG_NAME))).toBeTruthy();
    expect(screen.getByLabelText(/^Photos/).getAttribute("aria-describedby")).toContain("field-photos-error");
    expect((screen.getByLabelText(`Quantity of ${LONG_NAME} to return`) as HTMLSelectElement).value).toBe(
      "2",
    );
    expect((screen.getByLabelText(/For an exchange.*of Hand-embroidered/) as HTMLSelectElement).value).toBe(
      "11",
    );
    expect((screen.getByLabelText(/^Details/) as HTMLTextAreaElement).value).toBe("Loose");
    expect((screen.getByRole("radio", { name: "Other" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: /Another size or colour/ }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it("gives the refusal instead of the form once nothing can be returned", async () => {
    renderPage(() =>
      ok(overview({ can_request: false, refusal: RETURN_MESSAGES.windowClosed(30), window_ends_at: null })),
    );
    expect(await screen.findByText(RETURN_MESSAGES.windowClosed(30))).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Ask for a return" })).toBeNull();
  });

  it("lists the order's returns with what to do next and their timeline", async () => {
    renderPage(() =>
      ok(
        overview({
          returns: [
            aReturn(),
            aReturn({
              id: 8,
              number: "RT-000008",
              status: "closed",
              status_name: "Closed: Store credit given",
              outcome: "credited",
              method: "drop_off",
              send_to: "Bags & Threads, 12 Mall Road, Lahore (042 1234567)",
              credit: { code: "CREDIT-ABCD2345", balance: 2450 },
            }),
          ],
        }),
      ),
    );
    const [pickup, credited] = await screen.findAllByTestId("return-card");
    expect(pickup!.textContent).toContain("In transit");
    expect(pickup!.textContent).toContain("Money back");
    expect(pickup!.textContent).toContain("Rs. 2,450.00");
    expect(pickup!.textContent).toContain("Courier pickup by Leopards, consignment LE7788");
    expect(within(pickup!).getByRole("link", { name: "Track the pickup" }).getAttribute("href")).toBe(
      "https://leopards.example/track/LE7788",
    );
    expect(within(pickup!).getByRole("list", { name: "Timeline of RT-000007" }).textContent).toContain(
      "Leopards will collect it.",
    );
    expect(credited!.textContent).toContain("CREDIT-ABCD2345");
    // A closed return no longer says where to send it.
    expect(credited!.textContent).not.toContain("Send it to");
  });

  it("says so, and never breaks, when the API fails or answers with a page", async () => {
    renderPage(() => refused(502, "<html>Bad Gateway</html>"));
    expect(await screen.findByText(/could not load this order's returns/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Try again" })).toBeTruthy();
  });
});
