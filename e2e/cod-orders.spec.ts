import type { Page } from "@playwright/test";
import {
  ADDRESS,
  addToCart,
  emailText,
  expect,
  fillCheckout,
  hydrate,
  outboxMentioning,
  test,
  uniqueEmail,
} from "./fixtures.ts";

/**
 * A cash-on-delivery order confirmed by its shopper and followed (issue 29): the success page says what to do, the
 * code from the message confirms it, the link asks before it confirms (link previews open links too), and /track
 * shows where it stands. At 1280 and 390 px (the two projects), with JavaScript (client-side navigation).
 */

async function placeOrder(page: Page, email: string): Promise<string> {
  await page.goto("/checkout");
  await fillCheckout(page, { email, firstName: "Sana", lastName: "Malik" });
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-success\?order=BT-/);
  return (await page.getByTestId("order-number").textContent())?.trim() ?? "";
}

/** The code and link from the order's email (what the message to the phone says too). */
async function confirmation(number: string): Promise<{ code: string; link: string }> {
  await expect
    .poll(() => outboxMentioning(`Please confirm your order ${number}`).length, { timeout: 20_000 })
    .toBe(1);
  const text = emailText(outboxMentioning(`Please confirm your order ${number}`)[0]!);
  const code = /enter the code (\d{6})/.exec(text)?.[1] ?? "";
  const link = /(http:\/\/\S+\/confirm-order\?token=\S+)/.exec(text)?.[1] ?? "";
  expect(code).toMatch(/^\d{6}$/);
  expect(link).not.toBe("");
  return { code, link };
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test("the shopper confirms with the code from their message, and follows the order at /track", async ({
  page,
  variant,
}, info) => {
  await addToCart(page, variant, 1);
  const number = await placeOrder(page, uniqueEmail("confirm-code"));
  const box = page.getByTestId("confirm-order-box");
  await expect(box.getByRole("heading", { name: "Please confirm your order" })).toBeVisible();
  await expect(box).toContainText(ADDRESS.phone);
  await expect(page.getByText("Awaiting confirmation").first()).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: info.outputPath("success-awaiting-confirmation.png"), fullPage: true });

  const { code } = await confirmation(number);
  await hydrate(page);
  // A wrong code is refused with a sentence, and the form stays.
  await box.getByLabel("Confirmation code").fill(code === "000000" ? "111111" : "000000");
  await box.getByRole("button", { name: "Confirm order" }).click();
  await expect(page).toHaveURL(/\/confirm-order$/);
  await expect(page.getByRole("alert")).toContainText("That code is not right.");
  await page.getByLabel("Order number").fill(number);
  await page.getByLabel("Confirmation code").fill(code);
  await page.getByRole("button", { name: "Yes, confirm my order" }).click();
  await expect(page.getByRole("heading", { name: "Order confirmed" })).toBeVisible();
  await expect(page.locator(".form-alert--success")).toContainText("Thank you! Your order is confirmed.");
  await expect(page.getByTestId("order-summary").getByText("Pending")).toBeVisible();

  // /track: the number (filled in from the link) and the phone written another way.
  await page.goto(`/track?number=${number}`);
  await expect(page.getByLabel("Order number")).toHaveValue(number);
  await page.getByLabel("Phone or email").fill("+92 300-1234567");
  await page.getByRole("button", { name: "Track order" }).click();
  const tracking = page.getByTestId("tracking");
  await expect(tracking.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  await expect(tracking.getByText("Order confirmed")).toBeVisible();
  await expect(tracking.getByText("Order placed")).toBeVisible();
  await expect(tracking).toContainText("Not with a courier yet");
  // The phone stays out of the address bar.
  expect(page.url()).not.toContain("1234567");
  await noSidewaysScroll(page);
  await page.screenshot({ path: info.outputPath("track.png"), fullPage: true });

  // A wrong phone says so, without telling which part was wrong.
  await page.getByLabel("Phone or email").fill("0300 7654321");
  await page.getByRole("button", { name: "Track order" }).click();
  await expect(page.getByRole("alert")).toContainText("We could not find an order with that number");
});

test("the link from the message asks before it confirms, and a second use is told the order is confirmed", async ({
  page,
  variant,
}, info) => {
  await addToCart(page, variant, 1);
  const number = await placeOrder(page, uniqueEmail("confirm-link"));
  const { link } = await confirmation(number);

  // Opening the link changes nothing (a messaging app's preview opens it too).
  await page.goto(link.replace(/^http:\/\/[^/]+/, ""));
  await expect(page.getByRole("heading", { name: `Confirm order ${number}` })).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: info.outputPath("confirm-link.png"), fullPage: true });
  await hydrate(page);
  await page.getByRole("button", { name: "Yes, confirm my order" }).click();
  await expect(page.locator(".form-alert--success")).toContainText("Thank you! Your order is confirmed.");

  // The same link again: refused with a sentence.
  await page.goto(link.replace(/^http:\/\/[^/]+/, ""));
  await page.getByRole("button", { name: "Yes, confirm my order" }).click();
  await expect(page.getByRole("alert")).toContainText("This order has already been confirmed.");
});
