import { makeStaff, signIn } from "./back-office.ts";
import { expect, hydrate, stockOf, test } from "./fixtures.ts";

/**
 * An order taken on WhatsApp, entered by staff (decision 0029, "Orders staff enter"): found by name, added by
 * colour and size, priced by the shop, entered once, and its stock taken. On the phone run the page is used
 * without any hydration first (the plain form posts), on desktop after hydration (client-side submissions).
 */
test("staff enter an order taken on WhatsApp and its stock is taken", async ({
  page,
  shopper,
  variant,
}, testInfo) => {
  makeStaff(shopper);
  await signIn(page, shopper, "/admin/orders");
  const phone = testInfo.project.name === "mobile";
  if (!phone) await hydrate(page);
  await page.getByRole("link", { name: "Enter an order" }).click();
  await expect(page.getByRole("heading", { name: "Enter an order", level: 1 })).toBeVisible();

  await page.getByLabel("Find a product").fill(variant.title);
  await page.getByRole("button", { name: "Find", exact: true }).click();
  const add = page.getByRole("button", {
    name: `Add ${variant.title}, ${variant.colorName}, ${variant.sizeName}`,
  });
  await add.click();
  const quantity = page.getByLabel(
    `Quantity of ${variant.title} (${variant.colorName}, ${variant.sizeName})`,
  );
  await expect(quantity).toHaveValue("1");

  await page.getByLabel("Ordered by").selectOption("whatsapp");
  await page.getByLabel("Phone").fill("0321 7654321");
  await page.getByLabel("First name").fill("Bilal");
  await page.getByLabel("Last name").fill("Ahmed-Siddiqui Qureshi Khan Chaudhry");
  await page.getByLabel("Address", { exact: true }).fill("House 12, Street 4, DHA Phase 5");
  await page.getByLabel("City").fill("Karachi");
  await quantity.fill("2");
  await page.getByRole("button", { name: "Update total" }).click();
  await expect(page.getByText("Total to collect")).toBeVisible();
  // What was typed stays through every button.
  await expect(page.getByLabel("Phone")).toHaveValue("0321 7654321");
  await expect(
    page.getByLabel(`Quantity of ${variant.title} (${variant.colorName}, ${variant.sizeName})`),
  ).toHaveValue("2");

  const before = stockOf(variant.variantId);
  if (phone) {
    const widths = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  }
  await page.getByRole("button", { name: "Enter order" }).click();
  await expect(page.getByText("The order is entered.")).toBeVisible();
  await expect(page.getByText(`Taken by WhatsApp, entered by ${shopper.email}`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/orders\/BT-[A-Z0-9-]+\?entered=1$/);
  expect(stockOf(variant.variantId)).toBe(before - 2);
});
