import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { type ApiResponse, fakeApi, ok, refused } from "../../testing/fake-api.ts";
import { SiteFooter } from "../layout/site-footer.tsx";
import * as newsletterRoute from "../routes/newsletter.tsx";
import * as confirmRoute from "../routes/newsletter-confirm.tsx";
import * as unsubscribeRoute from "../routes/newsletter-unsubscribe.tsx";

afterEach(cleanup);

const SUBSCRIBED =
  "Thank you! Please check your inbox for a link to confirm your subscription. If this address is already subscribed, there is nothing more to do.";
const CONFIRMED = "Your subscription is confirmed. Thank you for joining the Bags & Threads newsletter!";
const CONFIRM_EXPIRED =
  "This confirmation link has expired: links work for 7 days. Please sign up again with the Subscribe form at the bottom of this page.";
const CONFIRM_INVALID =
  "This confirmation link is not valid. Please sign up again with the Subscribe form at the bottom of this page.";
const UNSUBSCRIBED = "You have been unsubscribed. You will get no more newsletters from us.";
const UNSUBSCRIBE_INVALID =
  "This unsubscribe link is not valid. Please use the link in our latest email, or write to us and we will take you off the list.";

function Home() {
  return <h1>Home</h1>;
}

function Layout() {
  return (
    <>
      <Outlet />
      <SiteFooter />
    </>
  );
}

type Handlers = Record<string, (body: any) => ApiResponse | Promise<ApiResponse>>;

/** The footer on a page, and the newsletter's routes with their real loaders and actions, over a fake API. */
function renderShop(handlers: Handlers, url = "/", options: { offline?: boolean } = {}) {
  const fake = fakeApi(handlers);
  const withClientAction = (route: { action: unknown; clientAction: unknown }) => async (args: any) => {
    const serverAction = async () => {
      if (options.offline) throw new TypeError("Failed to fetch");
      return (route.action as any)(args);
    };
    return (route.clientAction as any)({ ...args, serverAction });
  };
  const Stub = createRoutesStub(
    [
      {
        id: "root",
        path: "/",
        Component: Layout,
        children: [
          { index: true, Component: Home },
          {
            path: "newsletter",
            Component: newsletterRoute.default as any,
            action: withClientAction(newsletterRoute),
          },
          {
            path: "newsletter/confirm",
            Component: confirmRoute.default as any,
            loader: confirmRoute.loader as any,
          },
          {
            path: "newsletter/unsubscribe",
            Component: unsubscribeRoute.default as any,
            loader: unsubscribeRoute.loader as any,
            action: withClientAction(unsubscribeRoute),
          },
        ],
      },
    ],
    fake.context,
  );
  render(<Stub initialEntries={[url]} />);
  return fake.calls;
}

const subscriptions = <Call extends { path: string }>(calls: Call[]) =>
  calls.filter((call) => call.path === "/newsletter/subscribe");

async function subscribe(email: string) {
  const user = userEvent.setup();
  const field = await screen.findByRole("textbox", { name: "Email address" });
  await user.type(field, email);
  await user.click(screen.getByRole("button", { name: "Subscribe" }));
  return field as HTMLInputElement;
}

describe("footer subscribe", () => {
  it("keeps the spec's required e-mail field and Subscribe button, with a honeypot nobody sees", async () => {
    renderShop({});
    const field = await screen.findByRole("textbox", { name: "Email address" });
    expect(field.getAttribute("type")).toBe("email");
    expect(field.hasAttribute("required")).toBe(true);
    const form = field.closest("form")!;
    expect(form.getAttribute("action")).toBe("/newsletter");
    expect(form.getAttribute("method")).toBe("post");
    expect((form.querySelector('input[name="website"]') as HTMLInputElement).tabIndex).toBe(-1);
    expect(screen.getByRole("button", { name: "Subscribe" }).hasAttribute("disabled")).toBe(false);
  });

  it("signs the address up from the footer, stays on the page, says so and empties the field", async () => {
    const calls = renderShop({ "POST /newsletter/subscribe": () => ok({ message: SUBSCRIBED }) });
    const field = await subscribe("zara@example.pk");
    await waitFor(() => expect(document.getElementById("subscribe-status")!.textContent).toBe(SUBSCRIBED));
    expect(screen.getByRole("heading", { name: "Home" })).toBeTruthy();
    expect(subscriptions(calls)[0]!.body).toEqual({
      email: "zara@example.pk",
      source: "footer",
      website: "",
    });
    expect(field.value).toBe("");
    expect(field.getAttribute("aria-invalid")).toBeNull();
  });

  it("shows the API's refusal beneath the field and keeps the address", async () => {
    renderShop({
      "POST /newsletter/subscribe": () =>
        refused(422, {
          message: "Please enter a valid email address.",
          errors: { email: ["Please enter a valid email address."] },
        }),
    });
    const field = await subscribe("zara@example");
    await waitFor(() =>
      expect(document.getElementById("subscribe-status")!.textContent).toBe(
        "Please enter a valid email address.",
      ),
    );
    expect(field.value).toBe("zara@example");
    expect(field.getAttribute("aria-invalid")).toBe("true");
  });

  it("says the spec's connection message when the shop cannot be reached, and keeps the address", async () => {
    const calls = renderShop({}, "/", { offline: true });
    const field = await subscribe("zara@example.pk");
    await waitFor(() =>
      expect(document.getElementById("subscribe-status")!.textContent).toBe(
        "Failed to connect to server. Please try again.",
      ),
    );
    expect(field.value).toBe("zara@example.pk");
    expect(subscriptions(calls)).toHaveLength(0);
  });

  it("without JavaScript lands on /newsletter, which says the outcome", async () => {
    renderShop({}, "/newsletter");
    expect(await screen.findByRole("heading", { name: "The Bags & Threads newsletter" })).toBeTruthy();
    expect(screen.getByText(/Sign up with the Subscribe form at the bottom of this page/)).toBeTruthy();

    const { context, calls } = fakeApi({ "POST /newsletter/subscribe": () => ok({ message: SUBSCRIBED }) });
    const body = new URLSearchParams({ email: "zara@example.pk", source: "footer", website: "" });
    const request = new Request("http://shop.test/newsletter", { method: "POST", body });
    expect(await (newsletterRoute.action as any)({ context, request })).toEqual({
      ok: true,
      message: SUBSCRIBED,
    });
    expect(calls[0]!.body).toEqual({ email: "zara@example.pk", source: "footer", website: "" });
  });
});

describe("newsletter confirmation page", () => {
  it("confirms the link's sign-up and names the address", async () => {
    const calls = renderShop(
      { "POST /newsletter/confirm": () => ok({ message: CONFIRMED, email: "zara@example.pk" }) },
      "/newsletter/confirm?token=12.345.sig",
    );
    expect(await screen.findByRole("heading", { name: "Subscription confirmed" })).toBeTruthy();
    const card = screen.getByRole("region", { name: "Subscription confirmed" });
    expect(within(card).getByRole("status").textContent).toBe(CONFIRMED);
    expect(screen.getByText("zara@example.pk")).toBeTruthy();
    expect(calls.find((call) => call.path === "/newsletter/confirm")!.body).toEqual({ token: "12.345.sig" });
  });

  it("explains an expired link, and a link without a token", async () => {
    renderShop(
      {
        "POST /newsletter/confirm": () =>
          refused(422, { message: CONFIRM_EXPIRED, errors: { token: [CONFIRM_EXPIRED] } }),
      },
      "/newsletter/confirm?token=12.345.sig",
    );
    expect(await screen.findByRole("heading", { name: "Subscription not confirmed" })).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(CONFIRM_EXPIRED);
    cleanup();

    const calls = renderShop({}, "/newsletter/confirm");
    expect((await screen.findByRole("alert")).textContent).toBe(CONFIRM_INVALID);
    expect(calls).toHaveLength(0);
  });
});

describe("newsletter unsubscribe page", () => {
  it("changes nothing on opening, and unsubscribes with one press of its button", async () => {
    const calls = renderShop(
      { "POST /newsletter/unsubscribe": () => ok({ message: UNSUBSCRIBED, email: "zara@example.pk" }) },
      "/newsletter/unsubscribe?token=abc",
    );
    const button = await screen.findByRole("button", { name: "Unsubscribe" });
    expect(calls).toHaveLength(0);
    await userEvent.click(button);
    expect(await screen.findByRole("heading", { name: "You are unsubscribed" })).toBeTruthy();
    const card = screen.getByRole("region", { name: "You are unsubscribed" });
    expect(within(card).getByRole("status").textContent).toBe(UNSUBSCRIBED);
    expect(screen.getByText("zara@example.pk")).toBeTruthy();
    expect(calls.find((call) => call.path === "/newsletter/unsubscribe")!.body).toEqual({ token: "abc" });
  });

  it("explains a link that is not valid, and a link without a token", async () => {
    renderShop(
      {
        "POST /newsletter/unsubscribe": () =>
          refused(422, { message: UNSUBSCRIBE_INVALID, errors: { token: [UNSUBSCRIBE_INVALID] } }),
      },
      "/newsletter/unsubscribe?token=wrong",
    );
    await userEvent.click(await screen.findByRole("button", { name: "Unsubscribe" }));
    expect((await screen.findByRole("alert")).textContent).toBe(UNSUBSCRIBE_INVALID);
    cleanup();

    renderShop({}, "/newsletter/unsubscribe");
    expect((await screen.findByRole("alert")).textContent).toBe(UNSUBSCRIBE_INVALID);
    expect(screen.queryByRole("button", { name: "Unsubscribe" })).toBeNull();
  });

  it("takes a mail client's one-click unsubscribe (RFC 8058): the token comes from the link itself", async () => {
    const { context, calls } = fakeApi({
      "POST /newsletter/unsubscribe": () => ok({ message: UNSUBSCRIBED, email: "zara@example.pk" }),
    });
    const request = new Request("http://shop.test/newsletter/unsubscribe?token=abc", {
      method: "POST",
      body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
    });
    const result = await (unsubscribeRoute.action as any)({ context, request, url: new URL(request.url) });
    expect(result).toEqual({ unsubscribed: true, message: UNSUBSCRIBED, email: "zara@example.pk" });
    expect(calls[0]!.body).toEqual({ token: "abc" });
  });
});
