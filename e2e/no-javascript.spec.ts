import { expect, fillCheckout, test, uniqueEmail } from "./fixtures.ts";

// Links and forms carry the shop before (or without) JavaScript: filters, sorting, variants and add to cart,
// the cart's steppers and the checkout.
test.use({ javaScriptEnabled: false });

test("filters, sorting, variant choice and add to cart work without JavaScript", async ({ page }) => {
  await page.goto("/shop");
  await expect(page.locator(".shop .product-card")).toHaveCount(12);

  await page.getByRole("link", { name: "Filter" }).click();
  const panel = page.getByRole("dialog", { name: "Filter products" });
  await expect(panel).toBeVisible();
  await panel.getByRole("link", { name: "Kurtas", exact: true }).click();
  await expect(page).toHaveURL(/\/shop\/kurtas$/);

  await page.getByLabel("Sort by").selectOption("high2low");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/\/shop\/kurtas\?sort=high2low$/);

  await page.getByRole("link", { name: "Classic Cotton Kurta" }).click();
  await page.getByRole("link", { name: "Blush Pink" }).click();
  await expect(page).toHaveURL(/\?color=\d+$/);
  await expect(page.getByRole("group", { name: /^Colour: Blush Pink/ })).toBeVisible();

  await page.getByRole("button", { name: "Add To Cart" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your item has been added to the cart!" }),
  ).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
});

test("without JavaScript: cart steppers post the form, checkout answers with the spec's messages and places the order", async ({
  page,
  cartWithItem: variant,
}) => {
  await page.goto("/cart");
  await page.getByRole("button", { name: `Increase quantity of ${variant.title}` }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId("cart-qty")).toHaveValue("2");
  await expect(page.getByText("Your cart has been updated.")).toBeVisible();

  await page.goto("/checkout");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Email is required. Phone is required. First name is required. Last name is required. Address is required. City is required.",
  );
  await expect(page.locator(".field__error")).toHaveText([
    "Email is required.",
    "Phone is required.",
    "First name is required.",
    "Last name is required.",
    "Address is required.",
    "City is required.",
  ]);

  await fillCheckout(page, { email: uniqueEmail("nojs"), firstName: "Zara", lastName: "Ali" });
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-success\?order=BT-/);
  await expect(page.getByRole("heading", { name: "Thank you for your order!" })).toBeVisible();
  await expect(page.getByTestId("cart-count")).toHaveText("0");
});
