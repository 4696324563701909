import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { UserRole } from "../../shared/roles.ts";
import { type ApiResponse, fakeApi, ok, refused } from "../testing/fake-api.ts";
import { AdminNav } from "./admin-nav.tsx";
import * as adminNewsletterRoute from "./routes/newsletter.tsx";

afterEach(cleanup);

const OWNER: UserRole = "owner";
const STAFF: UserRole = "staff";

function OwnerMenu() {
  return <AdminNav role={OWNER} />;
}

function StaffMenu() {
  return <AdminNav role={STAFF} />;
}

describe("back office: newsletter page", () => {
  function renderAdminPage(answer: () => ApiResponse) {
    const fake = fakeApi({ "GET /admin/newsletter": answer }, "owner-token-0123456789abcdef");
    const Stub = createRoutesStub(
      [
        {
          path: "/admin/newsletter",
          Component: adminNewsletterRoute.default as any,
          loader: adminNewsletterRoute.loader as any,
        },
      ],
      fake.context,
    );
    render(<Stub initialEntries={["/admin/newsletter"]} />);
  }

  it("shows the list's counts and offers the confirmed subscribers as a CSV download", async () => {
    renderAdminPage(() => ok({ confirmed: 1234, pending: 5, unsubscribed: 2 }));
    expect(await screen.findByRole("heading", { name: "Newsletter", level: 1 })).toBeTruthy();
    const table = screen.getByRole("table", { name: "Sign-ups by state" });
    expect(within(table).getByRole("row", { name: /Confirmed/ }).textContent).toContain("1,234");
    expect(within(table).getByRole("row", { name: /Waiting for confirmation/ }).textContent).toContain("5");
    const download = screen.getByRole("link", { name: "Download CSV" });
    expect(download.getAttribute("href")).toBe("/api/admin/newsletter/subscribers.csv");
    expect(download.hasAttribute("download")).toBe(true);
    expect(screen.getByText(/Email, Source, Consent given at, Confirmed at, Unsubscribe link/)).toBeTruthy();
  });

  it("is in the back office's menu for the owner only", async () => {
    for (const [role, Menu] of [
      ["owner", OwnerMenu],
      ["staff", StaffMenu],
    ] as const) {
      const Stub = createRoutesStub([{ path: "/admin", Component: Menu }]);
      render(<Stub initialEntries={["/admin"]} />);
      const menu = await screen.findByRole("navigation", { name: "Back office" });
      const link = within(menu).queryByRole("link", { name: "Newsletter" });
      if (role === "owner") expect(link?.getAttribute("href")).toBe("/admin/newsletter");
      else expect(link).toBeNull();
      cleanup();
    }
  });

  it("says the API's refusal (a staff member is not the owner) and offers no download", async () => {
    renderAdminPage(() => refused(403, { message: "Only the shop's owner can do this." }));
    expect((await screen.findByRole("alert")).textContent).toBe("Only the shop's owner can do this.");
    expect(screen.queryByRole("link", { name: /Download/ })).toBeNull();
  });
});
