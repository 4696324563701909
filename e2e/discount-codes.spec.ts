import path from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import { DATA_DIR, expect, hydrate, test } from "./fixtures.ts";

/**
 * A 10% code of this test's own, written straight into the e2e server's database (the back office's screen for
 * codes is not there yet). Codes are stored upper case; the shopper types them in any case.
 */
function createCode(): string {
  const code = `E2E${Math.random().toString(36).slice(2, 9)}`.toUpperCase();
  const db = new Database(path.join(DATA_DIR, "shop.sqlite"), { fileMustExist: true, timeout: 10_000 });
  try {
    const now = new Date().toISOString();
    db.prepare(
      "insert into coupons (code, description, kind, value, created_by, created_at, updated_at) values (?, ?, 'percent', 10, 'e2e', ?, ?)",
    ).run(code, "10% off", now, now);
  } finally {
    db.close();
  }
  return code;
}

/** Full-page pictures under test-results/, taken from the top so the sticky header sits where it belongs. */
async function snapshot(page: Page, name: string) {
  const project = test.info().project.name;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/${name}-${project}.png`, fullPage: true });
  await page
    .locator(".summary-card")
    .first()
    .screenshot({ path: `test-results/${name}-summary-${project}.png` });
}

test("a discount code: applied on the cart, carried to checkout, removed there, and a wrong one refused", async ({
  page,
  cartWithItem: _variant,
}) => {
  const code = createCode();
  await page.goto("/cart");
  await hydrate(page);
  const grandTotal = await page.getByTestId("cart-grand-total").textContent();

  await page.getByLabel("Discount code").fill(code.toLowerCase());
  await page.getByRole("button", { name: "Apply" }).click();
  const discount = page.getByTestId("summary-discount");
  await expect(discount.locator("dt")).toHaveText(`Discount (${code})Remove`);
  await expect(discount.locator("dd")).not.toHaveText("Rs. 0.00");
  await expect(page.getByTestId("coupon-applied")).toHaveText(`Code ${code} applied. 10% off`);
  await expect(page.getByTestId("cart-grand-total")).not.toHaveText(grandTotal ?? "");
  await expect(page.getByTestId("mini-cart-discount")).toContainText(`Discount (${code})`);
  await snapshot(page, "discount-codes-cart");

  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(discount.locator("dt")).toHaveText(`Discount (${code})Remove`);
  const withCode = await page.getByTestId("checkout-total").textContent();
  await page.getByLabel("Email", { exact: true }).fill("coupon-shopper@example.pk");
  await page.getByLabel("City").fill("Lahore");

  await discount.getByRole("button", { name: `Remove code ${code}` }).click();
  await expect(discount.locator("dt")).toHaveText("Discount");
  await expect(discount.locator("dd")).toHaveText("Rs. 0.00");
  await expect(page.getByTestId("checkout-total")).not.toHaveText(withCode ?? "");

  // Enter in the code's field applies it (Enter anywhere else still places the order).
  await page.getByLabel("Discount code").fill("NOT-A-CODE");
  await page.getByLabel("Discount code").press("Enter");
  await expect(page.getByText("This code is not valid.")).toBeVisible();
  await expect(page.getByLabel("Discount code")).toHaveValue("NOT-A-CODE");
  await expect(page.getByLabel("Discount code")).toHaveAttribute("aria-invalid", "true");
  // Nothing typed in the checkout form was lost, and no order was attempted.
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("coupon-shopper@example.pk");
  await expect(page.getByLabel("City")).toHaveValue("Lahore");
  await expect(page.locator(".field__error")).toHaveText(["This code is not valid."]);
  await expect(page).toHaveURL(/\/checkout$/);
  await snapshot(page, "discount-codes-checkout-refused");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the cart's code form posts the page: a refusal at the field, then applied and removed", async ({
    page,
    cartWithItem: _variant,
  }) => {
    const code = createCode();
    await page.goto("/cart");

    await page.getByLabel("Discount code").fill("NOT-A-CODE");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.locator(".field__error")).toHaveText("This code is not valid.");
    await expect(page.getByLabel("Discount code")).toHaveValue("NOT-A-CODE");

    await page.getByLabel("Discount code").fill(code.toLowerCase());
    await page.getByRole("button", { name: "Apply" }).click();
    const discount = page.getByTestId("summary-discount");
    await expect(discount.locator("dt")).toHaveText(`Discount (${code})Remove`);
    await expect(page.getByTestId("coupon-applied")).toHaveText(`Code ${code} applied. 10% off`);
    await snapshot(page, "discount-codes-cart-no-js");

    await discount.getByRole("button", { name: `Remove code ${code}` }).click();
    await expect(page.getByText("The code has been removed.")).toBeVisible();
    await expect(discount).toHaveCount(0);
  });

  test("at checkout, applying a code gives back everything typed", async ({
    page,
    cartWithItem: _variant,
  }) => {
    const code = createCode();
    await page.goto("/checkout");
    await page.getByLabel("Email", { exact: true }).fill("coupon-shopper@example.pk");
    await page.getByLabel("City").fill("Lahore");
    await page.getByLabel("Order notes (optional)").fill("Ring twice");
    await page.getByLabel("Discount code").fill(code);
    await page.getByRole("button", { name: "Apply" }).click();

    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByTestId("summary-discount").locator("dt")).toHaveText(`Discount (${code})Remove`);
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("coupon-shopper@example.pk");
    await expect(page.getByLabel("City")).toHaveValue("Lahore");
    await expect(page.getByLabel("Order notes (optional)")).toHaveValue("Ring twice");
    await expect(page.locator(".field__error")).toHaveCount(0);
  });
});
