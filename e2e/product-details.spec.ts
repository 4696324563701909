import fs from "node:fs";
import path from "node:path";
import { ownerAt } from "./back-office.ts";
import { expect, hydrate, type ProductCard, test } from "./fixtures.ts";

/**
 * Claims a whole product for this test (claimVariants claims variants, and the desktop and mobile runs could
 * otherwise edit the same product's details and chart).
 */
function claimProduct(product: ProductCard): boolean {
  const claims = path.resolve(".tmp/e2e/claims");
  fs.mkdirSync(claims, { recursive: true });
  try {
    fs.writeFileSync(path.join(claims, `product-details-${product.id}`), "", { flag: "wx" });
    return true;
  } catch {
    return false;
  }
}

/**
 * Product details and size charts (issue 35 item 4, docs/decisions/0063-product-details-and-size-charts.md): the
 * owner enters a product's fabric, fit and care and its size chart in the back office; the shopper's product page
 * lists the details in the Description tab, and the chart opens from the size choice, before and after the page's
 * JavaScript has loaded, without the page scrolling sideways (the mobile project runs it at 390 px).
 */
test("the owner enters details and a size chart; the shopper sees them and opens the chart from the sizes", async ({
  page,
  browser,
  baseURL,
  claimVariants,
}) => {
  const [variant] = await claimVariants({ minStock: 1, where: claimProduct });
  if (!variant) throw new Error("no variant");

  const back = await ownerAt(browser, baseURL, `/admin/products/${variant.productId}`);
  await back.getByLabel("Detail 1: label").fill("Fabric");
  await back.getByLabel("Detail 1: value").fill("Lawn");
  await back.getByLabel("Detail 2: label").fill("Care");
  await back.getByLabel("Detail 2: value").fill("Hand wash cold; dry in shade");
  await back.getByRole("button", { name: "Save changes" }).click();
  await expect(back.getByText("Your changes were saved.")).toBeVisible();
  await expect(back.getByLabel("Detail 2: value")).toHaveValue("Hand wash cold; dry in shade");

  const chart = back.locator("#size-chart");
  await chart.getByLabel("Title").fill("Kurta sizes");
  await chart.getByLabel("Row 1, Size").fill("S");
  await chart.getByLabel("Row 1, Chest").fill("38");
  await chart.getByLabel("Row 1, Length").fill("40");
  await chart.getByRole("button", { name: "Add row" }).click();
  // The grid comes back with a fourth row and everything typed kept; nothing is saved yet.
  await expect(chart.getByLabel("Row 4, Size")).toBeVisible();
  await expect(chart.getByLabel("Row 1, Chest")).toHaveValue("38");
  await chart.getByLabel("Row 2, Size").fill("M");
  await chart.getByLabel("Row 2, Chest").fill("40");
  await chart.getByRole("button", { name: "Save chart" }).click();
  await expect(back.getByText("Every cell of the size chart needs a value.")).toBeVisible();
  await chart.getByLabel("Row 2, Length").fill("41");
  await chart.getByRole("button", { name: "Save chart" }).click();
  await expect(back.getByText("The size chart was saved.")).toBeVisible();

  await page.goto(`/product/${variant.slug}`);
  const description = page.getByRole("tabpanel", { name: "Description" });
  await expect(description.getByRole("term")).toHaveText(["Fabric", "Care"]);
  await expect(description.getByRole("definition")).toHaveText(["Lawn", "Hand wash cold; dry in shade"]);
  await expect(description).not.toContainText("made in small batches");

  // Before the page's JavaScript: the native disclosure opens the chart.
  const button = page.locator("summary", { hasText: "Size chart" });
  const table = page.getByRole("table", { name: "Kurta sizes" });
  await expect(table).toBeHidden();
  await button.click();
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader")).toHaveText(["Size", "Chest", "Length"]);
  await expect(table.getByRole("rowheader")).toHaveText(["S", "M"]);
  await expect(page.getByText("Measurements in inches")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "the product page scrolls sideways").toBeLessThanOrEqual(0);

  // With it: the keyboard opens it and Escape closes it, back on the button.
  await page.reload();
  await hydrate(page);
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(table).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(table).toBeHidden();
  await expect(button).toBeFocused();
  await back.close();
});
