import { makeStaff, signIn } from "./back-office.ts";
import { expect, hydrate, test } from "./fixtures.ts";

/**
 * Search words (docs/decisions/0060-search-words.md), as staff and shoppers meet them: a word added in the back
 * office finds its products in the shop's search at once, with the page hydrated (client-side navigation), and
 * is taken out again. The list is the whole shop's, shared by the journeys running beside this one, so only the
 * desktop run edits it (two runs editing it at once would each undo the other's word); the phone run checks the
 * page at 390 px without saving.
 */
test("staff add a search word and the shop's search finds its products at once", async ({
  page,
  shopper,
}, testInfo) => {
  makeStaff(shopper);
  await signIn(page, shopper, "/admin/search-words");
  await expect(page.getByRole("heading", { name: "Search words", level: 1 })).toBeVisible();
  const box = page.getByLabel("Search words");
  const defaults = await box.inputValue();
  expect(defaults).toContain("batwa: wallet, purse, card holder");
  if (testInfo.project.name === "mobile") {
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await expect(page.getByRole("button", { name: "Save search words" })).toBeVisible();
    return;
  }

  const word = `gaddi${Date.now().toString(36).replace(/\d/g, "")}`;
  await hydrate(page);
  await box.fill(`${defaults}\n${word}: card holder`);
  await page.getByRole("button", { name: "Save search words" }).click();
  await expect(page.getByText("The search words are saved.")).toBeVisible();
  await expect(page.getByRole("link", { name: word, exact: true })).toBeVisible();

  // A bad line is refused by its number, and what was typed stays.
  await box.fill(`${defaults}\n${word}: card holder\nshalwar kameez: kurta`);
  await page.getByRole("button", { name: "Save search words" }).click();
  const lines = defaults.split("\n").length;
  await expect(
    page.getByText(`Line ${lines + 2}: "shalwar kameez" is not one word`, { exact: false }),
  ).toBeVisible();
  await expect(box).toHaveValue(`${defaults}\n${word}: card holder\nshalwar kameez: kurta`);

  // The shopper's search, from the shop's header through the hydrated page.
  const shop = await page.context().newPage();
  await shop.goto("/about");
  await hydrate(shop);
  const search = shop.getByRole("combobox", { name: "Search products" });
  await search.click();
  await search.fill(word);
  await search.press("Enter");
  await expect(shop).toHaveURL(new RegExp(`/shop\\?search=${word}$`));
  await expect(shop.locator(".product-card").first()).toContainText("Slim Card Holder Wallet");

  // Taken out again: the defaults are back, and the word finds nothing.
  await box.fill(defaults);
  await page.getByRole("button", { name: "Save search words" }).click();
  await expect(page.getByText("The search words are saved.")).toBeVisible();
  await expect(page.getByRole("link", { name: word, exact: true })).toHaveCount(0);
  await shop.goto(`/shop?search=${word}`);
  await expect(shop.locator(".product-card")).toHaveCount(0);
});
