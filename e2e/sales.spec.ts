import { ownerAt } from "./back-office.ts";
import { expect, hydrate, test } from "./fixtures.ts";

/**
 * A scheduled sale in a browser (issue 30, decisions 0048 and 0049): the owner creates a running sale for one
 * product in the back office, found by name through the picker's search; the product's page shows the sale's badge
 * with the old price struck through; the owner opens the sale from the list and makes it a fixed price, and the
 * page's price follows; pausing it from its page takes the page back. The kept pages follow, with no deploy and
 * nobody waiting: the clock runs after each change.
 */

/** "2026-11-29T10:05" in Pakistan time (UTC+5), as a datetime-local field takes it. */
function pakistanLocal(offsetMs: number): string {
  return new Date(Date.now() + offsetMs + 5 * 3_600_000).toISOString().slice(0, 16);
}

/** The number in "Rs. 1,250.00". */
const rupees = (text: string | null) => Number(/[\d,]+(\.\d+)?/.exec(text ?? "")?.[0].replaceAll(",", ""));

test("a sale starts, becomes a fixed price and ends: the product page follows, then back", async ({
  page,
  browser,
  baseURL,
  claimVariants,
}, info) => {
  // A product without a discount of its own, so the sale's price is the one shown.
  const [variant] = await claimVariants({ where: (product) => product.discount_price === null });
  if (!variant) throw new Error("no variant");
  const name = `Flash ${info.project.name} ${Date.now().toString(36)}`;
  await page.goto(`/product/${variant.slug}`);
  const heading = page.getByRole("heading", { name: variant.title, level: 1 });
  await expect(heading).toBeVisible();
  await expect(page.locator(".badge--sale", { hasText: "- 90%" })).toHaveCount(0);

  const owner = await ownerAt(browser, baseURL, "/admin/campaigns");
  await owner.getByLabel("Name", { exact: true }).fill(name);
  await owner.getByLabel("Percent", { exact: true }).fill("90");
  await owner.getByLabel("Applies to").selectOption("products");
  // With JavaScript, the product is found by its name and added to the box by its address.
  await hydrate(owner);
  await owner.getByLabel("Search products to add").fill(variant.title);
  await owner
    .getByRole("button", { name: `Add ${variant.title}`, exact: true })
    .first()
    .click();
  await expect(owner.getByLabel("Product addresses or numbers, one a line")).toHaveValue(variant.slug);
  await expect(owner.getByRole("list", { name: "Chosen products" })).toContainText(variant.title);
  await owner.getByLabel("Starts (Pakistan time)").fill(pakistanLocal(-3_600_000));
  await owner.getByLabel("Ends (Pakistan time)").fill(pakistanLocal(24 * 3_600_000));
  await owner.getByRole("button", { name: "Create sale" }).click();
  const row = owner.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText("Running");
  await expect(row).toContainText("90% off");
  await expect(row).toContainText(`Chosen products: ${variant.title}`);
  await owner.screenshot({ path: info.outputPath("sales-admin.png"), fullPage: true });

  // The shopper's page (a fresh load: the kept copy was dropped) shows the sale.
  await page.reload();
  await expect(heading).toBeVisible();
  await expect(page.locator(".badge--sale").first()).toHaveText("- 90%");
  await expect(page.locator(".price__old").first()).toBeVisible();
  await page.screenshot({ path: info.outputPath("sales-product.png"), fullPage: true });

  // Opened from the list, the sale becomes a fixed price of Rs. 100 (below the product's own): the page follows.
  await row.getByRole("link", { name }).click();
  await expect(owner.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(owner.getByLabel("Product addresses or numbers, one a line")).toHaveValue(variant.slug);
  await expect(owner.getByRole("list", { name: "Chosen products" })).toContainText(variant.title);
  await owner.getByLabel("Fixed price").check();
  await expect(owner.getByLabel("Percent", { exact: true })).toBeHidden();
  await owner.getByLabel("Sale price (Rs.)").fill("100");
  await owner.getByLabel("Show a countdown on the home page and product pages").check();
  await owner.getByRole("button", { name: "Save sale" }).click();
  await expect(owner.getByText("The sale is saved")).toBeVisible();
  await expect(owner.locator(".admin-dl")).toContainText("Rs. 100 each");
  await expect(owner.getByText("campaign.update")).toBeVisible();
  await owner.screenshot({ path: info.outputPath("sales-sale-page.png"), fullPage: true });

  await page.reload();
  await expect(heading).toBeVisible();
  const current = page.locator(".product__price .price__current");
  await expect(current).toHaveText(/Rs\. \d/);
  const shown = rupees(await current.textContent());
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThanOrEqual(100);
  await expect(page.locator(".price__old").first()).toBeVisible();
  // The countdown the owner asked for: the sale's name and what is left (a day less a moment).
  const countdown = page.getByTestId("sale-countdown");
  await expect(countdown).toContainText(name);
  await expect(countdown).toContainText(/ends in 23 hours \d+ minutes?/);

  // Paused from its page (or ended), the product's page goes back.
  await owner.getByRole("button", { name: "Pause sale" }).click();
  await expect(owner.getByText("The sale is paused")).toBeVisible();
  await expect(owner.getByRole("button", { name: "Resume sale" })).toBeVisible();
  await page.reload();
  await expect(heading).toBeVisible();
  await expect(page.locator(".badge--sale", { hasText: "- 90%" })).toHaveCount(0);
  expect(rupees(await current.textContent())).toBeGreaterThan(100);
  await expect(page.getByTestId("sale-countdown")).toHaveCount(0);
  await owner.context().close();
});
