import { expect, test } from "@playwright/test";
import { addToCart, fillCheckout, findVariants, slotOf, uniqueEmail } from "./part2-helpers.ts";

// The cart and the checkout are plain forms first: they work before (or without) the page's JavaScript.
test.use({ javaScriptEnabled: false });

test("without JavaScript: cart steppers post the form, checkout answers with the spec's messages and places the order", async ({
  page,
}, testInfo) => {
  const [variant] = await findVariants(page.request, { slot: slotOf(testInfo, 5), minStock: 3 });
  if (!variant) throw new Error("no variant");
  await addToCart(page, variant, 1);

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
