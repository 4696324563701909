import { makeStaff, signIn } from "./back-office.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The catalogue CSV import as a staff member uses it: a file of 1,000 variants uploaded in the back office puts
 * its products in the shop and its search; a file with a bad row is checked without saving and its rejected rows
 * are listed, also without JavaScript. One browser width is enough for the large file.
 */

const HEADER =
  "Handle,Title,Body (HTML),Category,Tags,Status,Option1 Name,Option1 Value,Option2 Name,Option2 Value,Variant Price,Variant Inventory Qty";

/** `products` products in two colours and two sizes each: four variant rows per product. */
function catalogueFile(unique: string, products: number): string {
  const rows = [HEADER];
  for (let n = 1; n <= products; n++) {
    const handle = `holdall-${unique}-${n}`;
    let first = true;
    for (const colour of ["Black", "Tan"]) {
      for (const size of ["Small", "Large"]) {
        const product = first
          ? `Canvas Holdall ${unique} ${n},"<p>A roomy <strong>canvas</strong> holdall, no. ${n}.</p>",Totes,"Canvas, Weekend",active,Colour`
          : ",,,,,";
        rows.push(`${handle},${product},${colour},${first ? "Size" : ""},${size},${1500 + n}.50,${n % 7}`);
        first = false;
      }
    }
  }
  return `${rows.join("\r\n")}\r\n`;
}

test("a staff member imports a CSV of 1,000 variants and shoppers find the products", async ({
  page,
  shopper,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the large file once is enough");
  makeStaff(shopper);
  const unique = `zq${Date.now().toString(36)}`;

  await signIn(page, shopper, "/admin/products");
  await page.getByRole("link", { name: "Import / export CSV" }).click();
  await expect(page.getByRole("heading", { name: "Import products" })).toBeVisible();
  await page.getByLabel("CSV file", { exact: true }).setInputFiles({
    name: "holdalls.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(catalogueFile(unique, 250)),
  });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(
    page.getByText("250 products created, 0 products updated, 0 unchanged, 0 rejected."),
  ).toBeVisible({
    timeout: 45_000,
  });
  const counts = page.getByRole("table", { name: "What the import did" });
  await expect(counts.getByRole("row", { name: /Rows \(1,000 read\)/ })).toContainText("1,000");

  // In the shop's search, and on their own pages at the imported price.
  await page.goto(`/shop?search=${encodeURIComponent(`canvas holdall ${unique}`)}`);
  await expect(page.locator(".product-card", { hasText: `Canvas Holdall ${unique} 250` })).toBeVisible();
  await page.goto(`/product/holdall-${unique}-7`);
  await expect(page.getByRole("heading", { name: `Canvas Holdall ${unique} 7`, level: 1 })).toBeVisible();
  await expect(page.getByText("Rs. 1,507.50").first()).toBeVisible();

  // The same file again changes nothing.
  await page.goto("/admin/products/import");
  await page.getByLabel("CSV file", { exact: true }).setInputFiles({
    name: "holdalls.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(catalogueFile(unique, 250)),
  });
  await page.getByLabel(/Check only/).check();
  await page.getByRole("button", { name: "Import" }).click();
  await expect(
    page.getByText(
      "Checked only, nothing was saved: 0 products would be created, 0 products would be updated, 250 unchanged, 0 rejected.",
    ),
  ).toBeVisible({ timeout: 45_000 });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a file with a bad row is checked, and its rejected rows are listed", async ({
    page,
    shopper,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "one width is enough");
    makeStaff(shopper);
    const unique = `zq${Date.now().toString(36)}`;
    const file = `${HEADER}\r\nsling-${unique},Sling ${unique},,Totes,,active,Colour,Black,Size,Small,abc,1\r\n`;
    await signIn(page, shopper, "/admin/products/import");
    await expect(page.getByRole("heading", { name: "Import products" })).toBeVisible();
    await page
      .getByLabel("CSV file", { exact: true })
      .setInputFiles({ name: "sling.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    await page.getByLabel(/Check only/).check();
    await page.getByRole("button", { name: "Import" }).click();
    const rejected = page.getByRole("table", { name: /Rejected rows/ });
    await expect(rejected.getByRole("row", { name: /sling-/ })).toContainText(
      'Variant Price must be a number of rupees like 1499 or 1499.50 (found "abc").',
    );
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/api/admin/catalogue/export.csv",
    );
  });
});
