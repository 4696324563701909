import { ownerAt } from "./back-office.ts";
import { expect, hydrate, test } from "./fixtures.ts";

const DEFAULT_PHONE = "+92 42 3500 0000";

/**
 * The shop's details and pages (docs/decisions/0066-shop-details-and-content-pages.md), as the owner and shoppers
 * meet them: the owner changes the phone and the About text in the back office, and the shop's footer and About
 * page show them after a client-side navigation, at desktop width and at 390 px. The details are the whole shop's,
 * shared by the journeys running beside this one, so only the desktop run saves (keeping the name, which other
 * journeys' mails and titles show, and putting both back at its end); the phone run checks the back office's
 * pages at 390 px without saving.
 */
test("the owner changes the shop's phone and About text, and the shop shows them", async ({
  browser,
  baseURL,
}, testInfo) => {
  const admin = await ownerAt(browser, baseURL, "/admin/shop-details");
  await expect(admin.getByRole("heading", { name: "Shop details", level: 1 })).toBeVisible();
  const phone = admin.getByLabel("Phone", { exact: true });
  if (testInfo.project.name === "mobile") {
    for (const path of ["/admin/shop-details", "/admin/pages", "/admin/pages/about"]) {
      await admin.goto(path);
      const widths = await admin.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
      }));
      expect(widths.scroll, path).toBeLessThanOrEqual(widths.client);
    }
    await expect(admin.getByRole("button", { name: "Preview" })).toBeVisible();
    await expect(admin.getByRole("button", { name: "Save page" })).toBeVisible();
    return;
  }

  const newPhone = `0300 ${String(Date.now()).slice(-7)}`;
  const story = `Stitched by hand in Lahore since ${String(Date.now()).slice(-4)}.`;
  await admin.goto("/admin/pages/about");
  const text = admin.getByLabel("Text (HTML)");
  const aboutBefore = await text.inputValue();
  try {
    await admin.goto("/admin/shop-details");
    await hydrate(admin);
    await phone.fill("+44 20 7946 0000");
    await admin.getByRole("button", { name: "Save shop details" }).click();
    await expect(admin.locator("#field-phone-error")).toHaveText(
      "Phone must be a Pakistani phone number, such as 0300 1234567 or +92 300 1234567.",
    );
    await phone.fill(newPhone);
    await admin.getByRole("button", { name: "Save shop details" }).click();
    await expect(admin.getByText("The shop's details are saved.")).toBeVisible();

    await admin.getByRole("link", { name: "Pages", exact: true }).click();
    await admin.getByRole("link", { name: "About", exact: true }).click();
    await text.fill(`<h2>Our story</h2><p>${story}</p><script>alert(1)</script>`);
    await admin.getByRole("button", { name: "Preview" }).click();
    await expect(admin.getByRole("heading", { name: "Preview (not saved yet)" })).toBeVisible();
    await expect(admin.locator(".rich-text").getByText(story)).toBeVisible();
    await admin.getByRole("button", { name: "Save page" }).click();
    await expect(admin.getByText("The page is saved; the shop shows it now.")).toBeVisible();

    for (const width of [1280, 390]) {
      const shop = await browser.newPage({ baseURL, viewport: { width, height: 844 } });
      await shop.goto("/");
      const footer = shop.getByRole("contentinfo");
      await expect(footer.getByRole("link", { name: newPhone })).toHaveAttribute(
        "href",
        `tel:+92${newPhone.replace(/\D/g, "").slice(1)}`,
      );
      await hydrate(shop);
      await footer.getByRole("link", { name: "About us" }).click();
      await expect(shop).toHaveURL(/\/about$/);
      await expect(shop.getByRole("heading", { name: "Our story" })).toBeVisible();
      await expect(shop.getByText(story)).toBeVisible();
      await expect(shop.getByRole("contentinfo").getByRole("link", { name: newPhone })).toBeVisible();
      await shop.close();
    }
  } finally {
    await admin.goto("/admin/shop-details");
    await hydrate(admin);
    await phone.fill(DEFAULT_PHONE);
    await admin.getByRole("button", { name: "Save shop details" }).click();
    await expect(admin.getByText("The shop's details are saved.")).toBeVisible();
    await admin.goto("/admin/pages/about");
    await hydrate(admin);
    await text.fill(aboutBefore);
    await admin.getByRole("button", { name: "Save page" }).click();
    await expect(admin.getByText("The page is saved; the shop shows it now.")).toBeVisible();
    await admin.context().close();
  }
});
