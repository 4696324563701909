import { expect, test } from "@playwright/test";

test("blog: the demo posts 6 a page, with a sidebar that filters", async ({ page }) => {
  await page.goto("/blogs");
  await expect(page).toHaveTitle(/^Blog \|/);
  await expect(page.getByTestId("blog-card")).toHaveCount(6);
  // Other journeys may be writing posts of their own meanwhile (e2e/blog.spec.ts): at least the 9 demo posts.
  await expect(page.getByText(/^Showing 1 to 6 of (9|1\d) records$/)).toBeVisible();
  await page.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/\/blogs\?page=2$/);
  await expect(page.getByText(/^Showing 7 to \d+ of (9|1\d) records$/)).toBeVisible();

  const sidebar = page.getByRole("complementary", { name: "Blog filters" });
  await sidebar.getByRole("searchbox", { name: "Search posts" }).fill("backpack");
  await sidebar.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/blogs\?search=backpack$/);
  // The title of one post and the body of another.
  await expect(page.getByTestId("blog-card")).toHaveCount(2);
  for (const title of ["Packing light", "Winter layers"])
    await expect(page.getByTestId("blog-card").filter({ hasText: title })).toHaveCount(1);

  await sidebar.getByRole("link", { name: /^Bag care/ }).click();
  await expect(page.getByTestId("blog-card")).toHaveCount(0);
  await page.getByRole("link", { name: "Show all posts" }).first().click();
  await sidebar.getByRole("link", { name: "travel", exact: true }).click();
  await expect(page).toHaveURL(/\/blogs\?tag=travel$/);
  await expect(page.getByTestId("blog-card")).toHaveCount(2);
});

test("static pages answer with their screens and titles", async ({ page }) => {
  for (const [path, heading, title] of [
    ["/about", "About", /^About us \|/],
    ["/terms-and-conditions", "Terms and Conditions", /^Terms and Conditions \|/],
    ["/privacy-policy", "Privacy Policy", /^Privacy Policy \|/],
    ["/wishlist", "Wishlist", /^Wishlist \|/],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText(heading);
    await expect(page).toHaveTitle(title);
  }
  await expect(page.getByText("Your wishlist is empty")).toBeVisible();
  await expect(page.getByRole("link", { name: "Wishlist, 0 items" })).toBeVisible();
});
