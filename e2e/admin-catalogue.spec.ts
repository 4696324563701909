import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { makeStaff, signIn } from "./back-office.ts";
import { expect, test } from "./fixtures.ts";

/**
 * The back office's catalogue settings, as the owner meets them: a category under another, a colour, sizes put in
 * order, a home slide from an uploaded picture (and one for later that does not show yet), and a renamed category
 * in the shop's menu. Everything it adds has names of its own and is removed again, since the shop is shared by
 * the other journeys running beside it.
 */

/** A table row by its header (on phones the header's name starts with its column's label, "Category …"). */
const rowOf = (page: Page, name: string | RegExp): Locator =>
  page.locator("tbody tr", { has: page.getByRole("rowheader", { name }) });

/** Opens a row's Delete confirmation (unless a refused delete left it open) and confirms. */
async function confirmDelete(row: Locator) {
  const details = row.locator("details");
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open)))
    await row.locator("summary", { hasText: "Delete" }).click();
  await row.getByRole("button", { name: "Delete" }).click();
}

async function remove(page: Page, name: string | RegExp) {
  const row = rowOf(page, name);
  await confirmDelete(row);
  await expect(page.getByText("Deleted.")).toBeVisible();
  await expect(rowOf(page, name)).toHaveCount(0);
}

async function rowNames(page: Page): Promise<string[]> {
  return page.locator("tbody th[scope=row]").allInnerTexts();
}

test("the owner sets up categories, a colour, sizes and home slides, and the shop follows", async ({
  page,
  shopper,
}, testInfo) => {
  // A long journey (five screens, two uploads) on a shared machine.
  test.setTimeout(150_000);
  makeStaff(shopper, "owner");
  const unique = `${testInfo.project.name}${Date.now().toString(36)}`;
  await signIn(page, shopper, "/admin/catalogue");
  await expect(page.getByRole("heading", { name: "Catalogue", level: 1 })).toBeVisible();

  // A category, and another under it.
  await page.getByRole("link", { name: "Categories" }).first().click();
  await expect(page.getByRole("heading", { name: "Categories", level: 1 })).toBeVisible();
  const addCategory = page.getByRole("region", { name: "Add a category" });
  await addCategory.getByLabel("Name").fill(`Travel ${unique}`);
  await addCategory.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByText("Added.")).toBeVisible();
  await addCategory.getByLabel("Name").fill(`Weekenders ${unique}`);
  await addCategory.getByLabel("Under").selectOption({ label: `Travel ${unique}` });
  await addCategory.getByRole("button", { name: "Add category" }).click();
  await expect(rowOf(page, `Weekenders ${unique}`)).toContainText(`/shop/weekenders-${unique}`);
  const names = await rowNames(page);
  expect(names.findIndex((name) => name.includes(`Weekenders ${unique}`))).toBe(
    names.findIndex((name) => name.includes(`Travel ${unique}`)) + 1,
  );

  // A colour with its swatch.
  await page.goto("/admin/catalogue/colours");
  const addColour = page.getByRole("region", { name: "Add a colour" });
  await addColour.getByLabel("Name").fill(`Saffron ${unique}`);
  await addColour.getByLabel("Swatch").fill("#f4c430");
  await addColour.getByRole("button", { name: "Add colour" }).click();
  await expect(rowOf(page, `Saffron ${unique}`)).toContainText("#f4c430");

  // Two sizes, the second moved above the first.
  await page.goto("/admin/catalogue/sizes");
  const addSize = page.getByRole("region", { name: "Add a size" });
  for (const size of [`Petite ${unique}`, `Tall ${unique}`]) {
    await addSize.getByLabel("Name").fill(size);
    await addSize.getByRole("button", { name: "Add size" }).click();
    await expect(rowOf(page, size)).toBeVisible();
  }
  const before = await rowNames(page);
  const tallAt = before.indexOf(`Tall ${unique}`);
  await rowOf(page, `Tall ${unique}`)
    .getByRole("button", { name: `Move Tall ${unique} up` })
    .click();
  await expect(page.getByText("Moved.")).toBeVisible();
  expect((await rowNames(page)).indexOf(`Tall ${unique}`)).toBe(tallAt - 1);

  // A slide from an uploaded picture that shows now, and one that starts in the future.
  await page.goto("/admin/catalogue/sliders");
  const addSlide = page.getByRole("region", { name: "Add a slide" });
  const banner = await sharp({ create: { width: 1800, height: 700, channels: 3, background: "#8a3b2e" } })
    .jpeg()
    .toBuffer();
  const phoneBanner = await sharp({
    create: { width: 800, height: 1000, channels: 3, background: "#1f4e79" },
  })
    .jpeg()
    .toBuffer();
  for (const [title, starts] of [
    [`Now ${unique}`, ""],
    [`Later ${unique}`, "2999-01-01T09:00"],
  ] as const) {
    await addSlide
      .getByLabel(/^Picture/)
      .setInputFiles({ name: "banner.jpg", mimeType: "image/jpeg", buffer: banner });
    // The slide that shows now has a picture of its own for phones (issue 35 item 9).
    if (!starts)
      await addSlide
        .getByLabel(/^Phone picture/)
        .setInputFiles({ name: "tall.jpg", mimeType: "image/jpeg", buffer: phoneBanner });
    await addSlide.getByLabel("Link").fill(`/shop/${title.startsWith("Now") ? "travel" : "later"}-${unique}`);
    await addSlide.getByLabel(/^Title/).fill(title);
    if (starts) await addSlide.getByLabel(/^Shows from/).fill(starts);
    await addSlide.getByRole("button", { name: "Add slide" }).click();
    await expect(page.getByText("Added.")).toBeVisible();
    await expect(rowOf(page, title)).toContainText(starts ? "Not showing" : "Showing now");
  }
  await page.goto("/");
  const now = page.locator(`.hero a[href="/shop/travel-${unique}"]`);
  await expect(now).toHaveCount(1);
  await expect(now.locator("img")).toHaveAttribute("src", /\/images\/uploads\/sliders\/\w+-mobile\.webp/);
  // The phone's image is the phone picture (blue), not a cut of the banner (red-brown).
  const phoneImage = await page.request.get((await now.locator("img").getAttribute("src"))!);
  const { data } = await sharp(await phoneImage.body())
    .raw()
    .toBuffer({ resolveWithObject: true });
  expect(data[2]).toBeGreaterThan(data[0]!);
  await expect(page.locator(`.hero a[href="/shop/later-${unique}"]`)).toHaveCount(0);

  // Renaming the top category: the shop's menu and its page follow; its page lists the subcategory's too.
  await page.goto("/admin/catalogue/categories");
  await rowOf(page, new RegExp(`Travel ${unique}$`))
    .getByRole("link", { name: `Edit Travel ${unique}` })
    .click();
  const edit = page.getByRole("region", { name: `Edit “Travel ${unique}”` });
  await edit.getByLabel("Name").fill(`Journeys ${unique}`);
  await edit.getByRole("button", { name: "Save category" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await page.goto("/shop");
  await expect(
    page.locator(`a[href="/shop/travel-${unique}"]`, { hasText: `Journeys ${unique}` }).first(),
  ).toBeAttached();
  await expect(page.locator(`a[href="/shop/travel-${unique}"]`, { hasText: `Travel ${unique}` })).toHaveCount(
    0,
  );
  await page.goto(`/shop/travel-${unique}`);
  await expect(page.getByRole("heading", { name: `Journeys ${unique}` }).first()).toBeVisible();

  // Put the shop back as it was for the journeys beside this one.
  await page.goto("/admin/catalogue/sliders");
  await remove(page, `Now ${unique}`);
  await remove(page, `Later ${unique}`);
  await page.goto("/admin/catalogue/sizes");
  await remove(page, `Petite ${unique}`);
  await remove(page, `Tall ${unique}`);
  await page.goto("/admin/catalogue/colours");
  await remove(page, `Saffron ${unique}`);
  await page.goto("/admin/catalogue/categories");
  await confirmDelete(rowOf(page, new RegExp(`Journeys ${unique}$`)));
  await expect(page.getByRole("alert")).toContainText("This category has 1 subcategory.");
  await remove(page, `Weekenders ${unique}`);
  await remove(page, new RegExp(`Journeys ${unique}$`));
});
