import { ownerAt } from "./back-office.ts";
import { ADDRESS, addToCart, expect, outboxMentioning, test, uniqueEmail } from "./fixtures.ts";

/**
 * A bank transfer in the back office (docs/decisions/0053-online-payments.md), end to end: a shopper orders
 * with a bank transfer and uploads a proof (through the API, as the payment page would); staff find the order
 * by its payment, download the proof, mark the transfer paid with the bank's reference, refund part of it with
 * the reference of the transfer that sends it back, and see the statuses on the order and in the list.
 */

/** A 1×1 PNG: what a phone's screenshot of a transfer looks like to the proof check. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

test("staff mark a bank transfer paid, refund part of it with a reference, and see its statuses", async ({
  page,
  browser,
  baseURL,
  variant,
}) => {
  const email = uniqueEmail("transfer");
  await addToCart(page, variant, 1);
  const placed = await page.request.post("/api/checkout", {
    data: {
      email,
      phone: ADDRESS.phone,
      payment_method: "bank_transfer",
      shipping_address: {
        country: "Pakistan",
        first_name: "Hina",
        last_name: "Aslam",
        address: ADDRESS.address,
        city: ADDRESS.city,
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order, access_token: token } = await placed.json();
  const number: string = order.number;
  expect(order.status).toBe("awaiting_payment");
  const proof = await page.request.post(`/api/orders/${number}/payment/proof`, {
    multipart: { token, proof: { name: "transfer.png", mimeType: "image/png", buffer: PNG } },
  });
  expect(proof.status(), await proof.text()).toBe(201);

  // Staff find it among the transfers still waiting for their money.
  const owner = await ownerAt(browser, baseURL, "/admin/orders");
  await owner.getByLabel("Order number, email or phone").fill(email);
  await owner.getByLabel("Payment", { exact: true }).selectOption("pending");
  await owner.getByLabel("Paid with").selectOption("bank_transfer");
  await owner.getByRole("button", { name: "Filter" }).click();
  await expect(owner).toHaveURL(/payment=pending&method=bank_transfer/);
  const row = owner.getByTestId("admin-order-row");
  await expect(row).toHaveCount(1);
  await expect(row.locator(".status-badge")).toHaveText("Awaiting payment");
  await expect(row.locator(".payment-badge")).toHaveText("Waiting for payment");
  await row.getByRole("link", { name: number }).click();
  await expect(owner.getByRole("heading", { name: `Order ${number}` })).toBeVisible();

  // The proof downloads (never shown inline).
  const card = owner.locator(".admin-order-payment");
  await expect(card.locator(".payment-badge")).toHaveText("Waiting for payment");
  const link = card.getByRole("link", { name: /Proof 1 \(PNG/ });
  await expect(link).toBeVisible();
  const download = await owner.request.get((await link.getAttribute("href"))!);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-disposition"]).toMatch(/^attachment/);

  // Marked paid with the bank's reference: the order goes on.
  await card.getByLabel("The bank's reference").fill("MEZN-20261122-0042");
  await card.getByRole("button", { name: "Mark paid" }).click();
  await expect(owner.getByText("The bank transfer is marked paid")).toBeVisible();
  await expect(card.locator(".payment-badge")).toHaveText("Paid");
  await expect(owner.locator(".admin-order__head-actions .status-badge")).toHaveText("Pending");
  await expect(card.getByRole("button", { name: "Mark paid" })).toHaveCount(0);
  const total = order.total as number;
  const rupees = (value: number) =>
    `Rs. ${value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await expect(card.getByTestId("payment-paid")).toHaveText(rupees(total));

  // Part of it goes back: the tick is asked for first, and the reference (it was not paid online).
  await expect(card.getByLabel("Amount (Rs.)")).toHaveValue(String(total));
  await card.getByLabel("Amount (Rs.)").fill("100");
  await card.getByLabel("Reason").fill("Delivery charge waived");
  await card.getByLabel("Bank transfer reference").fill("MEZN-RF-7781");
  await card.getByLabel(/I have checked the amount/).check();
  await card.getByRole("button", { name: "Refund" }).click();
  await expect(owner.getByText("The refund is made and the customer has been emailed.")).toBeVisible();
  await expect(card.locator(".payment-badge")).toHaveText("Partly refunded");
  await expect(card.getByTestId("payment-refunded")).toHaveText("Rs. 100.00");
  await expect(card.getByTestId("payment-left")).toHaveText(rupees(total - 100));
  await expect(card.locator(".payment-list").first()).toContainText("MEZN-RF-7781");
  await expect(owner.getByText("Refunded money")).toBeVisible();
  await expect(owner.getByText("Marked the bank transfer paid")).toBeVisible();

  // The list shows where it stands now.
  await owner.goto(`/admin/orders?payment=partly_refunded&q=${encodeURIComponent(email)}`);
  const after = owner.getByTestId("admin-order-row");
  await expect(after).toHaveCount(1);
  await expect(after.locator(".payment-badge")).toHaveText("Partly refunded");
  await expect(after.locator(".status-badge")).toHaveText("Pending");
  await owner.context().close();

  // The customer was told of the payment and of the refund.
  await expect
    .poll(() => outboxMentioning(`Refund for your order ${number}`).length, { timeout: 20_000 })
    .toBe(1);
});
