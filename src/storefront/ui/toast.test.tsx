import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, Outlet } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ToastOnMount, ToastProvider, useToast } from "./toast.tsx";

afterEach(cleanup);

function Shell() {
  return (
    <ToastProvider>
      <Outlet />
    </ToastProvider>
  );
}

function Page() {
  const { show } = useToast();
  return (
    <>
      <button type="button" onClick={() => show("Your item has been added to the cart!")}>
        Add
      </button>
      <ToastOnMount message="Failed to load products" />
    </>
  );
}

function NoFallback() {
  return null;
}

function renderPage(notices: string[]) {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: Shell,
      HydrateFallback: NoFallback,
      children: [{ index: true, Component: Page, loader: () => ({ notices }) }],
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

const toasts = () => [...document.querySelectorAll(".toast")].map((toast) => toast.textContent);

describe("toasts", () => {
  it("shows a loader's load failures, failures found later, and messages from the page", async () => {
    renderPage(["Failed to load colors"]);
    await userEvent.click(await screen.findByRole("button", { name: "Add" }));
    expect(toasts()).toEqual([
      "Failed to load colors",
      "Failed to load products",
      "Your item has been added to the cart!",
    ]);
  });

  it("closes a toast with its close button or when its 5000 ms clock runs out", async () => {
    renderPage(["Failed to load tags"]);
    await screen.findByRole("button", { name: "Add" });
    await waitFor(() => expect(toasts()).toEqual(["Failed to load tags", "Failed to load products"]));
    await userEvent.click(screen.getAllByRole("button", { name: "Dismiss notification" })[0]!);
    expect(toasts()).toEqual(["Failed to load products"]);
    // jsdom has no AnimationEvent, so React listens for the prefixed name there; browsers fire "animationend".
    fireEvent(document.querySelector(".toast__timer")!, new Event("webkitAnimationEnd", { bubbles: true }));
    expect(toasts()).toEqual([]);
  });
});
