import { expect, test } from "@playwright/test";

// Browser journeys through nginx (HTTPS on :8443, two instances behind it): every form below is a POST whose
// Origin is https://localhost:8443 while the instance itself is served over plain HTTP, which is what
// TRUST_PROXY makes work. Started by e2e-prod/run.ts, which brings the production shape up first.

const unique = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.pk`;

test("browse: home, a category, a product page, over HTTPS", async ({ page }) => {
  const home = await page.goto("/");
  expect(home?.status()).toBe(200);
  expect(page.url()).toMatch(/^https:\/\/localhost:8443\//);
  const shop = await page.goto("/shop");
  expect(shop?.status()).toBe(200);
  await page.goto("/product/classic-cotton-kurta");
  await expect(page.getByRole("heading", { level: 1, name: "Classic Cotton Kurta" })).toBeVisible();
});

test("add to cart on the product page, then check out as a guest", async ({ page, context }) => {
  await page.goto("/product/classic-cotton-kurta");
  await page.getByRole("link", { name: "M", exact: true }).click();
  await expect(page.getByRole("group", { name: /^Size: M/ })).toBeVisible();
  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(page.getByText("Your item has been added to the cart!")).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  // The guest-cart cookie is Secure: PUBLIC_URL is https.
  const cartCookie = (await context.cookies()).find((cookie) => cookie.name === "cart_key");
  expect(cartCookie?.secure).toBe(true);

  await page.goto("/cart");
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByLabel("Email", { exact: true }).fill(unique("guest"));
  await page.getByLabel("Phone", { exact: true }).fill("0300 1234567");
  await page.getByLabel("First Name").fill("Sana");
  await page.getByLabel("Last Name").fill("Mir");
  await page.getByLabel("Address", { exact: true }).fill("House 12, Street 4, F-7/2");
  await page.getByLabel("City").fill("Islamabad");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-success\?order=BT-/);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
});

test("register, log out, log in again", async ({ page, context }) => {
  const email = unique("account");
  await page.goto("/user-register");
  await page.getByLabel("First Name").fill("Ayesha");
  await page.getByLabel("Last Name").fill("Khan");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("correct horse battery");
  await page.getByLabel("Confirm Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await expect(page.getByRole("heading", { name: "Hello, Ayesha!" })).toBeVisible();
  const session = (await context.cookies()).find((cookie) => cookie.name === "shop_session");
  expect(session?.secure).toBe(true);
  expect(session?.httpOnly).toBe(true);

  await page.locator(".account-nav").getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/user-dashboard");
  await expect(page).toHaveURL(/\/user-login/);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("correct horse battery");
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await expect(page.getByRole("heading", { name: "Hello, Ayesha!" })).toBeVisible();
});
