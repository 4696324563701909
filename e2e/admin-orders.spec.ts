import type { Page } from "@playwright/test";
import { ownerAt, placeOrder } from "./back-office.ts";
import { addToCart, emailText, expect, outboxMentioning, stockOf, test, uniqueEmail } from "./fixtures.ts";

/**
 * The back office's orders, end to end: a shopper's order is moved on by the owner and the shopper sees it (and
 * got the mails); a cancelled order's stock is back on the product page. The owner is made the way the README
 * says, with `npm run owner:create`, against the e2e server's database.
 */

test("the owner ships a shopper's order; the shopper sees each status and gets a mail for each", async ({
  page,
  browser,
  baseURL,
  shopper,
  variant,
}) => {
  // The shopper puts something in the cart, signs in (the cart comes along) and buys it.
  await addToCart(page, variant, 1);
  await page.goto("/user-login");
  await page.getByLabel("Email", { exact: true }).fill(shopper.email);
  await page.getByLabel("Password", { exact: true }).fill(shopper.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
  const number = await placeOrder(page, {});
  expect(number).toMatch(/^BT-\d{6}-[A-Z0-9]{5}$/);

  // The owner finds it by the shopper's email and opens it.
  const owner = await ownerAt(browser, baseURL, "/admin/orders");
  await owner.getByLabel("Order number, email or phone").fill(shopper.email.toUpperCase());
  await owner.getByRole("button", { name: "Filter" }).click();
  await expect(owner).toHaveURL(/\/admin\/orders\?q=/);
  const row = owner.getByTestId("admin-order-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${shopper.firstName} ${shopper.lastName}`);
  await expect(row.getByText("Awaiting confirmation")).toBeVisible();
  await row.getByRole("link", { name: number }).click();
  await expect(owner.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  await expect(owner.getByRole("button", { name: "Mark as shipped" })).toHaveCount(0);
  await expect(owner.getByRole("button", { name: "Mark as processing" })).toHaveCount(0);

  // The owner calls the shopper and confirms the order for them.
  await owner.getByLabel("Note (optional)").fill("Called, she confirmed.");
  await owner.getByRole("button", { name: "Confirm order (after a call)" }).click();
  await expect(owner.getByText("The order is confirmed.")).toBeVisible();

  // Processing, then shipped with a note for the history.
  await owner.getByRole("button", { name: "Mark as processing" }).click();
  await expect(owner.getByText("The order is now being processed.")).toBeVisible();
  await owner.getByLabel("Note (optional)").fill("TCS 4471, two boxes");
  await owner.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(owner.getByText("The order is marked as shipped.")).toBeVisible();
  const history = owner.locator(".admin-history__entry");
  await expect(history).toHaveCount(4);
  await expect(history.nth(1)).toContainText(/Awaiting confirmation\s*→\s*to\s*Pending/);
  await expect(history.nth(1)).toContainText("Called, she confirmed.");
  await expect(history.nth(3)).toContainText(/Processing\s*→\s*to\s*Shipped/);
  await expect(history.nth(3)).toContainText("TCS 4471, two boxes");
  await expect(owner.getByRole("button", { name: "Mark as delivered" })).toBeVisible();
  await expect(owner.getByRole("link", { name: "Cancel order…" })).toHaveCount(0);
  await owner.context().close();

  // The shopper's account shows it shipped, in the list and on the order's page.
  await page.goto("/account/orders");
  const mine = page.getByTestId("order-row").filter({ hasText: number });
  await expect(mine.getByText("Shipped")).toBeVisible();
  await mine.getByRole("link", { name: number }).first().click();
  await expect(page.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  await expect(page.locator(".status-badge")).toHaveText("Shipped");

  // One mail per step: confirmed, processing, shipped (the worker writes them out as it sends them), after the one
  // asking the shopper to confirm.
  await expect.poll(() => outboxMentioning(`Your order ${number}`).length, { timeout: 20_000 }).toBe(3);
  expect(outboxMentioning(`Please confirm your order ${number}`)).toHaveLength(1);
  const shipped = outboxMentioning(`Your order ${number} has shipped`);
  expect(shipped).toHaveLength(1);
  const text = emailText(shipped[0]!);
  expect(text).toContain(`Hi ${shopper.firstName},`);
  expect(text).toContain("you pay the courier in cash when it arrives");
  expect(text).not.toContain("TCS 4471");
  expect(outboxMentioning(`Your order ${number} is being processed`)).toHaveLength(1);
});

test("cancelling an order asks first, then its stock is back on the product page", async ({
  page,
  browser,
  baseURL,
  variant,
}) => {
  await addToCart(page, variant, 2);
  const before = stockOf(variant.variantId);
  const number = await placeOrder(page, {
    email: uniqueEmail("cancel"),
    firstName: "Nadia",
    lastName: "Iqbal",
  });
  expect(stockOf(variant.variantId)).toBe(before - 2);

  const owner = await ownerAt(browser, baseURL, `/admin/orders/${number}`);
  await owner.getByRole("link", { name: "Cancel order…" }).click();
  await expect(owner).toHaveURL(new RegExp(`/admin/orders/${number}\\?confirm=cancel$`));
  const question = owner.getByRole("heading", { name: `Cancel order ${number}?` });
  await expect(question).toBeFocused();
  await expect(owner.getByText("The 2 items go back into stock")).toBeVisible();
  // Changing one's mind leaves the order as it was.
  await owner.getByRole("link", { name: "Keep the order" }).click();
  await expect(owner.locator(".admin-page__head .status-badge")).toHaveText("Awaiting confirmation");
  await owner.getByRole("link", { name: "Cancel order…" }).click();
  await owner.getByRole("button", { name: "Yes, cancel order" }).click();
  await expect(owner.getByText("The order is cancelled and its items are back in stock.")).toBeVisible();
  await expect(owner.locator(".admin-page__head .status-badge")).toHaveText("Cancelled");
  await expect(owner.getByText("its status can no longer change")).toBeVisible();
  await owner.context().close();

  expect(stockOf(variant.variantId)).toBe(before);
  const colour = await colourOf(page, variant.slug, variant.productId, variant.variantId);
  const productPage = await page.goto(`/product/${variant.slug}?color=${colour}&size=${variant.variantId}`);
  expect(productPage?.status()).toBe(200);
  await expect(page.getByTestId("stock")).toHaveText(`In Stock, ${before} left.`);
  await expect
    .poll(() => outboxMentioning(`Your order ${number} was cancelled`).length, { timeout: 20_000 })
    .toBe(1);
});

/** The colour id of a variant, as the product page's address takes it. */
async function colourOf(page: Page, slug: string, productId: number, variantId: number): Promise<number> {
  const detail = await (await page.request.get(`/api/product/${slug}`)).json();
  for (const colour of (detail?.colors ?? []) as { color_id: number }[]) {
    const sizes = (await (
      await page.request.get(`/api/product-sizes/${productId}/${colour.color_id}/sizes`)
    ).json()) as { id: number }[];
    if (sizes.some((size) => size.id === variantId)) return colour.color_id;
  }
  throw new Error(`no colour of product ${productId} has variant ${variantId}`);
}

test("the order screens fit the window (1280 and 390 px) and print without the menus", async ({
  page,
  browser,
  baseURL,
  variant,
}) => {
  await addToCart(page, variant, 1);
  const number = await placeOrder(page, {
    email: uniqueEmail("a-very-long-email-address-for-the-layout"),
    firstName: "Muhammad Abdul Rehman",
    lastName: "Siddiqui-Chaudhry",
  });
  const owner = await ownerAt(browser, baseURL, `/admin/orders?q=${number}`);
  const width = owner.viewportSize()!.width;
  const fits = () => owner.evaluate(() => document.documentElement.scrollWidth);
  await expect(owner.getByTestId("admin-order-row")).toHaveCount(1);
  expect(await fits()).toBeLessThanOrEqual(width);

  await owner.getByRole("link", { name: number }).click();
  await expect(owner.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  expect(await fits()).toBeLessThanOrEqual(width);

  await owner.getByRole("link", { name: "Packing slip" }).click();
  await expect(owner.getByRole("heading", { name: "Packing slip & invoice" })).toBeVisible();
  await expect(owner.getByRole("navigation", { name: "Back office" })).toHaveCount(0);
  await expect(owner.getByRole("button", { name: "Print" })).toBeVisible();
  await owner.emulateMedia({ media: "print" });
  await expect(owner.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(owner.getByText("Muhammad Abdul Rehman Siddiqui-Chaudhry").first()).toBeVisible();
  await owner.context().close();
});
