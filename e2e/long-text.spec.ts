import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";

// A phone at 390 px with a shopper whose name, email and address are 60 characters without a break: no page may
// scroll sideways. Long words wrap (overflow-wrap: anywhere) and flex and grid children may shrink (min-width: 0).

const WIDTH = 390;

function unbroken(prefix: string): string {
  const random = Math.random().toString(36).slice(2, 10);
  return `${prefix}${random}${"x".repeat(60)}`.slice(0, 60);
}

/** The page is no wider than the phone; on failure, names the elements that stick out. */
async function expectNoSidewaysScroll(page: Page, label: string) {
  await page.waitForLoadState("load");
  const found = await page.evaluate((width) => {
    const fixed = (element: Element | null): boolean =>
      element !== null && (getComputedStyle(element).position === "fixed" || fixed(element.parentElement));
    const wider = [...document.querySelectorAll("body *")]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .filter((element) => element.checkVisibility() && !fixed(element))
      .slice(0, 6)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`);
    return { scrollWidth: document.documentElement.scrollWidth, wider };
  }, WIDTH);
  expect(
    found.scrollWidth,
    `${label} scrolls sideways; wider: ${found.wider.join(", ")}`,
  ).toBeLessThanOrEqual(WIDTH);
}

async function visit(page: Page, path: string, label = path) {
  await page.goto(path);
  await expectNoSidewaysScroll(page, label);
}

test("long text: a shopper with 60-character names, email and address never makes a page scroll sideways at 390 px", async ({
  page,
  variant,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: WIDTH, height: 844 });
  const firstName = unbroken("First");
  const lastName = unbroken("Last");
  const email = `${unbroken("mail")}@example.pk`;
  const address = unbroken("Address");
  const password = "a long enough password";

  await visit(page, "/user-register");
  await page.getByLabel("First Name").fill(firstName);
  await page.getByLabel("Last Name").fill(lastName);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password").fill(password);
  await expectNoSidewaysScroll(page, "register, filled in");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await expectNoSidewaysScroll(page, "dashboard");

  // The header's account menu shows the name.
  await page.locator(".account-menu summary").click();
  await expect(page.locator(".account-menu__who")).toBeVisible();
  await expectNoSidewaysScroll(page, "account menu open");

  const product = await (await page.request.get(`/api/product/${variant.slug}`)).json();
  const color = (product.colors as { color_id: number; color_name: string }[]).find(
    (item) => item.color_name === variant.colorName,
  );
  await visit(page, `/product/${variant.slug}?color=${color?.color_id}&size=${variant.variantId}`, "product");
  await page.locator(".add-to-cart__button").click();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await visit(page, "/cart");

  await visit(page, "/checkout");
  await page.getByLabel("Phone", { exact: true }).fill("0300 1234567");
  await page.getByLabel("Address", { exact: true }).fill(address);
  await page.getByLabel("Apartment, suite, unit").fill(unbroken("Flat"));
  await page.getByLabel("City").fill(unbroken("City"));
  await page.getByLabel("Order notes (optional)").fill(unbroken("Note"));
  await expectNoSidewaysScroll(page, "checkout, filled in");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-success\?order=BT-/);
  await expectNoSidewaysScroll(page, "order success");
  const number = (await page.getByTestId("order-number").textContent())?.trim() ?? "";

  await visit(page, "/user-dashboard");
  await visit(page, "/my-account");
  await visit(page, "/account/orders");
  await visit(page, `/account/orders/${number}`, "order detail");
  for (const path of [
    "/",
    "/shop",
    `/shop/${product.category.slug}`,
    "/shop?search=zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz",
    "/wishlist",
    "/blogs",
    "/about",
    "/contact",
    "/terms-and-conditions",
    "/privacy-policy",
    "/no-such-page",
  ]) {
    await visit(page, path);
  }

  // The login page (signed out), with a failed attempt that shows the long address back.
  await page.goto("/user-dashboard");
  await page.locator(".account-nav").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await visit(page, "/user-login");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("not the password");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page.getByRole("alert")).toContainText("Login failed");
  await expectNoSidewaysScroll(page, "login, refused");
  await visit(page, "/user-register");
  await visit(page, "/cart", "cart, empty");
});
