import type { Locator } from "@playwright/test";
import {
  addToCart,
  emailText,
  expect,
  fillCheckout,
  outboxMentioning,
  test,
  uniqueEmail,
} from "./fixtures.ts";

/**
 * Every screen that shows the cart's or the order's money shows the API's figures, so they must all agree: the
 * cart page, the mini cart, the checkout summary, the confirmation, the order's page and the email.
 */

interface Line {
  name: string;
  quantity: number;
  total: number;
}

/** "Rs. 1,250.50" (or the checkout's "Rs. 200") as a number, to compare figures printed in different styles. */
function rupees(text: string | null): number {
  const match = text?.trim().match(/^Rs\. ([\d,]+(?:\.\d+)?)$/);
  if (!match?.[1]) throw new Error(`not an amount: ${text}`);
  return Number(match[1].replaceAll(",", ""));
}

/** A `<dl>` of figures as { label: amount }. */
async function figuresOf(list: Locator): Promise<Record<string, number>> {
  const pairs = await list
    .locator(":scope > div")
    .evaluateAll((rows) =>
      rows.map((row) => [row.querySelector("dt")?.textContent, row.querySelector("dd")?.textContent]),
    );
  return Object.fromEntries(pairs.map(([label, value]) => [label?.trim(), rupees(value ?? null)]));
}

test("cart, mini cart, checkout, confirmation, order page and email show the same figures", async ({
  page,
  claimVariants,
}) => {
  // Variants no other test buys from, so the stock is there and the figures are this order's alone.
  const [discounted] = await claimVariants({ minStock: 3, where: (card) => card.discount_price !== null });
  const [plain] = await claimVariants({ minStock: 3, where: (card) => card.discount_price === null });
  if (!discounted || !plain) throw new Error("no discounted and full-price variants left to claim");
  await addToCart(page, discounted, 2);
  await addToCart(page, plain, 1);

  // A registered shopper, so the order has its own page; registering keeps the guest cart.
  const email = uniqueEmail("figures");
  await page.goto("/user-register");
  await page.getByLabel("First Name").fill("Sana");
  await page.getByLabel("Last Name").fill("Malik");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("correct horse battery");
  await page.getByLabel("Confirm Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await expect(page.getByTestId("cart-count")).toHaveText("3");

  // The cart page.
  await page.goto("/cart");
  await expect(page.getByTestId("cart-row")).toHaveCount(2);
  const cartLines: Line[] = [];
  for (const variant of [discounted, plain]) {
    const row = page.getByTestId("cart-row").filter({ hasText: variant.title });
    cartLines.push({
      name: variant.title,
      quantity: Number(await row.getByTestId("cart-qty").inputValue()),
      total: rupees(await row.getByTestId("cart-line-subtotal").textContent()),
    });
  }
  // The discounted line is priced as the product page offers it.
  await expect(
    page.getByTestId("cart-row").filter({ hasText: discounted.title }).locator(".cart-row__price"),
  ).toHaveText(`Rs. ${discounted.price}`);
  expect(cartLines.map((line) => line.quantity)).toEqual([2, 1]);
  const subtotal = rupees(await page.getByTestId("cart-grand-total").textContent());
  const shippingNote = await page
    .getByText(/^Shipping of Rs\. [\d,.]+ is added at checkout\.$/)
    .textContent();
  const delivery = rupees(shippingNote?.match(/Rs\. [\d,.]+(?= is)/)?.[0] ?? null);

  // The mini cart.
  await page.locator("summary", { has: page.getByTestId("cart-count") }).click();
  const miniCart = page.getByTestId("mini-cart");
  await expect(miniCart).toBeVisible();
  const miniTotal = rupees(await miniCart.locator(".mini-cart__total strong").textContent());
  await page.getByTestId("dropdown-overlay").click({ position: { x: 10, y: 700 } });

  // The checkout page.
  await page.goto("/checkout");
  const summary = page.locator(".checkout-summary");
  const checkoutLines: Line[] = [];
  for (const variant of [discounted, plain]) {
    const item = summary.locator(".summary-lines__item").filter({ hasText: variant.title });
    const name = (await item.locator(".summary-lines__name").textContent())?.trim() ?? "";
    checkoutLines.push({
      name: variant.title,
      quantity: Number(name.match(/ X (\d+)$/)?.[1]),
      total: rupees(await item.locator(".summary-lines__total").textContent()),
    });
  }
  const checkoutFigures = await figuresOf(summary.locator("dl.summary-list"));
  await expect(summary.getByText("Rs. 200", { exact: true })).toBeVisible();

  await fillCheckout(page);
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-success\?order=BT-/);
  const number = (await page.getByTestId("order-number").textContent())?.trim() ?? "";
  const confirmedTotal = rupees(
    await page.getByTestId("order-summary").locator(".summary-list__grand dd").textContent(),
  );

  // The order's own page.
  await page.goto(`/account/orders/${number}`);
  await expect(page.getByTestId("order-line")).toHaveCount(2);
  const orderLines: Line[] = [];
  for (const variant of [discounted, plain]) {
    const row = page.getByTestId("order-line").filter({ hasText: variant.title });
    orderLines.push({
      name: variant.title,
      quantity: Number(await row.locator('[data-label="Qty"]').textContent()),
      total: rupees(await row.locator('[data-label="Subtotal"]').textContent()),
    });
  }
  const orderFigures = await figuresOf(page.locator("dl.order-totals"));

  // The confirmation email in the server's outbox.
  await expect.poll(() => outboxMentioning(number).length).toBe(1);
  const mail = emailText(outboxMentioning(number)[0]!);
  const mailed = (label: string) =>
    rupees(mail.match(new RegExp(`^${label}: (Rs\\. [\\d,.]+)$`, "m"))?.[1] ?? null);
  const mailLines: Line[] = [discounted, plain].map((variant) => {
    const line = mail.split("\n").find((text) => text.startsWith(`${variant.title} (`)) ?? "";
    const [, quantity, total] = line.match(/ X (\d+): (Rs\. [\d,.]+)$/) ?? [];
    return { name: variant.title, quantity: Number(quantity), total: rupees(total ?? null) };
  });

  // One set of figures, everywhere.
  const figures = {
    subtotal: checkoutFigures["Sub Total"],
    discount: checkoutFigures.Discount,
    delivery: checkoutFigures.Shipping,
    total: checkoutFigures.Total,
  };
  expect(figures.discount).toBe(0);
  expect(figures.delivery).toBe(200);
  expect(subtotal).toBe(figures.subtotal);
  expect(miniTotal).toBe(figures.subtotal);
  expect(delivery).toBe(figures.delivery);
  expect(confirmedTotal).toBe(figures.total);
  expect(orderFigures).toEqual({
    "Sub Total": figures.subtotal,
    Discount: figures.discount,
    Shipping: figures.delivery,
    Total: figures.total,
  });
  expect({
    subtotal: mailed("Sub Total"),
    discount: mailed("Discount"),
    delivery: mailed("Shipping"),
    total: mailed("Total"),
  }).toEqual(figures);
  for (const lines of [checkoutLines, orderLines, mailLines]) expect(lines).toEqual(cartLines);
});
