import sharp from "sharp";
import { makeStaff, signIn } from "./back-office.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The back office's products, as a staff member meets them: create a product with two colours, add a photo of
 * each, make it active, and it is in the shop's listing, its search and its own page. With and without
 * JavaScript the same forms work; this journey runs with it (the forms are plain posts underneath).
 */

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
  await page.getByLabel("Final sale (cannot be returned)").check();
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
  // Sold as final sale: the page says it cannot be returned instead of the 30 days promise.
  await expect(page.getByText("Final sale: this item cannot be returned.")).toBeVisible();
  await expect(page.getByText("30 days free return")).toHaveCount(0);
  await expect(page.getByRole("img", { name: `${title} in Black` }).first()).toBeVisible();
  await page.getByRole("link", { name: "Teal", exact: true }).click();
  await expect(page.getByRole("img", { name: `${title} in Teal` }).first()).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the editor, the grid, photos and delete all work as plain forms", async ({
    page,
    shopper,
  }, testInfo) => {
    makeStaff(shopper);
    const title = `Plain Form Clutch ${testInfo.project.name}${Date.now().toString(36)}`;
    await signIn(page, shopper, "/admin/products/new");
    await expect(page.getByRole("heading", { name: "Add product" })).toBeVisible();

    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Category").selectOption({ label: "Handbags" });
    await page.getByRole("group", { name: "Colours" }).getByLabel("Maroon").check();
    await page.getByRole("group", { name: "Sizes" }).getByLabel("One Size").check();
    // Without JavaScript the grid is drawn by the server; what was typed comes back with it.
    await page.getByRole("button", { name: "Update grid" }).click();
    await expect(page.getByLabel("Title")).toHaveValue(title);
    await page.getByLabel("Maroon, One Size: price in rupees").fill("abc");
    await page.getByLabel("Maroon, One Size: stock").fill("4");
    await page.getByRole("button", { name: "Create product" }).click();
    await expect(
      page.getByText("The price must be an amount in rupees, like 1,250 or 1250.50."),
    ).toBeVisible();
    await page.getByLabel("Maroon, One Size: price in rupees").fill("Rs. 1,800");
    await page.getByRole("button", { name: "Create product" }).click();
    await expect(page.getByText("The product was created. Add its photos below.")).toBeVisible();
    await expect(page.getByRole("heading", { name: title })).toBeVisible();

    const upload = page.getByRole("form", { name: "Upload a photo: Maroon" });
    for (const [view, fill] of [
      ["front", "#800000"],
      ["back", "#5a0000"],
    ] as const) {
      await upload
        .getByLabel(/^Photo/)
        .setInputFiles({ name: `${view}.png`, mimeType: "image/png", buffer: await photo(fill) });
      await upload.getByLabel("Alt text").fill(`${title}, ${view}`);
      await upload.getByRole("button", { name: /Upload/ }).click();
      await expect(page.getByText("The photo was added.")).toBeVisible();
    }
    const alts = () =>
      page
        .locator(".admin-photo img")
        .evaluateAll((images) => images.map((image) => image.getAttribute("alt")));
    expect(await alts()).toEqual([`${title}, front`, `${title}, back`]);
    await page.getByRole("button", { name: `Move up: ${title}, back` }).click();
    await expect(page.getByText("The photo was moved.")).toBeVisible();
    expect(await alts()).toEqual([`${title}, back`, `${title}, front`]);

    await page.getByLabel("Maroon, One Size: price in rupees").fill("2000");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect(page.getByText("Your changes were saved.")).toBeVisible();
    await expect(page.getByLabel("Maroon, One Size: price in rupees")).toHaveValue("2000");

    await page.getByText("Delete product...").click();
    await page.getByRole("button", { name: "Yes, delete it" }).click();
    await expect(page.getByText("The product was deleted.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Products", exact: true })).toBeVisible();
  });
});

test("a customer is refused the products screens", async ({ page, shopper }) => {
  await signIn(page, shopper, "/admin/products");
  await expect(page.getByRole("heading", { name: "Staff only" })).toBeVisible();
  const response = await page.goto("/admin/products/new");
  expect(response?.status()).toBe(403);
});
