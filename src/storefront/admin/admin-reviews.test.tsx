import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ComponentType } from "react";
import { type ActionFunction, createRoutesStub, type LoaderFunction } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { AdminReview, AdminReviewPage } from "../../shared/contracts/reviews.ts";
import { fakeApi, ok, refused } from "../testing/fake-api.ts";
import AdminReviews, { action, loader } from "./routes/reviews.tsx";

afterEach(cleanup);

function queued(id: number, overrides: Partial<AdminReview> = {}): AdminReview {
  return {
    id,
    rating: 4,
    title: `Title ${id}`,
    body: `First line of ${id}.\n<b>Second</b> line.`,
    status: "pending",
    created_at: "2026-03-12T09:00:00.000Z",
    updated_at: "2026-03-12T09:00:00.000Z",
    edited: false,
    product: { id: 7, slug: "city-tote", title: "City Tote" },
    author: { id: 3, name: "Ayesha K.", email: "ayesha@example.pk" },
    ...overrides,
  };
}

function page(
  data: AdminReview[],
  counts = { pending: data.length, approved: 4, hidden: 1 },
): AdminReviewPage {
  return {
    data,
    meta: {
      from: data.length ? 1 : 0,
      to: data.length,
      total: data.length,
      per_page: 20,
      current_page: 1,
      last_page: 1,
    },
    counts,
  };
}

function NoFallback() {
  return null;
}

function renderQueue(url: string, handlers: Parameters<typeof fakeApi>[0]) {
  const fake = fakeApi(handlers, "staff-token-0123456789abcdef");
  const Stub = createRoutesStub(
    [
      {
        path: "/admin/reviews",
        HydrateFallback: NoFallback,
        Component: AdminReviews as ComponentType,
        loader: loader as unknown as LoaderFunction,
        action: action as unknown as ActionFunction,
      },
    ],
    fake.context,
  );
  render(<Stub initialEntries={[url]} />);
  return fake;
}

describe("back office: reviews queue", () => {
  it("lists the pending reviews as plain text with their product, reviewer and the counts by status", async () => {
    const { calls } = renderQueue("/admin/reviews", {
      "GET /admin/reviews": () =>
        ok(page([queued(1), queued(2, { edited: true, updated_at: "2026-03-14T10:00:00.000Z" })])),
    });
    const first = (await screen.findAllByRole("article"))[0]!;
    expect(within(first).getByRole("heading", { name: "City Tote" })).toBeTruthy();
    expect(within(first).getByRole("link", { name: "City Tote" }).getAttribute("href")).toBe(
      "/product/city-tote",
    );
    expect(within(first).getByRole("img", { name: "Rated 4 out of 5" })).toBeTruthy();
    expect(first.querySelector(".admin-review__body")?.textContent).toBe(
      "First line of 1.\n<b>Second</b> line.",
    );
    expect(first.querySelector("b")).toBeNull();
    expect(within(first).getByText(/By Ayesha K\. \(ayesha@example\.pk\)/)).toBeTruthy();
    expect(
      within(first).getByRole("button", { name: "Approve the review by Ayesha K. of City Tote" }),
    ).toBeTruthy();
    expect(
      within(first).getByRole("button", { name: "Hide the review by Ayesha K. of City Tote" }),
    ).toBeTruthy();
    expect(screen.getAllByRole("article")[1]!.textContent).toContain("changed");

    const tabs = screen.getByRole("navigation", { name: "Reviews by status" });
    expect(
      within(tabs)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Pending (2)", "Approved (4)", "Hidden (1)"]);
    expect(within(tabs).getByRole("link", { name: "Pending (2)" }).getAttribute("aria-current")).toBe("page");
    expect(calls[0]?.path).toBe("/admin/reviews");
  });

  it("approves a review, says so, and shows the queue without it", async () => {
    let pending = [queued(1), queued(2)];
    const { calls } = renderQueue("/admin/reviews?status=pending", {
      "GET /admin/reviews": () => ok(page(pending)),
      "PATCH /admin/reviews/1": (body) => {
        pending = pending.filter((review) => review.id !== 1);
        return ok({ ...queued(1), status: (body as { status: string }).status });
      },
    });
    const first = (await screen.findAllByRole("article"))[0]!;
    await userEvent.click(within(first).getByRole("button", { name: /^Approve/ }));
    expect(await screen.findByText("Approved the review by Ayesha K. of City Tote.")).toBeTruthy();
    expect(calls.find((call) => call.method === "PATCH")?.body).toEqual({ status: "approved" });
    expect(await screen.findByRole("link", { name: "Pending (1)" })).toBeTruthy();
    expect(screen.getAllByRole("article")).toHaveLength(1);
  });

  it("offers only the decision a review does not have yet", async () => {
    renderQueue("/admin/reviews?status=hidden", {
      "GET /admin/reviews": () =>
        ok(page([queued(5, { status: "hidden" })], { pending: 0, approved: 0, hidden: 1 })),
    });
    const card = await screen.findByRole("article");
    expect(within(card).getByText("Hidden")).toBeTruthy();
    expect(within(card).getByRole("button", { name: /^Approve/ })).toBeTruthy();
    expect(within(card).queryByRole("button", { name: /^Hide/ })).toBeNull();
  });

  it("shows the API's refusal and keeps the queue", async () => {
    renderQueue("/admin/reviews", {
      "GET /admin/reviews": () => ok(page([queued(9)])),
      "PATCH /admin/reviews/9": () => refused(404, { message: "Review not found." }),
    });
    await userEvent.click(await screen.findByRole("button", { name: /^Hide/ }));
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "Review not found.");
    expect(screen.getAllByRole("article")).toHaveLength(1);
  });

  it("says when a status has no reviews", async () => {
    renderQueue("/admin/reviews", {
      "GET /admin/reviews": () => ok(page([], { pending: 0, approved: 2, hidden: 0 })),
    });
    expect(await screen.findByText("No pending reviews.")).toBeTruthy();
  });
});
