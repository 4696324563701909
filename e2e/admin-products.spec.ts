import path from "node:path";
import type { Page } from "@playwright/test";
import Database from "better-sqlite3";
import sharp from "sharp";
import { DATA_DIR, expect, type Shopper, test } from "./fixtures.ts";

/**
 * The back office's products, as a staff member meets them: create a product with two colours, add a photo of
 * each, make it active, and it is in the shop's listing, its search and its own page. With and without
 * JavaScript the same forms work; this journey runs with it (the forms are plain posts underneath).
 */

/** Makes the fixture's account a member of staff (the owner would do this in the back office). */
function makeStaff(shopper: Shopper) {
  const db = new Database(path.join(DATA_DIR, "shop.sqlite"), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    db.prepare("update users set role = 'staff' where email = ?").run(shopper.email);
  } finally {
    db.close();
  }
}

async function signIn(page: Page, shopper: Shopper, then: string) {
  await page.goto(`/user-login?redirect=${encodeURIComponent(then)}`);
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Password", { exact: true }).fill(shopper.password);
  await page.getByRole("button", { name: "Login" }).click();
}

async function photo(color: string): Promise<Buffer> {
  return sharp({ create: { width: 900, height: 700, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

test("a staff member creates a product with two colours and photos, and shoppers find it", async ({
  page,
  shopper,
}, testInfo) => {
  makeStaff(shopper);
  const unique = `${testInfo.project.name}${Date.now().toString(36)}`;
  const title = `Quilted Travel Pouch ${unique}`;

  await signIn(page, shopper, "/admin/products/new");
  await expect(page.getByRole("heading", { name: "Add product" })).toBeVisible();

  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Category").selectOption({ label: "Handbags" });
  await page.getByLabel("Status").selectOption("active");
  await page.getByLabel("Discount (%)").fill("10");
  await page
    .getByRole("textbox", { name: "Description (HTML)" })
    .fill("<p>A soft <strong>quilted</strong> pouch for the road.</p>");
  const colours = page.getByRole("group", { name: "Colours" });
  await colours.getByLabel("Black").check();
  await colours.getByLabel("Teal").check();
  const sizes = page.getByRole("group", { name: "Sizes" });
  await sizes.getByLabel("Small", { exact: true }).check();
  await sizes.getByLabel("Large", { exact: true }).check();
  // The grid has appeared: a row per colour and size.
  for (const colour of ["Black", "Teal"]) {
    await page.getByLabel(`${colour}, Small: price in rupees`).fill("Rs. 2,400");
    await page.getByLabel(`${colour}, Small: stock`).fill("6");
    await page.getByLabel(`${colour}, Large: price in rupees`).fill("2900");
    await page.getByLabel(`${colour}, Large: stock`).fill("3");
  }
  await page.getByRole("button", { name: "Create product" }).click();

  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("The product was created. Add its photos below.")).toBeVisible();

  for (const [colour, fill] of [
    ["Black", "#1c1c1c"],
    ["Teal", "#008080"],
  ] as const) {
    const upload = page.getByRole("form", { name: `Upload a photo: ${colour}` });
    await upload.getByLabel(/^Photo/).setInputFiles({
      name: `${colour.toLowerCase()}.jpg`,
      mimeType: "image/jpeg",
      buffer: await photo(fill),
    });
    await upload.getByLabel("Alt text").fill(`${title} in ${colour}`);
    await upload.getByRole("button", { name: /Upload/ }).click();
    await expect(page.getByText("The photo was added.")).toBeVisible();
    await expect(page.getByRole("img", { name: `${title} in ${colour}` })).toBeVisible();
  }

  // In the listing (newest first), with its photo and the discounted price.
  await page.goto("/shop");
  const card = page.locator(".product-card", { hasText: title });
  await expect(card).toBeVisible();
  await expect(card.locator("img.product-card__image").first()).toHaveAttribute(
    "src",
    /\/images\/uploads\/products\/\d+\/\w+-800\.webp/,
  );

  // In the search.
  await page.goto(`/shop?search=${encodeURIComponent(`quilted pouch ${unique}`)}`);
  await expect(page.locator(".product-card", { hasText: title })).toBeVisible();

  // Its own page: both colours, the first size's price after the discount, the chosen colour's photo.
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText("Rs. 2,160.00").first()).toBeVisible();
  await expect(page.getByRole("img", { name: `${title} in Black` }).first()).toBeVisible();
  await page.getByRole("link", { name: "Teal", exact: true }).click();
  await expect(page.getByRole("img", { name: `${title} in Teal` }).first()).toBeVisible();
});

test("a customer is refused the products screens", async ({ page, shopper }) => {
  await signIn(page, shopper, "/admin/products");
  await expect(page.getByRole("heading", { name: "Staff only" })).toBeVisible();
  const response = await page.goto("/admin/products/new");
  expect(response?.status()).toBe(403);
});
