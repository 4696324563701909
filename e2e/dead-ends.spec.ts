import type { Page } from "@playwright/test";
import { expect, hydrate, test } from "./fixtures.ts";

const NOT_FOUND = "Sorry, the page you are looking for does not exist";

/** A client-side navigation, as a link inside the hydrated app makes it (no full page load). */
async function navigateInApp(page: Page, to: string) {
  await hydrate(page);
  await page.evaluate(async (url) => {
    const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } })
      .__reactRouterDataRouter;
    await router.navigate(url);
  }, to);
}

test("an unknown category is the not-found page with a 404, by link and by full load", async ({ page }) => {
  await page.goto("/shop");
  await expect(page.locator(".shop .product-card").first()).toBeVisible();
  await navigateInApp(page, "/shop/no-such-category");
  await expect(page.getByRole("heading", { name: NOT_FOUND })).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/no-such-category$/);

  const response = await page.goto("/shop/no-such-category?color=1&page=2");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: NOT_FOUND })).toBeVisible();
  await page.getByRole("link", { name: "Back To Home" }).click();
  await expect(page).toHaveURL(/\/$/);

  // A real category still answers.
  expect((await page.goto("/shop/kurtas"))?.status()).toBe(200);
});

test("an unknown product is 'No Product Found' with a 404, by link and by full load", async ({ page }) => {
  await page.goto("/shop");
  await navigateInApp(page, "/product/no-such-product");
  await expect(page.getByRole("heading", { name: "No Product Found" })).toBeVisible();
  expect((await page.goto("/product/no-such-product"))?.status()).toBe(404);
});

test("a page past the last says 'No Products Found' and leads to the first page with the same filters", async ({
  page,
}) => {
  await page.goto("/shop/kurtas");
  await expect(page.locator(".shop .product-card").first()).toBeVisible();
  const sort = "sort=low2high";
  await navigateInApp(page, `/shop/kurtas?${sort}&page=99`);
  await expect(page.getByRole("heading", { name: "No Products Found" })).toBeVisible();
  const back = page.getByRole("link", { name: "Go to the first page" });
  await expect(back).toHaveAttribute("href", `/shop/kurtas?${sort}`);
  await back.click();
  await expect(page).toHaveURL(new RegExp(`/shop/kurtas\\?${sort}$`));
  await expect(page.locator(".shop .product-card").first()).toBeVisible();
  await expect(page.getByText(/^Showing 1 to \d+ of \d+ results$/)).toBeVisible();

  // Full loads, up to a page number no database offset could reach: never a 5xx.
  for (const pageNumber of ["99", "1000000", "2147483647", "99999999999999999999"]) {
    const response = await page.goto(`/shop?search=bag&page=${pageNumber}`);
    expect(response?.status(), pageNumber).toBe(200);
    await expect(page.getByRole("heading", { name: "No Products Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the first page" })).toHaveAttribute(
      "href",
      "/shop?search=bag",
    );
  }
});
