import { expect, test } from "@playwright/test";

// Links and forms carry the shop before (or without) JavaScript: filters, sorting, variants and add to cart.
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
