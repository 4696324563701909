import { type PhotoServer, shopifyCsv, startPhotoServer } from "../src/testing/shopify-fixture.ts";
import { makeStaff, signIn } from "./back-office.ts";
import { expect, test } from "./fixtures.ts";

/**
 * A product export from Shopify, as it comes (src/testing/fixtures/shopify-products.csv), imported by the owner in
 * the back office: checked first (what it would create), then imported as a job whose progress bar the page
 * follows, its photos downloaded from a server on this machine; the products are in the shop with their photos.
 */

let photos: PhotoServer;
test.beforeAll(async () => {
  // Each photo takes a moment, so the import is seen under way.
  photos = await startPhotoServer({ delayMs: 1500 });
});
test.afterAll(async () => {
  await photos?.close();
});

test("the owner imports a Shopify export: dry run, progress, report, products with photos", async ({
  page,
  shopper,
}, testInfo) => {
  test.skip(
    testInfo.project.name !== "desktop",
    "the import once is enough; the page at 390 px is checked below",
  );
  makeStaff(shopper, "owner");
  const unique = `sq${Date.now().toString(36)}`;
  const file = Buffer.from(
    shopifyCsv(photos.url)
      .replaceAll("shopify-", `${unique}-`)
      .replaceAll("SH-", `${unique.toUpperCase()}-`)
      .replaceAll("Duffel Bags", `Duffels ${unique}`),
  );
  const upload = () =>
    page
      .getByLabel("CSV file", { exact: true })
      .setInputFiles({ name: "products_export.csv", mimeType: "text/csv", buffer: file });

  await signIn(page, shopper, "/admin/products/import");
  await upload();
  await page.getByLabel(/Check only/).check();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page.getByText(/^Checked only, nothing was saved: 3 products would be created/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId("import-created")).toContainText(`categories Duffels ${unique}`);
  const notes = page.getByRole("table", { name: /How rows not in the shop's own columns were read/ });
  await expect(notes).toContainText('"Material" is folded into the size name (like "M / Cotton")');
  await expect(notes).toContainText("Discount 20% from the compare-at price");

  await upload();
  await page.getByLabel(/Check only/).uncheck();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/products\/import\?job=\d+$/);
  await expect(page.getByRole("progressbar")).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel import" })).toBeVisible();
  await expect(
    page.getByText(/^3 products created, 0 products updated, 0 unchanged, 0 rejected\.$/),
  ).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(page.getByTestId("import-created")).toContainText(`Created: colours`);

  // In the shop, at the compare-at price less its discount, with the downloaded photos.
  await page.goto(`/product/${unique}-weekender`);
  await expect(page.getByRole("heading", { name: "Weekender Bag", level: 1 })).toBeVisible();
  await expect(page.getByText("Rs. 4,000").first()).toBeVisible();
  await expect(page.locator('img[src*="/images/uploads/imports/"]').first()).toBeVisible();
  const src = await page.locator('img[src*="/images/uploads/imports/"]').first().getAttribute("src");
  expect((await page.request.get(src!)).status()).toBe(200);

  // The same file again: nothing changes, nothing is downloaded.
  const asked = photos.requests.length;
  await page.goto("/admin/products/import");
  await upload();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(
    page.getByText(/^0 products created, 0 products updated, 3 unchanged, 0 rejected\.$/),
  ).toBeVisible({
    timeout: 30_000,
  });
  expect(photos.requests.length).toBe(asked);
});

test("the import page with its options fits a phone", async ({ page, shopper }) => {
  makeStaff(shopper, "owner");
  await signIn(page, shopper, "/admin/products/import");
  await expect(page.getByLabel("Only use the colours, sizes and categories the shop has")).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
