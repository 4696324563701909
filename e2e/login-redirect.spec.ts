import type { Page } from "@playwright/test";
import { expect, fillCheckout, hydrate, test, uniqueEmail } from "./fixtures.ts";

// The login guard's redirect target is the page the shopper asked for, however they got there: a client-side
// click (whose data request is /my-account.data?_routes=…) or a typed address. After logging in they land on that
// page, never on a data URL. A target that leaves the site falls back to the dashboard.

async function logIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

function redirectParam(page: Page): string | null {
  return new URL(page.url()).searchParams.get("redirect");
}

test("login guard: My account clicked in the header (or the phone menu) comes back to /my-account after login", async ({
  page,
  shopper,
}, testInfo) => {
  await page.goto("/");
  // A client-side click: the page has hydrated (a cold page's click is a full load, the typed-address case).
  await hydrate(page);
  if (testInfo.project.name === "mobile") {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.locator("#mobile-menu").getByRole("link", { name: "My account" }).click();
  } else {
    await page.locator(".account-menu summary").click();
    await page.locator(".account-menu").getByRole("link", { name: "My account" }).click();
  }
  await expect(page).toHaveURL(/\/user-login\?/);
  expect(redirectParam(page)).toBe("/my-account");
  // The register link carries the same target.
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute(
    "href",
    "/user-register?redirect=%2Fmy-account",
  );

  await logIn(page, shopper.email, shopper.password);
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByRole("heading", { name: "Account details" })).toBeVisible();
  await expect(page.getByLabel("First Name")).toHaveValue(shopper.firstName);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Account details" })).toBeVisible();
});

test("login guard: Order History on the confirmation page comes back to the order history after login", async ({
  page,
  shopper,
  cartWithItem: _variant,
}) => {
  // A guest's order, then the confirmation page's link to the order history.
  await page.goto("/checkout");
  await fillCheckout(page, { email: uniqueEmail("guest"), firstName: "Ali", lastName: "Raza" });
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-success\?order=BT-/);
  await page.getByRole("link", { name: "Order History" }).click();
  await expect(page).toHaveURL(/\/user-login\?/);
  expect(redirectParam(page)).toBe("/account/orders");

  await logIn(page, shopper.email, shopper.password);
  await expect(page).toHaveURL(/\/account\/orders$/);
  await expect(page.getByRole("heading", { name: "Order History" })).toBeVisible();
});

test("login guard: a data-request target from an old link is cleaned; targets off the site go to the dashboard", async ({
  page,
  shopper,
}) => {
  await page.goto(`/user-login?redirect=${encodeURIComponent("/my-account.data?_routes=routes/my-account")}`);
  await logIn(page, shopper.email, shopper.password);
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByRole("heading", { name: "Account details" })).toBeVisible();

  const offSite = [
    "//evil.example",
    "https://evil.example/",
    "/\\evil.example",
    "/%2F/evil.example",
    "%2F%2Fevil.example",
    "/%5Cevil.example",
    "/\t/evil.example",
  ];
  for (const target of offSite) {
    // Signed in, the login page sends the shopper straight on to the (safe) target.
    await page.goto(`/user-login?redirect=${encodeURIComponent(target)}`);
    await expect(page, `redirect=${JSON.stringify(target)}`).toHaveURL(
      /^http:\/\/localhost:\d+\/user-dashboard$/,
    );
  }
});
