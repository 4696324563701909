import { expect, test } from "@playwright/test";

test("blog: 6 of 9 sample posts per page over 2 pages, with a sidebar that filters", async ({ page }) => {
  await page.goto("/blogs");
  await expect(page).toHaveTitle(/^Blog \|/);
  await expect(page.getByTestId("blog-card")).toHaveCount(6);
  await expect(page.getByText("Showing 1 to 6 of 9 records")).toBeVisible();
  await page.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/\/blogs\?page=2$/);
  await expect(page.getByTestId("blog-card")).toHaveCount(3);
  await expect(page.getByText("Showing 7 to 9 of 9 records")).toBeVisible();

  const sidebar = page.getByRole("complementary", { name: "Blog filters" });
  await sidebar.getByRole("searchbox", { name: "Search posts" }).fill("backpack");
  await sidebar.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/blogs\?search=backpack$/);
  await expect(page.getByTestId("blog-card")).toHaveCount(1);
  await expect(page.getByTestId("blog-card")).toContainText("Packing light");

  await sidebar.getByRole("link", { name: /^Bag care/ }).click();
  await expect(page.getByTestId("blog-card")).toHaveCount(0);
  await page.getByRole("link", { name: "Show all posts" }).first().click();
  await sidebar.getByRole("link", { name: "Travel", exact: true }).click();
  await expect(page).toHaveURL(/\/blogs\?tag=Travel$/);
  await expect(page.getByTestId("blog-card")).toHaveCount(2);
});

test("contact: the form checks its fields and hands the message to the shopper's email app", async ({
  page,
}) => {
  await page.goto("/contact");
  await expect(page).toHaveTitle(/^Contact us \|/);
  await expect(page.getByText(/Pressing SEND opens your own email app/)).toBeVisible();
  await page.getByRole("button", { name: "SEND" }).click();
  await expect(page.getByText("Please enter your name.")).toBeVisible();
  await expect(page.getByText("Please write your message.")).toBeVisible();

  // Opening the mail app is the browser's business; the test reads the address the page handed over.
  await page.getByLabel("Name", { exact: true }).fill("Sana Malik");
  await page.getByLabel("Email", { exact: true }).fill("sana@example.pk");
  await page.getByLabel("Subject", { exact: true }).fill("Order BT-261121-7KQ2M");
  await page.getByLabel("Message", { exact: true }).fill("Can I change the size of my kurta?");
  await page.getByRole("button", { name: "SEND" }).click();
  const ready = page.getByRole("status").filter({ hasText: "Your message is ready in your email app" });
  await expect(ready).toBeVisible();
  const href = await ready.getByRole("link", { name: "open it in your email app" }).getAttribute("href");
  expect(href).toContain("mailto:hello@bagsandthreads.pk?subject=Order%20BT-261121-7KQ2M");
  expect(decodeURIComponent(href ?? "")).toContain(
    "Can I change the size of my kurta?\n\nSana Malik\nsana@example.pk",
  );
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
