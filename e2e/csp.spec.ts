import type { Page } from "@playwright/test";
import { expect, hydrate, test } from "./fixtures.ts";

/**
 * The pages run under a Content-Security-Policy that allows inline scripts only with the response's nonce. Any
 * script the policy blocks (React Router's hydration data, the layout's flag script, React's own) would show
 * here as a violation or as a page that never hydrates. The Permissions-Policy header must name only features the
 * browser knows, or every page logs an error.
 */
async function watchForViolations(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on("console", (message) => {
    // Also a Permissions-Policy naming a feature Chromium does not know ("Unrecognized feature: 'bluetooth'").
    if (
      /content.security.policy|csp violation|refused to (execute|load|apply)|permissions.policy/i.test(
        message.text(),
      )
    ) {
      problems.push(message.text());
    }
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(`CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
    });
  });
  return problems;
}

/** Marks the window, so a later check tells a client-side navigation (mark kept) from a full load. */
async function markWindow(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
}

const stayed = (page: Page) =>
  page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true);

test("home, product, cart and checkout run their scripts under the CSP and navigate on the client", async ({
  page,
  variant,
  isMobile,
}) => {
  const violations = await watchForViolations(page);

  const home = await page.goto("/");
  const csp = home?.headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  // The layout's inline boot script ran (it carries the nonce) and hydrates the page on the first interaction.
  await hydrate(page);
  await markWindow(page);
  if (isMobile) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Shop", exact: true }).click();
  } else {
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Shop", exact: true })
      .click();
  }
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByText(/^Showing 1 to \d+ of \d+ results$/)).toBeVisible();
  expect(await stayed(page)).toBe(true);

  await page.goto(`/product/${variant.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: variant.title })).toBeVisible();
  await markWindow(page);
  await page.getByRole("button", { name: "Add To Cart" }).click();
  // The add goes through a fetcher and answers with a toast: only hydrated pages do that.
  await expect(page.getByText("Your item has been added to the cart!")).toBeVisible();
  expect(await stayed(page)).toBe(true);

  await page.goto("/cart");
  await expect(page.getByTestId("cart-row")).toHaveCount(1);
  await hydrate(page);
  await markWindow(page);
  await page.getByRole("link", { name: "Proceed to Checkout" }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("button", { name: "Place Order" })).toBeVisible();
  expect(await stayed(page)).toBe(true);

  await page.reload();
  await expect(page.getByRole("button", { name: "Place Order" })).toBeVisible();
  expect(violations).toEqual([]);
});

test("payment forms may post to the providers' pages and nowhere else, without a violation", async ({
  page,
  variant,
}) => {
  const violations = await watchForViolations(page);
  await page.request.post("/api/cart/add", {
    data: { id: variant.productId, quantity: 1, size: variant.variantId },
  });
  const checkout = await page.goto("/checkout");
  // The shop itself and the three simulated providers (PAYMENT_SIMULATORS=on): local origins, nothing else.
  const formAction =
    /form-action ([^;]*)/.exec(checkout?.headers()["content-security-policy"] ?? "")?.[1] ?? "";
  const sources = formAction.split(" ");
  expect(sources[0]).toBe("'self'");
  expect(sources.slice(1)).toHaveLength(3);
  for (const source of sources.slice(1)) expect(source).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);

  await hydrate(page);
  await page.getByLabel("Email", { exact: true }).fill("csp-pay@example.pk");
  await page.getByLabel("Phone", { exact: true }).fill("0300 1234567");
  await page.getByLabel("First Name").fill("Sana");
  await page.getByLabel("Last Name").fill("Malik");
  await page.getByLabel("Address", { exact: true }).fill("House 12, Street 4, F-7/2");
  await page.getByLabel("City").fill("Islamabad");
  await page.getByRole("radio", { name: /^JazzCash/ }).check();
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-payment\?order=BT-/);
  // JazzCash takes a posted form (the shop's page posts it itself, under its nonce).
  await page.getByRole("button", { name: /^Pay Rs\. [\d,.]+ with JazzCash$/ }).click();
  await expect(page.getByRole("heading", { name: "JazzCash test payment" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel payment", exact: true }).click();
  await expect(page.getByText("Your payment did not go through.")).toBeVisible();
  // A card goes by a redirect after the shop's form; Easypaisa's return posts on through the shop's API page.
  await page.getByRole("button", { name: "Pay by debit or credit card" }).click();
  await expect(page.getByRole("heading", { name: "Safepay test payment" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel payment", exact: true }).click();
  await expect(page.getByText("Your payment did not go through.")).toBeVisible();
  await page.getByRole("button", { name: "Pay with Easypaisa" }).click();
  await expect(page.getByRole("heading", { name: "Easypaisa test payment" })).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  expect(violations).toEqual([]);
});
