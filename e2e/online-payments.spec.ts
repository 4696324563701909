import type { Page, TestInfo } from "@playwright/test";
import { jazzcashSecureHash } from "../src/api/payments/jazzcash.ts";
import { JAZZCASH_TEST_CREDENTIALS } from "../src/api/payments/simulators/jazzcash-simulator.ts";
import {
  addToCart,
  expect,
  fillCheckout,
  hydrate,
  outboxMentioning,
  test,
  uniqueEmail,
  type Variant,
} from "./fixtures.ts";

/**
 * Paying online (issue 31) through the providers' simulators (PAYMENT_SIMULATORS=on in playwright.config.ts): the
 * checkout's Payment choice, the provider's hosted page and its buttons, the shop's /order-payment page in each
 * state, a late and a duplicate notification, a forged amount, and a bank transfer with its proof. At 1280 and
 * 390 px (the two projects), with JavaScript (client-side navigation) and without.
 */

/** The radio of a way to pay: its label starts with the method's name, then its one-line explanation. */
const method = (page: Page, name: string) => page.getByRole("radio", { name: new RegExp(`^${name}`) });

async function placeOrder(
  page: Page,
  variant: Variant,
  way: string,
  options: { js: boolean; shot?: TestInfo },
) {
  await addToCart(page, variant, 1);
  await page.goto("/checkout");
  if (options.js) await hydrate(page);
  await fillCheckout(page, { email: uniqueEmail("pay"), firstName: "Sana", lastName: "Malik" });
  const payment = page.getByRole("group", { name: "Payment" });
  await expect(method(page, "Payment on delivery")).toBeChecked();
  await expect(payment).toContainText("Nothing is charged online.");
  await method(page, way).check();
  if (options.shot)
    await payment.screenshot({
      path: options.shot.outputPath(`checkout-payment-${options.shot.project.name}.png`),
    });
  if (options.shot) await shot(page, options.shot, "checkout");
  await page.getByRole("button", { name: "Place Order" }).click();
  await expect(page).toHaveURL(/\/order-payment\?order=BT-/);
  return new URL(page.url()).searchParams.get("order") ?? "";
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function shot(page: Page, info: TestInfo, name: string) {
  await noSidewaysScroll(page);
  await page.screenshot({ path: info.outputPath(`${name}-${info.project.name}.png`), fullPage: true });
}

const payButton = (page: Page, by: string) =>
  page.getByRole("button", { name: new RegExp(`^(Try again: )?Pay Rs\\. [\\d,.]+ ${by}$`) });

/** On a provider's simulated page, the button that decides what happens. */
async function onProviderPage(page: Page, provider: string, button: string) {
  await expect(page.getByRole("heading", { name: `${provider} test payment` })).toBeVisible();
  await page.getByRole("button", { name: button, exact: true }).click();
}

test("pays with JazzCash: the provider's page, then 'Payment received' on the shop's page", async ({
  page,
  variant,
}, info) => {
  const number = await placeOrder(page, variant, "JazzCash", { js: true, shot: info });
  const card = page.getByTestId("order-payment");
  await expect(card).toContainText(number);
  await expect(page.getByTestId("payment-status")).toHaveText("Waiting for payment");
  await expect(page.getByRole("button", { name: "Pay on delivery instead" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay by debit or credit card" })).toBeVisible();
  await shot(page, info, "order-payment-waiting");
  await payButton(page, "with JazzCash").click();
  await onProviderPage(page, "JazzCash", "Pay");
  await expect(page).toHaveURL(new RegExp(`/order-payment\\?order=${number}$`));
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await expect(page.getByTestId("payment-status")).toHaveText("Paid");
  const summary = page.getByTestId("order-summary");
  await expect(summary.getByTestId("payment-line")).toContainText("Paid with JazzCash");
  await expect(summary.getByText("Pending")).toBeVisible();
  await shot(page, info, "order-payment-paid");
  await page.getByRole("link", { name: "View your order" }).click();
  await expect(page).toHaveURL(/\/order-success\?order=/);
  await expect(page.getByTestId("payment-line")).toContainText("Paid with JazzCash");
});

test("a card payment that fails is tried again with Easypaisa", async ({ page, variant }, info) => {
  const number = await placeOrder(page, variant, "Debit or credit card", { js: true });
  await payButton(page, "by debit or credit card").click();
  await onProviderPage(page, "Safepay", "Fail payment");
  await expect(page).toHaveURL(new RegExp(`/order-payment\\?order=${number}$`));
  await expect(page.getByText("Your payment did not go through.")).toBeVisible();
  await expect(page.getByTestId("payment-status")).toHaveText("Payment failed");
  await shot(page, info, "order-payment-failed");
  await page.getByRole("button", { name: "Pay with Easypaisa" }).click();
  await onProviderPage(page, "Easypaisa", "Pay");
  await expect(page).toHaveURL(new RegExp(`/order-payment\\?order=${number}$`));
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  await expect(page.getByText(/paid with Easypaisa/)).toBeVisible();
});

test("a cancelled payment becomes cash on delivery, and the order awaits its confirmation", async ({
  page,
  variant,
}) => {
  const number = await placeOrder(page, variant, "JazzCash", { js: true });
  await payButton(page, "with JazzCash").click();
  await onProviderPage(page, "JazzCash", "Cancel payment");
  await expect(page.getByText("Your payment did not go through.")).toBeVisible();
  await hydrate(page);
  await page.getByRole("button", { name: "Pay on delivery instead" }).click();
  await expect(page).toHaveURL(new RegExp(`/order-success\\?order=${number}$`));
  await expect(page.getByTestId("confirm-order-box")).toBeVisible();
  await expect(page.getByText("Awaiting confirmation").first()).toBeVisible();
  await expect(page.getByTestId("payment-line")).toContainText("Payment on delivery");
  await expect(page.getByTestId("amount-due")).toBeVisible();
});

/** A JazzCash payment made at the provider whose news has not reached the shop: its reference and simulator. */
async function payWithoutReturning(page: Page, number: string) {
  await payButton(page, "with JazzCash").click();
  await onProviderPage(page, "JazzCash", "Pay without returning");
  await expect(page.getByRole("heading", { name: "Paid" })).toBeVisible();
  const simulator = new URL(page.url()).origin;
  const reference = ((await page.locator("p").first().textContent()) ?? "").split(" ")[0] ?? "";
  expect(reference).not.toBe("");
  await page.goto(`/order-payment?order=${number}`);
  return { simulator, reference };
}

/** The mails about an order: none until its money arrives, then one. */
const mailsAbout = (number: string) => outboxMentioning(number).length;

async function tamperedNotification(page: Page, number: string, reference: string) {
  const fields: Record<string, string> = {
    pp_Amount: "100",
    pp_BillReference: number.replace(/[^A-Za-z0-9]/g, ""),
    pp_MerchantID: JAZZCASH_TEST_CREDENTIALS.merchantId,
    pp_ResponseCode: "000",
    pp_ResponseMessage: "Thank you for Using JazzCash, your transaction was successful.",
    pp_TxnCurrency: "PKR",
    pp_TxnRefNo: reference,
    pp_RetreivalReferenceNo: "999999",
  };
  const signed = {
    ...fields,
    pp_SecureHash: jazzcashSecureHash(fields, JAZZCASH_TEST_CREDENTIALS.integritySalt),
  };
  const answer = await page.request.post("/api/payments/jazzcash/notify", { form: signed });
  expect(answer.status()).toBe(400);
}

test("a late notification after a payment that never came back: waiting, then paid, once", async ({
  page,
  variant,
}, info) => {
  const number = await placeOrder(page, variant, "JazzCash", { js: true });
  const { simulator, reference } = await payWithoutReturning(page, number);
  await expect(page.getByText("We are waiting for JazzCash to confirm your payment.")).toBeVisible();
  await shot(page, info, "order-payment-pending");
  await tamperedNotification(page, number, reference);
  await page.getByRole("button", { name: "Check again" }).click();
  await expect(page.getByText("We are waiting for JazzCash to confirm your payment.")).toBeVisible();
  expect(mailsAbout(number)).toBe(0);

  await hydrate(page);
  const sent = await page.request.post(`${simulator}/_simulator/notify`, { data: { reference } });
  expect(sent.status()).toBe(200);
  // With JavaScript the page checks again by itself every few seconds.
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => mailsAbout(number), { timeout: 20_000 }).toBe(1);
  // The provider sends it again: nothing changes, no second mail.
  expect((await page.request.post(`${simulator}/_simulator/notify`, { data: { reference } })).status()).toBe(
    200,
  );
  await page.waitForTimeout(1500);
  expect(mailsAbout(number)).toBe(1);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
});

test("a bank transfer shows the account and takes the proof", async ({ page, variant }, info) => {
  const number = await placeOrder(page, variant, "Bank transfer or Raast", { js: true });
  const bank = page.getByTestId("bank-transfer");
  await expect(bank).toContainText("PK36SCBL0000001123456702");
  await expect(bank).toContainText("03001234567");
  await expect(bank).toContainText("Simulated Bank");
  await expect(bank.locator(".bank-details")).toContainText(number);
  await expect(bank).toContainText("Pakistan time");
  await hydrate(page);
  await shot(page, info, "order-payment-bank-transfer");
  // Not a picture or a PDF: refused, with the reason at the field.
  await page.getByLabel("Proof of your transfer").setInputFiles({
    name: "receipt.png",
    mimeType: "image/png",
    buffer: Buffer.from("<script>alert(1)</script>"),
  });
  await page.getByRole("button", { name: "Upload proof" }).click();
  await expect(page.getByText("The proof must be a JPEG, PNG or WebP picture, or a PDF.")).toBeVisible();
  await page.getByLabel("Proof of your transfer").setInputFiles({
    name: "receipt.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.7\n%%EOF"),
  });
  await page.getByRole("button", { name: "Upload proof" }).click();
  await expect(page.getByText("Thank you! We have your proof.")).toBeVisible();
  await expect(page.getByTestId("proofs")).toContainText("1 proof received");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("pays with JazzCash, and a late notification shows after 'Check again'", async ({ page, variant }) => {
    const number = await placeOrder(page, variant, "JazzCash", { js: false });
    await payButton(page, "with JazzCash").click();
    // Without JavaScript the shop's page waits for a press of its button to go on to JazzCash.
    await page.getByRole("button", { name: "Continue to pay" }).click();
    await onProviderPage(page, "JazzCash", "Pay without returning");
    const simulator = new URL(page.url()).origin;
    const reference = ((await page.locator("p").first().textContent()) ?? "").split(" ")[0] ?? "";
    await page.goto(`/order-payment?order=${number}`);
    await expect(page.getByText("We are waiting for JazzCash to confirm your payment.")).toBeVisible();
    expect(
      (await page.request.post(`${simulator}/_simulator/notify`, { data: { reference } })).status(),
    ).toBe(200);
    await page.getByRole("button", { name: "Check again" }).click();
    await expect(page.getByRole("heading", { name: "Payment received" })).toBeVisible();
  });

  test("a failed card payment becomes cash on delivery; a bank transfer's proof is uploaded", async ({
    page,
    claimVariants,
  }) => {
    const [first, second] = await claimVariants({ count: 2 });
    const number = await placeOrder(page, first!, "Debit or credit card", { js: false });
    await payButton(page, "by debit or credit card").click();
    await onProviderPage(page, "Safepay", "Fail payment");
    await expect(page.getByText("Your payment did not go through.")).toBeVisible();
    await page.getByRole("button", { name: "Pay on delivery instead" }).click();
    await expect(page).toHaveURL(new RegExp(`/order-success\\?order=${number}$`));
    await expect(page.getByTestId("payment-line")).toContainText("Payment on delivery");

    await placeOrder(page, second!, "Bank transfer or Raast", { js: false });
    await expect(page.getByTestId("bank-transfer")).toContainText("PK36SCBL0000001123456702");
    await page.getByRole("button", { name: "Upload proof" }).click();
    await expect(page.getByText("Choose the picture or PDF of your transfer.")).toBeVisible();
    await page.getByLabel("Proof of your transfer").setInputFiles({
      name: "receipt.png",
      mimeType: "image/png",
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]),
    });
    await page.getByRole("button", { name: "Upload proof" }).click();
    await expect(page.getByText("Thank you! We have your proof.")).toBeVisible();
    await expect(page.getByTestId("proofs")).toContainText("1 proof received");
  });
});
