import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, data, Outlet } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { User } from "../../../shared/contracts/account.ts";
import { shopperData } from "../layout/shopper-data.ts";
import { StockAlertForm, type StockAlertResult } from "./stock-alert-form.tsx";

afterEach(cleanup);

const USER: User = {
  id: 3,
  first_name: "Hina",
  last_name: "Baig",
  name: "Hina Baig",
  email: "hina@example.pk",
  phone: null,
  image: null,
  created_at: "2026-11-01T00:00:00.000Z",
};

function ProductPageForm() {
  return <StockAlertForm variantId={21} noScriptResult={undefined} />;
}

/** The product page's form under a root that knows the shopper; `answer` plays the route's action. */
function renderForm(user: User | null, answer: (form: FormData) => Promise<StockAlertResult | Response>) {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      loader: () => ({ shopper: shopperData(user, null) }),
      Component: Outlet,
      children: [
        {
          path: "product/city-tote",
          Component: ProductPageForm,
          action: async ({ request }) => answer(await request.formData()),
        },
      ],
    },
  ]);
  render(<Stub initialEntries={["/product/city-tote?color=2&size=21"]} />);
}

describe("Notify me when it's back", () => {
  it("fills in a signed-in shopper's address once the page runs, and says 'Sending...' while it waits", async () => {
    let release: (result: StockAlertResult) => void = () => {};
    const sent: FormData[] = [];
    renderForm(USER, (form) => {
      sent.push(form);
      return new Promise((resolve) => {
        release = resolve;
      });
    });
    const field = await screen.findByLabelText("Email address");
    await waitFor(() => expect(field).toHaveProperty("value", "hina@example.pk"));
    await userEvent.click(screen.getByRole("button", { name: "Notify me" }));
    expect(await screen.findByRole("button", { name: "Sending..." })).toHaveProperty("disabled", true);
    expect(sent[0]?.get("intent")).toBe("stock-alert");
    expect(sent[0]?.get("variation_id")).toBe("21");
    expect(sent[0]?.get("email")).toBe("hina@example.pk");
    expect(sent[0]?.get("phone")).toBe("");
    release({ intent: "stock-alert", ok: true, message: "Thank you!", email: "hina@example.pk", phone: "" });
    expect(await screen.findByText("Thank you!")).toHaveProperty("className", "form-note");
  });

  it("leaves the field empty for a guest, and a refusal says why and keeps what was typed", async () => {
    renderForm(
      null,
      async (form) =>
        data(
          {
            intent: "stock-alert",
            ok: false,
            message: "Please enter a valid email address.",
            email: String(form.get("email")),
            phone: String(form.get("phone")),
          } satisfies StockAlertResult,
          { status: 422 },
        ) as unknown as Response,
    );
    const field = await screen.findByLabelText("Email address");
    expect(field).toHaveProperty("value", "");
    await userEvent.type(field, "sana@example");
    const phone = screen.getByLabelText("Phone number (optional)");
    await userEvent.type(phone, "0300 1234567");
    await userEvent.click(screen.getByRole("button", { name: "Notify me" }));
    expect(await screen.findByText("Please enter a valid email address.")).toHaveProperty(
      "className",
      "form-note form-note--error",
    );
    expect(field).toHaveProperty("value", "sana@example");
    expect(phone).toHaveProperty("value", "0300 1234567");
    expect(field.getAttribute("aria-invalid")).toBe("true");
  });
});
