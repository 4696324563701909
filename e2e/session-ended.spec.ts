import path from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { DATA_DIR, expect, type Shopper, test, type Variant } from "./fixtures.ts";

// Spec section 4: a 401 triggers logout. When the shopper's session ends behind their back (it expired, or was
// revoked: here its tokens are deleted), the next request signs them out: the header shows a guest, a guest's
// action (Add To Cart) goes through as a guest, and an account page asks for a login and comes back after it.

/** Ends every session of the shopper on the server, as an expiry or a revocation would; the cookie stays. */
function endSessions(email: string) {
  const db = new Database(path.join(DATA_DIR, "shop.sqlite"), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const ended = db
      .prepare("delete from auth_tokens where user_id = (select id from users where email = ?)")
      .run(email);
    expect(ended.changes).toBeGreaterThan(0);
  } finally {
    db.close();
  }
}

async function logIn(page: Page, shopper: Shopper, redirect: string) {
  await page.goto(`/user-login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Password", { exact: true }).fill(shopper.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(new RegExp(`${redirect.replace(/[?]/g, "\\$&")}$`));
  await expectSignedIn(page, shopper);
}

const accountSummary = (page: Page) => page.locator(".account-menu summary");

async function expectSignedIn(page: Page, shopper: Shopper) {
  await expect(accountSummary(page)).toHaveAttribute("aria-label", `Account: ${shopper.firstName}`);
}

async function expectGuest(page: Page) {
  await expect(accountSummary(page)).toHaveAttribute("aria-label", "Account");
}

async function productUrl(page: Page, variant: Variant) {
  const detail = await (await page.request.get(`/api/product/${variant.slug}`)).json();
  const color = (detail.colors as { color_id: number; color_name: string }[]).find(
    (item) => item.color_name === variant.colorName,
  );
  return `/product/${variant.slug}?color=${color?.color_id}&size=${variant.variantId}`;
}

test("session ended: Add To Cart signs the shopper out and adds to a guest cart", async ({
  page,
  shopper,
  variant,
}) => {
  const url = await productUrl(page, variant);
  await logIn(page, shopper, url);
  await expect(page.getByTestId("stock")).toContainText("In Stock");
  await expect(page.getByTestId("cart-count")).toHaveText("0");

  endSessions(shopper.email);
  await page.locator(".add-to-cart__button").click();
  await expect(page.getByText("Your item has been added to the cart!")).toBeVisible();
  await expect(page.getByText("Unauthenticated.")).toHaveCount(0);
  await expectGuest(page);
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  // The guest cart is the one kept: it is there after a reload, still as a guest.
  await page.reload();
  await expectGuest(page);
  await expect(page.getByTestId("cart-count")).toHaveText("1");
});

test("session ended: on the way to the cart the header turns to a guest's, with the guest's cart", async ({
  page,
  shopper,
  variant,
}) => {
  const url = await productUrl(page, variant);
  await logIn(page, shopper, url);
  await page.locator(".add-to-cart__button").click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  endSessions(shopper.email);
  await page.locator(".mini-cart summary").click();
  await page.getByRole("link", { name: "View cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText("No items found in cart")).toBeVisible();
  await expectGuest(page);
  await expect(page.getByTestId("cart-count")).toHaveText("0");
});

test("session ended: an account page sends the shopper to log in, signed out, and back after login", async ({
  page,
  shopper,
}) => {
  await logIn(page, shopper, "/user-dashboard");

  endSessions(shopper.email);
  await page.locator(".account-nav").getByRole("link", { name: "Account details" }).click();
  await expect(page).toHaveURL(/\/user-login\?redirect=%2Fmy-account$/);
  await expectGuest(page);

  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Password", { exact: true }).fill(shopper.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  await expectSignedIn(page, shopper);

  // A save on an account page whose session has ended goes to the login page too, and nothing is saved.
  endSessions(shopper.email);
  await page.getByLabel("First Name").fill("Someone Else");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/user-login\?redirect=%2Fmy-account$/);
  await expectGuest(page);
});
