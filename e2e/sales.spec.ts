import { ownerAt } from "./back-office.ts";
import { expect, test } from "./fixtures.ts";

/**
 * A scheduled sale in a browser (issue 30, decision 0048): the owner creates a running sale for one product in the
 * back office; the product's page and its card show the sale's badge with the old price struck through; pausing it
 * takes the page back. The kept pages follow, with no deploy and nobody waiting: the clock runs after each change.
 */

/** "2026-11-29T10:05" in Pakistan time (UTC+5), as a datetime-local field takes it. */
function pakistanLocal(offsetMs: number): string {
  return new Date(Date.now() + offsetMs + 5 * 3_600_000).toISOString().slice(0, 16);
}

test("a sale starts and ends: the product page follows, badge and struck-through price, then back", async ({
  page,
  browser,
  baseURL,
  variant,
}, info) => {
  const name = `Flash ${info.project.name} ${Date.now().toString(36)}`;
  await page.goto(`/product/${variant.slug}`);
  const heading = page.getByRole("heading", { name: variant.title, level: 1 });
  await expect(heading).toBeVisible();
  await expect(page.locator(".badge--sale", { hasText: "- 90%" })).toHaveCount(0);

  const owner = await ownerAt(browser, baseURL, "/admin/campaigns");
  await owner.getByLabel("Name").fill(name);
  await owner.getByLabel("Percent off").fill("90");
  await owner.getByLabel("Applies to").selectOption("products");
  await owner.getByLabel("Category, product or tag numbers").fill(String(variant.productId));
  await owner.getByLabel("Starts (Pakistan time)").fill(pakistanLocal(-3_600_000));
  await owner.getByLabel("Ends (Pakistan time)").fill(pakistanLocal(24 * 3_600_000));
  await owner.getByRole("button", { name: "Create sale" }).click();
  const row = owner.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Running");
  await owner.screenshot({ path: info.outputPath("sales-admin.png"), fullPage: true });

  // The shopper's page (a fresh load: the kept copy was dropped) shows the sale.
  await page.reload();
  await expect(heading).toBeVisible();
  await expect(page.locator(".badge--sale").first()).toHaveText("- 90%");
  await expect(page.locator(".price__old").first()).toBeVisible();
  await page.screenshot({ path: info.outputPath("sales-product.png"), fullPage: true });

  // Paused (or ended), the page goes back.
  await row.getByRole("button", { name: `Pause ${name}` }).click();
  await expect(owner.getByRole("row", { name: new RegExp(name) })).toContainText("Paused");
  await page.reload();
  await expect(heading).toBeVisible();
  await expect(page.locator(".badge--sale", { hasText: "- 90%" })).toHaveCount(0);
  await owner.context().close();
});
