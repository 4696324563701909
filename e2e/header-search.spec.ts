import { expect, type Page, test } from "@playwright/test";
import { hydrate } from "./fixtures.ts";

/** Below 1280 px the header's search sits behind a search icon; at 1280 it is always there. */
async function searchBox(page: Page) {
  // Suggestions are the hydrated page's (a cold page's box is covered in hydration.spec.ts).
  await hydrate(page);
  const box = page.getByRole("combobox", { name: "Search products" });
  if (await box.isVisible()) await box.click();
  else await page.locator(".site-header__bar").getByRole("button", { name: "Search" }).click();
  await expect(box).toBeVisible();
  await expect(box).toBeFocused();
  return box;
}

async function noSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

test("typing in the header box suggests products and categories; arrow down + Enter opens the product", async ({
  page,
}) => {
  await page.goto("/about");
  const box = await searchBox(page);
  await box.pressSequentially("kurta", { delay: 30 });
  const listbox = page.getByRole("listbox", { name: "Search suggestions" });
  await expect(listbox).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await expect(listbox.getByRole("option", { name: /Classic Cotton Kurta/ })).toContainText("Rs. ");
  await expect(listbox.getByRole("option", { name: /Kurtas/ })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /suggested/ })).toHaveText(
    /\d+ products and 1 category suggested/,
  );
  await noSidewaysScroll(page);

  const first = listbox.getByRole("option").first();
  const title = (await first.locator(".header-search__label").textContent()) ?? "";
  await box.press("ArrowDown");
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) ?? "");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/product\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
});

test("submitting the header box shows the results page with what was searched and the count", async ({
  page,
}) => {
  await page.goto("/");
  const box = await searchBox(page);
  await box.fill("kurta");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/shop\?search=kurta$/);
  await expect(page.getByRole("heading", { name: "Results for “kurta”" })).toBeVisible();
  await expect(page.locator(".search-summary__count")).toHaveText(/^\d+ products?$/);
  const count = Number((await page.locator(".search-summary__count").textContent())?.split(" ")[0]);
  await expect(page.locator(".shop .product-card")).toHaveCount(Math.min(count, 12));
  // The term stays in the header box.
  await expect(await searchBox(page)).toHaveValue("kurta");
  await noSidewaysScroll(page);

  await page.goto("/shop?search=zzzqqq");
  await expect(page.getByRole("heading", { name: "No Products Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Shop Now" })).toHaveAttribute("href", "/shop");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the header box is a plain form that searches", async ({ page }) => {
    await page.goto("/about");
    const box = page.getByRole("combobox", { name: "Search products" });
    if (!(await box.isVisible())) {
      // The icon is an in-page link that opens the box through CSS :target.
      await page.locator(".site-header__bar").getByRole("link", { name: "Search" }).click();
    }
    await expect(box).toBeVisible();
    await box.fill("kurta");
    await box.press("Enter");
    await expect(page).toHaveURL(/\/shop\?search=kurta$/);
    await expect(page.getByRole("heading", { name: "Results for “kurta”" })).toBeVisible();
    await noSidewaysScroll(page);
  });
});
