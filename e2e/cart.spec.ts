import { addToCart, expect, test } from "./fixtures.ts";

test("cart: plus and minus change the quantity, remove drops a line, clear empties it and goes home", async ({
  page,
  claimVariants,
}) => {
  const [first, second] = await claimVariants({ count: 2, minStock: 3 });
  if (!first || !second) throw new Error("no variants");
  await addToCart(page, first, 1);
  await addToCart(page, second, 1);

  await page.goto("/cart");
  const row = page.getByTestId("cart-row").filter({ hasText: first.title });
  const quantity = row.getByTestId("cart-qty");
  const plus = row.getByRole("button", { name: `Increase quantity of ${first.title}` });
  const minus = row.getByRole("button", { name: `Decrease quantity of ${first.title}` });
  await expect(page.getByTestId("cart-row")).toHaveCount(2);
  await expect(quantity).toHaveValue("1");
  await expect(minus).toBeDisabled();
  await expect(page.getByTestId("cart-total-products")).toHaveText("2");
  const unitPrice = await row.locator(".cart-row__price").textContent();

  await plus.click();
  await expect(quantity).toHaveValue("2");
  await expect(page.getByTestId("cart-total-products")).toHaveText("3");
  await expect(page.getByTestId("cart-count")).toHaveText("3");
  // The line subtotal is the unit price times the quantity, with 2 decimals.
  const unitPaisa = Math.round(Number(unitPrice?.replace(/^Rs\.\s*/, "").replaceAll(",", "")) * 100);
  await expect(row.getByTestId("cart-line-subtotal")).toHaveText(
    `Rs. ${((unitPaisa * 2) / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
  );

  await minus.click();
  await expect(quantity).toHaveValue("1");
  await expect(page.getByTestId("cart-total-products")).toHaveText("2");
  await expect(minus).toBeDisabled();

  await page.getByRole("button", { name: `Remove ${second.title}` }).click();
  await expect(page.getByText("Item Removed From Cart Successfully!")).toBeVisible();
  await expect(page.getByTestId("cart-row")).toHaveCount(1);
  await expect(page.getByTestId("cart-count")).toHaveText("1");

  // The quantity survives a reload: it was stored, not just shown.
  await plus.click();
  await expect(page.getByTestId("cart-total-products")).toHaveText("2");
  await page.reload();
  await expect(page.getByTestId("cart-qty")).toHaveValue("2");

  await page.getByRole("button", { name: "Clear Shopping Cart" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("cart-count")).toHaveText("0");
  await page.goto("/cart");
  await expect(page.getByText("No items found in cart")).toBeVisible();
  await expect(page.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/shop");
  await expect(page.getByRole("link", { name: "Proceed to Checkout" })).toHaveCount(0);
});

test("cart: plus stops at the stock", async ({ page, claimVariants }) => {
  const [variant] = await claimVariants({ minStock: 2 });
  if (!variant) throw new Error("no variant");
  await addToCart(page, variant, variant.stock - 1);
  await page.goto("/cart");
  const plus = page.getByRole("button", { name: `Increase quantity of ${variant.title}` });
  await expect(plus).toBeEnabled();
  await plus.click();
  await expect(page.getByTestId("cart-qty")).toHaveValue(String(variant.stock));
  await expect(plus).toBeDisabled();
});
